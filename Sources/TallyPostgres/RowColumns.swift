import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// A batch of planned writes as the `records` table's columns, one array each, for an `INSERT ... SELECT
/// FROM UNNEST(...)`. PostgresNIO encodes arrays of values but not of optionals, so the two nullable columns
/// (natural and search key) each have a second array saying which rows hold a value.
struct RowColumns {
    var kinds: [String] = []
    var ids: [UUID] = []
    var owners: [UUID] = []
    var naturalKeys: [String] = []
    var hasNaturalKey: [Bool] = []
    var searchKeys: [Int64] = []
    var hasSearchKey: [Bool] = []
    var created: [Int64] = []
    var modified: [Int64] = []
    var devices: [UUID] = []
    var stamps: [String] = []
    var deleted: [Bool] = []
    var sequences: [Int64] = []
    var bodies: [String] = []

    init(capacity: Int) {
        kinds.reserveCapacity(capacity)
        ids.reserveCapacity(capacity)
        owners.reserveCapacity(capacity)
        naturalKeys.reserveCapacity(capacity)
        hasNaturalKey.reserveCapacity(capacity)
        searchKeys.reserveCapacity(capacity)
        hasSearchKey.reserveCapacity(capacity)
        created.reserveCapacity(capacity)
        modified.reserveCapacity(capacity)
        devices.reserveCapacity(capacity)
        stamps.reserveCapacity(capacity)
        deleted.reserveCapacity(capacity)
        sequences.reserveCapacity(capacity)
        bodies.reserveCapacity(capacity)
    }

    mutating func append(_ write: WritePlan.Write) throws {
        let record = write.record
        let meta = record.meta
        kinds.append(record.kind.id)
        ids.append(meta.id)
        owners.append(meta.ownerID)
        naturalKeys.append(record.naturalKey ?? "")
        hasNaturalKey.append(record.naturalKey != nil)
        searchKeys.append(record.searchKey ?? 0)
        hasSearchKey.append(record.searchKey != nil)
        created.append(meta.createdAt.millisecondsSince1970)
        modified.append(meta.modifiedAt.millisecondsSince1970)
        devices.append(meta.deviceID)
        stamps.append(meta.stamp.description)
        deleted.append(meta.isDeleted)
        sequences.append(write.sequence)
        bodies.append(String(decoding: try RecordCoding.encode(record), as: UTF8.self))
    }

    /// The statement's text before the arrays: they follow, in the order of ``append(to:)``, each cast to
    /// its column's type, then ``tail(where:)``.
    static let head = """
        INSERT INTO records (kind, id, owner_id, natural_key, search_key, created_ms, modified_ms, device_id,
            stamp, deleted, sequence, body)
        SELECT kind, id, owner_id, CASE WHEN has_natural_key THEN natural_key END,
            CASE WHEN has_search_key THEN search_key END, created_ms, modified_ms, device_id, stamp, deleted,
            sequence, body
        FROM UNNEST(
        """

    /// The arrays' types, in the order of ``append(to:)``.
    static let types = [
        "text", "uuid", "uuid", "text", "boolean", "bigint", "boolean", "bigint", "bigint", "uuid", "text", "boolean",
        "bigint", "text",
    ]

    /// The statement's text after the arrays: each row replaces the stored one of the same owner, kind and id.
    /// `condition`, when given, decides whether any row is written.
    static func tail(where condition: String? = nil) -> String {
        """
        ) AS given(kind, id, owner_id, natural_key, has_natural_key, search_key, has_search_key, created_ms,
            modified_ms, device_id, stamp, deleted, sequence, body)
        \(condition.map { "WHERE \($0)" } ?? "")
        ON CONFLICT (owner_id, id, kind) DO UPDATE SET natural_key = excluded.natural_key,
            search_key = excluded.search_key, created_ms = excluded.created_ms,
            modified_ms = excluded.modified_ms, device_id = excluded.device_id, stamp = excluded.stamp,
            deleted = excluded.deleted, sequence = excluded.sequence, body = excluded.body
        """
    }

    /// The arrays as the values of a prepared statement, in the order ``types`` names.
    func append(to bindings: inout PostgresBindings) {
        bindings.append(kinds)
        bindings.append(ids)
        bindings.append(owners)
        bindings.append(naturalKeys)
        bindings.append(hasNaturalKey)
        bindings.append(searchKeys)
        bindings.append(hasSearchKey)
        bindings.append(created)
        bindings.append(modified)
        bindings.append(devices)
        bindings.append(stamps)
        bindings.append(deleted)
        bindings.append(sequences)
        bindings.append(bodies)
    }

    /// The whole `INSERT` as a part of a larger statement, its values numbered where they land.
    var part: SQLPart {
        """
        \(unescaped: Self.head)\(kinds)::text[], \(ids)::uuid[], \(owners)::uuid[], \(naturalKeys)::text[],
            \(hasNaturalKey)::boolean[], \(searchKeys)::bigint[], \(hasSearchKey)::boolean[], \(created)::bigint[],
            \(modified)::bigint[], \(devices)::uuid[], \(stamps)::text[], \(deleted)::boolean[],
            \(sequences)::bigint[], \(bodies)::text[]\(unescaped: Self.tail())
        """
    }
}
