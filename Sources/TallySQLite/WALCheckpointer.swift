import Foundation
import GRDB
import GRDBSQLite
import Metrics

/// Copies the write-ahead log back into the database file off the writer's path.
///
/// SQLite's own automatic checkpoint runs inside the commit that takes the log past 1,000 pages: that
/// commit, and every write waiting behind it, pays for copying the whole log and two more fsyncs. A sync
/// merge of scattered edits fills most of a log by itself, so every other merge paid 10-20 ms for the one
/// before it. Installed on the writer instead, this starts a passive checkpoint on its own connection and
/// thread once a commit leaves the log that long, and returns at once. A passive checkpoint never blocks
/// the writer or a reader; it copies what no reader still needs from the log.
///
/// SQLite writes the log from its start again only when a write begins with the whole log copied. A
/// writer that pauses (a sync push decoded between merges, a person between two taps) gives the background
/// that moment. A writer that never pauses keeps the log growing, so a commit that leaves it four times as
/// long checkpoints in place, as SQLite would, once any pass under way has finished: by then the background
/// has copied all but the last few commits, so that pass is short, and the next write starts the log again.
final class WALCheckpointer: @unchecked Sendable {
    /// The log's length, in pages, from which a commit starts a checkpoint in the background (by default
    /// SQLite's own automatic threshold).
    let pages: CInt
    /// The length from which a commit checkpoints in place (by default four times `pages`).
    let inPlacePages: CInt
    private let path: String
    private let queue = DispatchQueue(label: "tally.wal-checkpoint")
    private let lock = NSLock()
    /// Whether a pass is asked for and not yet started, whether one is running, and the log's length after
    /// the latest commit (all under the lock).
    private var state = (asked: false, running: false, latest: CInt(0))
    private var counts = (background: 0, inPlace: 0)
    /// How long a pass that ends with commits it did not copy waits before it asks for another.
    private let settle: DispatchTimeInterval = .milliseconds(50)
    /// Opened on the checkpoint thread when first needed; only that thread touches it.
    private var connection: DatabaseQueue?

    init(path: String, pages: CInt = 1_000, inPlacePages: CInt? = nil) {
        self.path = path
        self.pages = pages
        self.inPlacePages = inPlacePages ?? 4 * pages
    }

    /// Replaces SQLite's automatic checkpoint on the writer's connection `db` with this one. The hook keeps
    /// an unretained reference: the store keeps this checkpointer for as long as its writer lives.
    func install(on db: Database) {
        sqlite3_wal_hook(
            db.sqliteConnection,
            { context, connection, name, length in
                guard let context else { return SQLITE_OK }
                let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
                checkpointer.committed(leaving: length, connection, name)
                return SQLITE_OK
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// How many passes ran in the background, and how many in a commit because the log grew too long.
    var statistics: (background: Int, inPlace: Int) { lock.withLock { counts } }

    /// Whether no pass is asked for or running.
    var isIdle: Bool { lock.withLock { !state.asked && !state.running } }

    /// Called by SQLite on the writer's thread after each commit, with the log's length in pages.
    private func committed(leaving length: CInt, _ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?) {
        if length >= inPlacePages {
            // A pass under way would make this one give up at once: wait for it, then copy what it left.
            queue.sync {}
            lock.withLock {
                counts.inPlace += 1
                state.latest = length
            }
            Counter(label: "tally_wal_checkpoints_total", dimensions: [("where", "in_place")]).increment()
            _ = sqlite3_wal_checkpoint_v2(connection, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            return
        }
        let asks = lock.withLock {
            state.latest = length
            // While a pass runs, commits do not ask for the next: the pass does when it ends.
            guard length >= pages, !state.asked, !state.running else { return false }
            state.asked = true
            return true
        }
        if asks { queue.async { self.checkpoint() } }
    }

    /// A passive checkpoint on this checkpointer's own connection; then, if commits came while it ran (or a
    /// reader kept it from copying everything), another a moment later. A writer that never pauses so gets
    /// a pass every 50 ms or so, not one after each commit with its two fsyncs; one that pauses gets its
    /// last commits copied, so its next write starts the log again. A failure (another process
    /// checkpointing at the same moment, a file gone) leaves the log as it was, for the next long commit.
    private func checkpoint() {
        lock.withLock { (state.asked, state.running) = (false, true) }
        var copied: CInt?
        do {
            if connection == nil {
                var configuration = Configuration()
                configuration.label = "tally.wal-checkpoint"
                configuration.busyMode = .timeout(10)
                connection = try DatabaseQueue(path: path, configuration: configuration)
            }
            if let result = try connection?.writeWithoutTransaction({ try $0.checkpoint(.passive) }) {
                copied = CInt(result.checkpointedFrameCount)
            }
            lock.withLock { counts.background += 1 }
            Counter(label: "tally_wal_checkpoints_total", dimensions: [("where", "background")]).increment()
        } catch {
            connection = nil
        }
        let again = lock.withLock {
            state.running = false
            // After a failure the next long commit asks again: no retries that could go on forever.
            guard let copied, state.latest >= pages, state.latest > copied, !state.asked else { return false }
            state.asked = true
            return true
        }
        if again { queue.asyncAfter(deadline: .now() + settle) { self.checkpoint() } }
    }
}
