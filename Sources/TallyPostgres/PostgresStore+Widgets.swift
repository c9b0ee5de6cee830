import Foundation
import PostgresNIO
import TallyStorage

extension PostgresStore: WidgetStore {
    public func widgetSecret(owner: UUID) async throws -> String? {
        try await rows("SELECT secret FROM widget_links WHERE owner_id = \(owner)").first?.decode(String.self)
    }

    public func setWidgetSecret(_ secret: String?, owner: UUID) async throws {
        if let secret {
            try await execute(
                """
                INSERT INTO widget_links (owner_id, secret) VALUES (\(owner), \(secret))
                ON CONFLICT (owner_id) DO UPDATE SET secret = excluded.secret
                """)
        } else {
            try await execute("DELETE FROM widget_links WHERE owner_id = \(owner)")
        }
    }

    public func owner(ofWidgetSecret secret: String) async throws -> UUID? {
        try await rows("SELECT owner_id FROM widget_links WHERE secret = \(secret)").first?.decode(UUID.self)
    }
}
