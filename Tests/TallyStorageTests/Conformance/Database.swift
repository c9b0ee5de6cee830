import Foundation
import TallyCore
import TallyPostgres
import TallySQLite
import TallyServices
import TallyStorage
import Testing

/// The databases every conformance test runs on: SQLite always, PostgreSQL when a test server is named
/// (always in CI, see ``TestServer``).
enum Database: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    static var available: [Database] { TestServer.enabled ? [.sqlite, .postgres] : [.sqlite] }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this database, removed afterwards.
    func withStore<T>(_ body: (StoreUnderTest) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let directory = try TemporaryDirectory()
            return try await body(StoreUnderTest(store: try SQLiteStore(directory: directory.url)))
        case .postgres:
            return try await TestDatabase.withStore { store, _ in try await body(StoreUnderTest(store: store)) }
        }
    }

    /// Runs `body` with two stores over one new database, as two server processes (SQLite: two
    /// connections to one file).
    func withTwoStores<T>(_ body: (StoreUnderTest, StoreUnderTest) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let directory = try TemporaryDirectory()
            return try await body(
                StoreUnderTest(store: try SQLiteStore(directory: directory.url)),
                StoreUnderTest(store: try SQLiteStore(directory: directory.url)))
        case .postgres:
            return try await TestDatabase.withStore { first, database in
                let second = try await database.open()
                do {
                    let result = try await body(StoreUnderTest(store: first), StoreUnderTest(store: second))
                    await second.shutdown()
                    return result
                } catch {
                    await second.shutdown()
                    throw error
                }
            }
        }
    }
}

/// A store under test and a user's scope over it, with a pinned clock in New York.
struct StoreUnderTest: Sendable {
    static let now = StoreFixture.now
    static let zone = TimeZone(identifier: "America/New_York")!

    let store: any TallyStore

    /// The scope of `owner` (the local user by default) at `now`.
    func scope(owner: UUID = LocalUser.id, now: Date = StoreUnderTest.now, reading: RequestNow? = nil) -> UserScope {
        UserScope(store: store, owner: owner, clock: FixedClock(now), machineZone: Self.zone, reading: reading)
    }

    /// Every record of `owner`, tombstones included, from the change feed.
    func everything(of owner: UUID = LocalUser.id) async throws -> [AnyRecord] {
        var records: [AnyRecord] = []
        var after: Int64 = 0
        while true {
            let page = try await store.changes(owner: owner, after: after, limit: 100)
            records += page.records
            after = page.through
            if !page.hasMore { return records }
        }
    }
}
