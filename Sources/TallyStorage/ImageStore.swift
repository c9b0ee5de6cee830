import Foundation
import TallyCore

/// Uploaded images, kept where every server process on the same database reaches them.
public protocol ImageStore: Sendable {
    /// Keeps an uploaded image (already checked to be a JPEG, PNG or WebP) and returns its stored name,
    /// `<sha256>.<ext>`: the same bytes always get the same name and are kept once. `owner` may read it.
    func saveImage(_ data: Data, kind: ImageKind, owner: UUID) async throws -> String

    /// The bytes of the image stored under `name`, or nil when there is none or `owner` never uploaded it.
    func image(named name: String, owner: UUID) async throws -> Data?

    /// The names of the images `owner` uploaded, in name order.
    func imageNames(owner: UUID) async throws -> [String]
}
