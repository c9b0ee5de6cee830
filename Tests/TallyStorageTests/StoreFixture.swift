import Foundation
import TallyCore
import TallySQLite
import TallyServices

/// A real SQLite store in a temporary directory, seen by the local user with a pinned clock in New York.
struct StoreFixture {
    static let now = TimeInput.parseISO("2026-11-22T10:00:00-05:00", zone: TimeZone(identifier: "UTC")!)!

    let directory: TemporaryDirectory
    let store: SQLiteStore
    let scope: UserScope

    init(now: Date = StoreFixture.now) throws {
        directory = try TemporaryDirectory()
        store = try SQLiteStore(directory: directory.url)
        scope = UserScope(
            store: store, clock: FixedClock(now), machineZone: TimeZone(identifier: "America/New_York")!)
    }

    /// The same data directory opened again, as another process would.
    func reopened() throws -> UserScope {
        UserScope(store: try SQLiteStore(directory: directory.url), clock: scope.clock, machineZone: scope.machineZone)
    }
}
