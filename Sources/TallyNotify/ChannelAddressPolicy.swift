import Foundation
import TallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which addresses channels may send to. By default any: a self-hoster's ntfy usually runs on the same
/// host or network. A server open to strangers refuses loopback, private, link-local and other
/// non-public addresses (`tally serve --public-channels-only`), so nobody can make it probe its own network.
public struct ChannelAddressPolicy: Sendable {
    public var allowsPrivate: Bool

    public init(allowsPrivate: Bool = true) {
        self.allowsPrivate = allowsPrivate
    }

    /// Refuses `url` when its host is, or resolves to, an address the policy does not allow.
    public func check(_ url: String) throws(TallyError) {
        guard !allowsPrivate else { return }
        guard let host = URL(string: url)?.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else {
            throw .invalid(field: "URL", reason: "'\(url)' has no host")
        }
        let addresses = Self.resolve(host)
        guard !addresses.isEmpty else {
            throw .invalid(field: "URL", reason: "cannot find the address of \(host)")
        }
        if let inner = addresses.first(where: Self.isNonPublic) {
            throw .invalid(
                field: "URL",
                reason: "\(host) is a private or loopback address (\(inner)), and this server only sends to public ones"
            )
        }
    }

    /// The numeric addresses `host` resolves to.
    static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var result: [String] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let current = node {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(
                current.pointee.ai_addr, current.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0,
                NI_NUMERICHOST) == 0
            {
                result.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            node = current.pointee.ai_next
        }
        return result
    }

    /// Loopback, private, link-local, shared (CGNAT), unspecified and unique-local addresses.
    static func isNonPublic(_ address: String) -> Bool {
        let lower = address.lowercased()
        if lower.contains(":") {
            if lower == "::1" || lower == "::" { return true }
            if lower.hasPrefix("fe8") || lower.hasPrefix("fe9") || lower.hasPrefix("fea") || lower.hasPrefix("feb") {
                return true
            }
            if lower.hasPrefix("fc") || lower.hasPrefix("fd") { return true }
            if lower.hasPrefix("::ffff:") { return isNonPublic(String(lower.dropFirst(7))) }
            return false
        }
        let parts = lower.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 4 else { return true }
        switch (parts[0], parts[1]) {
        case (0, _), (10, _), (127, _): return true
        case (169, 254), (192, 168): return true
        case (172, 16...31): return true
        case (100, 64...127): return true
        default: return false
        }
    }
}
