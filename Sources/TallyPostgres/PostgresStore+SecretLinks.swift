import Foundation
import PostgresNIO
import TallyStorage

extension PostgresStore: SecretLinkStore {
    public func secret(of link: SecretLink, owner: UUID) async throws -> String? {
        try await rows("SELECT secret FROM \(unescaped: link.table) WHERE owner_id = \(owner)").first?.decode(
            String.self)
    }

    public func setSecret(_ secret: String?, of link: SecretLink, owner: UUID) async throws {
        if let secret {
            try await execute(
                """
                INSERT INTO \(unescaped: link.table) (owner_id, secret) VALUES (\(owner), \(secret))
                ON CONFLICT (owner_id) DO UPDATE SET secret = excluded.secret
                """)
        } else {
            try await execute("DELETE FROM \(unescaped: link.table) WHERE owner_id = \(owner)")
        }
    }

    public func owner(of link: SecretLink, secret: String) async throws -> UUID? {
        try await rows("SELECT owner_id FROM \(unescaped: link.table) WHERE secret = \(secret)").first?.decode(
            UUID.self)
    }
}

extension SecretLink {
    /// The table holding this link's secrets: the same columns in both.
    var table: String {
        switch self {
        case .calendarFeed: "calendar_feeds"
        case .widgets: "widget_links"
        }
    }
}
