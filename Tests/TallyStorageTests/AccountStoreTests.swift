import Foundation
import TallyCore
import TallyServices
import Testing

/// Accounts in a real SQLite file: uniqueness, sessions, tokens, and deleting a user with all their data.
@Suite struct AccountStoreTests {
    static let jpeg = Data(
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01]
            + [0x00, 0x00, 0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9])

    /// Stored digests must stay what they were, or every token and session already given out stops working.
    @Test func secretsAreBase64URLAndTheirDigestsLowercaseHexSHA256() {
        #expect(
            SecretToken.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let secret = SecretToken.make(prefix: "tly_")
        #expect(secret.hasPrefix("tly_") && secret.count == 4 + 43)
        #expect(secret.dropFirst(4).allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(SecretToken.make() != SecretToken.make())
    }

    @Test func namesAndTokenNamesAreUnique() async throws {
        let fixture = try StoreFixture()
        let accounts = AccountService(store: fixture.store, clock: fixture.scope.clock, hasher: PasswordHasher(cost: 4))
        let ana = try await accounts.createUser(name: "ana", password: "plum tree 42", isAdmin: false)
        #expect(ana.id == LocalUser.id && ana.isAdmin)
        await #expect(throws: TallyError.conflict("the name ana is taken")) {
            try await accounts.createUser(name: "Ana", password: "plum tree 42", isAdmin: false)
        }
        _ = try await accounts.createToken(for: ana, name: "laptop")
        await #expect(throws: TallyError.conflict("you already have a token called laptop")) {
            try await accounts.createToken(for: ana, name: "laptop")
        }
        let ben = try await accounts.createUser(name: "ben", password: "plum tree 42", isAdmin: false)
        _ = try await accounts.createToken(for: ben, name: "laptop")
        #expect(try await fixture.store.users().map(\.name) == ["ana", "ben"])
    }

    @Test func removingAUserDeletesEverythingTheyOwnAndNothingElse() async throws {
        let fixture = try StoreFixture()
        let accounts = AccountService(store: fixture.store, clock: fixture.scope.clock, hasher: PasswordHasher(cost: 4))
        _ = try await accounts.createUser(name: "ana", password: "plum tree 42", isAdmin: true)
        let ben = try await accounts.createUser(name: "ben", password: "plum tree 42", isAdmin: false)
        let bens = UserScope(
            store: fixture.store, owner: ben.id, clock: fixture.scope.clock, machineZone: fixture.scope.machineZone)
        for scope in [fixture.scope, bens] {
            _ = try await scope.bathroom.log(note: "x")
            _ = try await scope.water.log(amountML: 250, source: .cli)
            _ = try await scope.skills.add(.init(name: "Run"))
            _ = try await scope.journal.save(on: LocalDay("2026-11-22")!, .init(notes: "x"))
            _ = try await scope.settings.update([.dayStart: "04:00"])
        }
        let shared = try await fixture.scope.images.upload(Self.jpeg)
        let own = try await bens.images.upload(Self.jpeg + Data([1]))
        #expect(try await bens.images.upload(Self.jpeg) == shared)
        let (secret, _) = try await accounts.startSession(for: ben, remember: true)
        let anaBefore = try await fixture.scope.backup.exportJSON()

        try await accounts.removeUser(named: "ben")
        #expect(try await fixture.store.changes(owner: ben.id, after: 0, limit: 100).records.isEmpty)
        #expect(try await accounts.session(secret: secret) == nil)
        #expect(try await fixture.store.tokens(userID: ben.id).isEmpty)
        #expect(try await fixture.scope.backup.exportJSON() == anaBefore)
        // Ana keeps the picture both uploaded; Ben's own picture is gone from the disk.
        #expect(try await fixture.scope.images.image(named: ImageReference.name(in: shared)!) != nil)
        let file = fixture.directory.url.appendingPathComponent("images/\(ImageReference.name(in: own)!)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func imagesAreReadableOnlyByWhoeverUploadedThem() async throws {
        let fixture = try StoreFixture()
        let url = try await fixture.scope.images.upload(Self.jpeg)
        let name = try #require(ImageReference.name(in: url))
        #expect(try await fixture.store.image(named: name, owner: LocalUser.id) == Self.jpeg)
        #expect(try await fixture.store.image(named: name, owner: UUID()) == nil)
    }

    @Test func expiredSessionsSignNoOneIn() async throws {
        let fixture = try StoreFixture()
        let accounts = AccountService(store: fixture.store, clock: fixture.scope.clock, hasher: PasswordHasher(cost: 4))
        let ana = try await accounts.createUser(name: "ana", password: "plum tree 42", isAdmin: true)
        let (secret, session) = try await accounts.startSession(for: ana, remember: false)
        #expect(session.expiresAt == StoreFixture.now.addingTimeInterval(12 * 3600))
        #expect(try await accounts.session(secret: secret)?.user == ana)
        let later = AccountService(
            store: fixture.store, clock: FixedClock(StoreFixture.now.addingTimeInterval(12 * 3600)),
            hasher: PasswordHasher(cost: 4))
        #expect(try await later.session(secret: secret) == nil)
        #expect(try await fixture.store.session(digest: SecretToken.digest(secret)) == nil)
    }
}
