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

    /// Refuses `url` when it is not a valid channel address (``ChannelURL``), or when its host is, or
    /// resolves to, an address the policy does not allow.
    public func check(_ url: String) throws(TallyError) {
        let address = try ChannelURL(parsing: url)
        guard !allowsPrivate else { return }
        let found: [String]
        switch address.host {
        case .address(let literal): found = literal.isPublic ? [] : [address.hostText]
        case .name(let name):
            found = Self.resolve(name)
            guard !found.isEmpty else {
                throw .invalid(field: "URL", reason: "cannot find the address of \(name)")
            }
        }
        if let inner = found.first(where: Self.isNonPublic) {
            throw .invalid(
                field: "URL",
                reason: "\(address.hostText) is a private or loopback address (\(inner)), "
                    + "and this server only sends to public ones"
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

    /// Whether a numeric address (as `getnameinfo` writes it) is not a public one (``IPAddress/isPublic``);
    /// text that is not an address (an IPv6 address with a zone) counts as not public.
    static func isNonPublic(_ address: String) -> Bool {
        guard let parsed = IPAddress(address) else { return true }
        return !parsed.isPublic
    }
}
