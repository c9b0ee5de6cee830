import Foundation
import GRDB
import TallyCore
import TallyStorage

extension RecordMeta {
    /// The sync columns every table shares.
    init(row: Row) throws {
        guard let id = UUID.fromDatabaseValue(row["id"]), let owner = UUID.fromDatabaseValue(row["owner_id"]),
            let device = UUID.fromDatabaseValue(row["device_id"]), let stamp = HLCStamp(row["stamp"] as String)
        else { throw StoreFault.corrupt("record header") }
        self.init(
            id: id, ownerID: owner, createdAt: Date(millisecondsSince1970: row["created_ms"]),
            modifiedAt: Date(millisecondsSince1970: row["modified_ms"]), deviceID: device, stamp: stamp,
            isDeleted: row["deleted"])
    }

    /// The sync columns in the order ``init(headerRow:)`` reads them, for a selection to start with.
    static let headerColumns = "id, owner_id, created_ms, modified_ms, device_id, stamp, deleted"

    /// The sync columns selected first and in ``headerColumns`` order, read by position.
    init(headerRow row: Row) throws {
        guard let id = row.id(at: 0), let owner = row.id(at: 1), let device = row.id(at: 4),
            let stamp = HLCStamp(row[5] as String)
        else { throw StoreFault.corrupt("record header") }
        self.init(
            id: id, ownerID: owner, createdAt: Date(millisecondsSince1970: row[2]),
            modifiedAt: Date(millisecondsSince1970: row[3]), deviceID: device, stamp: stamp, isDeleted: row[6])
    }

    /// Column values as `DatabaseValue`s: a nil optional must be stored as NULL, not dropped.
    var columns: RowValues {
        var columns = RowValues()
        columns["id"] = id.databaseValue
        columns["owner_id"] = ownerID.databaseValue
        columns["created_ms"] = createdAt.millisecondsSince1970.databaseValue
        columns["modified_ms"] = modifiedAt.millisecondsSince1970.databaseValue
        columns["device_id"] = deviceID.databaseValue
        columns["stamp"] = stamp.description.databaseValue
        columns["deleted"] = isDeleted.databaseValue
        return columns
    }
}

extension BathroomEvent {
    /// The columns every read of events selects, in the order ``init(row:)`` reads them by position: a
    /// long history is decoded without looking each column up by name.
    static let selection = RecordMeta.headerColumns + ", at_ms, time_zone, note, volume_ml, urgency, leak, sequence"

    init(row: Row) throws {
        let fields = BathroomEventFields(
            at: Date(millisecondsSince1970: row[7]), timeZoneID: row[8], note: row[9], volumeML: row[10],
            urgency: row[11], leak: row[12])
        self.init(meta: try RecordMeta(headerRow: row), fields: fields)
    }
}

extension SettingRecord {
    /// The columns every read of settings (each request's first) selects, in the order ``init(row:)``
    /// reads them by position.
    static let selection = RecordMeta.headerColumns + ", key, value, sequence"

    init(row: Row) throws {
        guard let key = SettingKey(rawValue: row[7]) else { throw StoreFault.corrupt("setting key") }
        self.init(meta: try RecordMeta(headerRow: row), key: key, value: row[8])
    }
}

extension SQLiteStore {
    static func row(_ event: BathroomEvent, sequence: Int64) -> RowValues {
        var columns = event.meta.columns
        columns["at_ms"] = event.at.millisecondsSince1970.databaseValue
        columns["time_zone"] = event.timeZoneID.databaseValue
        columns["note"] = event.note.databaseValue
        columns["volume_ml"] = event.volumeML.databaseValue
        columns["urgency"] = event.urgency.databaseValue
        columns["leak"] = event.leak.databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ setting: SettingRecord, sequence: Int64) -> RowValues {
        var columns = setting.meta.columns
        columns["key"] = setting.key.rawValue.databaseValue
        columns["value"] = setting.value.databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ entry: WaterEntry, sequence: Int64) -> RowValues {
        var columns = entry.columns
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ goal: WaterGoal, sequence: Int64) -> RowValues {
        var columns = goal.columns
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    /// `INSERT ... ON CONFLICT (id) DO UPDATE` over every column.
    static func upsert(into table: String, _ columns: RowValues, _ db: Database) throws {
        try upsertStatement(into: table, columns.names, db).run(binding: columns.values, in: db)
    }

    /// The prepared upsert of rows of `table` with the columns `names`, in that order: a batch of one table
    /// keeps it instead of looking its text up for every row.
    static func upsertStatement(into table: String, _ names: [String], _ db: Database) throws -> Statement {
        try db.cachedStatement(sql: UpsertText.shared.text(table: table, names: names))
    }
}

/// The text of each table's upsert, made once: a batch of ten thousand rows would otherwise build it as
/// many times just to find the prepared statement.
final class UpsertText: @unchecked Sendable {
    static let shared = UpsertText()
    private let lock = NSLock()
    private var texts: [String: (names: [String], sql: String)] = [:]

    func text(table: String, names: [String]) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let known = texts[table], known.names == names { return known.sql }
        let placeholders = names.map { _ in "?" }.joined(separator: ", ")
        let key = ["owner_id", "id"]
        let updates = names.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        let sql =
            "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(placeholders)) "
            + "ON CONFLICT (owner_id, id) DO UPDATE SET \(updates)"
        texts[table] = (names, sql)
        return sql
    }
}

extension Row {
    /// The id at `index` (stored as 16 bytes), or nil for anything else. A row read in place (a cursor's)
    /// gives it straight from SQLite's memory, made from the bytes here: GRDB's generic decoding took a
    /// tenth of an export of millions of rows. Anything but 16 bytes goes through that decoding, which
    /// reads an id stored as text too.
    func id(at index: Int) -> UUID? {
        let bytes = try? withUnsafeData(atIndex: index) { data -> UUID? in
            guard let data, data.count == 16 else { return nil }
            return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                UUID(
                    uuid: (
                        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                    ))
            }
        }
        return bytes ?? (try? decode(UUID.self, atIndex: index))
    }
}
