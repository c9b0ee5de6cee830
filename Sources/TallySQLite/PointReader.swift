import Foundation
import GRDB

/// A read-only connection for the short reads every request starts with (its credential, the person's
/// settings), run on the calling thread instead of being handed to a reader of the pool and back: that
/// hand-off costs two thread switches, more than such a read itself. A read waits only for another point
/// read (tens of microseconds) and never suspends while it runs, so callers cannot deadlock, as they did
/// when they blocked waiting for the pool's readers. Anything longer goes through the pool.
final class PointReader: Sendable {
    private let queue: DatabaseQueue

    init(path: String, configuration: Configuration) throws {
        var configuration = configuration
        configuration.readonly = true
        configuration.label = "tally.point-reader"
        queue = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Runs `body` on the caller's thread, outside a transaction: each of its statements reads one snapshot
    /// (SQLite's own autocommit read) without the `BEGIN` and `COMMIT` a read transaction adds, two more
    /// statements parsed and run for a read of one. A body of two statements (a credential, then its user)
    /// may see a change committed between them, as if it had been read a moment later; the connection is
    /// read-only, so nothing can be written through it.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.unsafeRead(body)
    }
}
