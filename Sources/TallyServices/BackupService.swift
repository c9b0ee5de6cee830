import Foundation
import TallyCore
import TallyStorage

/// Lossless export and idempotent import of one user's records.
public struct BackupService: Sendable {
    let scope: UserScope

    /// Every record of the user, tombstones included, through the change feed (so each new kind joins).
    public func export() async throws -> TallyBackup {
        var records: [AnyRecord] = []
        var after: Int64 = 0
        while true {
            let page = try await scope.store.changes(owner: scope.owner, after: after, limit: 1_000)
            records += page.records
            after = page.through
            if !page.hasMore { break }
        }
        return TallyBackup(records: records)
    }

    /// The backup's JSON: what ``export(to:)`` writes.
    public func exportJSON() async throws -> Data {
        var data = Data()
        try await export { data.append($0) }
        return data
    }

    /// Writes the backup's JSON to `write` a piece at a time, byte for byte what encoding ``export()``
    /// makes, holding at most a stretch of one kind's records: a kind with a long history (water, the
    /// bathroom) is read ``stretch`` of time at a time, in the backup's order.
    public func export(to write: (Data) async throws -> Void) async throws {
        var pictures = Set<String>()
        try await export(to: write, pictures: &pictures)
    }

    /// ``export(to:)``, gathering in `pictures` the names of the images its records show.
    func export(to write: (Data) async throws -> Void, pictures: inout Set<String>) async throws {
        let writer = try BackupJSONWriter()
        for piece in writer.pieces {
            switch piece {
            case .text(let text): try await write(text)
            case .records(let kind): try await export(kind, to: write, pictures: &pictures)
            }
        }
    }

    /// How much time of a long kind one read of an export holds.
    static let stretch: Int64 = 30 * 86_400_000

    private func export<Record: SyncedRecord>(
        _ type: Record.Type, to write: (Data) async throws -> Void, pictures: inout Set<String>
    ) async throws {
        try await write(BackupJSONWriter.open)
        var first = true
        let reads = Self.reads(of: type, over: try await scope.store.searchKeyRange(type, owner: scope.owner))
        // The next stretch is read while this one is encoded.
        var next = read(type, reads[0])
        for index in reads.indices {
            let records = try await next.value
            if index + 1 < reads.count { next = read(type, reads[index + 1]) }
            for record in records where !record.meta.isDeleted { pictures.formUnion(record.imageNames) }
            for chunk in try await Self.encoded(records) {
                if !first { try await write(BackupJSONWriter.separator) }
                try await write(chunk)
                first = false
            }
        }
        try await write(BackupJSONWriter.close)
    }

    private func read<Record: SyncedRecord>(_ type: Record.Type, _ query: RecordQuery) -> Task<[Record], any Error> {
        Task { [scope] in
            try await scope.store.records(type, owner: scope.owner, query).sorted(by: Record.backupOrder)
        }
    }

    /// `records` encoded a thousand at a time, the chunks side by side on the machine's cores.
    private static func encoded<Record: SyncedRecord>(_ records: [Record]) async throws -> [Data] {
        let size = 1_000
        let starts = Array(stride(from: 0, to: records.count, by: size))
        return try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for (index, start) in starts.enumerated() {
                let chunk = Array(records[start..<min(start + size, records.count)])
                group.addTask { (index, try BackupJSONWriter.elements(chunk)) }
            }
            var chunks = [Data](repeating: Data(), count: starts.count)
            for try await (index, data) in group { chunks[index] = data }
            return chunks
        }
    }

    /// The reads that give every record of a kind, tombstones included: in stretches over `keys` (its
    /// records' search keys) when its backup order follows them, else in one.
    /// The reads that cover a kind a ``stretch`` of its search key at a time (one read for a short kind).
    static func reads<Record: SyncedRecord>(
        of type: Record.Type, over keys: ClosedRange<Int64>?, includingDeleted: Bool = true
    ) -> [RecordQuery] {
        guard Record.backupOrderFollowsSearchKey, let keys else {
            return [RecordQuery(includingDeleted: includingDeleted)]
        }
        return stride(from: keys.lowerBound, through: keys.upperBound, by: Int(stretch)).map { start in
            RecordQuery(
                searchKeys: start...min(keys.upperBound, start.addingReportingOverflow(stretch - 1).partialValue),
                includingDeleted: includingDeleted)
        }
    }

    /// Merges a backup into the store: records already present with the same or a later change are left
    /// alone, so importing the same file twice changes nothing. Nothing is stored unless all of it reads.
    public func importJSON(_ data: Data) async throws -> MergeResult {
        let backup: TallyBackup
        do {
            backup = try BackupCoding.decoder().decode(TallyBackup.self, from: data)
        } catch let error as DecodingError {
            throw TallyError.unreadable("not a readable Tally backup: \(error.summary)")
        }
        let now = scope.clock.now()
        defer { scope.reading?.forget() }
        return try await scope.store.merge(try backup.records(for: scope.owner, now: now), now: now)
    }
}

extension DecodingError {
    /// One line naming where and what: `bathroomEvents[2].at: 'x' is not ...`.
    public var summary: String {
        func path(_ context: Context) -> String {
            let parts = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
            let joined = parts.joined().drop { $0 == "." }
            return joined.isEmpty ? "" : "\(joined): "
        }
        switch self {
        case .dataCorrupted(let context): return path(context) + context.debugDescription
        case .keyNotFound(let key, let context): return path(context) + "missing field '\(key.stringValue)'"
        case .typeMismatch(let type, let context): return path(context) + "expected \(type)"
        case .valueNotFound(let type, let context): return path(context) + "missing \(type)"
        @unknown default: return "\(self)"
        }
    }
}
