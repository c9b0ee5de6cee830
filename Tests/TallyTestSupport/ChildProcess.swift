import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program a test starts (the `tally` binary, `psql`, `python3`, `curl`), spawned with `posix_spawnp`.
///
/// Not Foundation's `Process`: on Linux (Swift 6.3.1) `Process.run()` lists `/proc/self/fd` by copying
/// each entry's whole 256-byte name, which reads past glibc's buffer and crashes now and then once the
/// process holds about a thousand descriptors, as the parallel test suite does
/// (swift-corelibs-foundation#5472; a CI run died of it in `Process.run`). Here the child closes every
/// descriptor but its own three with glibc's `closefrom` action, and the pipes are close-on-exec.
public final class ChildProcess: @unchecked Sendable {
    /// How a finished program ended: its exit code, or the signal that ended it.
    public struct Finished: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: Data
    }

    /// Where the child's output goes.
    public enum Output: Sendable {
        case discarded
        case captured
    }

    public let id: pid_t
    private let lock = NSLock()
    private var status: Int32?
    private var outputs: [Int32]

    /// Starts `program` (a path, or a name looked up in `PATH`). `environment` replaces this process's.
    /// Its standard input is empty; its output and errors are `output`.
    public init(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil,
        output: Output = .discarded
    ) throws {
        let spawned = try Self.spawn(program, arguments, environment: environment, input: nil, output: output)
        id = spawned.id
        outputs = spawned.outputs
    }

    /// A child whose pipes someone else reads and closes.
    private init(id: pid_t) {
        self.id = id
        outputs = []
    }

    /// Runs `program` to its end with `input` on its standard input, and returns what it wrote.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, input: Data = Data()
    ) throws -> Finished {
        let spawned = try spawn(program, arguments, environment: environment, input: input, output: .captured)
        // The exchange closes the pipes: the child object must not close their numbers again, which by
        // then may belong to someone else (a socket of the event loop).
        let child = ChildProcess(id: spawned.id)
        let written = exchange(input: input, to: spawned.input, from: spawned.outputs)
        return Finished(status: child.wait(), stdout: written[0], stderr: written[1])
    }

    /// Starts `program` with its standard input and output on pipes the caller writes, reads and closes
    /// (a client speaking a protocol with it, as an MCP client does with `tally mcp`); what it writes on
    /// standard error is kept for ``readOutputToEnd()``.
    public static func piped(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> (child: ChildProcess, input: Int32, output: Int32) {
        let spawned = try spawn(program, arguments, environment: environment, input: Data(), output: .captured)
        let child = ChildProcess(id: spawned.id)
        child.outputs = [spawned.outputs[1]]
        return (child, spawned.input!, spawned.outputs[0])
    }

    /// Reads the child's captured output until it closes it (usually when it exits).
    public func readOutputToEnd() -> Data { readBothToEnd().stdout }

    /// Reads the child's captured output and errors until it closes them (usually when it exits).
    public func readBothToEnd() -> (stdout: Data, stderr: Data) {
        let taken = lock.withLock {
            defer { outputs = [] }
            return outputs
        }
        guard !taken.isEmpty else { return (Data(), Data()) }
        let read = Self.exchange(input: Data(), to: nil, from: taken)
        return (read[0], read.count > 1 ? read[1] : Data())
    }

    /// Sends `signal` (`SIGTERM`, `SIGKILL`) unless the child has already been waited for.
    public func send(_ signal: Int32) {
        lock.withLock {
            if status == nil { _ = kill(id, signal) }
        }
    }

    /// Whether the child is still running.
    public var isRunning: Bool {
        lock.withLock {
            if status != nil { return false }
            var raw: Int32 = 0
            guard waitpid(id, &raw, WNOHANG) == id else { return true }
            status = Self.decode(raw)
            return false
        }
    }

    /// Waits for the child to end and returns its exit code, or the number of the signal that ended it.
    @discardableResult
    public func wait() -> Int32 {
        lock.withLock {
            if let status { return status }
            var raw: Int32 = 0
            while waitpid(id, &raw, 0) == -1 && errno == EINTR {}
            let decoded = Self.decode(raw)
            status = decoded
            return decoded
        }
    }

    deinit {
        for descriptor in outputs { close(descriptor) }
        if status == nil {
            var raw: Int32 = 0
            _ = waitpid(id, &raw, WNOHANG)
        }
    }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : signal
    }

    private struct Spawned {
        let id: pid_t
        let input: Int32?
        let outputs: [Int32]
    }

    private static let spawning = NSLock()

    private typealias AddCloseFrom =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
    /// does not show.
    private static let closeFrom: AddCloseFrom? = {
        let name = "posix_spawn_file_actions_addclosefrom_np"
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    private static func spawn(
        _ program: String, _ arguments: [String], environment: [String: String]?, input: Data?, output: Output
    ) throws -> Spawned {
        // A child that exits before reading its input must not end the test process.
        ignoreBrokenPipes
        // Pipes are made close-on-exec after `pipe()` (Swift does not see glibc's `pipe2`): no other
        // child may be spawned in between, or it would hold their ends open.
        spawning.lock()
        defer { spawning.unlock() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        func pipeEnds() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                parentEnds.forEach { close($0) }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }
        var inputEnd: Int32?
        if input != nil {
            let ends = try pipeEnds()
            posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
            childEnds.append(ends.read)
            parentEnds.append(ends.write)
            inputEnd = ends.write
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        var outputEnds: [Int32] = []
        for target: Int32 in [1, 2] {
            if output == .captured {
                let ends = try pipeEnds()
                posix_spawn_file_actions_adddup2(&actions, ends.write, target)
                childEnds.append(ends.write)
                parentEnds.append(ends.read)
                outputEnds.append(ends.read)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            }
        }

        // Every other descriptor this process holds (the test runner's, libraries' opened without
        // close-on-exec) is closed in the child.
        if let closeFrom = Self.closeFrom {
            _ = closeFrom(&actions, 3)
        } else {
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }

        // The child starts with no signal blocked and broken pipes back to their default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var id: pid_t = 0
        let failure = posix_spawnp(&id, program, &actions, &attributes, argv, envp)
        guard failure == 0 else {
            parentEnds.forEach { close($0) }
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        return Spawned(id: id, input: inputEnd, outputs: outputEnds)
    }

    /// Writes `input` and reads every output until each is closed, in one loop, so neither side waits
    /// on a full pipe. Closes every descriptor it was given. Returns what each output held.
    private static func exchange(input: Data, to inputEnd: Int32?, from outputEnds: [Int32]) -> [Data] {
        var collected = outputEnds.map { _ in Data() }
        var open = outputEnds
        var inputEnd = inputEnd
        var offset = 0
        if let end = inputEnd { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty || inputEnd != nil {
            if let end = inputEnd, offset == input.count {
                close(end)
                inputEnd = nil
                continue
            }
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if let end = inputEnd { watched.append(pollfd(fd: end, events: Int16(POLLOUT), revents: 0)) }
            guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
            for entry in watched where entry.revents != 0 {
                if entry.fd == inputEnd {
                    let count = input.withUnsafeBytes { bytes in
                        write(entry.fd, bytes.baseAddress! + offset, bytes.count - offset)
                    }
                    if count > 0 {
                        offset += count
                    } else if count == -1 && errno != EAGAIN && errno != EINTR {
                        offset = input.count  // the child closed its input: nothing more to give it
                    }
                } else {
                    let count = read(entry.fd, &buffer, buffer.count)
                    if count > 0 {
                        collected[outputEnds.firstIndex(of: entry.fd)!].append(contentsOf: buffer[..<count])
                    } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                        close(entry.fd)
                        open.removeAll { $0 == entry.fd }
                    }
                }
            }
        }
        open.forEach { close($0) }
        if let end = inputEnd { close(end) }
        return collected
    }
}
