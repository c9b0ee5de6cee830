import Foundation
import Logging
import PostgresNIO
import TallyCore
import TallyStorage

/// Tally's store on a PostgreSQL server, for several `tally serve` processes over one database: every
/// process reaches the same accounts, failed log-ins and images, and they share one ``deviceID``.
///
/// The store owns a PostgresNIO client (a pool of connections). A command runs it in a task of the store's
/// own, which ``shutdown()`` ends; `tally serve` runs it as the first service of its group
/// (``ClientRunner/serviceGroup``, ``clientService``), so SIGTERM closes the connections after everything
/// that writes through them has stopped. A database that is down or restarting answers each call with
/// ``TallyError/unavailable(_:)``.
public final class PostgresStore: Sendable {
    /// The replica this database is: made by the first process that opened it, read by every other.
    public let deviceID: UUID
    public let url: DatabaseURL
    /// ``url`` with the password found for it (``withPassword(_:events:)``), for connecting.
    let connectingURL: DatabaseURL

    let client: PostgresClient
    let logger: Logger
    /// How long a call waits for a pooled connection before answering that the database is unavailable.
    /// PostgresNIO's pool alone would keep a call waiting for a minute while the server cannot be reached.
    let leaseTimeout: Duration
    /// Who runs the client's pool, and whether it has stopped.
    let running: PostgresClientRun
    /// Whether the database answers: while it does not, calls fail at once.
    let watch: ConnectionWatch
    /// What this process knows of each owner's clock after its own last write, for writes in one statement.
    let writeStates = OwnerWriteStates()
    /// Each owner's writes from this process, one at a time.
    let turns = OwnerTurns()

    /// Who runs the store's client: the store itself, in a task of its own (a command that opens the
    /// database, does its work and ends), or the caller's service group, which must run ``clientService``
    /// (calls wait for a connection until it does).
    public enum ClientRunner: Sendable {
        case store
        case serviceGroup
    }

    /// How long opening a connection may take, TCP and log-in together: an address that answers nothing
    /// fails in this time instead of hanging.
    static let connectTimeout: Duration = .seconds(5)
    /// `url` with its password as libpq finds one: the address's, else `PGPASSWORD`, else the password file's
    /// (``PasswordFile``), so the address (and `ps`) need not show it. A password file ignored for its
    /// permissions is told to `events`.
    static func withPassword(_ url: DatabaseURL, events: Logger?) -> DatabaseURL {
        guard url.password == nil else { return url }
        var url = url
        let environment = ProcessInfo.processInfo.environment
        if let password = environment["PGPASSWORD"], !password.isEmpty {
            url.password = password
            return url
        }
        let file = PasswordFile.path(environment: environment, home: NSHomeDirectory())
        let (password, warning) = PasswordFile.lookup(url, path: file)
        if let warning { events?.warning("\(warning)") }
        url.password = password
        return url
    }

    /// Opens the database at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`): checks that it can be
    /// reached and logged in to within a few seconds, brings its schema up to date and reads its device id.
    /// A fault is one line naming the server and what went wrong, e.g. `cannot reach PostgreSQL at
    /// 127.0.0.1:5432: connection refused`.
    ///
    /// `logger` hears PostgresNIO's own lines; `events` what an operator wants to know of the store: each
    /// migration applied, and the connection lost and back.
    public static func open(
        url: String, logger: Logger = Logger(label: "tally.postgres"), events: Logger? = nil,
        runner: ClientRunner = .store
    ) async throws
        -> PostgresStore
    {
        try await open(url: DatabaseURL(parsing: url), logger: logger, events: events, runner: runner)
    }

    /// Opens the database `url` names, as the variant taking the address as text does.
    public static func open(
        url: DatabaseURL, logger: Logger = Logger(label: "tally.postgres"), events: Logger? = nil,
        runner: ClientRunner = .store
    ) async throws
        -> PostgresStore
    {
        try await open(url: url, logger: logger, events: events, leaseTimeout: .seconds(5), runner: runner)
    }

    static func open(
        url: DatabaseURL, logger: Logger, events: Logger? = nil, leaseTimeout: Duration, runner: ClientRunner = .store
    ) async throws -> PostgresStore {
        let given = url
        let url = withPassword(url, events: events)
        if let root = url.sslRootCertificate, !FileManager.default.isReadableFile(atPath: root) {
            throw TallyError.invalid(field: "database URL", reason: "sslrootcert: there is no readable file at \(root)")
        }
        // One connection of our own first: the pool would retry a refused connection for a minute before
        // failing with no reason given, where this one fails at once and says why.
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try connectionConfiguration(url), id: 0, logger: logger)
        } catch {
            throw PostgresFailure.opening(error, url: url)
        }
        let deviceID: UUID
        do {
            try await connection.query("SELECT 1", logger: logger)
            deviceID = try await PostgresMigrations.migrate(connection, logger: logger, events: events)
        } catch {
            try? await connection.close()
            throw PostgresFailure.opening(error, url: url)
        }
        try? await connection.close()
        return PostgresStore(
            url: given, connecting: url, deviceID: deviceID, logger: logger, events: events, leaseTimeout: leaseTimeout,
            runner: runner)
    }

    private init(
        url: DatabaseURL, connecting: DatabaseURL, deviceID: UUID, logger: Logger, events: Logger?,
        leaseTimeout: Duration, runner: ClientRunner
    ) {
        self.url = url
        connectingURL = connecting
        self.deviceID = deviceID
        self.logger = logger
        self.leaseTimeout = leaseTimeout
        watch = ConnectionWatch(endpoint: url.endpoint, events: events)
        let client = PostgresClient(configuration: Self.clientConfiguration(connecting), backgroundLogger: logger)
        self.client = client
        running = PostgresClientRun()
        if runner == .store { running.start(client) }
    }

    /// The client as a service, for a store opened with ``ClientRunner/serviceGroup``: put it first in the
    /// group, so it stops last. Run it once, and only for such a store (PostgresNIO traps on a second run).
    public var clientService: PostgresClientService { PostgresClientService(client: client, state: running) }

    /// Closes every connection of a store that runs its own client (a service group ends its own). Calls
    /// made afterwards fail with ``TallyError/unavailable(_:)``.
    public func shutdown() async {
        await running.stop()
    }

    deinit {
        // A store dropped without shutdown() still lets go of its connections.
        running.cancel()
    }

    private static func clientConfiguration(_ url: DatabaseURL) -> PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let socket = url.socketPath {
            configuration = PostgresClient.Configuration(
                unixSocketPath: socket, username: url.user, password: url.password, database: url.database)
        } else {
            let tls: PostgresClient.Configuration.TLS =
                switch url.sslMode {
                case .disable: .disable
                case .prefer: .prefer(unverifiedTLS)
                case .require: .require(unverifiedTLS)
                case .verifyCA, .verifyFull: .require(verifiedTLS(url))
                }
            configuration = PostgresClient.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: tls)
        }
        configuration.options.connectTimeout = connectTimeout
        configuration.options.maximumConnections = url.poolSize
        configuration.options.additionalStartupParameters = [("application_name", "tally")]
        return configuration
    }

    /// Whether one connection of its own (outside the pool) reaches the database and logs in: nil when it
    /// does, or when it says nothing within the connect timeout (a machine too busy to answer is no proof
    /// the database is gone); else why not, in a few words.
    func connectOnce() async -> String? {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: try Self.connectionConfiguration(connectingURL), id: 0, logger: logger)
            try? await connection.close()
            return nil
        } catch {
            return PostgresFailure.isTimeout(error) ? nil : PostgresFailure.reason(error)
        }
    }

    static func connectionConfiguration(_ url: DatabaseURL) throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if let socket = url.socketPath {
            configuration = PostgresConnection.Configuration(
                unixSocketPath: socket, username: url.user, password: url.password, database: url.database)
        } else {
            let tls: PostgresConnection.Configuration.TLS =
                switch url.sslMode {
                case .disable: .disable
                case .prefer: .prefer(try NIOSSLContext(configuration: unverifiedTLS))
                case .require: .require(try NIOSSLContext(configuration: unverifiedTLS))
                case .verifyCA, .verifyFull: .require(try NIOSSLContext(configuration: verifiedTLS(url)))
                }
            configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: tls)
        }
        configuration.options.connectTimeout = .nanoseconds(connectTimeout.nanoseconds)
        configuration.options.additionalStartupParameters = [("application_name", "tally")]
        return configuration
    }

    /// libpq's `prefer` and `require`: encrypted, but the certificate is not checked (`verify-full` checks it).
    private static var unverifiedTLS: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    /// libpq's `verify-ca` and `verify-full`: the certificate must chain to `sslrootcert`'s CA (the system's
    /// roots without one); `verify-full` also checks that it names the host.
    static func verifiedTLS(_ url: DatabaseURL) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let root = url.sslRootCertificate { configuration.trustRoots = .file(root) }
        configuration.certificateVerification = url.sslMode == .verifyCA ? .noHostnameVerification : .fullVerification
        return configuration
    }
}

extension Duration {
    /// The whole duration in nanoseconds, for NIO's `TimeAmount`.
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
