import Foundation
import GRDB
import Metrics

/// Concurrent writes share one durable commit. A write arriving while no commit is under way leads: it
/// commits at once, in its own task, with whatever else has queued by then. Writes arriving while a commit
/// is under way wait for it, then the first of them leads the next commit, which holds all of them: one
/// transaction, each write in its own savepoint (one that fails is rolled back alone and reports its own
/// error), one fsync. Each caller is answered only once the commit holding its write is durable. A lone
/// writer pays nothing: no task is started for it, and nothing waits on a timer.
final class GroupCommit: @unchecked Sendable {
    private final class Job: @unchecked Sendable {
        let work: @Sendable (Database) throws -> any Sendable
        /// Set, under the lock, while the job waits for a commit that another task leads.
        var waiter: CheckedContinuation<Role, Never>?
        /// What the work answered; set on GRDB's writer queue, read after the commit.
        var result: Result<any Sendable, any Error>?

        init(_ work: @escaping @Sendable (Database) throws -> any Sendable) {
            self.work = work
        }
    }

    private enum Role {
        /// Commit the queue (this job's write is in it).
        case lead
        /// Another task committed this job's write; its result is in place.
        case done
    }

    private let writer: any DatabaseWriter
    private let lock = NSLock()
    private var queued: [Job] = []
    private var committing = false
    private var counts = (commits: 0, writes: 0)

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `work` in a transaction shared with the writes queued beside it; returns once it is durable.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let job = Job { try work($0) }
        let role = await withCheckedContinuation { (continuation: CheckedContinuation<Role, Never>) in
            let leads = lock.withLock {
                queued.append(job)
                if committing {
                    job.waiter = continuation
                    return false
                }
                committing = true
                return true
            }
            if leads { continuation.resume(returning: .lead) }
        }
        if role == .lead { await commitQueued() }
        guard let result = job.result else { preconditionFailure("a write finished without its result") }
        guard let typed = try result.get() as? T else { preconditionFailure("a write answered another type") }
        return typed
    }

    /// How many commits were made, holding how many writes: their ratio is the mean batch size.
    var statistics: (commits: Int, writes: Int) { lock.withLock { counts } }

    /// Commits everything queued, then hands over.
    private func commitQueued() async {
        let batch = lock.withLock {
            let batch = queued
            queued = []
            counts.commits += 1
            counts.writes += batch.count
            return batch
        }
        Counter(label: "tally_commits_total").increment()
        Recorder(label: "tally_commit_writes").record(batch.count)
        if batch.count == 1, let job = batch.first {
            // Alone, the write is the transaction: no savepoint needed to keep a failure to itself.
            do {
                job.result = .success(try await writer.write { db in try job.work(db) })
            } catch {
                job.result = .failure(error)
            }
        } else {
            await commitTogether(batch)
        }
        handOver(after: batch)
    }

    /// One transaction for the whole batch, each write in its own savepoint.
    private func commitTogether(_ batch: [Job]) async {
        do {
            try await writer.write { db in
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
            }
        } catch {
            // The commit itself failed (a full disk): nothing of the batch was stored.
            for job in batch { job.result = .failure(error) }
        }
    }

    /// Answers the jobs of the batch others were waiting on, and gives the lead to the first write that
    /// queued meanwhile (or ends the run of commits when none did).
    private func handOver(after batch: [Job]) {
        let next: CheckedContinuation<Role, Never>? = lock.withLock {
            guard let first = queued.first else {
                committing = false
                return nil
            }
            defer { first.waiter = nil }
            return first.waiter
        }
        for job in batch {
            guard
                let waiter = lock.withLock({ () -> CheckedContinuation<Role, Never>? in
                    defer { job.waiter = nil }
                    return job.waiter
                })
            else { continue }
            waiter.resume(returning: .done)
        }
        next?.resume(returning: .lead)
    }
}
