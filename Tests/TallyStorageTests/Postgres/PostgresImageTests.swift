import Foundation
import PostgresNIO
import TallyCore
import Testing

@testable import TallyPostgres

/// Images in the database: stored once per content, readable only by whoever uploaded them, and the same
/// from every process.
@Suite(.enabled(if: TestServer.enabled)) struct PostgresImageTests {
    static let jpeg = Data(
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01]
            + [0x00, 0x00, 0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9])

    @Test func imagesAreReadableOnlyByWhoeverUploadedThem() async throws {
        try await TestDatabase.withStore { store, _ in
            let ana = UUID()
            let name = try await store.saveImage(Self.jpeg, kind: .jpeg, owner: ana)
            #expect(ImageReference.isValidName(name) && name.hasSuffix(".jpg"))
            #expect(try await store.image(named: name, owner: ana) == Self.jpeg)
            #expect(try await store.image(named: name, owner: UUID()) == nil)
            #expect(try await store.image(named: "../etc/passwd", owner: ana) == nil)
            #expect(try await store.image(named: String(repeating: "0", count: 64) + ".jpg", owner: ana) == nil)
        }
    }

    @Test func thePictureUploadedTwiceIsStoredOnceAndSeenByEveryProcess() async throws {
        try await TestDatabase.withStore { store, database in
            let (ana, ben) = (UUID(), UUID())
            let other = try await database.open()
            let name = try await store.saveImage(Self.jpeg, kind: .jpeg, owner: ana)
            #expect(try await other.saveImage(Self.jpeg, kind: .jpeg, owner: ben) == name)
            #expect(try await store.saveImage(Self.jpeg, kind: .jpeg, owner: ana) == name)
            #expect(try await other.image(named: name, owner: ana) == Self.jpeg)
            #expect(try await store.storedImageNames() == [name])
            let owners = try await database.run("SELECT count(*) FROM image_owners")
            #expect(try owners.first?.decode(Int64.self) == 2)
            await other.shutdown()
        }
    }

    @Test func everyByteValueSurvives() async throws {
        try await TestDatabase.withStore { store, _ in
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            let bytes = Data(png + (0...255).map(UInt8.init) + Array(repeating: 0, count: 100_000))
            let name = try await store.saveImage(bytes, kind: .png, owner: LocalUser.id)
            #expect(try await store.image(named: name, owner: LocalUser.id) == bytes)
        }
    }

    /// Deleting one user (dropping a picture nobody else has) while others upload that same picture: every
    /// upload that returned can read its picture afterwards.
    @Test func uploadsRacingADeletionKeepTheirPicture() async throws {
        try await TestDatabase.withStore { store, _ in
            for round in 0..<10 {
                let leaving = UserAccount(
                    id: UUID(), name: "leaving\(round)", isAdmin: false, passwordHash: "x", createdAt: Date())
                try await store.createUser(leaving)
                let bytes = Self.jpeg + Data([UInt8(round)])
                let name = try await store.saveImage(bytes, kind: .jpeg, owner: leaving.id)
                let uploaders = (0..<4).map { _ in UUID() }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await store.deleteUser(id: leaving.id) }
                    for uploader in uploaders {
                        group.addTask { _ = try await store.saveImage(bytes, kind: .jpeg, owner: uploader) }
                    }
                    try await group.waitForAll()
                }
                for uploader in uploaders {
                    #expect(try await store.image(named: name, owner: uploader) == bytes)
                }
            }
        }
    }
}

extension PostgresStore {
    /// The names of every stored picture, for tests.
    func storedImageNames() async throws -> [String] {
        try await rows("SELECT name FROM images ORDER BY name").map { try $0.decode(String.self) }
    }
}
