import Foundation
import TallyCore

/// The share links of people's bladder diary reports (``DiaryShareLink``), each stored under the digest
/// of its secret. Revoking deletes the link, so its address answers 404 at once.
public protocol DiaryShareStore: Sendable {
    func createDiaryShare(_ link: DiaryShareLink) async throws
    /// The owner's links, newest first, expired ones included.
    func diaryShares(owner: UUID) async throws -> [DiaryShareLink]
    /// The link whose secret has this digest, whoever owns it.
    func diaryShare(digest: String) async throws -> DiaryShareLink?
    /// Records that the link was opened.
    func touchDiaryShare(id: UUID, at instant: Date) async throws
    /// Deletes the owner's link; false when the owner has none with this id.
    func deleteDiaryShare(id: UUID, owner: UUID) async throws -> Bool
}
