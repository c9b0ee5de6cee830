import ArgumentParser
import Foundation
import TallyCore
import TallySQLite
import TallyServices
import TallyStorage

/// `--data-dir`, shared by every command that opens the store.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The data directory (default: $TALLY_DATA_DIR, else $XDG_DATA_HOME/tally, else ~/.local/share/tally).",
            valueName: "dir"))
    var dataDir: String?

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

    /// The scope over the store in the data directory, with the system clock and zone: the local user's,
    /// or after `tally login` the account's, whose changes are then pushed in the background.
    func scope() throws -> UserScope { try device().scope }

    /// The data directory's store as a device that syncs with a server, and the scope over it.
    func device() throws -> (store: any DeviceSyncStore, scope: UserScope) {
        let background = BackgroundSync(dataDirectory: directory)
        let store = try SQLiteStore(directory: directory) { background.changed() }
        let state = try store.syncStateNow()
        background.enabled = state != nil && !BackgroundSync.isDisabled
        let scope = UserScope(
            store: store, owner: state?.ownerID ?? LocalUser.id, clock: try SystemClock.fromEnvironment(),
            machineZone: TimeZone.current)
        return (store, scope)
    }

    /// The accounts of the server whose data directory this is.
    func accounts() throws -> AccountService {
        AccountService(store: try SQLiteStore(directory: directory), clock: try SystemClock.fromEnvironment())
    }
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
