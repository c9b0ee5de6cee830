import Foundation
import TallyCore
import TallyStorage

/// Uploaded pictures for trackers and journal entries: checked by content, kept once per content hash.
public struct ImageService: Sendable {
    let scope: UserScope

    /// Checks `data` is a JPEG, PNG or WebP within the size limit, keeps it and returns its address
    /// (`/images/<sha256>.<ext>`), or an error saying what is wrong with the file.
    public func upload(_ data: Data) async throws -> String {
        let kind = try ImageKind.detect(data)
        return ImageReference.url(name: try await scope.store.saveImage(data, kind: kind, owner: scope.owner))
    }

    /// The bytes and kind of a stored image, or nil.
    public func image(named name: String) async throws -> (data: Data, kind: ImageKind)? {
        guard let kind = ImageKind(fileName: name),
            let data = try await scope.store.image(named: name, owner: scope.owner)
        else {
            return nil
        }
        return (data, kind)
    }

    /// Fails unless `url` (when given) names an image that has been uploaded.
    func requireStored(_ url: String?) async throws {
        guard let url else { return }
        guard let name = ImageReference.name(in: url),
            try await scope.store.image(named: name, owner: scope.owner) != nil
        else {
            throw TallyError.invalid(field: "imageUrl", reason: "no uploaded image at \(url)")
        }
    }
}
