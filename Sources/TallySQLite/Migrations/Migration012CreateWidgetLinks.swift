import GRDB

/// The secret addresses of users' widgets. Shipped once released; never edit, add a new migration.
enum Migration012CreateWidgetLinks {
    static let identifier = "012-create-widget-links"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE widget_links (
                    owner_id BLOB PRIMARY KEY NOT NULL,
                    secret TEXT NOT NULL UNIQUE
                );
                """)
    }
}
