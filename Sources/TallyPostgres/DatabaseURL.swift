import Foundation
import TallyCore

/// Where a PostgreSQL database is and who to be there: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`, with
/// `postgresql://` as a synonym and the options `?sslmode=` and `?pool=` (connections one process holds). Parsed by hand rather than through `URL`, so each
/// mistake gets its own sentence and the password never appears in one.
public struct DatabaseURL: Sendable, Hashable {
    /// Whether the connection is encrypted, with libpq's names and meanings so an address that works with
    /// `psql` works here too.
    public enum SSLMode: String, Sendable, CaseIterable {
        /// Never encrypt.
        case disable
        /// Encrypt when the server offers it, without checking its certificate (libpq's default).
        case prefer
        /// Always encrypt, without checking the certificate.
        case require
        /// Always encrypt, and check the certificate and the host name against the system's trusted roots.
        case verifyFull = "verify-full"
    }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var sslMode: SSLMode
    /// The most connections one process holds (`?pool=N`, 1 to 100): every process's together must stay
    /// under the server's `max_connections`.
    public var poolSize: Int

    public static let defaultPort = 5432
    /// Enough for a busy server, well under PostgreSQL's default limit of 100 even with a few processes.
    public static let defaultPoolSize = 10
    public static let poolSizes = 1...100

    public init(
        user: String, password: String? = nil, host: String, port: Int = Self.defaultPort, database: String,
        sslMode: SSLMode = .prefer, poolSize: Int = Self.defaultPoolSize
    ) {
        self.user = user
        self.password = password
        self.host = host
        self.port = port
        self.database = database
        self.sslMode = sslMode
        self.poolSize = poolSize
    }

    /// `host:port` as people write it (an IPv6 address in brackets), for messages.
    public var endpoint: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Reads `text`; anything that is not such an address is ``TallyError/invalid(field:reason:)`` saying
    /// what is wrong with it.
    public init(parsing text: String) throws(TallyError) {
        let example = "such as postgres://tally@127.0.0.1:5432/tally"
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let schemeEnd = trimmed.range(of: "://") else {
            throw Self.fault("'\(Self.redacted(trimmed))' is not a postgres:// address (\(example))")
        }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw Self.fault("the address starts with \(scheme)://; use postgres:// (\(example))")
        }
        var rest = Substring(trimmed[schemeEnd.upperBound...])
        guard !rest.contains("#") else { throw Self.fault("the address has a '#', which it cannot hold") }

        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        guard let slash = rest.firstIndex(of: "/") else {
            throw Self.fault("name the database after the host, as in postgres://USER@HOST:PORT/DATABASE")
        }
        let authority = rest[..<slash]
        let path = rest[rest.index(after: slash)...]

        // The last '@' ends the user part: a password may hold an unencoded '@' without confusing it.
        guard let at = authority.lastIndex(of: "@") else {
            throw Self.fault("name the user before the host, as in postgres://USER@HOST:PORT/DATABASE")
        }
        let userInfo = authority[..<at]
        let hostPort = authority[authority.index(after: at)...]
        let userPart: Substring
        var passwordPart: Substring?
        if let colon = userInfo.firstIndex(of: ":") {
            userPart = userInfo[..<colon]
            passwordPart = userInfo[userInfo.index(after: colon)...]
        } else {
            userPart = userInfo
        }
        user = try Self.decoded(userPart, what: "the user name")
        guard !user.isEmpty else { throw Self.fault("the user name is empty") }
        password = try passwordPart.map { part throws(TallyError) in try Self.decoded(part, what: "the password") }

        (host, port) = try Self.hostAndPort(hostPort)

        database = try Self.decoded(path, what: "the database name")
        guard !database.isEmpty else {
            throw Self.fault("name the database after the host, as in postgres://USER@HOST:PORT/DATABASE")
        }
        guard !database.contains("/") else {
            throw Self.fault("'\(database)' is not a database name: it holds a '/'")
        }
        (sslMode, poolSize) = try Self.options(in: query)
    }

    /// The address as given, but with the password as `***`: safe to log and to print.
    public var redactedDescription: String {
        let credentials = password == nil ? Self.encoded(user) : "\(Self.encoded(user)):***"
        let host = self.host.contains(":") ? "[\(self.host)]" : Self.encoded(self.host)
        let options =
            (sslMode == .prefer ? [] : ["sslmode=\(sslMode.rawValue)"])
            + (poolSize == Self.defaultPoolSize ? [] : ["pool=\(poolSize)"])
        let query = options.isEmpty ? "" : "?" + options.joined(separator: "&")
        return "postgres://\(credentials)@\(host):\(port)/\(Self.encoded(database))\(query)"
    }

    private static func hostAndPort(_ text: Substring) throws(TallyError) -> (String, Int) {
        var host: String
        var portText: Substring?
        if text.hasPrefix("[") {
            // An IPv6 address: [::1] or [::1]:5432.
            guard let close = text.firstIndex(of: "]") else { throw fault("the IPv6 address has no closing ']'") }
            host = String(text[text.index(after: text.startIndex)..<close])
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw fault("write the port after the ']' as :PORT") }
                portText = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = try decoded(text[..<colon], what: "the host")
            portText = text[text.index(after: colon)...]
        } else {
            host = try decoded(text, what: "the host")
        }
        guard !host.isEmpty else { throw fault("name the host, as in postgres://USER@HOST:PORT/DATABASE") }
        guard let portText else { return (host, defaultPort) }
        guard !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
            let port = Int(portText), (1...65535).contains(port)
        else { throw fault("'\(portText)' is not a port: use a number from 1 to 65535") }
        return (host, port)
    }

    private static func options(in query: Substring?) throws(TallyError) -> (SSLMode, Int) {
        var mode = SSLMode.prefer
        var pool = defaultPoolSize
        guard let query, !query.isEmpty else { return (mode, pool) }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decoded(parts[0], what: "an option name")
            let value = parts.count == 2 ? try decoded(parts[1], what: name) : ""
            switch name {
            case "sslmode":
                guard let known = SSLMode(rawValue: value) else {
                    let names = SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fault("sslmode '\(value)' is not one of \(names)")
                }
                mode = known
            case "pool":
                guard value.allSatisfy(\.isASCII), let size = Int(value), poolSizes.contains(size) else {
                    throw fault("pool '\(value)' is not a number of connections from 1 to 100")
                }
                pool = size
            default:
                throw fault("the option '\(name)' is not one Tally reads (sslmode and pool are)")
            }
        }
        return (mode, pool)
    }

    private static func decoded(_ text: Substring, what: String) throws(TallyError) -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw fault("\(what) has a '%' that is not followed by two hex digits (write a literal % as %25)")
        }
        return decoded
    }

    private static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.urlUserAllowed
        allowed.remove(charactersIn: ":@/?#[]%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `text` with whatever sits between `://` and the last `@` cut down to the part before a `:`, so a
    /// password never reaches a message.
    private static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let start = text.range(of: "://")?.upperBound ?? text.startIndex
        guard start <= at, let colon = text[start..<at].firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }

    private static func fault(_ reason: String) -> TallyError {
        .invalid(field: "database URL", reason: reason)
    }
}

extension DatabaseURL: CustomStringConvertible {
    public var description: String { redactedDescription }
}
