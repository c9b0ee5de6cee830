import Crypto
import Foundation
import TallyCore

extension SQLiteStore {
    /// Stores `data` as `<sha256>.<ext>` in the images directory beside the database, once: the same
    /// picture uploaded twice is one file. The write goes through a temporary file and a rename, so a
    /// reader never sees half an image.
    public func saveImage(_ data: Data, kind: ImageKind) async throws -> String {
        let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        let name = "\(digest).\(kind.fileExtension)"
        let file = imageDirectory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: file.path) { return name }
        try FileManager.default.createDirectory(at: imageDirectory, withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
        return name
    }

    public func image(named name: String) async throws -> Data? {
        guard ImageReference.isValidName(name) else { return nil }
        let file = imageDirectory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try Data(contentsOf: file)
    }
}
