import Foundation
import TallyCore
import TallyStorage

/// Uploaded pictures for trackers and journal entries: checked by content, kept once per content hash.
public struct ImageService: Sendable {
    let scope: UserScope

    /// A person's new picture (a journal or tracker photo from the page or `--photo`): checks it is a JPEG,
    /// PNG or WebP within the size limit, takes out what the camera wrote besides the picture (the place,
    /// the device, the time: ``ImageMetadata``, the orientation stays), keeps it and returns its address
    /// (`/images/<sha256>.<ext>`), or an error saying what is wrong with the file.
    public func upload(_ data: Data) async throws -> String {
        let kind = try ImageKind.detect(data)
        let clean = Data(try ImageMetadata.stripped(Array(data), kind: kind))
        return ImageReference.url(name: try await scope.store.saveImage(clean, kind: kind, owner: scope.owner))
    }

    /// Bytes kept exactly as sent (`POST /api/v1/images`): replicas name a picture by the hash of its bytes,
    /// so the copy a device sends must keep that hash, whichever version stored it.
    public func keep(_ data: Data) async throws -> String {
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
