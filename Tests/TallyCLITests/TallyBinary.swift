import Foundation
import TallyTestSupport

/// Runs the built `tally` executable, as a user would, in its own data directory with a pinned clock
/// and zone.
struct TallyBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let dataDirectory: URL
    var now = "2026-11-22T10:00:00-05:00"
    var zone = "America/New_York"
    /// More environment for the process (a server's address, a switch).
    var environment: [String: String] = [:]

    init() throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tally-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    }

    /// The executable next to the test bundle (`swift build --build-tests` builds both), or `$TALLY_BINARY`.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["TALLY_BINARY"] { return URL(fileURLWithPath: path) }
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("tally")
    }

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, useDataDirOption: Bool = true) throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["TALLY_NOW"] = now
        environment["TZ"] = zone
        environment["TALLY_DATA_DIR"] = dataDirectory.path
        environment.merge(self.environment) { $1 }
        let finished = try ChildProcess.run(
            Self.executable.path, arguments + (useDataDirOption ? ["--data-dir", dataDirectory.path] : []),
            environment: environment, input: Data((stdin ?? "").utf8))
        return Result(
            status: finished.status, stdout: String(decoding: finished.stdout, as: UTF8.self),
            stderr: String(decoding: finished.stderr, as: UTF8.self))
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try run(arguments)
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    func jsonArray(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try run(arguments)
        guard result.status == 0 else { throw CLIFailure(result: result) }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    }

    func remove() { try? FileManager.default.removeItem(at: dataDirectory) }
}

struct CLIFailure: Error, CustomStringConvertible {
    let result: TallyBinary.Result
    var description: String { "tally exited \(result.status): \(result.stderr)" }
}
