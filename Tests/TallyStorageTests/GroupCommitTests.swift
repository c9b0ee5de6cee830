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
        let runs = RunCount()
        let answers = try await withThrowingTaskGroup(of: (Int, Int64).self) { group in
            for value in 0..<200 {
                group.addTask {
                    let id = try await commits.write { db -> Int64 in
                        runs.add()
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
        // Nothing failed, so no batch was run again.
        #expect(runs.value == 200)
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

    /// A run that stopped without going on would leave the writes behind it waiting forever (a write waiting
    /// for its commit cannot be cancelled), so the writers run in a task of their own that must finish in time.
    @Test func aLongRunOfCommitsLetsWritesOutsideTheGroupThroughAndAnswersEveryWrite() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.url.appendingPathComponent("group.sqlite").path)
        try await pool.write { db in
            try db.execute(sql: "CREATE TABLE rows (v INTEGER NOT NULL UNIQUE)")
            try db.execute(sql: "CREATE TABLE outside (v INTEGER NOT NULL)")
        }
        // Runs of two commits: twelve writers, each waiting for its last write before making the next, keep
        // the queue busy past the end of many runs; a thirteenth writes outside the group meanwhile.
        let commits = GroupCommit(writer: pool, runLength: 2)
        let finished = Finished()
        let writers = Task {
            defer { finished.set() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<12 {
                    group.addTask {
                        for index in 0..<150 {
                            let value = writer * 1_000 + index
                            let answer = try await commits.write { db -> Int in
                                try db.execute(sql: "INSERT INTO rows (v) VALUES (?)", arguments: [value])
                                return value
                            }
                            #expect(answer == value)
                        }
                    }
                }
                group.addTask {
                    for index in 0..<20 {
                        try await pool.write {
                            try $0.execute(sql: "INSERT INTO outside (v) VALUES (?)", arguments: [index])
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        var waited = Duration.zero
        while !finished.value, waited < .seconds(60) {
            try await Task.sleep(for: .milliseconds(10))
            waited += .milliseconds(10)
        }
        try #require(finished.value, "writes were left waiting after a run of commits ended")
        try await writers.value
        let counts = try await pool.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM rows"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outside")
            )
        }
        #expect(counts.0 == 1_800 && counts.1 == 20)
        #expect(commits.statistics.writes == 1_800 && commits.statistics.commits > 2)
        // The queue is empty and the run has ended: a lone write afterwards is committed and answered alone.
        let before = commits.statistics.commits
        try await commits.write { try $0.execute(sql: "INSERT INTO rows (v) VALUES (-1)") }
        #expect(commits.statistics.commits == before + 1)
    }
}

/// Set once, read from another task.
private final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    var value: Bool { lock.withLock { isSet } }

    func set() { lock.withLock { isSet = true } }
}

/// How many times the writes ran, counted from the writer's thread.
private final class RunCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func add() { lock.withLock { count += 1 } }
}
