import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallySQLite
import TallyServer
import TallyServices

/// The real application over a real SQLite file in a temporary directory, with a pinned clock.
struct ServerFixture {
    static let now = TimeInput.parseISO("2026-11-22T10:00:00-05:00", zone: TimeZone(identifier: "UTC")!)!

    let directory: URL
    let scope: UserScope

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tally-server-\(UUID().uuidString)")
        scope = UserScope(
            store: try SQLiteStore(directory: directory), clock: FixedClock(Self.now),
            machineZone: TimeZone(identifier: "America/New_York")!)
    }

    /// Runs `body` against the app through Hummingbird's router test client.
    func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try await buildApplication(configuration: ServerConfiguration(), scope: scope)
        try await app.test(.router, body)
    }

    /// Everything stored, for checking that a refused request changed nothing.
    func snapshot() async throws -> Data { try await scope.backup.exportJSON() }
}

extension TestClientProtocol {
    func json(_ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil) async throws -> TestResponse {
        try await execute(
            uri: uri, method: method, headers: [.contentType: "application/json"],
            body: body.map { ByteBuffer(string: $0) })
    }

    func form(_ uri: String, _ fields: [String: String]) async throws -> TestResponse {
        let body = fields.sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)"
        }.joined(separator: "&")
        return try await execute(
            uri: uri, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: body))
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func decoded() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }
}
