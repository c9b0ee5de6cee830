import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle
import TallyServices

/// `GET /events/stream`: Server-Sent Events that tell open pages when the user's data changed, whichever
/// replica changed it (the web app, the API, a device's sync, a CLI on the same data directory). One
/// ``ChangeNotifier`` per process reads the store's change numbers once a second for every open page at
/// once, so it works across processes, and each stream sends `change` with the user's latest change
/// number as the event id. A stream ends after a few minutes; the browser reconnects by itself, sending
/// the last id it saw, and hears at once of anything it missed.
struct LiveUpdates: Sendable {
    let scopes: UserScopes
    let lifetime: Duration
    /// A comment this often keeps proxies from closing a quiet stream and finds closed connections.
    let keepAlive: Duration
    let notifier: ChangeNotifier

    /// Streams of `scopes`' people, woken by `notifier` (a service of the application, which must run).
    init(
        scopes: UserScopes, notifier: ChangeNotifier, lifetime: Duration = .seconds(300),
        keepAlive: Duration = .seconds(15)
    ) {
        self.scopes = scopes
        self.lifetime = lifetime
        self.keepAlive = keepAlive
        self.notifier = notifier
    }

    /// How often the notifier of an application's live updates reads the store.
    static let interval: Duration = .seconds(1)

    /// What a stream is woken by: a change, the keep-alive's time, or its end.
    private enum Signal: Sendable {
        case change(Int64)
        case keepAlive
        case end
    }

    /// The stream of the signed-in person's changes: the owner is fixed here, before the stream outlives
    /// the request.
    func stream(_ request: Request, _ context: SignedInContext) -> Response {
        stream(owner: context.user.id, lastSeen: request.headers[.lastEventID].flatMap { Int64($0) })
    }

    func stream(owner: UUID, lastSeen: Int64?) -> Response {
        let body = ResponseBody { [store = scopes.store, notifier, lifetime, keepAlive] writer in
            var latest = try await store.latestSequence(owner: owner)
            if let lastSeen, lastSeen != latest {
                try await writer.write(Self.event(latest))
            } else {
                try await writer.write(ByteBuffer(string: "retry: 3000\nid: \(latest)\n: connected\n\n"))
            }
            let (signals, signal) = AsyncStream<Signal>.makeStream()
            let watch = notifier.watch(owner: owner, from: latest) { signal.yield(.change($0)) }
            let timer = Task {
                let end = ContinuousClock.now + lifetime
                while ContinuousClock.now + keepAlive < end {
                    try await Task.sleep(for: keepAlive)
                    signal.yield(.keepAlive)
                }
                try await Task.sleep(until: end)
                signal.yield(.end)
            }
            defer {
                timer.cancel()
                notifier.stop(watch)
            }
            // A server shutting down ends its streams at once; the browsers reconnect to whatever comes next.
            try await withGracefulShutdownHandler {
                streaming: for await next in signals {
                    switch next {
                    case .change(let current) where current != latest:
                        latest = current
                        try await writer.write(Self.event(latest))
                    case .change: continue
                    case .keepAlive: try await writer.write(ByteBuffer(string: ": still here\n\n"))
                    case .end: break streaming
                    }
                }
            } onGracefulShutdown: {
                signal.yield(.end)
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store", .accelBuffering: "no"],
            body: body)
    }

    static func event(_ sequence: Int64) -> ByteBuffer {
        ByteBuffer(string: "event: change\nid: \(sequence)\ndata: \(sequence)\n\n")
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
    /// Asks a proxy in front (nginx) not to hold the stream back.
    static let accelBuffering = Self("X-Accel-Buffering")!
}
