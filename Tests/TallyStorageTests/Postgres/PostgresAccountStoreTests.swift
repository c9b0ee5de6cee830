import Foundation
import TallyCore
import TallyStorage
import Testing

@testable import TallyPostgres

/// The SQLite store's account behaviour, on PostgreSQL: uniqueness, sessions, tokens, invites, failed log-ins
/// counted across processes, and deleting a user with everything they own.
@Suite(.enabled(if: TestServer.enabled)) struct PostgresAccountStoreTests {
    static let now = Date(millisecondsSince1970: 1_763_823_600_000)

    static func user(_ name: String, admin: Bool = false, at offset: TimeInterval = 0) -> UserAccount {
        UserAccount(
            id: UUID(), name: name, isAdmin: admin, passwordHash: "$2b$04$hash-of-\(name)",
            createdAt: now.addingTimeInterval(offset))
    }

    static func digest(_ seed: String) -> String { String(repeating: seed, count: 64).prefix(64).description }

    @Test func namesAndTokenNamesAreUnique() async throws {
        try await TestDatabase.withStore { store, _ in
            let ana = Self.user("ana", admin: true)
            try await store.createUser(ana)
            await #expect(throws: TallyError.conflict("the name ana is taken")) {
                try await store.createUser(Self.user("ana", at: 1))
            }
            let laptop = AccessToken(
                id: UUID(), userID: ana.id, name: "laptop", digest: Self.digest("a"), createdAt: Self.now)
            try await store.createToken(laptop)
            await #expect(throws: TallyError.conflict("you already have a token called laptop")) {
                try await store.createToken(
                    AccessToken(
                        id: UUID(), userID: ana.id, name: "laptop", digest: Self.digest("b"), createdAt: Self.now))
            }
            let ben = Self.user("ben", at: 1)
            try await store.createUser(ben)
            try await store.createToken(
                AccessToken(id: UUID(), userID: ben.id, name: "laptop", digest: Self.digest("c"), createdAt: Self.now))
            #expect(try await store.users().map(\.name) == ["ana", "ben"])
        }
    }

    @Test func usersAreReadBackAsStored() async throws {
        try await TestDatabase.withStore { store, _ in
            let ana = Self.user("ana", admin: true)
            try await store.createUser(ana)
            #expect(try await store.user(id: ana.id) == ana)
            #expect(try await store.user(named: "ana") == ana)
            #expect(try await store.user(named: "nobody") == nil)
            #expect(try await store.user(id: UUID()) == nil)
            try await store.setPasswordHash("$2b$04$new", userID: ana.id)
            #expect(try await store.user(id: ana.id)?.passwordHash == "$2b$04$new")
        }
    }

    @Test func sessionsAreKeptDeletedAndSignedOutEverywhereElse() async throws {
        try await TestDatabase.withStore { store, _ in
            let ana = Self.user("ana")
            try await store.createUser(ana)
            let sessions = ["a", "b", "c"].map { seed in
                LoginSession(
                    digest: Self.digest(seed), userID: ana.id, csrfToken: "csrf-\(seed)", createdAt: Self.now,
                    expiresAt: Self.now.addingTimeInterval(3600), remember: seed == "a")
            }
            for session in sessions { try await store.createSession(session) }
            #expect(try await store.session(digest: Self.digest("a"))?.session == sessions[0])
            try await store.deleteSession(digest: Self.digest("a"))
            #expect(try await store.session(digest: Self.digest("a")) == nil)
            try await store.deleteSessions(userID: ana.id, keeping: Self.digest("b"))
            #expect(try await store.session(digest: Self.digest("b"))?.session == sessions[1])
            #expect(try await store.session(digest: Self.digest("c")) == nil)
            try await store.deleteSessions(userID: ana.id, keeping: nil)
            #expect(try await store.session(digest: Self.digest("b")) == nil)
        }
    }

    @Test func tokensAreListedTouchedAndRevoked() async throws {
        try await TestDatabase.withStore { store, _ in
            let ana = Self.user("ana")
            try await store.createUser(ana)
            let phone = AccessToken(
                id: UUID(), userID: ana.id, name: "phone", digest: Self.digest("p"), createdAt: Self.now)
            let laptop = AccessToken(
                id: UUID(), userID: ana.id, name: "laptop", digest: Self.digest("l"), createdAt: Self.now)
            try await store.createToken(phone)
            try await store.createToken(laptop)
            #expect(try await store.tokens(userID: ana.id).map(\.name) == ["laptop", "phone"])
            #expect(try await store.token(digest: Self.digest("p"))?.token == phone)
            let used = Self.now.addingTimeInterval(90)
            try await store.touchToken(id: phone.id, at: used)
            #expect(try await store.token(digest: Self.digest("p"))?.token.lastUsedAt == used)
            #expect(try await store.revokeToken(userID: ana.id, name: "phone"))
            #expect(try await !store.revokeToken(userID: ana.id, name: "phone"))
            #expect(try await store.token(digest: Self.digest("p")) == nil)
        }
    }

    @Test func invitesAreTakenOnceAndNotAfterTheyExpire() async throws {
        try await TestDatabase.withStore { store, _ in
            let ana = Self.user("ana", admin: true)
            try await store.createUser(ana)
            let expires = Self.now.addingTimeInterval(Invite.lifetime)
            try await store.createInvite(
                Invite(digest: Self.digest("i"), createdBy: ana.id, createdAt: Self.now, expiresAt: expires))
            try await store.createInvite(
                Invite(digest: Self.digest("j"), createdBy: ana.id, createdAt: Self.now, expiresAt: expires))
            #expect(try await store.consumeInvite(digest: Self.digest("i"), now: Self.now))
            #expect(try await !store.consumeInvite(digest: Self.digest("i"), now: Self.now))
            #expect(try await !store.consumeInvite(digest: Self.digest("j"), now: expires))
            #expect(try await !store.consumeInvite(digest: Self.digest("x"), now: Self.now))
        }
    }

    /// Two server processes on one database: an attempt counted by one counts in the other.
    @Test func failedLogInsCountAcrossProcesses() async throws {
        try await TestDatabase.withStore { first, database in
            let second = try await database.open()
            let key = LoginThrottle.Key("user:ana", limit: 2)
            let since = Self.now.addingTimeInterval(-900)
            #expect(try await first.admitLoginAttempt(keys: [key], at: Self.now, since: since) == nil)
            #expect(
                try await second.admitLoginAttempt(keys: [key], at: Self.now.addingTimeInterval(1), since: since) == nil
            )
            #expect(try await first.admitLoginAttempt(keys: [key], at: Self.now, since: since)?.key == key)
            #expect(try await first.loginFailures(key: key.text, since: Self.now.addingTimeInterval(-60)).count == 2)
            #expect(
                try await second.loginFailures(key: key.text, since: Self.now.addingTimeInterval(1)) == [
                    Self.now.addingTimeInterval(1)
                ])
            // Counting one forgets those older than `since`, whatever their key.
            let address = LoginThrottle.Key("address:10.0.0.2", limit: 10)
            #expect(
                try await first.admitLoginAttempt(
                    keys: [address], at: Self.now.addingTimeInterval(900), since: Self.now.addingTimeInterval(1))
                    == nil)
            #expect(
                try await second.loginFailures(key: key.text, since: .distantPast) == [Self.now.addingTimeInterval(1)])
            try await second.clearLoginFailures(key: key.text)
            #expect(try await first.loginFailures(key: key.text, since: .distantPast).isEmpty)
            #expect(try await first.loginFailures(key: address.text, since: .distantPast).count == 1)
            await second.shutdown()
        }
    }

    @Test func serverSettingsAreSetReplacedAndCleared() async throws {
        try await TestDatabase.withStore { store, _ in
            #expect(try await store.serverSetting("signup") == nil)
            try await store.setServerSetting("signup", value: "open")
            try await store.setServerSetting("signup", value: "invite")
            #expect(try await store.serverSetting("signup") == "invite")
            try await store.setServerSetting("signup", value: nil)
            #expect(try await store.serverSetting("signup") == nil)
        }
    }

    @Test func removingAUserDeletesEverythingTheyOwnAndNothingElse() async throws {
        try await TestDatabase.withStore { store, _ in
            let ana = Self.user("ana", admin: true)
            let ben = Self.user("ben", at: 1)
            for user in [ana, ben] {
                try await store.createUser(user)
                let seed = String(user.name.prefix(1))
                try await store.createSession(
                    LoginSession(
                        digest: Self.digest(seed), userID: user.id, csrfToken: "c", createdAt: Self.now,
                        expiresAt: Self.now.addingTimeInterval(3600), remember: false))
                try await store.createToken(
                    AccessToken(
                        id: UUID(), userID: user.id, name: "laptop", digest: Self.digest(seed + "t"),
                        createdAt: Self.now))
                try await store.createInvite(
                    Invite(
                        digest: Self.digest(seed + "i"), createdBy: user.id, createdAt: Self.now,
                        expiresAt: Self.now.addingTimeInterval(3600)))
            }
            let shared = try await store.saveImage(PostgresImageTests.jpeg, kind: .jpeg, owner: ana.id)
            #expect(try await store.saveImage(PostgresImageTests.jpeg, kind: .jpeg, owner: ben.id) == shared)
            let own = try await store.saveImage(PostgresImageTests.jpeg + Data([1]), kind: .jpeg, owner: ben.id)

            try await store.deleteUser(id: ben.id)
            #expect(try await store.user(id: ben.id) == nil)
            #expect(try await store.session(digest: Self.digest("b")) == nil)
            #expect(try await store.tokens(userID: ben.id).isEmpty)
            #expect(try await !store.consumeInvite(digest: Self.digest("bi"), now: Self.now))
            #expect(try await store.image(named: own, owner: ben.id) == nil)
            // Ana keeps her session, token, invite and the picture both uploaded; Ben's own picture is gone.
            #expect(try await store.session(digest: Self.digest("a"))?.user.id == ana.id)
            #expect(try await store.tokens(userID: ana.id).count == 1)
            #expect(try await store.consumeInvite(digest: Self.digest("ai"), now: Self.now))
            #expect(try await store.image(named: shared, owner: ana.id) == PostgresImageTests.jpeg)
            #expect(try await store.storedImageNames() == [shared])
        }
    }
}
