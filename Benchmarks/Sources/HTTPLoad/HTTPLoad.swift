// A lean HTTP/1.1 load generator: each client is a thread with one keep-alive connection, sending a request
// and reading its whole answer before the next. It costs far less CPU per request than URLSession (which on
// Linux goes through libcurl), so on a two-core machine shared with the server the figures measure the
// server rather than the client.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

public struct LoadResult: Sendable {
    /// Requests answered per second, over the whole run.
    public var rate: Double
    /// Latency percentiles in milliseconds.
    public var p50: Double
    public var p99: Double
    /// How many requests were answered with the expected status.
    public var answered: Int
}

/// One request as sent to a server on this machine.
public struct LoadRequest: Sendable {
    public var port: Int
    fileprivate let bytes: [UInt8]

    public init(port: Int, method: String = "GET", path: String, token: String, json: String? = nil) {
        self.port = port
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
        if let json {
            head += "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n" + json
        } else {
            head += "\r\n"
        }
        bytes = Array(head.utf8)
    }
}

public enum HTTPLoad {
    /// Sends `request` once, on a connection of its own, and checks the answer's status.
    public static func send(_ request: LoadRequest, status: Int) {
        let connection = Connection(request)
        connection.connect()
        defer { close(connection.socket) }
        connection.send()
        let answered = connection.receive()
        guard answered == status else { fatalError("expected \(status), the server answered \(answered)") }
    }

    /// Sends `requests(client)` from `clients` connections for `seconds`; every answer must have `status`,
    /// or the run stops with the answer it got.
    public static func run(
        clients: Int, seconds: Double, status: Int, request: @escaping @Sendable (Int) -> LoadRequest
    ) -> LoadResult {
        let start = ContinuousClock.now
        let lock = NSLock()
        nonisolated(unsafe) var latencies: [Double] = []
        let done = DispatchGroup()
        for client in 0..<clients {
            done.enter()
            let thread = Thread {
                let own = Connection(request(client)).loop(until: start + .seconds(seconds), status: status)
                lock.withLock { latencies += own }
                done.leave()
            }
            thread.start()
        }
        done.wait()
        let elapsed = ContinuousClock.now - start
        let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let sorted = lock.withLock { latencies.sorted() }
        guard !sorted.isEmpty else { return LoadResult(rate: 0, p50: 0, p99: 0, answered: 0) }
        return LoadResult(
            rate: Double(sorted.count) / total, p50: sorted[sorted.count / 2],
            p99: sorted[min(sorted.count - 1, sorted.count * 99 / 100)], answered: sorted.count)
    }
}

/// One keep-alive connection, used by one thread.
private final class Connection {
    let request: LoadRequest
    var socket: Int32 = -1
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var pending: [UInt8] = []

    init(_ request: LoadRequest) { self.request = request }

    func loop(until end: ContinuousClock.Instant, status expected: Int) -> [Double] {
        var latencies: [Double] = []
        connect()
        defer { close(socket) }
        while ContinuousClock.now < end {
            let sent = ContinuousClock.now
            send()
            let status = receive()
            guard status == expected else { fatalError("expected \(expected), the server answered \(status)") }
            let elapsed = ContinuousClock.now - sent
            latencies.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        }
        return latencies
    }

    func connect() {
        #if canImport(Glibc)
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(request.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                    Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Darwin.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard result == 0 else { fatalError("cannot connect to port \(request.port)") }
    }

    func send() {
        request.bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(socket, raw.baseAddress! + offset, raw.count - offset)
                guard written > 0 else { fatalError("the server closed the connection") }
                offset += written
            }
        }
    }

    /// Reads one whole answer (its head, then a body by Content-Length or chunks); returns its status.
    func receive() -> Int {
        var headEnd: Int?
        while headEnd == nil {
            fill()
            headEnd = find([13, 10, 13, 10], in: pending)
        }
        let head = String(decoding: pending[..<headEnd!], as: UTF8.self).lowercased()
        pending.removeFirst(headEnd! + 4)
        let status = Int(head.split(separator: " ", maxSplits: 2)[1]) ?? 0
        if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }) {
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
            while pending.count < length { fill() }
            pending.removeFirst(length)
        } else if head.contains("transfer-encoding: chunked") {
            // The last chunk is "0" on its own line, after the data of any chunk before it.
            let last = Array("\r\n0\r\n\r\n".utf8)
            while !pending.starts(with: last.dropFirst(2)), find(last, in: pending) == nil { fill() }
            pending.removeFirst(pending.starts(with: last.dropFirst(2)) ? 5 : find(last, in: pending)! + last.count)
        }
        return status
    }

    private func fill() {
        let count = read(socket, &buffer, buffer.count)
        guard count > 0 else { fatalError("the server closed the connection") }
        pending += buffer[..<count]
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
