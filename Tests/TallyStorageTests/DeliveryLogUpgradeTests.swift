import Foundation
import GRDB
import TallyCore
import TallyStorage
import Testing

@testable import TallySQLite

/// Servers of two versions share one database during an upgrade: a log row of a notification kind the
/// older one does not know (the diary's reminders were one) is passed over, not a failed page.
@Suite struct DeliveryLogUpgradeTests {
    @Test func aLogRowOfALaterKindIsPassedOver() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.url)
        try await store.pool.write { db in
            for (seq, kind) in [(1, "water"), (2, "a kind of a later version")] {
                try db.execute(
                    sql: """
                        INSERT INTO notification_log
                            (owner_id, at_ms, key, kind, title, channel_name, channel_kind, attempt, outcome, detail)
                        VALUES (?, ?, ?, ?, 'Time for some water', 'phone', 'webhook', 1, 'sent', '')
                        """, arguments: [LocalUser.id, seq * 1_000, "key/\(seq)", kind])
            }
        }
        let log = try await store.deliveryLog(owner: LocalUser.id, limit: 10)
        #expect(log.map(\.key) == ["key/1"])
    }
}
