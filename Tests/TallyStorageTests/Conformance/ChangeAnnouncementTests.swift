import Foundation
import TallyCore
import TallyStorage
import Testing

/// PostgreSQL announces each commit's owner to every process on the database (LISTEN/NOTIFY); SQLite
/// announces nothing, and open pages poll.
@Suite struct ChangeAnnouncementTests {
    @Test func sqliteAnnouncesNothing() async throws {
        try await Database.sqlite.withStore { subject in #expect(!subject.store.announcesChanges) }
    }

    @Test(.enabled(if: Database.available.contains(.postgres), "needs TALLY_TEST_POSTGRES_URL"))
    func aCommitInOneProcessIsAnnouncedInAnother() async throws {
        try await Database.postgres.withTwoStores { first, second in
            #expect(second.store.announcesChanges)
            let (announced, announce) = AsyncStream<UUID>.makeStream()
            let listener = Task { await second.store.listenForChanges { announce.yield($0) } }
            defer { listener.cancel() }
            let heard = Task { () -> UUID? in
                for await owner in announced { return owner }
                return nil
            }
            // Listening starts on a connection of its own: write until it hears (or give up after 10 s).
            let writer = Task {
                for _ in 0..<20 {
                    _ = try await first.scope().water.log(amountML: 250, source: .api)
                    try await Task.sleep(for: .milliseconds(500))
                }
                heard.cancel()
            }
            #expect(await heard.value == LocalUser.id)
            writer.cancel()
        }
    }
}
