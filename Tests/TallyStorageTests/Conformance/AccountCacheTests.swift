import Foundation
import TallyCore
import TallySQLite
import TallyServices
import TallyStorage
import Testing

/// What a server keeps in memory between requests (``AccountCache``) on every database: the store's version
/// moves with each change the cache depends on, whoever makes it, and a change made by another process is
/// seen once the cache's maximum age has passed.
@Suite struct AccountCacheTests {
    /// A monotonic clock a test steps by hand.
    final class Elapsed: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = ContinuousClock.now

        func now() -> ContinuousClock.Instant { lock.withLock { instant } }
        func advance(by duration: Duration) { lock.withLock { instant += duration } }
    }

    static let maximumAge: Duration = .milliseconds(100)

    static func accounts(_ subject: StoreUnderTest, elapsed: Elapsed? = nil) -> AccountService {
        let cache = elapsed.map { elapsed in
            AccountCache(store: subject.store, maximumAge: maximumAge, elapsed: { elapsed.now() })
        }
        return AccountService(store: subject.store, clock: FixedClock(StoreUnderTest.now), cache: cache)
    }

    @Test(arguments: Database.available)
    func theVersionMovesWithEveryChangeAServerKeepsAndNoOther(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let ana = AccountConformanceTests.user("ana")
            try await store.createUser(ana)
            let accounts = Self.accounts(subject)
            let (_, session) = try await accounts.startSession(for: ana, remember: false)
            let (_, token) = try await accounts.createToken(for: ana, name: "phone")
            var version = try await store.cacheVersion()

            /// Whether `change` moved the version.
            func moves(_ change: () async throws -> Void) async throws -> Bool {
                try await change()
                let now = try await store.cacheVersion()
                defer { version = now }
                return now > version
            }
            let scope = subject.scope(owner: ana.id)
            #expect(try await !moves { try await store.touchToken(id: token.id, at: StoreUnderTest.now) })
            #expect(try await !moves { _ = try await scope.water.log(amountML: 250, source: .cli) })
            #expect(try await moves { _ = try await scope.settings.update([.timeZone: "Europe/Paris"]) })
            #expect(try await moves { try await Self.mergeSettingFromAnotherDevice(into: store, owner: ana.id) })
            #expect(try await moves { _ = try await scope.settings.update([:], named: [.weekStart: "monday"]) })
            let stretch = try await scope.skills.add(
                SkillDraft(name: "Stretch", frequency: "daily", start: LocalDay("2026-01-01")!))
            #expect(
                try await !moves {
                    _ = try await scope.skills.update(
                        id: stretch.id,
                        SkillDraft(name: "Stretch more", frequency: "daily", start: LocalDay("2026-01-01")!))
                })
            #expect(
                try await moves { try await scope.skillRules.set(SkillRuleDraft(water: "2000ml"), for: stretch.id) })
            #expect(try await moves { try await scope.skillRules.remove(for: stretch.id) })
            #expect(try await moves { try await store.setPasswordHash("other", userID: ana.id) })
            #expect(try await moves { try await store.deleteSession(digest: session.digest) })
            #expect(try await moves { _ = try await store.revokeToken(userID: ana.id, name: "phone") })
            #expect(try await moves { try await store.deleteUser(id: ana.id) })
        }
    }

    /// Merges a setting made on another replica, as a device's sync push does.
    static func mergeSettingFromAnotherDevice(into store: any TallyStore, owner: UUID) async throws {
        let directory = try TemporaryDirectory()
        let device = try SQLiteStore(directory: directory.url)
        let later = StoreUnderTest.now.addingTimeInterval(60)
        let scope = UserScope(
            store: device, owner: owner, clock: FixedClock(later), machineZone: StoreUnderTest.zone)
        _ = try await scope.settings.update([.waterUnit: "oz"])
        let changes = try await device.changes(owner: owner, after: 0, limit: 100).records
        #expect(try await store.merge(changes, now: later).inserted == 1)
    }

    @Test(arguments: Database.available)
    func aTokenRevokedByAnotherProcessStopsWorkingWithinTheMaximumAge(_ database: Database) async throws {
        try await database.withTwoStores { server, other in
            let ana = AccountConformanceTests.user("ana")
            try await server.store.createUser(ana)
            let elapsed = Elapsed()
            let accounts = Self.accounts(server, elapsed: elapsed)
            let (text, _) = try await Self.accounts(other).createToken(for: ana, name: "phone")
            #expect(try await accounts.authenticate(bearer: text)?.user == ana)

            try await Self.accounts(other).revokeToken(of: ana, name: "phone")
            // Kept: the server has not read the version since.
            #expect(try await accounts.authenticate(bearer: text)?.user == ana)
            elapsed.advance(by: Self.maximumAge)
            #expect(try await accounts.authenticate(bearer: text) == nil)
        }
    }

    @Test(arguments: Database.available)
    func aChangeThisProcessMakesIsSeenByTheNextRequest(_ database: Database) async throws {
        try await database.withStore { subject in
            let ana = AccountConformanceTests.user("ana")
            try await subject.store.createUser(ana)
            let accounts = Self.accounts(subject, elapsed: Elapsed())
            let (text, _) = try await accounts.createToken(for: ana, name: "phone")
            let (secret, _) = try await accounts.startSession(for: ana, remember: false)
            #expect(try await accounts.authenticate(bearer: text) != nil)
            #expect(try await accounts.session(secret: secret) != nil)

            try await accounts.revokeToken(of: ana, name: "phone")
            #expect(try await accounts.authenticate(bearer: text) == nil)
            try await accounts.endSession(secret: secret)
            #expect(try await accounts.session(secret: secret) == nil)
        }
    }

    @Test(arguments: Database.available)
    func settingsChangedByAnotherProcessAreSeenWithinTheMaximumAge(_ database: Database) async throws {
        try await database.withTwoStores { server, other in
            let elapsed = Elapsed()
            let cache = AccountCache(store: server.store, maximumAge: Self.maximumAge, elapsed: { elapsed.now() })
            /// The zone a request on the server sees.
            func zone() async throws -> String {
                try await server.scope(reading: RequestNow(cache: cache)).now().zone.identifier
            }
            #expect(try await zone() == "America/New_York")
            _ = try await other.scope().settings.update([.timeZone: "Europe/Paris"])
            #expect(try await zone() == "America/New_York")
            elapsed.advance(by: Self.maximumAge)
            #expect(try await zone() == "Europe/Paris")

            // A change made in a request of this process is seen by the next one at once.
            _ = try await server.scope(reading: RequestNow(cache: cache)).settings.update([.timeZone: "Asia/Tokyo"])
            #expect(try await zone() == "Asia/Tokyo")
        }
    }

    @Test(arguments: Database.available)
    func skillRulesChangedByAnotherProcessAreSeenWithinTheMaximumAge(_ database: Database) async throws {
        try await database.withTwoStores { server, other in
            let elapsed = Elapsed()
            let cache = AccountCache(store: server.store, maximumAge: Self.maximumAge, elapsed: { elapsed.now() })
            /// The rules a request on the server sees.
            func rules() async throws -> [UUID: SkillRule] {
                try await server.scope(reading: RequestNow(cache: cache)).skillRules.all()
            }
            let stretch = try await other.scope().skills.add(
                SkillDraft(name: "Stretch", frequency: "daily", start: LocalDay("2026-01-01")!))
            #expect(try await rules().isEmpty)
            let first = try await other.scope().skillRules.set(SkillRuleDraft(water: "2000ml"), for: stretch.id)
            // Kept: the server has not read the version since.
            #expect(try await rules().isEmpty)
            elapsed.advance(by: Self.maximumAge)
            #expect(try await rules() == [stretch.id: first])

            // A change made in a request of this process is seen by the next one at once.
            let mine = server.scope(reading: RequestNow(cache: cache))
            let second = try await mine.skillRules.set(SkillRuleDraft(water: "1000ml"), for: stretch.id)
            #expect(second != first)
            #expect(try await rules() == [stretch.id: second])
            try await server.scope(reading: RequestNow(cache: cache)).skillRules.remove(for: stretch.id)
            #expect(try await rules().isEmpty)
        }
    }

    @Test func aTokenKeptInMemoryIsStillMarkedUsedOnceAMinute() async throws {
        try await Database.sqlite.withStore { subject in
            let ana = AccountConformanceTests.user("ana")
            try await subject.store.createUser(ana)
            let clock = SteppedClock(StoreUnderTest.now)
            let cache = AccountCache(store: subject.store, elapsed: { ContinuousClock.now })
            let accounts = AccountService(store: subject.store, clock: clock, cache: cache)
            let (text, token) = try await accounts.createToken(for: ana, name: "phone")
            func lastUsed() async throws -> Date? {
                try await subject.store.token(digest: token.digest)?.token.lastUsedAt
            }

            _ = try await accounts.authenticate(bearer: text)
            #expect(try await lastUsed() == StoreUnderTest.now)
            clock.advance(by: 30)
            _ = try await accounts.authenticate(bearer: text)
            #expect(try await lastUsed() == StoreUnderTest.now)
            clock.advance(by: 31)
            _ = try await accounts.authenticate(bearer: text)
            #expect(try await lastUsed() == StoreUnderTest.now.addingTimeInterval(61))
            // The kept copy knows it was just marked: no write for another minute.
            clock.advance(by: 30)
            _ = try await accounts.authenticate(bearer: text)
            #expect(try await lastUsed() == StoreUnderTest.now.addingTimeInterval(61))
        }
    }

    /// A wall clock a test moves by hand.
    final class SteppedClock: WallClock, @unchecked Sendable {
        private let lock = NSLock()
        private var instant: Date

        init(_ instant: Date) { self.instant = instant }

        func now() -> Date { lock.withLock { instant } }
        func advance(by seconds: TimeInterval) { lock.withLock { instant.addTimeInterval(seconds) } }
    }
}
