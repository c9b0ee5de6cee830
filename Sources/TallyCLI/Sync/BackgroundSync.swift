import Foundation

/// Pushes local changes in the background when a server is configured: after a command's first change
/// commits, it starts `tally sync --background` as a separate process and goes on without waiting. The
/// change is already stored; the push may fail (offline) and is simply tried again after the next one or
/// by `tally sync`. `TALLY_NO_BACKGROUND_SYNC=1` turns it off.
final class BackgroundSync: @unchecked Sendable {
    private let dataDirectory: URL
    private let lock = NSLock()
    private var started = false
    private var isEnabled = false

    /// Whether a server is configured (and background pushes are not turned off).
    var enabled: Bool {
        get { lock.withLock { isEnabled } }
        set { lock.withLock { isEnabled = newValue } }
    }

    init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    static var isDisabled: Bool {
        let value = ProcessInfo.processInfo.environment["TALLY_NO_BACKGROUND_SYNC"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// Starts the background push, once per process.
    func changed() {
        lock.lock()
        defer { lock.unlock() }
        guard isEnabled, !started, let executable = Bundle.main.executableURL else { return }
        started = true
        let process = Process()
        process.executableURL = executable
        process.arguments = ["sync", "--background", "--data-dir", dataDirectory.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // Starting it can fail (no processes left); the change is stored all the same.
        try? process.run()
    }
}
