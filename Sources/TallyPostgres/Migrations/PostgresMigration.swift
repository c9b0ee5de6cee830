/// One step of the PostgreSQL schema's history. Its statements run one by one (PostgresNIO sends each as a
/// prepared statement, which holds a single command) in the transaction that records it as applied.
struct PostgresMigration: Sendable {
    /// Recorded in `tally_migrations` once applied; never changes once shipped.
    let identifier: String
    let statements: [String]
}
