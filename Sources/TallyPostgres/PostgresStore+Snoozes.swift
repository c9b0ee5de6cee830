import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

extension PostgresStore {
    public func addSnooze(_ notification: PlannedNotification, owner: UUID) async throws {
        try await execute(
            """
            INSERT INTO notification_snoozes (owner_id, key, due_ms, source_id, title, body, action)
            VALUES (\(owner), \(notification.key), \(notification.due.millisecondsSince1970), \(notification.sourceID),
                \(notification.title), \(notification.body), \(notification.action?.text))
            ON CONFLICT (owner_id, key) DO NOTHING
            """)
    }

    public func snoozes(owner: UUID, from instant: Date) async throws -> [PlannedNotification] {
        try await rows(
            """
            SELECT due_ms, source_id, title, body, action FROM notification_snoozes
            WHERE owner_id = \(owner) AND due_ms >= \(instant.millisecondsSince1970) ORDER BY due_ms, key
            """
        ).map { row in
            let (due, source, title, body, action) = try row.decode((Int64, UUID?, String, String, String?).self)
            return PlannedNotification(
                due: Date(millisecondsSince1970: due), kind: .snooze, sourceID: source, title: title, body: body,
                action: action.flatMap(NotificationAction.init(text:)))
        }
    }
}
