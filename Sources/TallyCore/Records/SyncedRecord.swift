import Foundation

/// A kind of record that is stored, synced and backed up. Each kind declares itself once, in its own
/// file, by conforming; ``RecordKinds`` lists the kinds, and the backup format, the change feed, digests,
/// merge and every database are driven from these declarations.
public protocol SyncedRecord: Hashable, Codable, Sendable {
    /// What names the kind in sync, digests, backups and storage.
    static var kind: RecordKind { get }

    var meta: RecordMeta { get set }

    /// For a kind that holds at most one record per key and owner (a setting per name, a goal per day),
    /// the key as text; nil for a kind found by id alone. A copy made on another replica under another id
    /// gives way to the winner of the key.
    var naturalKey: String? { get }

    /// The instant (milliseconds) or day number that reads of a range look this record up by, if any.
    var searchKey: Int64? { get }

    /// The uploaded images the record shows (`<sha256>.<ext>`), whose bytes travel with it in sync.
    var imageNames: [String] { get }

    /// Whether records of the kind may show images (``imageNames``). A kind that may must say so: a server
    /// deletes the images that no record of such a kind shows any more.
    static var showsImages: Bool { get }

    /// The record with its fields checked as if typed in: what an import or a sync push may store.
    /// `batch` holds the other records arriving with it (a skill may name a category from the same file).
    func validated(in batch: RecordBatch) throws(TallyError) -> Self

    /// The order of a backup's records of this kind, so the same data always gives the same file.
    static func backupOrder(_ lhs: Self, _ rhs: Self) -> Bool

    /// Whether ``backupOrder(_:_:)`` orders records by their ``searchKey`` first (kinds with long
    /// histories): a backup then reads them a stretch of time at a time instead of all at once.
    static var backupOrderFollowsSearchKey: Bool { get }
}

extension SyncedRecord {
    public var naturalKey: String? { nil }
    public var searchKey: Int64? { nil }
    public var imageNames: [String] { [] }
    public static var showsImages: Bool { false }
    public func validated(in batch: RecordBatch) throws(TallyError) -> Self { self }
    public static var backupOrderFollowsSearchKey: Bool { false }

    /// By creation, then by id.
    public static func backupOrder(_ lhs: Self, _ rhs: Self) -> Bool {
        (lhs.meta.createdAt, lhs.meta.id) < (rhs.meta.createdAt, rhs.meta.id)
    }
}

/// How a kind of record is named and keyed. The identifier never changes once shipped: replicas compare
/// digests by it and every database stores it.
///
/// One instance per kind (each kind's `static let kind`), compared by identity: a merge asks a record's
/// kind several times, and a reference is cheaper to pass and hash than three strings.
public final class RecordKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind in sync digests and storage, fixed forever (it happens to read like the name).
    public let id: String
    /// The kind in messages a person reads.
    public let name: String
    /// The field of a backup (and of a sync batch's `changes`) holding records of this kind.
    public let backupKey: String
    /// Whether records of this kind are found by ``SyncedRecord/naturalKey`` rather than by id alone.
    public let hasNaturalKey: Bool
    /// Whether a key can be written again after a delete (a journal day): the record created later wins
    /// over everything of an earlier one, its tombstone included, so such tombstones are never compacted.
    public let hasLives: Bool

    public init(id: String, name: String, backupKey: String, hasNaturalKey: Bool = false, hasLives: Bool = false) {
        self.id = id
        self.name = name
        self.backupKey = backupKey
        self.hasNaturalKey = hasNaturalKey
        self.hasLives = hasLives
    }

    public var description: String { name }

    public static func == (lhs: RecordKind, rhs: RecordKind) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The records arriving together in one import or sync batch, for checks that look across kinds (a skill
/// may name a category from the same file). Grouped by kind only if a check asks: most batches never do.
public struct RecordBatch: Sendable {
    private let grouped: Grouped

    public init(_ records: [AnyRecord]) {
        grouped = Grouped(records)
    }

    /// The batch's records of one kind, as they arrived.
    public func records<Record: SyncedRecord>(_ type: Record.Type) -> [Record] {
        (grouped.byKind[ObjectIdentifier(Record.kind)] ?? []).compactMap { $0.as(Record.self) }
    }

    private final class Grouped: @unchecked Sendable {
        private let records: [AnyRecord]
        private let lock = NSLock()
        private var groups: [ObjectIdentifier: [AnyRecord]]?

        init(_ records: [AnyRecord]) { self.records = records }

        var byKind: [ObjectIdentifier: [AnyRecord]] {
            lock.withLock {
                if let groups { return groups }
                let made = Dictionary(grouping: records) { ObjectIdentifier($0.kind) }
                groups = made
                return made
            }
        }
    }
}
