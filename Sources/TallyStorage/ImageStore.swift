import Foundation
import TallyCore

/// Uploaded images, kept where every server process on the same database reaches them.
public protocol ImageStore: Sendable {
    /// Keeps an uploaded image (already checked to be a JPEG, PNG or WebP) and returns its stored name,
    /// `<sha256>.<ext>`: the same bytes always get the same name and are kept once. `owner` may read it.
    /// When `owner` kept it last is noted (by the database's clock), for ``forgetImages(_:owner:keptBefore:)``.
    func saveImage(_ data: Data, kind: ImageKind, owner: UUID) async throws -> String

    /// The bytes of the image stored under `name`, or nil when there is none or `owner` never uploaded it.
    func image(named name: String, owner: UUID) async throws -> Data?

    /// Notes that `owner` keeps the image called `name` now (a record about to show it), as an upload
    /// would; false when they have no such image. A deletion of unshown images that began before keeps it.
    func keepImage(named name: String, owner: UUID) async throws -> Bool

    /// The names of the images `owner` uploaded, in name order.
    func imageNames(owner: UUID) async throws -> [String]

    /// The names of the images `owner` last kept before `instant`, in name order.
    func imageNames(owner: UUID, keptBefore instant: Date) async throws -> [String]

    /// Forgets that `owner` kept each image of `names` that they last kept before `instant` (one kept again
    /// since stays), and deletes the bytes of those nobody else kept. Returns how many `owner` no longer has.
    @discardableResult
    func forgetImages(_ names: [String], owner: UUID, keptBefore instant: Date) async throws -> Int
}
