import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyNotify
import TallySQLite
import TallyServer
import TallyServices
import TallyStorage

/// The real application over a real SQLite file in a temporary directory, with a pinned clock.
struct ServerFixture {
    static let now = TimeInput.parseISO("2026-11-22T10:00:00-05:00", zone: TimeZone(identifier: "UTC")!)!
    /// The pinned clock's day in the machine zone (New York).
    static let today = LocalDay(year: 2026, month: 11, day: 22)!

    let directory: URL
    let store: any TallyStore
    let scope: UserScope
    /// One environment for the fixture's life, so the accounts a test uses and the application it builds
    /// share what the server keeps between requests (``AccountCache``), as in `tally serve`.
    let environment: ServerEnvironment

    /// The folder of every fixture's directory in this test process, removed when the process exits: the
    /// tests that build their own application from a fixture, rather than through ``test(configuration:_:)``,
    /// would otherwise leave theirs behind.
    static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tally-server-tests-\(ProcessInfo.processInfo.processIdentifier)")
        atexit { try? FileManager.default.removeItem(at: ServerFixture.root) }
        return root
    }()

    /// A fresh data directory, or the one given (to open an existing store again).
    init(directory: URL? = nil) throws {
        self.directory = directory ?? Self.root.appendingPathComponent(UUID().uuidString)
        store = try SQLiteStore(directory: self.directory)
        scope = UserScope(
            store: store, clock: FixedClock(Self.now),
            machineZone: TimeZone(identifier: "America/New_York")!)
        environment = ServerEnvironment(
            store: store, clock: scope.clock, machineZone: scope.machineZone, hasher: Self.hasher, http: Self.http)
    }

    /// Notifications go to receivers in this test process, which the parallel suite can stall for
    /// seconds: wait a minute for them, not the product's 10 s (the delivery tests check that one).
    static let http = OutgoingHTTP(timeout: .seconds(60))

    /// Live-update streams end quickly, so a test reading one gets its whole answer; uploads wait in
    /// the fixture's own directory.
    var configuration: ServerConfiguration {
        ServerConfiguration(
            liveStreamLifetime: .milliseconds(100), uploadDirectory: directory.appendingPathComponent("uploads"))
    }

    /// A cheap bcrypt cost so tests that make users stay fast; the hash format test checks the real cost.
    static let hasher = PasswordHasher(cost: 4)

    /// Runs `body` against the app through Hummingbird's router test client, signed in as the owner of
    /// `scope` (the server's first account): API calls carry a Bearer token, page requests a session
    /// cookie and the session's anti-forgery token.
    func test(
        configuration: ServerConfiguration? = nil,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let owner = try await signIn(name: "owner")
        let app = try await buildApplication(
            configuration: configuration ?? self.configuration, environment: environment)
        try await app.test(.router) { client in try await body(SignedInClient(client: client, credentials: owner)) }
    }

    /// Runs `body` with the bare client: no credentials unless a request carries its own.
    func testSignedOut(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try await buildApplication(configuration: configuration, environment: environment)
        try await app.test(.router, body)
    }

    /// Makes the account `name` (the first one made owns `scope`'s data) with a session and a token.
    func signIn(name: String, password: String = "a long enough secret") async throws -> Credentials {
        let accounts = environment.accounts
        let user =
            if let existing = try await store.user(named: name) { existing } else {
                try await accounts.createUser(name: name, password: password, isAdmin: false)
            }
        let (secret, session) = try await accounts.startSession(for: user, remember: false)
        let (token, _) = try await accounts.createToken(for: user, name: "tests \(UUID())")
        return Credentials(user: user, sessionSecret: secret, csrfToken: session.csrfToken, token: token)
    }

    /// Everything stored, for checking that a refused request changed nothing.
    func snapshot() async throws -> Data { try await scope.backup.exportJSON() }
}

/// What a signed-in user sends: a session cookie (with its anti-forgery token) and a Bearer token.
struct Credentials: Sendable {
    let user: UserAccount
    let sessionSecret: String
    let csrfToken: String
    let token: String

    var cookieHeaders: HTTPFields {
        [.cookie: "tally_session=\(sessionSecret)", HTTPField.Name("X-CSRF-Token")!: csrfToken]
    }

    var bearerHeaders: HTTPFields { [.authorization: "Bearer \(token)"] }
}

/// A test client that signs every request: the API with the Bearer token, pages with the session.
struct SignedInClient: TestClientProtocol {
    let client: any TestClientProtocol
    let credentials: Credentials

    var port: Int? { client.port }

    func executeRequest(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse {
        var signed = headers
        let extra = uri.hasPrefix("/api/") ? credentials.bearerHeaders : credentials.cookieHeaders
        for field in extra where signed[field.name] == nil { signed.append(field) }
        return try await client.executeRequest(uri: uri, method: method, headers: signed, body: body)
    }
}

/// A clock a test moves by hand.
final class MutableClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    init(_ instant: Date) { self.instant = instant }

    func now() -> Date { lock.withLock { instant } }

    func advance(by seconds: TimeInterval) { lock.withLock { instant.addTimeInterval(seconds) } }
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
