import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    /// While any bulk write runs, the writer of a file has no memory map and an 8 MB page cache
    /// (``bulkMemory``) instead of its 256 MB map and 32 MB cache: an import of a million records touches
    /// most of a database of hundreds of megabytes, and every page the map or the cache held counted in the
    /// process's resident memory (a 1 GB Health export imported at 106-109 MB, now 69 MB; a 2M-record
    /// backup at 91 MB, now 59 MB, and 15% slower). The last bulk write to end gives the writer its own
    /// settings back.
    public func writingInBulk<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        guard checkpointer != nil else { return try await body() }
        if bulkWrites.withLock({ count in
            count += 1
            return count == 1
        }) {
            try await setWriterMemory(Self.bulkMemory)
        }
        let result: Value
        do {
            result = try await body()
        } catch {
            try? await endBulkWrite()
            throw error
        }
        try await endBulkWrite()
        return result
    }

    /// The writer's settings as they should be now: ``bulkMemory`` while a bulk write runs.
    var writerMemoryNow: String { bulkWrites.withLock { $0 > 0 } ? Self.bulkMemory : Self.writerMemory }

    private func endBulkWrite() async throws {
        guard
            bulkWrites.withLock({ count in
                count -= 1
                return count == 0
            })
        else { return }
        try await setWriterMemory(Self.writerMemory)
    }

    private func setWriterMemory(_ pragmas: String) async throws {
        try await pool.writeWithoutTransaction { db in try db.execute(sql: pragmas) }
    }
}
