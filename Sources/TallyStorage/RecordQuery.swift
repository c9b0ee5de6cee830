import Foundation
import TallyCore

/// Which records of one kind and owner a read wants. Every database answers it the same way; reads
/// that need more (a sort, a projection) are built on it in ``RecordReader``'s defaults.
public struct RecordQuery: Hashable, Sendable {
    /// Only the record with this id.
    public var id: UUID?
    /// Only the record holding this natural key.
    public var naturalKey: String?
    /// Only records whose ``SyncedRecord/searchKey`` lies in this range.
    public var searchKeys: ClosedRange<Int64>?
    /// Tombstones too; reads hide them otherwise.
    public var includingDeleted: Bool
    /// At most this many records: those with the greatest search keys, read greatest first, so that a read
    /// of the latest costs what it returns however many the range holds. Only for kinds with a search key,
    /// and not with ``naturalKey``.
    public var latest: Int?

    public init(
        id: UUID? = nil, naturalKey: String? = nil, searchKeys: ClosedRange<Int64>? = nil,
        includingDeleted: Bool = false, latest: Int? = nil
    ) {
        self.id = id
        self.naturalKey = naturalKey
        self.searchKeys = searchKeys
        self.includingDeleted = includingDeleted
        self.latest = latest.map { max(0, $0) }
    }

    /// Visible records of the kind.
    public static let all = RecordQuery()

    /// Records whose search key is an instant in `interval` (half-open, as `DateInterval` reads).
    public static func instants(in interval: DateInterval) -> RecordQuery {
        let start = interval.start.clampedMilliseconds
        let end = interval.end.clampedMilliseconds
        return RecordQuery(searchKeys: start...max(start, end - 1))
    }

    /// Records whose search key is a day in `range`.
    public static func days(_ range: ClosedRange<LocalDay>, includingDeleted: Bool = false) -> RecordQuery {
        RecordQuery(
            searchKeys: Int64(range.lowerBound.dayNumber)...Int64(range.upperBound.dayNumber),
            includingDeleted: includingDeleted)
    }

    /// Whether `record` is one this query asks for (what a database's `WHERE` clause says).
    public func matches(_ record: AnyRecord) -> Bool {
        if !includingDeleted, record.meta.isDeleted { return false }
        if let id, record.meta.id != id { return false }
        if let naturalKey, record.naturalKey != naturalKey { return false }
        if let searchKeys {
            guard let key = record.searchKey, searchKeys.contains(key) else { return false }
        }
        return true
    }
}

extension Date {
    /// Milliseconds for a query bound; `distantPast`/`distantFuture` stay in range.
    public var clampedMilliseconds: Int64 {
        let limit = 1e15
        return Int64(min(max(timeIntervalSince1970 * 1000, -limit), limit).rounded())
    }
}
