import Foundation
import TallyCore

/// What a device (a data directory that syncs with a server) keeps of its sync: settings, cursors, and
/// the pages it pulls. Only the embedded store is a device; a server's database is not.
public protocol DeviceSyncStore: RecordStore, ImageStore {
    /// The device's sync settings and cursors, or nil before `tally login`.
    func syncState() async throws -> SyncState?

    /// Sets the server, token and owner; the cursors start again from zero when the server or owner changes.
    func configureSync(serverURL: String, token: String?, owner: UUID) async throws

    /// Records that the server acknowledged this device's changes up to `sequence`; never moves back.
    func recordPushed(through sequence: Int64) async throws

    /// Marks a full resync as started (the pulled cursor goes back to zero; after a crash the resync
    /// starts again) or finished.
    func setResyncPending(_ pending: Bool) async throws

    func setReconciled(at instant: Date) async throws

    /// Gives every record of `old` to `owner`, once, when a device logs in as `owner`. Returns how many.
    func adoptOwner(_ owner: UUID, replacing old: UUID) async throws -> Int

    /// Applies a page pulled from the server in one transaction: merges its records, drops its purged
    /// tombstones, and moves the pulled cursor to the page's end when it still stands where the page
    /// was asked from. When every local change had already been pushed, the pushed cursor moves past
    /// the page too, so pulled records are not sent back.
    func applyPulled(_ page: SyncPage, owner: UUID, now: Date) async throws -> MergeResult

    /// Hard-deletes the records of `owner` with a change sequence up to `sequence` whose ids are not in
    /// `ids`: the end of a full resync, dropping what the server no longer has. Returns how many.
    func removeRecords(owner: UUID, except ids: Set<UUID>, throughSequence sequence: Int64) async throws -> Int

    /// The latest change sequence number of this replica.
    func lastSequence() async throws -> Int64
}
