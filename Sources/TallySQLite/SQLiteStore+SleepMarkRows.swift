import Foundation
import GRDB
import TallyCore
import TallyStorage

// Rows of the kind migration 021 added: the bladder diary's sleep marks.

extension SleepMark {
    init(row: Row) throws {
        guard let day = LocalDay(row["day"] as String), let kind = SleepMark.Kind(rawValue: row["kind"]) else {
            throw StoreFault.corrupt("sleep mark")
        }
        self.init(
            meta: try RecordMeta(row: row), day: day, kind: kind,
            at: Date(millisecondsSince1970: row["at_ms"]), timeZoneID: row["time_zone"])
    }
}

extension SQLiteStore {
    static func row(_ mark: SleepMark, sequence: Int64) -> RowValues {
        var columns = mark.meta.columns
        columns["day"] = mark.day.description.databaseValue
        columns["kind"] = mark.kind.rawValue.databaseValue
        columns["at_ms"] = mark.at.millisecondsSince1970.databaseValue
        columns["time_zone"] = mark.timeZoneID.databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }
}
