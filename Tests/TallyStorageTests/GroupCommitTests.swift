import Foundation
import GRDB
import TallyCore
import Testing

@testable import TallySQLite

/// Writes made at once share commits, each answered with its own result once stored; one that fails
/// leaves the others of its commit stored.
@Suite struct GroupCommitTests {
    @Test func concurrentWritesAreEachStoredOnceWithTheirOwnAnswers() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.url.appendingPathComponent("group.sqlite").path)
        try await pool.write { try $0.execute(sql: "CREATE TABLE rows (v INTEGER NOT NULL UNIQUE)") }
        let commits = GroupCommit(writer: pool)
        let answers = try await withThrowingTaskGroup(of: (Int, Int64).self) { group in
            for value in 0..<200 {
                group.addTask {
                    let id = try await commits.write { db -> Int64 in
                        try db.execute(sql: "INSERT INTO rows (v) VALUES (?)", arguments: [value])
                        return db.lastInsertedRowID
                    }
                    return (value, id)
                }
            }
            return try await group.reduce(into: [Int: Int64]()) { $0[$1.0] = $1.1 }
        }
        let stored = try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT rowid, v FROM rows").reduce(into: [Int: Int64]()) {
                $0[$1["v"]] = $1["rowid"]
            }
        }
        #expect(answers.count == 200 && stored == answers)
        let statistics = commits.statistics
        #expect(statistics.writes == 200 && statistics.commits < 200, "\(statistics): no commit held two writes")
    }

    @Test func aFailingWriteIsRolledBackAloneAndReportsItsOwnError() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.url.appendingPathComponent("group.sqlite").path)
        try await pool.write { try $0.execute(sql: "CREATE TABLE rows (v INTEGER NOT NULL UNIQUE)") }
        let commits = GroupCommit(writer: pool)
        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for value in 0..<100 {
                group.addTask {
                    do {
                        try await commits.write { db in
                            try db.execute(sql: "INSERT INTO rows (v) VALUES (?)", arguments: [value])
                            // Every tenth write inserts a second row, then fails: neither row may stay.
                            if value % 10 == 0 {
                                try db.execute(sql: "INSERT INTO rows (v) VALUES (?)", arguments: [value + 1000])
                                throw TallyError.invalid(field: "v", reason: "\(value) is refused")
                            }
                        }
                        return (value, true)
                    } catch {
                        #expect(error as? TallyError == .invalid(field: "v", reason: "\(value) is refused"))
                        return (value, false)
                    }
                }
            }
            return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        let stored = try await pool.read { db in Set(try Int.fetchAll(db, sql: "SELECT v FROM rows")) }
        #expect(stored == Set((0..<100).filter { $0 % 10 != 0 }))
        #expect(outcomes.filter(\.value).count == 90)
        #expect(commits.statistics.commits < 100)
    }
}
