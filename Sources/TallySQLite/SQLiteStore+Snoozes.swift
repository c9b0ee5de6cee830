import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func addSnooze(_ notification: PlannedNotification, owner: UUID) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO notification_snoozes (owner_id, key, due_ms, source_id, title, body, action)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    owner, notification.key, notification.due.millisecondsSince1970, notification.sourceID,
                    notification.title, notification.body, notification.action?.text,
                ])
        }
    }

    public func snoozes(owner: UUID, from instant: Date) async throws -> [PlannedNotification] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT due_ms, source_id, title, body, action FROM notification_snoozes
                        WHERE owner_id = ? AND due_ms >= ? ORDER BY due_ms, key
                        """),
                arguments: [owner, instant.millisecondsSince1970]
            ).map { row in
                PlannedNotification(
                    due: Date(millisecondsSince1970: row["due_ms"]), kind: .snooze,
                    sourceID: UUID.fromDatabaseValue(row["source_id"]), title: row["title"], body: row["body"],
                    action: (row["action"] as String?).flatMap(NotificationAction.init(text:)))
            }
        }
    }
}
