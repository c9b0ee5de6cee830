import Foundation
import GRDB
import TallyCore
import TallyStorage
import Testing

@testable import TallySQLite

/// The log is copied back into the database in the background once a commit leaves it long, and in the
/// commit itself only when the writer never pauses; either way it stays bounded and nothing is lost.
@Suite struct WALCheckpointerTests {
    /// A fresh database file whose writer has a checkpointer with the given thresholds in place of SQLite's
    /// automatic checkpoint, and a table to fill.
    private struct Log {
        let directory: TemporaryDirectory
        let path: String
        let checkpointer: WALCheckpointer
        let pool: DatabasePool

        init(pages: CInt, inPlacePages: CInt) throws {
            directory = try TemporaryDirectory()
            path = directory.url.appendingPathComponent("log.sqlite").path
            let checkpointer = WALCheckpointer(path: path, pages: pages, inPlacePages: inPlacePages)
            var configuration = Configuration()
            configuration.prepareDatabase { db in
                guard !db.configuration.readonly else { return }
                checkpointer.install(on: db)
            }
            self.checkpointer = checkpointer
            pool = try DatabasePool(path: path, configuration: configuration)
            try pool.write { try $0.execute(sql: "CREATE TABLE rows (v INTEGER NOT NULL, padding BLOB NOT NULL)") }
        }

        /// Commits `count` rows one at a time, each about three pages of the log.
        func commit(_ count: Int) throws {
            for value in 0..<count {
                try pool.write { db in
                    try db.execute(sql: "INSERT INTO rows (v, padding) VALUES (?, zeroblob(3000))", arguments: [value])
                }
            }
        }

        /// The log file's length in pages: SQLite writes it from its start again, never shorter, so this is
        /// the longest it has been.
        func pages() async throws -> Int {
            let bytes = (try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
            return bytes / (try await pool.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } ?? 4096)
        }

        func rows() async throws -> Int? {
            try await pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM rows") }
        }

        func untilIdle() async throws {
            for _ in 0..<500 where !checkpointer.isIdle { try await Task.sleep(for: .milliseconds(10)) }
        }
    }

    @Test func aLongLogIsCheckpointedInTheBackgroundAndStaysShort() async throws {
        let log = try Log(pages: 20, inPlacePages: 1_000_000)
        for _ in 0..<10 {
            try log.commit(30)
            // The writer pauses: the background copies the whole log meanwhile.
            try await log.untilIdle()
        }
        let statistics = log.checkpointer.statistics
        #expect(statistics.background >= 10 && statistics.inPlace == 0, "\(statistics)")
        // About 900 pages written. After each pause the next commit writes the log from its start again, so
        // it never held much more than a round.
        #expect(try await log.pages() < 200)
        #expect(try await log.rows() == 300)
    }

    @Test func aWriterThatNeverPausesStillKeepsTheLogBounded() async throws {
        let log = try Log(pages: 20, inPlacePages: 80)
        try log.commit(600)
        // About 1,800 pages written; a commit checkpoints in place at 80.
        #expect(try await log.pages() < 200)
        #expect(try await log.rows() == 600)
    }

    @Test func aWriterThatNeverPausesGetsAPassAMomentApartNotOneACommit() async throws {
        let log = try Log(pages: 20, inPlacePages: 1_000_000)
        try log.commit(600)
        try await log.untilIdle()
        // Nearly every one of the 600 commits leaves the log past the threshold, all within a second or so:
        // a pass after each commit would be hundreds, one every 50 ms a handful.
        let statistics = log.checkpointer.statistics
        #expect(statistics.background >= 1 && statistics.background <= 50, "\(statistics)")
        #expect(try await log.rows() == 600)
    }

    @Test func aCommitCheckpointsInPlaceWhenTheLogGrowsTooLong() async throws {
        // The background's threshold is never reached: only commits checkpoint.
        let log = try Log(pages: 1_000_000, inPlacePages: 20)
        try log.commit(300)
        let statistics = log.checkpointer.statistics
        #expect(statistics.inPlace >= 10 && statistics.background == 0, "\(statistics)")
        #expect(try await log.pages() < 200)
        #expect(try await log.rows() == 300)
    }

    @Test func aStoreCheckpointsItsLogInTheBackground() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(
            path: directory.url.appendingPathComponent(SQLiteStore.fileName).path, checkpointPages: 20)
        for batch in 0..<30 {
            let entries = (0..<10).map { index in
                let at = StoreFixture.now.addingTimeInterval(-Double(batch * 10 + index) * 60)
                let meta = RecordMeta(
                    id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: UUID(),
                    stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
                let fields = WaterEntryFields(at: at, timeZoneID: "UTC", amountML: 250)
                return AnyRecord(WaterEntry(meta: meta, fields: fields, source: .cli))
            }
            _ = try await store.merge(entries, now: StoreFixture.now)
        }
        let checkpointer = try #require(store.checkpointer)
        for _ in 0..<500 where !checkpointer.isIdle { try await Task.sleep(for: .milliseconds(10)) }
        #expect(checkpointer.statistics.background >= 1, "\(checkpointer.statistics)")
        let stored = try await store.records(WaterEntry.self, owner: LocalUser.id, RecordQuery())
        #expect(stored.count == 300)
    }

    @Test func sqliteItselfNoLongerCheckpointsTheWritersCommits() async throws {
        // Neither threshold is reached. SQLite's own automatic checkpoint would run at 1,000 pages.
        let log = try Log(pages: 1_000_000, inPlacePages: 1_000_000)
        try log.commit(400)
        #expect(try await log.pages() > 1_100)
        #expect(log.checkpointer.statistics == (0, 0))
    }
}
