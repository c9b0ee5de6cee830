import Foundation
import GRDB
import TallyStorage

/// Calendar-feed and widget secrets: see ``SecretLinkStore``.
extension SQLiteStore {
    public func secret(of link: SecretLink, owner: UUID) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(
                db, sql: "SELECT secret FROM \(link.table) WHERE owner_id = ?", arguments: [owner])
        }
    }

    public func setSecret(_ secret: String?, of link: SecretLink, owner: UUID) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM \(link.table) WHERE owner_id = ?", arguments: [owner])
            if let secret {
                try db.execute(
                    sql: "INSERT INTO \(link.table) (owner_id, secret) VALUES (?, ?)", arguments: [owner, secret])
            }
        }
    }

    public func owner(of link: SecretLink, secret: String) async throws -> UUID? {
        try await pool.read { db in
            try UUID.fetchOne(db, sql: "SELECT owner_id FROM \(link.table) WHERE secret = ?", arguments: [secret])
        }
    }
}

extension SecretLink {
    /// The table holding this link's secrets (migrations 009 and 012): the same columns in both.
    var table: String {
        switch self {
        case .calendarFeed: "calendar_feeds"
        case .widgets: "widget_links"
        }
    }
}
