import Foundation
import PostgresNIO
import TallyCore

@testable import TallyPostgres

/// A new, empty database on the test server for one test, dropped when it ends, so tests can run at once
/// and leave nothing behind.
struct TestDatabase {
    let name: String
    let url: DatabaseURL

    /// Runs `body` with a new database, dropping it afterwards whether `body` succeeded or not.
    static func with<T>(_ body: (TestDatabase) async throws -> T) async throws -> T {
        let name = "tally_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        var url = try TestServer.adminURL()
        url.database = name
        try await TestServer.run("CREATE DATABASE \(unescaped: name)")
        let database = TestDatabase(name: name, url: url)
        do {
            let result = try await body(database)
            try await database.drop()
            return result
        } catch {
            try? await database.drop()
            throw error
        }
    }

    /// Runs `body` with a store opened on a new database; the store is shut down and the database dropped
    /// afterwards.
    static func withStore<T>(_ body: (PostgresStore, TestDatabase) async throws -> T) async throws -> T {
        try await with { database in
            let store = try await database.open()
            do {
                let result = try await body(store, database)
                await store.shutdown()
                return result
            } catch {
                await store.shutdown()
                throw error
            }
        }
    }

    /// Opens a store on this database, as one more server process would. The wait for a pooled connection
    /// is longer than a server's: the whole suite shares one test server on a busy machine (40 log-in
    /// attempts at once waited more than 30 s for connections while the sync simulation ran), and a test
    /// of the timeout itself gives its own.
    func open(leaseTimeout: Duration = .seconds(120)) async throws -> PostgresStore {
        try await PostgresStore.open(url: url, logger: TestServer.quiet, leaseTimeout: leaseTimeout)
    }

    /// Runs `sql` on this database as the administrator.
    @discardableResult
    func run(_ sql: PostgresQuery) async throws -> [PostgresRow] {
        try await TestServer.run(sql, database: name)
    }

    /// Drops the database, closing whatever connections are still open on it.
    func drop() async throws {
        try await TestServer.run("DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)")
    }

    /// Merges `count` water entries of the local user into `store`, ten minutes apart back from `now`, every
    /// `tombstoneEvery`th of them (if given) deleted: a history for the planner to choose how to read.
    static func storeWater(
        _ count: Int, tombstoneEvery: Int? = nil, now: Date, into store: PostgresStore
    ) async throws {
        let device = UUID()
        let records = (0..<count).map { index in
            let at = now.addingTimeInterval(-Double(index) * 600)
            let meta = RecordMeta(
                id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: device,
                stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0),
                isDeleted: tombstoneEvery.map { index % $0 == 0 } ?? false)
            return AnyRecord(
                WaterEntry(
                    meta: meta, fields: WaterEntryFields(at: at, timeZoneID: "UTC", amountML: 250), source: .api))
        }
        _ = try await store.merge(records, now: now)
    }
}
