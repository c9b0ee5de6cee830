import Foundation

/// A channel's address, read once by one strict parser: what the web page, the API and `tally notify add`
/// check before a channel is stored, and what the sender checks again before anything reaches the HTTP
/// client (a stored address from an older version may be one this parser refuses).
///
/// `http:` or `https:`, a host (a name of letters, digits, `-`, `_` and dots; a dotted IPv4 address; or a
/// bracketed IPv6 one), an optional port of 1 to 65535, then a path and query of URL characters (anything
/// else outside ASCII is percent-encoded; spaces, control characters, backslashes and the like are
/// refused). No user name or password, no fragment, at most ``maximumLength`` characters. Port 65536 once
/// reached the socket layer, which stops the process on a value that does not fit 16 bits.
public struct ChannelURL: Hashable, Sendable {
    public static let maximumLength = 2_000

    public enum Scheme: String, Hashable, Sendable {
        case http, https
    }

    public enum Host: Hashable, Sendable {
        case name(String)
        case address(IPAddress)
    }

    public let scheme: Scheme
    public let host: Host
    /// The port as written, 1...65535; nil for the scheme's own.
    public let port: Int?
    /// The path (from its `/`) and query, percent-encoded; `/` when none was given.
    public let pathAndQuery: String
    /// The host as written in the text: lowercased, an IPv6 address in brackets.
    public let hostText: String

    /// The whole address, as the parser normalised it (lowercase scheme and host).
    public var text: String {
        "\(scheme.rawValue)://\(hostText)\(port.map { ":\($0)" } ?? "")\(pathAndQuery)"
    }

    /// The port a connection goes to.
    public var effectivePort: Int { port ?? (scheme == .https ? 443 : 80) }

    public init(parsing input: String) throws(TallyError) {
        // Spaces and tabs around a pasted address go; anything else around or inside it is refused below.
        let scalars = input.unicodeScalars
        let start = scalars.firstIndex { $0 != " " && $0 != "\t" } ?? scalars.endIndex
        let end = scalars.lastIndex { $0 != " " && $0 != "\t" }.map(scalars.index(after:)) ?? start
        let text = String(scalars[start..<end])
        guard !text.isEmpty else { throw .invalid(field: "URL", reason: "give the address to send to") }
        let shown = Self.shown(text)
        guard input.count <= Self.maximumLength else {
            throw .invalid(field: "URL", reason: "an address is at most \(Self.maximumLength) characters")
        }
        guard let schemeEnd = text.range(of: "://") else {
            throw .invalid(field: "URL", reason: "'\(shown)' is not a web address like https://ntfy.sh/my-topic")
        }
        if let bad = text.unicodeScalars.first(where: Self.isForbidden) {
            throw .invalid(
                field: "URL", reason: "'\(shown)' holds \(Self.describe(bad)), which no web address may contain")
        }
        guard let scheme = Scheme(rawValue: text[..<schemeEnd.lowerBound].lowercased()) else {
            throw .invalid(field: "URL", reason: "'\(shown)' is not an http: or https: address")
        }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let tail = rest[authorityEnd...]
        guard !authority.contains("@") else {
            throw .invalid(
                field: "URL",
                reason: "an address cannot carry a user name or password; give an ntfy access token as the token")
        }
        (host, hostText, port) = try Self.hostAndPort(authority, shown: shown)
        self.scheme = scheme
        guard !tail.contains("#") else {
            throw .invalid(field: "URL", reason: "'\(shown)' has a fragment (#…), which is never sent: leave it out")
        }
        pathAndQuery = try Self.pathAndQuery(tail, shown: shown)
    }

    private static func hostAndPort(
        _ authority: Substring, shown: String
    ) throws(TallyError) -> (Host, String, Int?) {
        var hostPart = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw .invalid(field: "URL", reason: "'\(shown)' opens an IPv6 address with [ and never closes it")
            }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else {
                    throw .invalid(field: "URL", reason: "'\(shown)' has text after its IPv6 address")
                }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        var port: Int?
        if let portText { port = try Self.port(portText) }
        if hostPart.hasPrefix("[") {
            let inner = hostPart.dropFirst().dropLast()
            guard let address = IPAddress(inner), case .v6 = address else {
                throw .invalid(field: "URL", reason: "'\(inner)' is not an IPv6 address")
            }
            return (.address(address), "[\(inner.lowercased())]", port)
        }
        let name = hostPart.lowercased()
        guard !name.isEmpty else {
            throw .invalid(field: "URL", reason: "'\(shown)' has no host: write it like https://ntfy.sh/my-topic")
        }
        if let address = IPAddress(name) { return (.address(address), name, port) }
        try checkName(name)
        return (.name(name), name, port)
    }

    private static func port(_ text: Substring) throws(TallyError) -> Int {
        guard !text.isEmpty, text.count <= 5, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(text), (1...65535).contains(value)
        else {
            throw .invalid(field: "URL", reason: "the port '\(text)' is not a number from 1 to 65535")
        }
        return value
    }

    /// A host name: dot-separated labels of 1 to 63 letters, digits, `-` and `_`, at most 253 characters;
    /// a last label of digits only (`127.1`, `0x7f.1`) is an IPv4 address in some parsers' eyes: refused.
    private static func checkName(_ name: String) throws(TallyError) {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let body = name.hasSuffix(".") ? labels.dropLast() : labels[...]
        let valid =
            name.count <= 253
            && body.allSatisfy { label in
                (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
                    }
            }
        guard valid else {
            throw .invalid(
                field: "URL",
                reason: "'\(shown(name))' is not a host name (letters, digits and hyphens; "
                    + "write an international name in its xn-- form)")
        }
        if let last = body.last, last.utf8.allSatisfy({ (0x30...0x39).contains($0) }) || last.hasPrefix("0x") {
            throw .invalid(field: "URL", reason: "'\(name)' is not an IPv4 address of four numbers like 192.0.2.1")
        }
    }

    /// The path and query with every character a URL may hold as it is, `%` followed by two hexadecimal
    /// digits kept, and any other character outside ASCII percent-encoded as UTF-8.
    private static func pathAndQuery(_ tail: Substring, shown: String) throws(TallyError) -> String {
        guard !tail.isEmpty else { return "/" }
        var result = tail.hasPrefix("?") ? "/" : ""
        let scalars = Array(tail.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
                    scalars[index + 2].properties.isASCIIHexDigit
                else {
                    throw .invalid(field: "URL", reason: "'\(shown)' has a % not followed by two hexadecimal digits")
                }
                result.unicodeScalars.append(contentsOf: scalars[index...index + 2])
                index += 3
                continue
            }
            if !scalar.isASCII {
                for byte in String(scalar).utf8 {
                    result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            } else if allowedInPath.contains(scalar) || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                throw .invalid(
                    field: "URL",
                    reason: "'\(shown)' holds \(describe(scalar)), which a web address must percent-encode")
            }
            index += 1
        }
        return result
    }

    /// RFC 3986's unreserved and sub-delimiter characters, and `:@/?`.
    private static let allowedInPath = Set("-._~!$&'()*+,;=:@/?".unicodeScalars)

    /// Control characters (NUL, CR, LF, tab among them), spaces of any kind, and the characters a
    /// browser's parser reads differently from others (`\` as `/`).
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.isWhitespace || scalar == "\\"
            || scalar.properties.generalCategory == .format
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\0": "a NUL character"
        case "\r", "\n": "a line break"
        case " ": "a space"
        case "\t": "a tab"
        case "\\": "a backslash"
        default: "the character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
    }

    /// The text as a message may quote it: control characters as `?`, at most 80 characters.
    private static func shown(_ text: String) -> String {
        let clean = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return clean.count > 80 ? String(clean.prefix(80)) + "…" : clean
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
