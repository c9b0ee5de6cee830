/// The secret addresses of users' widgets. Shipped once released; never edit, add a new migration.
enum PostgresMigration008CreateWidgetLinks {
    static let migration = PostgresMigration(
        identifier: "008-create-widget-links",
        statements: [
            """
            CREATE TABLE widget_links (
                owner_id uuid PRIMARY KEY,
                secret text NOT NULL UNIQUE
            )
            """
        ])
}
