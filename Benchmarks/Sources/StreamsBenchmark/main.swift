// What open pages cost a server that has nothing to tell them: a release `tally serve` on a fresh SQLite
// store, 300 live-update streams (`GET /events/stream`, as 300 open pages keep) from 30 people, and the
// server's CPU time over 10 idle seconds, read from /proc. Goal: under a tenth of one core.
//
//   swift build -c release --static-swift-stdlib
//   swift run -c release --package-path Benchmarks streams-benchmark
//
// TALLY_BINARY names another tally binary (to measure an older build side by side).
#if canImport(Glibc)
    import Glibc
#endif
import Foundation

func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

let binary = ProcessInfo.processInfo.environment["TALLY_BINARY"] ?? ".build/release/tally"
guard FileManager.default.isExecutableFile(atPath: binary) else {
    fatalError(
        "no tally binary at \(binary): run `swift build -c release --static-swift-stdlib` first, or set TALLY_BINARY")
}
let pages = 300
let people = 30
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tally-streams-bench-\(UUID())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
let environment = ProcessInfo.processInfo.environment.merging(["TALLY_DATA_DIR": scratch.path]) { $1 }

func tally(_ arguments: [String], stdin: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.environment = environment
    let out = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fatalError("tally \(arguments) failed") }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
}

let tokens = try (0..<people).map { index in
    _ = try tally(["users", "add", "person\(index)"], stdin: "a long enough secret\n")
    return try tally(["tokens", "create", "bench", "--user", "person\(index)"])
}
let port = UInt16(18_900 + Int.random(in: 0..<90))
let server = Process()
server.executableURL = URL(fileURLWithPath: binary)
server.arguments = ["serve", "--port", String(port)]
server.environment = environment
server.standardOutput = FileHandle.nullDevice
server.standardError = FileHandle.nullDevice
try server.run()
defer {
    server.terminate()
    server.waitUntilExit()
}
for _ in 0..<100 {
    if (try? Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/health")!)) != nil { break }
    Thread.sleep(forTimeInterval: 0.1)
}

/// Opens a stream as a page does and reads its first answer; the socket stays open.
func openStream(token: String) -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { fatalError("could not connect") }
    let request = "GET /events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n"
    _ = request.withCString { send(socket, $0, strlen($0), 0) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let read = recv(socket, &buffer, buffer.count, 0)
    guard read > 0, String(decoding: buffer[..<read], as: UTF8.self).contains("200 OK") else {
        fatalError("the stream was refused")
    }
    return socket
}

/// The server's user and system CPU time, in seconds.
func cpuSeconds() throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(server.processIdentifier)/stat", encoding: .utf8)
    let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
    let ticks = Double(fields[11])! + Double(fields[12])!
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}

let sockets = (0..<pages).map { openStream(token: tokens[$0 % people]) }
Thread.sleep(forTimeInterval: 2)
let before = try cpuSeconds()
Thread.sleep(forTimeInterval: 10)
let used = try cpuSeconds() - before
say(String(format: "%d open pages of %d people, 10 idle seconds: %.2f s of CPU, %.3f of one core (goal under 0.1)", pages, people, used, used / 10))
for socket in sockets { close(socket) }
