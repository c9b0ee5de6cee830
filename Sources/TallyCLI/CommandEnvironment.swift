import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import TallyCore
import TallyPostgres
import TallySQLite
import TallyServices
import TallyStorage

/// `--data-dir` or `--database`, shared by every command that opens a store.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The data directory (default: $TALLY_DATA_DIR, else $XDG_DATA_HOME/tally, else ~/.local/share/tally).",
            valueName: "dir"))
    var dataDir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A PostgreSQL database instead of the data directory's SQLite file: "
                + "postgres://USER[:PASSWORD]@HOST[:PORT]/DB or 'host=HOST dbname=DB user=USER' "
                + "(default: $TALLY_DATABASE_URL).",
            valueName: "url"))
    var database: String?

    /// The directory in force, by the rule in the help text.
    var directory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let dataDir { return URL(fileURLWithPath: dataDir) }
        if let dir = environment["TALLY_DATA_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("tally")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share/tally")
    }

    /// The PostgreSQL address in force, if any: `--database`, else `$TALLY_DATABASE_URL`.
    var databaseURL: String? {
        if let database { return database }
        let variable = ProcessInfo.processInfo.environment["TALLY_DATABASE_URL"]
        return variable?.isEmpty == false ? variable : nil
    }

    /// Where the data is, for messages: the data directory or the database's server.
    var location: String {
        if let databaseURL, let url = try? DatabaseURL(parsing: databaseURL) {
            return "PostgreSQL database \(url.database) at \(url.endpoint)"
        }
        return directory.path
    }

    /// The store in force: PostgreSQL when an address is given, else the data directory's SQLite file.
    func open() async throws -> any TallyStore {
        if let databaseURL {
            return try await PostgresStore.open(url: databaseURL, logger: Self.quiet, events: Self.events)
        }
        return try SQLiteStore(directory: directory, logger: Self.events)
    }

    /// The store `tally serve` runs on, and the services it needs running before anything reads it: on
    /// PostgreSQL the client, which the server's service group runs first and stops last; none on SQLite.
    /// `events` hears the migrations applied and, on PostgreSQL, the connection lost and back.
    func openForService(events: Logger) async throws -> (store: any TallyStore, services: [any Service]) {
        if let databaseURL {
            let store = try await PostgresStore.open(
                url: databaseURL, logger: Self.quiet, events: events, runner: .serviceGroup)
            return (store, [store.clientService])
        }
        return (try SQLiteStore(directory: directory, logger: events), [])
    }

    /// The scope of the store's local user, with the system clock and zone: on a data directory the local
    /// user's, or after `tally login` the account's, whose changes are then pushed in the background; on a
    /// database, the first account's.
    func scope() async throws -> UserScope {
        if databaseURL != nil {
            return UserScope(
                store: try await open(), clock: try SystemClock.fromEnvironment(), machineZone: TimeZone.current)
        }
        return try device().scope
    }

    /// The scope of the account called `user` on a server's store (the data directory or the database), or
    /// ``scope()`` without one.
    func scope(user: String?) async throws -> UserScope {
        guard let user else { return try await scope() }
        let store = try await open()
        let account = try await AccountService(store: store, clock: try SystemClock.fromEnvironment()).user(named: user)
        return UserScope(
            store: store, owner: account.id, clock: try SystemClock.fromEnvironment(), machineZone: TimeZone.current)
    }

    /// Whether the store has accounts (a server's): then an import of another account's backup must name
    /// the account it goes to.
    func hasAccounts() async throws -> Bool { try await !open().users().isEmpty }

    /// The user's notifications, on the database or the data directory (where `tally serve` sends them).
    func notifications() async throws -> NotificationService {
        if databaseURL != nil {
            let store = try await open()
            return NotificationService(
                scope: UserScope(store: store, clock: try SystemClock.fromEnvironment(), machineZone: TimeZone.current),
                store: store)
        }
        let (store, scope) = try sqliteDevice()
        return NotificationService(scope: scope, store: store)
    }

    /// The user's share links of the diary report, on the database or the data directory (where
    /// `tally serve` answers them).
    func diaryShares() async throws -> DiaryShareService {
        if databaseURL != nil {
            let store = try await open()
            return DiaryShareService(
                scope: UserScope(store: store, clock: try SystemClock.fromEnvironment(), machineZone: TimeZone.current),
                store: store)
        }
        let (store, scope) = try sqliteDevice()
        return DiaryShareService(scope: scope, store: store)
    }

    /// The data directory's store as a device that syncs with a server, and the scope over it.
    func device() throws -> (store: any DeviceSyncStore, scope: UserScope) {
        let (store, scope) = try sqliteDevice()
        return (store, scope)
    }

    private func sqliteDevice() throws -> (store: SQLiteStore, scope: UserScope) {
        guard databaseURL == nil else {
            throw ValidationError(
                "login and sync work on a data directory; a PostgreSQL database is a server's, which devices sync with")
        }
        let background = BackgroundSync(dataDirectory: directory)
        let store = try SQLiteStore(directory: directory, logger: Self.events) { background.changed() }
        let state = try store.syncStateNow()
        background.enabled = state != nil && !BackgroundSync.isDisabled
        let scope = UserScope(
            store: store, owner: state?.ownerID ?? LocalUser.id, clock: try SystemClock.fromEnvironment(),
            machineZone: TimeZone.current)
        return (store, scope)
    }

    /// The accounts of the server whose store this is.
    func accounts() async throws -> AccountService {
        AccountService(store: try await open(), clock: try SystemClock.fromEnvironment())
    }

    /// PostgresNIO's own log lines stay out of the CLI's output; faults arrive as errors.
    static let quiet = Logger(label: "tally.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// What a command tells of the store it opened, on standard error: a migration applied to an existing
    /// store (a new one's creation is info, below this level, so a first command prints nothing extra).
    static let events: Logger = {
        var logger = Logger(label: "tally", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .notice
        return logger
    }()
}

/// The real clock: the one place the CLI and server read the time. `TALLY_NOW` (an ISO 8601 instant)
/// pins it, for scripts and tests that need a fixed "now".
struct SystemClock: WallClock {
    func now() -> Date { Date() }

    static func fromEnvironment() throws -> any WallClock {
        guard let text = ProcessInfo.processInfo.environment["TALLY_NOW"], !text.isEmpty else { return SystemClock() }
        guard let instant = TimeInput.parseInstant(text) else {
            throw ValidationError("TALLY_NOW: '\(text)' is not an ISO 8601 date-time")
        }
        return FixedClock(instant)
    }
}
