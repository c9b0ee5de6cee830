import Foundation
import GRDB
import TallyStorage

/// Widget addresses: see ``WidgetStore``.
extension SQLiteStore {
    public func widgetSecret(owner: UUID) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT secret FROM widget_links WHERE owner_id = ?", arguments: [owner])
        }
    }

    public func setWidgetSecret(_ secret: String?, owner: UUID) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM widget_links WHERE owner_id = ?", arguments: [owner])
            if let secret {
                try db.execute(
                    sql: "INSERT INTO widget_links (owner_id, secret) VALUES (?, ?)", arguments: [owner, secret])
            }
        }
    }

    public func owner(ofWidgetSecret secret: String) async throws -> UUID? {
        try await pool.read { db in
            try UUID.fetchOne(db, sql: "SELECT owner_id FROM widget_links WHERE secret = ?", arguments: [secret])
        }
    }
}
