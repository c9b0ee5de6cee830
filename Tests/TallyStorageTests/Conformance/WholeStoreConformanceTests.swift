import Foundation
import TallyCore
import TallyStorage
import Testing

/// The reads that reach the whole store (what `tally copy` carries), the same on every database.
@Suite struct WholeStoreConformanceTests {
    @Test(arguments: Database.available)
    func invitesSecretsSwitchesAndImageNamesAreListed(_ database: Database) async throws {
        try await database.withStore { subject in
            let ana = AccountConformanceTests.user("ana")
            let ben = AccountConformanceTests.user("ben")
            try await subject.store.createUser(ana)
            try await subject.store.createUser(ben)
            #expect(try await subject.store.invites().isEmpty)
            #expect(try await subject.store.serverSecrets().isEmpty)
            #expect(try await subject.store.serverSettings().isEmpty)

            let invite = Invite(
                digest: "i1", createdBy: ana.id, createdAt: StoreUnderTest.now,
                expiresAt: StoreUnderTest.now.addingTimeInterval(Invite.lifetime))
            try await subject.store.createInvite(invite)
            #expect(try await subject.store.invites() == [invite])

            #expect(try await subject.store.serverSecret(named: "k") { "made" } == "made")
            try await subject.store.setServerSecret("brought", named: "k")
            try await subject.store.setServerSecret("new", named: "v")
            #expect(try await subject.store.serverSecret(named: "k") { "again" } == "brought")
            #expect(try await subject.store.serverSecrets() == ["k": "brought", "v": "new"])

            try await subject.store.setServerSetting("open_sign_up", value: "on")
            #expect(try await subject.store.serverSettings() == ["open_sign_up": "on"])

            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 1, count: 16)
            let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 2, count: 16)
            let first = try await subject.store.saveImage(png, kind: .png, owner: ana.id)
            let second = try await subject.store.saveImage(jpeg, kind: .jpeg, owner: ana.id)
            _ = try await subject.store.saveImage(png, kind: .png, owner: ben.id)
            #expect(try await subject.store.imageNames(owner: ana.id) == [first, second].sorted())
            #expect(try await subject.store.imageNames(owner: ben.id) == [first])
            #expect(try await subject.store.imageNames(owner: UUID()).isEmpty)
        }
    }
}
