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

    public func exportJSON() async throws -> Data {
        try BackupCoding.encoder().encode(try await export())
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
