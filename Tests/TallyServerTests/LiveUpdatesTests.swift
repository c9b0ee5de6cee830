import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import Testing

@testable import TallyServer

/// Open pages hear of changes made anywhere, through Server-Sent Events.
@Suite struct LiveUpdatesTests {
    @Test func aChangeMadeWhileTheStreamIsOpenIsAnnounced() async throws {
        let fixture = try ServerFixture()
        // The stream stays open long enough for the write to land in it even when the whole suite is
        // loading both cores: it once came after a 4-second stream had closed, once a 10-second one ended
        // without it on a loaded CI machine, and once (a clean-clone run) the write itself took 26 s, 33 s
        // after the 30-second stream began. The suite runs for ten minutes in parallel, so a long stream
        // costs it no time.
        let notifier = ChangeNotifier(store: fixture.store, interval: .milliseconds(50))
        let running = Task { await notifier.run() }
        defer { running.cancel() }
        let live = LiveUpdates(
            scopes: fixture.environment.scopes, notifier: notifier, lifetime: .seconds(120), keepAlive: .seconds(60))
        let app = Application(router: try await Self.router(live, fixture))
        try await app.test(.router) { client in
            let writer = Task {
                // Once the stream has read where it starts (under load that can take longer than any fixed
                // pause, and a change made before it would be its starting point, not news).
                let opened = ContinuousClock.now
                while live.notifier.openStreams == 0 && ContinuousClock.now < opened + .seconds(60) {
                    try await Task.sleep(for: .milliseconds(10))
                }
                // As a sync or another process would: straight into the store.
                let started = ContinuousClock.now
                _ = try await fixture.scope.water.log(amountML: 250, source: .api)
                return (waited: started - opened, wrote: ContinuousClock.now - started)
            }
            let response = try await client.execute(uri: "/events/stream", method: .get)
            let timing = try await writer.value
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream")
            let text = String(buffer: response.body)
            #expect(text.hasPrefix("retry: 3000\nid: 0\n"))
            #expect(
                text.contains("event: change\nid: 1\ndata: 1\n\n"),
                "the stream was watched after \(timing.waited); the write took \(timing.wrote)")
        }
    }

    @Test func aReconnectingPageHearsAtOnceOfWhatItMissed() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.water.log(amountML: 250, source: .api)
        let notifier = ChangeNotifier(store: fixture.store, interval: .milliseconds(50))
        let running = Task { await notifier.run() }
        defer { running.cancel() }
        let live = LiveUpdates(
            scopes: fixture.environment.scopes, notifier: notifier, lifetime: .milliseconds(100))
        try await Application(router: try await Self.router(live, fixture)).test(.router) { client in
            let response = try await client.execute(
                uri: "/events/stream", method: .get, headers: [.lastEventID: "0"])
            #expect(String(buffer: response.body).hasPrefix("event: change\nid: 1\n"))
        }
    }

    @Test func anotherUsersChangesAreNotAnnounced() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.signIn(name: "owner")
        let other = try await fixture.signIn(name: "other")
        _ = try await fixture.scope.water.log(amountML: 250, source: .api)
        let notifier = ChangeNotifier(store: fixture.store, interval: .milliseconds(50))
        let running = Task { await notifier.run() }
        defer { running.cancel() }
        let live = LiveUpdates(
            scopes: fixture.environment.scopes, notifier: notifier, lifetime: .milliseconds(100))
        let app = Application(router: try await Self.router(live, fixture, as: other.user))
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/events/stream", method: .get, headers: [.lastEventID: "0"])
            #expect(String(buffer: response.body).hasPrefix("retry: 3000\nid: 0\n"))
        }
    }

    @Test func oneNotifierWakesOnlyThePagesOfWhoseDataChangedAndStopsWithTheLastPage() async throws {
        let fixture = try ServerFixture()
        let other = UUID()
        let notifier = ChangeNotifier(store: fixture.store, interval: .milliseconds(20))
        let running = Task { await notifier.run() }
        defer { running.cancel() }
        let heard = Heard()
        let watches = (0..<50).map { index in
            let owner = index.isMultiple(of: 2) ? fixture.scope.owner : other
            return notifier.watch(owner: owner, from: 0) { heard.add(owner, $0) }
        }
        #expect(notifier.openStreams == 50)
        _ = try await fixture.scope.water.log(amountML: 250, source: .api)
        for _ in 0..<250 where heard.count < 25 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(heard.count == 25 && heard.owners == [fixture.scope.owner] && heard.marks == [1])
        for watch in watches { notifier.stop(watch) }
        #expect(notifier.openStreams == 0)
    }

    @Test func anAnnouncedChangeIsHeardBeforeTheTick() async throws {
        let fixture = try ServerFixture()
        let (announced, announce) = AsyncStream<UUID>.makeStream()
        // The tick is a minute away, and after the first one fifteen: only the announcement can wake it.
        let notifier = ChangeNotifier(store: fixture.store, interval: .seconds(60)) { heard in
            for await owner in announced { heard(owner) }
        }
        let running = Task { await notifier.run() }
        defer { running.cancel() }
        let heard = Heard()
        let watch = notifier.watch(owner: fixture.scope.owner, from: 0) { heard.add(fixture.scope.owner, $0) }
        _ = try await fixture.scope.water.log(amountML: 250, source: .api)
        try await Task.sleep(for: .milliseconds(200))
        #expect(heard.count == 0)
        announce.yield(UUID())  // someone else's change wakes nothing
        try await Task.sleep(for: .milliseconds(200))
        #expect(heard.count == 0)
        announce.yield(fixture.scope.owner)
        for _ in 0..<250 where heard.count < 1 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(heard.count == 1 && heard.marks == [1])
        notifier.stop(watch)
        #expect(notifier.openStreams == 0)
    }

    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [(UUID, Int64)] = []

        func add(_ owner: UUID, _ mark: Int64) { lock.withLock { calls.append((owner, mark)) } }
        var count: Int { lock.withLock { calls.count } }
        var owners: Set<UUID> { lock.withLock { Set(calls.map(\.0)) } }
        var marks: Set<Int64> { lock.withLock { Set(calls.map(\.1)) } }
    }

    /// The stream's route, with the request signed by `user` (the fixture's owner by default), as
    /// ``IdentifyMiddleware`` would have signed it.
    static func router(
        _ live: LiveUpdates, _ fixture: ServerFixture, as user: UserAccount? = nil
    ) async throws
        -> Router<TallyRequestContext>
    {
        var signer = user
        if signer == nil { signer = try await fixture.signIn(name: "owner").user }
        let router = Router(context: TallyRequestContext.self)
        router.group().add(middleware: SignedIn(user: signer!, scopes: fixture.environment.scopes))
            .group(context: SignedInContext.self)
            .get("/events/stream") { live.stream($0, $1) }
        return router
    }

    struct SignedIn: RouterMiddleware {
        typealias Context = TallyRequestContext
        let user: UserAccount
        let scopes: UserScopes

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            let token = AccessToken(id: UUID(), userID: user.id, name: "test", digest: "", createdAt: Date())
            var context = context
            context.caller = .signedIn(
                RequestAuth(user: user, credential: .token(token), scope: scopes.scope(for: user.id)))
            return try await next(request, context)
        }
    }
}
