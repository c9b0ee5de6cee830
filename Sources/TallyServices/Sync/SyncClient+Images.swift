import Foundation
import TallyCore
import TallyStorage

/// The bytes of uploaded images travel beside the records that show them: a device sends the images of
/// the records it pushes and fetches those of the records it pulls that it lacks. An image's name is its
/// content hash, so sending one twice stores it once, and fetched bytes are kept only under their own hash.
extension SyncClient {
    /// Gives the server the images `records` show, that this device holds.
    func sendImages(of records: [AnyRecord], owner: UUID) async throws {
        guard let images else { return }
        for name in Self.imageNames(in: records) {
            guard let data = try await store.image(named: name, owner: owner) else { continue }
            try await retry.run { try await images.upload(image: data) }
        }
    }

    /// Fetches the images `records` show that this device lacks.
    func fetchImages(of records: [AnyRecord], owner: UUID) async throws {
        guard let images else { return }
        for name in Self.imageNames(in: records) where try await store.image(named: name, owner: owner) == nil {
            guard let kind = ImageKind(fileName: name),
                let data = try await retry.run({ try await images.download(image: name) })
            else { continue }
            guard (try? ImageKind.detect(data)) == kind,
                try await store.saveImage(data, kind: kind, owner: owner) == name
            else {
                throw TallyError.unreadable("the server sent other bytes for the image \(name)")
            }
        }
    }

    /// The images live records show, each once.
    private static func imageNames(in records: [AnyRecord]) -> [String] {
        var seen = Set<String>()
        return records.filter { !$0.meta.isDeleted }.flatMap(\.imageNames).filter { seen.insert($0).inserted }
    }
}
