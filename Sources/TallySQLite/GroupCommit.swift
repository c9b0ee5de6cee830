import Foundation
import GRDB
import Metrics

/// Concurrent writes share one durable commit. The first write to find no commit under way starts a run of
/// commits on the writer's own thread: it commits everything queued, answers those writes, and at once
/// commits what queued meanwhile, until nothing is left. Each commit is one transaction and one fsync; a
/// write that fails is rolled back alone and reports its own error (see ``commit(_:_:)``). Each caller is
/// answered only once the commit holding its write is durable. A lone writer pays nothing: its write is
/// the transaction, and nothing waits on a timer.
final class GroupCommit: @unchecked Sendable {
    private final class Job: @unchecked Sendable {
        let work: @Sendable (Database) throws -> any Sendable
        /// Set, under the lock, when the job is queued; taken, under the lock, to answer it.
        var waiter: CheckedContinuation<Void, Never>?
        /// What the work answered; set on GRDB's writer queue, read once the job is answered.
        var result: Result<any Sendable, any Error>?

        init(_ work: @escaping @Sendable (Database) throws -> any Sendable) {
            self.work = work
        }
    }

    private let writer: any DatabaseWriter
    /// How many commits a run makes before it lets the writes made outside the group (account changes,
    /// sessions) have the writer, and goes on behind them.
    private let runLength: Int
    private let lock = NSLock()
    private var queued: [Job] = []
    private var committing = false
    private var counts = (commits: 0, writes: 0)

    init(writer: any DatabaseWriter, runLength: Int = 64) {
        precondition(runLength > 0, "a run makes at least one commit")
        self.writer = writer
        self.runLength = runLength
    }

    /// Runs `work` in a transaction shared with the writes queued beside it; returns once it is durable.
    /// `work` may run twice, when another write of its batch fails and the batch is run again: it must do
    /// nothing but work in the database.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let job = Job { try work($0) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let starts = lock.withLock {
                job.waiter = continuation
                queued.append(job)
                if committing { return false }
                committing = true
                return true
            }
            if starts { writer.asyncWriteWithoutTransaction { db in self.commitRun(db) } }
        }
        guard let result = job.result else { preconditionFailure("a write was answered without its result") }
        guard let typed = try result.get() as? T else { preconditionFailure("a write answered another type") }
        return typed
    }

    /// How many commits were made, holding how many writes: their ratio is the mean batch size.
    var statistics: (commits: Int, writes: Int) { lock.withLock { counts } }

    /// Commits and answers batch after batch, until the queue is empty or `runLength` commits are made
    /// (then the run goes on behind the writes waiting for the writer).
    private func commitRun(_ db: Database) {
        for _ in 0..<runLength {
            guard let batch = take() else { return }
            commit(batch, db)
            answer(batch)
        }
        writer.asyncWriteWithoutTransaction { db in self.commitRun(db) }
    }

    /// Everything queued, counted as one commit; nil when nothing is, and the run ends.
    private func take() -> [Job]? {
        let batch: [Job]? = lock.withLock {
            guard !queued.isEmpty else {
                committing = false
                return nil
            }
            defer { queued = [] }
            counts.commits += 1
            counts.writes += queued.count
            return queued
        }
        guard let batch else { return nil }
        Counter(label: "tally_commits_total").increment()
        Recorder(label: "tally_commit_writes").record(batch.count)
        return batch
    }

    /// One transaction for the batch, each write straight in it. If one fails, that transaction is rolled
    /// back and the batch runs again, each write in a savepoint of its own, so that the failing write is
    /// rolled back alone and reports its own error. Savepoints are kept for that case because each one first
    /// copies every page its write changes (SQLite's statement journal, written to a file past 64 KiB):
    /// with 16 KiB pages that copy cost more than the write itself.
    private func commit(_ batch: [Job], _ db: Database) {
        do {
            try db.inTransaction {
                for job in batch { job.result = .success(try job.work(db)) }
                return .commit
            }
        } catch {
            // The lone write failed, or the commit itself did (a full disk): nothing of it was stored.
            guard batch.count > 1 else {
                batch.first?.result = .failure(error)
                return
            }
            commitEachInASavepoint(batch, db)
        }
    }

    private func commitEachInASavepoint(_ batch: [Job], _ db: Database) {
        do {
            try db.inTransaction {
                for job in batch {
                    do {
                        try db.inSavepoint {
                            job.result = .success(try job.work(db))
                            return .commit
                        }
                    } catch {
                        job.result = .failure(error)
                    }
                }
                return .commit
            }
        } catch {
            // The commit itself failed: nothing of the batch was stored.
            for job in batch { job.result = .failure(error) }
        }
    }

    /// Resumes the writes of the batch, now durable (or failed).
    private func answer(_ batch: [Job]) {
        for job in batch {
            let waiter = lock.withLock {
                defer { job.waiter = nil }
                return job.waiter
            }
            waiter?.resume()
        }
    }
}
