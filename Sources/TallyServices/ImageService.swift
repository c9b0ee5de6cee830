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

    /// How long an image that no record shows is kept after it was last uploaded: long enough for the
    /// record that is to show it to arrive (a device sends a record's images before the record).
    public static let unshownRetention: TimeInterval = 7 * 86_400

    /// Deletes the person's images that no record shows any more (its journal day or tracker was deleted,
    /// or given another picture) and that were last uploaded more than ``unshownRetention`` ago; a picture
    /// someone else uploaded too stays theirs. Returns how many the person no longer has.
    @discardableResult
    public func forgetUnshown() async throws -> Int {
        let cutoff = scope.clock.now().addingTimeInterval(-Self.unshownRetention)
        let kept = try await scope.store.imageNames(owner: scope.owner, keptBefore: cutoff)
        guard !kept.isEmpty else { return 0 }
        var shown = Set<String>()
        for type in RecordKinds.all where type.showsImages {
            shown.formUnion(try await names(shownBy: type))
        }
        return try await scope.store.forgetImages(
            kept.filter { !shown.contains($0) }, owner: scope.owner, keptBefore: cutoff)
    }

    private func names<Record: SyncedRecord>(shownBy type: Record.Type) async throws -> [String] {
        try await scope.store.records(type, owner: scope.owner, .all).flatMap(\.imageNames)
    }

    /// Fails unless `url` (when given) names an image that has been uploaded; the image counts as kept now,
    /// so ``forgetUnshown()`` does not delete it before the record that shows it is stored.
    func requireStored(_ url: String?) async throws {
        guard let url else { return }
        guard let name = ImageReference.name(in: url), try await scope.store.keepImage(named: name, owner: scope.owner)
        else {
            throw TallyError.invalid(field: "imageUrl", reason: "no uploaded image at \(url)")
        }
    }
}
