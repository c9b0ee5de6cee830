import Foundation
import TallyCore

/// Where a PostgreSQL database is and who to be there: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`, with
/// `postgresql://` as a synonym and the options `?sslmode=`, `?sslrootcert=`, `?host=` (a Unix-domain socket's
/// directory, as libpq reads it) and `?pool=` (connections one process holds). Parsed by hand rather than
/// through `URL`, so each mistake gets its own sentence and the password never appears in one.
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
        /// Always encrypt, and check that a trusted CA signed the certificate (`sslrootcert`'s, which this
        /// mode needs), but not the host name: for a server whose certificate a private CA made.
        case verifyCA = "verify-ca"
        /// Always encrypt, and check the certificate and the host name against the system's trusted roots
        /// (or `sslrootcert`'s CA, when given).
        case verifyFull = "verify-full"
    }

    public var user: String
    public var password: String?
    /// A host name or address, or the directory of a Unix-domain socket (a path: it starts with `/`).
    public var host: String
    public var port: Int
    public var database: String
    public var sslMode: SSLMode
    /// The certificate file (PEM) of the CA that signs the server's certificate (`?sslrootcert=PATH`).
    public var sslRootCertificate: String?
    /// The most connections one process holds (`?pool=N`, 1 to 100): every process's together must stay
    /// under the server's `max_connections`.
    public var poolSize: Int

    public static let defaultPort = 5432
    /// Enough for a busy server, well under PostgreSQL's default limit of 100 even with a few processes.
    public static let defaultPoolSize = 10
    public static let poolSizes = 1...100

    public init(
        user: String, password: String? = nil, host: String, port: Int = Self.defaultPort, database: String,
        sslMode: SSLMode = .prefer, sslRootCertificate: String? = nil, poolSize: Int = Self.defaultPoolSize
    ) {
        self.user = user
        self.password = password
        self.host = host
        self.port = port
        self.database = database
        self.sslMode = sslMode
        self.sslRootCertificate = sslRootCertificate
        self.poolSize = poolSize
    }

    /// `host:port` as people write it (an IPv6 address in brackets), or a Unix-domain socket's path, for
    /// messages.
    public var endpoint: String {
        if let socketPath { return socketPath }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The Unix-domain socket to connect to, when ``host`` is a directory: `DIRECTORY/.s.PGSQL.PORT`, as
    /// the server names it.
    public var socketPath: String? {
        guard host.hasPrefix("/") else { return nil }
        return (host.hasSuffix("/") ? String(host.dropLast()) : host) + "/.s.PGSQL.\(port)"
    }

    /// Reads `text`; anything that is not such an address is ``TallyError/invalid(field:reason:)`` saying
    /// what is wrong with it.
    ///
    /// libpq's other form, `host=HOST port=PORT dbname=DB user=USER password=…` (``init(keywords:)``), is
    /// read as well, so a connection string copied from another tool works as it is.
    public init(parsing text: String) throws(TallyError) {
        let example = "such as postgres://tally@127.0.0.1:5432/tally"
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if Self.isKeywordForm(trimmed) {
            try self.init(keywords: trimmed)
            return
        }
        guard let schemeEnd = trimmed.range(of: "://") else {
            throw Self.fault("'\(Self.redacted(trimmed))' is not a postgres:// address (\(example))")
        }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw Self.fault("the address starts with \(scheme)://; use postgres:// (\(example))")
        }
        var rest = Substring(trimmed[schemeEnd.upperBound...])
        if let broken = Self.brokenUserPart(rest) { throw Self.fault(broken) }
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

        // The last '@' ends the user part: a password may hold an unencoded '@' without confusing it. With
        // neither user nor host (`postgres:///DB?host=/run/postgresql`) the user is this system user, as
        // libpq does.
        let userInfo: Substring
        let hostPort: Substring
        if let at = authority.lastIndex(of: "@") {
            userInfo = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
        } else if authority.isEmpty {
            userInfo = Substring(Self.systemUser)
            hostPort = ""
        } else {
            throw Self.fault("name the user before the host, as in postgres://USER@HOST:PORT/DATABASE")
        }
        let userPart: Substring
        var passwordPart: Substring?
        if let colon = userInfo.firstIndex(of: ":") {
            userPart = userInfo[..<colon]
            passwordPart = userInfo[userInfo.index(after: colon)...]
        } else {
            userPart = userInfo
        }
        let user = try Self.decoded(userPart, what: "the user name")
        let password = try passwordPart.map { part throws(TallyError) in
            try Self.decoded(part, what: "the password")
        }
        let options = try Self.options(try Self.pairs(in: query))
        let (host, port) =
            if let socket = options.host, hostPort.isEmpty || hostPort.hasPrefix(":") {
                // ?host= names the host (a socket's directory, usually) where the address leaves it out.
                try Self.hostAndPort(Substring(Self.encoded(socket)) + hostPort)
            } else {
                try Self.hostAndPort(hostPort)
            }
        let database = try Self.decoded(path, what: "the database name")
        guard !database.isEmpty else {
            throw Self.fault("name the database after the host, as in postgres://USER@HOST:PORT/DATABASE")
        }
        try self.init(
            checking: DatabaseURL(user: user, password: password, host: host, port: port, database: database),
            options: options)
    }

    /// `address` with what `options` set, once its user and database names and the TLS options are checked.
    init(checking address: DatabaseURL, options: Options) throws(TallyError) {
        self = address
        guard !user.isEmpty else { throw Self.fault("the user name is empty") }
        guard !database.contains("/") else {
            throw Self.fault("'\(database)' is not a database name: it holds a '/'")
        }
        sslMode = options.sslMode
        sslRootCertificate = options.sslRootCertificate
        poolSize = options.poolSize
        if sslMode == .verifyCA, sslRootCertificate == nil {
            throw Self.fault(
                "sslmode=verify-ca needs sslrootcert=PATH, the certificate of the CA that signed the server's")
        }
    }

    /// This system's user name, libpq's default user.
    static var systemUser: String { NSUserName() }

    /// Why the user part broke the address, when it did: a password holding an unencoded '/', '?' or '#'
    /// ends the host part early, which shows as an '@' after it.
    private static func brokenUserPart(_ rest: Substring) -> String? {
        guard let end = rest.firstIndex(where: { "/?#".contains($0) }), rest[end...].contains("@") else { return nil }
        return "the user name or password holds a '\(rest[end])', which ends the host part: write these characters"
            + " percent-encoded in it: / as %2F, ? as %3F, # as %23, @ as %40, : as %3A, % as %25, space as %20"
    }

    /// The address as given, but with the password as `***`: safe to log and to print.
    public var redactedDescription: String {
        let credentials = password == nil ? Self.encoded(user) : "\(Self.encoded(user)):***"
        let host = self.host.contains(":") ? "[\(self.host)]" : Self.encoded(self.host)
        let options =
            (sslMode == .prefer ? [] : ["sslmode=\(sslMode.rawValue)"])
            + (sslRootCertificate.map { ["sslrootcert=\(Self.encoded($0))"] } ?? [])
            + (poolSize == Self.defaultPoolSize ? [] : ["pool=\(poolSize)"])
        let query = options.isEmpty ? "" : "?" + options.joined(separator: "&")
        return "postgres://\(credentials)@\(host):\(port)/\(Self.encoded(database))\(query)"
    }

    static func hostAndPort(_ text: Substring) throws(TallyError) -> (String, Int) {
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

    /// What the query part sets.
    struct Options {
        var sslMode = SSLMode.prefer
        var sslRootCertificate: String?
        var host: String?
        var poolSize = DatabaseURL.defaultPoolSize
    }

    /// The query part's names and values, decoded.
    private static func pairs(in query: Substring?) throws(TallyError) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        var pairs: [(name: String, value: String)] = []
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decoded(parts[0], what: "an option name")
            pairs.append((name, parts.count == 2 ? try decoded(parts[1], what: name) : ""))
        }
        return pairs
    }

    static func options(_ pairs: [(name: String, value: String)]) throws(TallyError) -> Options {
        var options = Options()
        for (name, value) in pairs {
            switch name {
            case "sslmode":
                guard let known = SSLMode(rawValue: value) else {
                    let names = SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fault("sslmode '\(value)' is not one of \(names)")
                }
                options.sslMode = known
            case "sslrootcert":
                guard !value.isEmpty else { throw fault("sslrootcert needs the path of the CA's certificate") }
                options.sslRootCertificate = value
            case "host":
                guard !value.isEmpty else { throw fault("host needs a host name or a socket's directory") }
                options.host = value
            case "pool":
                guard value.allSatisfy(\.isASCII), let size = Int(value), poolSizes.contains(size) else {
                    throw fault("pool '\(value)' is not a number of connections from 1 to 100")
                }
                options.poolSize = size
            default:
                throw fault("the option '\(name)' is not one Tally reads (sslmode, sslrootcert, host and pool are)")
            }
        }
        return options
    }

    private static func decoded(_ text: Substring, what: String) throws(TallyError) -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw fault("\(what) has a '%' that is not followed by two hex digits (write a literal % as %25)")
        }
        return decoded
    }

    static func encoded(_ text: String) -> String {
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

    static func fault(_ reason: String) -> TallyError {
        .invalid(field: "database URL", reason: reason)
    }
}

extension DatabaseURL: CustomStringConvertible {
    public var description: String { redactedDescription }
}
