import GRDB
import GRDBSQLite

extension Statement {
    /// Runs this write statement with `values` bound by position, straight through SQLite's C API.
    ///
    /// `execute(arguments:)` first builds `StatementArguments` through a generic initializer that cannot be
    /// specialized outside GRDB; a merge of ten thousand rows spent more time there than in SQLite. Only for
    /// statements inside a write transaction the caller holds, which GRDB has no observer watching.
    func run(binding values: [DatabaseValue], in db: Database) throws {
        let statement = sqliteStatement
        sqlite3_reset(statement)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in zip(CInt(1)..., values) {
            let code = value.bind(to: statement, at: index)
            guard code == SQLITE_OK else { throw failure(db) }
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw failure(db) }
    }

    /// The connection's own account of what went wrong (its extended result code and message).
    private func failure(_ db: Database) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)),
            message: db.lastErrorMessage,
            sql: sql)
    }
}
