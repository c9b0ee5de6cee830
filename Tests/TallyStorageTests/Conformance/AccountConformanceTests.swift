import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// Accounts and images on every database: unique names, sessions and tokens, and deleting a person takes
/// everything they own and nothing of anyone else's.
@Suite struct AccountConformanceTests {
    static func user(_ name: String) -> UserAccount {
        UserAccount(id: UUID(), name: name, isAdmin: false, passwordHash: "hash", createdAt: StoreUnderTest.now)
    }

    @Test(arguments: Database.available)
    func namesAreUniqueAndUsersReadBack(_ database: Database) async throws {
        try await database.withStore { subject in
            let ana = Self.user("ana")
            try await subject.store.createUser(ana)
            await #expect(throws: TallyError.self) { try await subject.store.createUser(Self.user("ana")) }
            #expect(try await subject.store.user(named: "ana") == ana)
            #expect(try await subject.store.user(id: ana.id) == ana)
            #expect(try await subject.store.users() == [ana])
        }
    }

    @Test(arguments: Database.available)
    func deletingAPersonTakesTheirRecordsSessionsAndImagesOnly(_ database: Database) async throws {
        try await database.withStore { subject in
            let ana = Self.user("ana")
            let ben = Self.user("ben")
            try await subject.store.createUser(ana)
            try await subject.store.createUser(ben)
            try await RecordConformanceTests.populate(subject.scope(owner: ana.id))
            _ = try await subject.scope(owner: ben.id).bathroom.log(note: "ben's")
            let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) + Data("JFIF".utf8) + Data(repeating: 7, count: 64)
            let name = try await subject.store.saveImage(jpeg, kind: .jpeg, owner: ana.id)
            #expect(try await subject.store.image(named: name, owner: ana.id) == jpeg)
            #expect(try await subject.store.image(named: name, owner: ben.id) == nil)
            try await subject.store.claimDevice(UUID(), owner: ana.id, now: StoreUnderTest.now)
            try await subject.store.setWidgetSecret("ana's widgets", owner: ana.id)
            let diary = try await DiaryShareService(scope: subject.scope(owner: ana.id), store: subject.store)
                .create(from: LocalDay("2026-11-18")!, to: LocalDay("2026-11-20")!)

            try await subject.store.deleteUser(id: ana.id)
            #expect(try await subject.store.owner(ofWidgetSecret: "ana's widgets") == nil)
            #expect(try await subject.store.diaryShare(digest: diary.link.digest) == nil)
            #expect(try await subject.store.users() == [ben])
            #expect(try await subject.everything(of: ana.id).isEmpty)
            #expect(try await subject.store.devices(owner: ana.id).isEmpty)
            #expect(try await subject.store.image(named: name, owner: ana.id) == nil)
            #expect(try await subject.everything(of: ben.id).count == 1)
        }
    }

    @Test(arguments: Database.available)
    func sessionsAndTokensAreFoundByDigestOnly(_ database: Database) async throws {
        try await database.withStore { subject in
            let ana = Self.user("ana")
            try await subject.store.createUser(ana)
            let session = LoginSession(
                digest: "s1", userID: ana.id, csrfToken: "c", createdAt: StoreUnderTest.now,
                expiresAt: StoreUnderTest.now.addingTimeInterval(3600), remember: false)
            try await subject.store.createSession(session)
            #expect(try await subject.store.session(digest: "s1")?.session == session)
            try await subject.store.deleteSessions(userID: ana.id, keeping: nil)
            #expect(try await subject.store.session(digest: "s1") == nil)
            let token = AccessToken(
                id: UUID(), userID: ana.id, name: "phone", digest: "t1", createdAt: StoreUnderTest.now, lastUsedAt: nil)
            try await subject.store.createToken(token)
            await #expect(throws: TallyError.self) {
                try await subject.store.createToken(
                    AccessToken(
                        id: UUID(), userID: ana.id, name: "phone", digest: "t2", createdAt: StoreUnderTest.now,
                        lastUsedAt: nil))
            }
            try await subject.store.touchToken(id: token.id, at: StoreUnderTest.now)
            #expect(try await subject.store.token(digest: "t1")?.token.lastUsedAt == StoreUnderTest.now)
            #expect(try await subject.store.revokeToken(userID: ana.id, name: "phone"))
            #expect(try await subject.store.token(digest: "t1") == nil)
        }
    }
}
