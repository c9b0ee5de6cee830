import Foundation
import TallyTestSupport

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `tally serve` on its own data directory and a free port, for end-to-end tests.
final class ServerProcess: @unchecked Sendable {
    let data: TallyBinary
    let port: Int
    /// A PostgreSQL address to serve instead of the data directory's SQLite file.
    let database: String?
    /// More options for `tally serve`.
    var arguments: [String] = []
    /// Whether the server's output (its log) is kept, for ``log()`` once it has stopped.
    var capturesOutput = false
    private var process: ChildProcess?
    /// The last process started, kept after it stops so its output can be read.
    private var logged: ChildProcess?

    var url: String { "http://127.0.0.1:\(port)" }

    init(data: TallyBinary, database: String? = nil) throws {
        self.data = data
        self.database = database
        port = try Self.freePort()
    }

    /// Starts the server and waits until `/health` answers.
    func start() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TALLY_NOW"] = data.now
        environment["TZ"] = data.zone
        environment.merge(data.environment) { $1 }
        let process = try ChildProcess(
            TallyBinary.executable.path,
            ["serve", "--port", String(port)]
                + (database.map { ["--database", $0] } ?? ["--data-dir", data.dataDirectory.path]) + arguments,
            environment: environment, output: capturesOutput ? .captured : .discarded)
        self.process = process
        logged = process
        for _ in 0..<100 {
            if Self.answers(URL(string: "\(url)/health")!) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        throw CLIFailure(result: .init(status: -1, stdout: "", stderr: "tally serve did not start on \(port)"))
    }

    /// Sends SIGTERM and waits for the server to end; returns its exit code (nil if it was not running).
    @discardableResult
    func stop() -> Int32? {
        guard let process, process.isRunning else { return nil }
        process.send(SIGTERM)
        let status = process.wait()
        self.process = nil
        return status
    }

    /// Ends the server at once, as a crash or `kill -9` would: no graceful shutdown.
    func kill() {
        guard let process, process.isRunning else { return }
        process.send(SIGKILL)
        process.wait()
        self.process = nil
    }

    /// What the server wrote (its log goes to standard error), once it has stopped; empty unless
    /// ``capturesOutput`` was set before ``start()``.
    func log() -> String {
        guard let logged, !logged.isRunning else { return "" }
        let (output, errors) = logged.readBothToEnd()
        return String(decoding: output + errors, as: UTF8.self)
    }

    deinit { stop() }

    private static func answers(_ url: URL) -> Bool {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var ok = false
        URLSession.shared.dataTask(with: url) { _, response, _ in
            ok = (response as? HTTPURLResponse)?.statusCode == 200
            done.signal()
        }.resume()
        done.wait()
        return ok
    }

    /// A port nothing listens on: bound to port 0, read back, released.
    private static func freePort() throws -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socket, socketAddress, length) == 0 && getsockname(socket, socketAddress, &length) == 0
            }
        }
        guard bound else { throw CLIFailure(result: .init(status: -1, stdout: "", stderr: "no free port")) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
