import Foundation
import PostgresNIO
import TallyCore
import TallyStorage
import Testing

@testable import TallyPostgres

/// A page of the change feed costs the page, not the history after it, whatever PostgreSQL's statistics
/// say about the owner.
@Suite(.enabled(if: TestServer.enabled)) struct PostgresFeedPlanTests {
    @Test func aPageWalksTheSequenceIndexAndStopsAtItsEnd() async throws {
        try await TestDatabase.withStore { store, _ in
            try await TestDatabase.storeWater(3_000, now: Date(timeIntervalSince1970: 1_795_000_000), into: store)
            // The table was just filled: no statistics yet, as after an import. Without the settings the plan
            // was a bitmap scan of every change after the cursor and a sort of them.
            let feed = PostgresStore.changedRecords(of: LocalUser.id, after: 10, limit: 100)
            let plan = try await store.withTransaction { connection in
                _ = try await connection.rows(PostgresStore.inSequenceOrder, logger: TestServer.quiet)
                return try await connection.rows(
                    PostgresQuery(unsafeSQL: "EXPLAIN " + feed.sql, binds: feed.binds), logger: TestServer.quiet
                ).map { try $0.decode(String.self) }.joined(separator: "\n")
            }
            #expect(plan.contains("Index Scan using records_by_sequence"), "\(plan)")
            #expect(!plan.contains("Sort"), "\(plan)")
            // And the page itself: the 100 changes after the 10th, in order, and one more to say there are more.
            let page = try await store.changes(owner: LocalUser.id, after: 10, limit: 100)
            #expect(page.records.count == 100)
            #expect(page.hasMore)
        }
    }
}
