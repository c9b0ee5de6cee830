import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// What PostgresNIO's errors mean to Tally. Its `PSQLError` prints only a generic line (so nothing leaks by
/// accident); the server's own message and SQLSTATE, and the socket error under a failed connection, are
/// read out here into one line a person can act on. Passwords never appear: no message quotes the address.
enum PostgresFailure {
    /// A fault while opening the store: always one line naming the server, e.g. `cannot reach PostgreSQL at
    /// 127.0.0.1:1: connection refused` or `PostgreSQL at 127.0.0.1:5432: database "x" does not exist`.
    /// Tally's own errors (a newer schema, say) pass through.
    static func opening(_ error: any Error, url: DatabaseURL) -> any Error {
        let error = unwrapped(error)
        if error is StoreFault || error is TallyError { return error }
        if let server = serverMessage(error) {
            return TallyError.unavailable("PostgreSQL at \(url.endpoint): \(server)")
        }
        return TallyError.unavailable("cannot reach PostgreSQL at \(url.endpoint): \(reason(error))")
    }

    /// A fault in a call on an open store: a lost connection, a server shutting down or restarting, a
    /// closed store become ``TallyError/unavailable(_:)``; everything else is returned as it is (a bug in a
    /// query is not the database being away).
    static func during(_ error: any Error, url: DatabaseURL) -> any Error {
        let error = unwrapped(error)
        guard isUnavailability(error) else { return error }
        let why = serverMessage(error) ?? reason(error)
        return TallyError.unavailable("PostgreSQL at \(url.endpoint) is not available: \(why)")
    }

    /// Whether `error`, an unavailability, means the database itself is gone (refused, closed, shutting
    /// down), rather than a busy pool (a lease timed out while connections exist) or a closed store.
    static func meansGone(_ error: any Error) -> Bool {
        switch unwrapped(error) {
        case let failure as LeaseFailure:
            switch failure {
            case .timedOut, .shutDown: return false
            case .refused, .connectionLost, .unreachable: return true
            }
        case let error as PSQLError:
            return isUnavailability(error) && error.code != .clientClosedConnection && error.code != .poolClosed
        default:
            return false
        }
    }

    /// Whether `error` is a connection attempt that got no answer in time.
    static func isTimeout(_ error: any Error) -> Bool {
        switch error {
        case let error as PSQLError: error.underlying.map(isTimeout) ?? false
        case let error as NIOConnectionError: error.connectionErrors.contains { isTimeout($0.error) }
        case let error as ChannelError:
            if case .connectTimeout = error { true } else { false }
        default: false
        }
    }

    /// Whether `error` is a violation of a unique index or primary key (SQLSTATE 23505).
    static func isUniqueViolation(_ error: any Error) -> Bool { sqlState(unwrapped(error)) == "23505" }

    /// Whether `error` is a violation of a foreign key (SQLSTATE 23503).
    static func isForeignKeyViolation(_ error: any Error) -> Bool { sqlState(unwrapped(error)) == "23503" }

    /// The error a transaction's closure, `BEGIN` or `COMMIT` threw, out of PostgresNIO's wrapper.
    static func unwrapped(_ error: any Error) -> any Error {
        guard let transaction = error as? PostgresTransactionError else { return error }
        return transaction.closureError ?? transaction.beginError ?? transaction.commitError
            ?? transaction.rollbackError ?? error
    }

    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// SQLSTATE classes and codes that mean the server, not the statement, is the problem: connection
    /// exceptions (08), too many connections or out of resources (53), shutting down, crashed or still
    /// starting up (57P01-57P03), and a server that only reads (25006, a standby mid-failover).
    private static let unavailableStates: Set<String> = ["57P01", "57P02", "57P03", "25006"]
    private static let unavailableClasses: Set<String> = ["08", "53"]

    private static func isUnavailability(_ error: any Error) -> Bool {
        if error is LeaseFailure { return true }
        guard let error = error as? PSQLError else { return false }
        if let state = error.serverInfo?[.sqlState] {
            return unavailableStates.contains(state) || unavailableClasses.contains(String(state.prefix(2)))
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return true
        default:
            return false
        }
    }

    /// The server's own words, such as `password authentication failed for user "x"`, when it sent any.
    private static func serverMessage(_ error: any Error) -> String? {
        guard let error = error as? PSQLError, error.code == .server, let message = error.serverInfo?[.message]
        else { return nil }
        return message
    }

    /// Why a connection failed or broke, in a few lowercase words: `connection refused`, `no answer within 5
    /// seconds`, `the host name does not resolve`.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as PSQLError:
            if let message = serverMessage(error) { return message }
            if let underlying = error.underlying { return reason(underlying) }
            switch error.code {
            case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
            case .clientClosedConnection, .poolClosed: return "the store is shut down"
            case .sslUnsupported: return "the server does not offer TLS, which sslmode asks for"
            case .authMechanismRequiresPassword: return "the server asks for a password and the address gives none"
            case .unsupportedAuthMechanism: return "the server asks for a way of logging in Tally does not support"
            case .saslError: return "the password exchange failed"
            default: return "\(error.code)"
            }
        case let error as LeaseFailure:
            return error.reason
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first { return reason(failure.error) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "the host name does not resolve" }
            return "no address to connect to"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as ChannelError:
            if case .connectTimeout = error {
                return "no answer within \(PostgresStore.connectTimeout.components.seconds) seconds"
            }
            return "the connection failed (\(error))"
        case let error as NIOSSLError:
            return "TLS failed (\(error))"
        case let error as NIOSSLExtraError:
            // A certificate for another host name (verify-full), for one.
            return "TLS failed (\(error))"
        default:
            return String(describing: error)
        }
    }
}
