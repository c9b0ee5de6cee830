import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and collects its rows: Tally's statements return a handful of rows, and collecting them
    /// ends the statement before the connection goes back to the pool.
    func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await self.query(query, logger: logger).collect()
    }

    /// Runs `query` for its effect.
    func execute(_ query: PostgresQuery, logger: Logger) async throws {
        _ = try await rows(query, logger: logger)
    }
}
