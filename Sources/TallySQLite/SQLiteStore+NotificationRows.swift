import Foundation
import GRDB
import TallyCore
import TallyStorage

extension NotificationSetting {
    init(row: Row) throws {
        self.init(meta: try RecordMeta(row: row), name: row["name"], value: row["value"])
    }
}

extension NotificationChannel {
    init(row: Row) throws {
        guard let id = UUID.fromDatabaseValue(row["id"]), let owner = UUID.fromDatabaseValue(row["owner_id"]),
            let kind = Kind(rawValue: row["kind"])
        else { throw StoreFault.corrupt("notification channel") }
        self.init(
            id: id, ownerID: owner, name: row["name"], kind: kind, url: row["url"], token: row["token"],
            secret: row["secret"], pushKey: row["push_key"], pushAuth: row["push_auth"],
            createdAt: Date(millisecondsSince1970: row["created_ms"]), failures: row["failures"],
            pausedReason: row["paused_reason"])
    }
}

extension DeliveryLogEntry {
    /// Nil for a row of a notification kind a later version added (a replica's file opened by an older
    /// build, or a newer one's log copied here): the log page must not fail on it.
    init?(row: Row) throws {
        guard let kind = NotificationKind(rawValue: row["kind"]) else { return nil }
        guard let channelKind = NotificationChannel.Kind(rawValue: row["channel_kind"]) else {
            throw StoreFault.corrupt("notification log")
        }
        self.init(
            at: Date(millisecondsSince1970: row["at_ms"]), key: row["key"], kind: kind, title: row["title"],
            channelName: row["channel_name"], channelKind: channelKind, attempt: row["attempt"],
            outcome: row["outcome"], detail: row["detail"])
    }
}

extension SQLiteStore {
    static func row(_ setting: NotificationSetting, sequence: Int64) -> RowValues {
        var columns = setting.meta.columns
        columns["name"] = setting.name.databaseValue
        columns["value"] = setting.value.databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }
}
