import Foundation
import TallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which addresses channels may send to. A self-hoster's ntfy usually runs on the same host or network, so
/// a server only its own people use sends anywhere; a server open to strangers refuses loopback, private,
/// link-local and other non-public addresses (``IPAddress/isPublic``), so nobody can make it probe its own
/// network. `tally serve --public-channels-only` refuses them always; otherwise the server asks at each
/// check whether sign-up is open and, if so, whether an administrator allowed private addresses anyway.
public struct ChannelAddressPolicy: Sendable {
    /// Whether private addresses are allowed now.
    let privateAllowed: @Sendable () async throws -> Bool

    /// A policy that never changes: any address, or public ones only.
    public init(allowsPrivate: Bool = true) {
        privateAllowed = { allowsPrivate }
    }

    /// A policy read at each check (whether sign-up is open changes while the server runs).
    public init(allowingPrivate: @escaping @Sendable () async throws -> Bool) {
        privateAllowed = allowingPrivate
    }

    /// Refuses `url` when it is not a valid channel address (``ChannelURL``), or when its host is, or
    /// resolves to, an address the policy does not allow.
    public func check(_ url: String) async throws {
        let address = try ChannelURL(parsing: url)
        guard try await !privateAllowed() else { return }
        let found: [String]
        switch address.host {
        case .address(let literal): found = literal.isPublic ? [] : [address.hostText]
        case .name(let name):
            found = Self.resolve(name)
            guard !found.isEmpty else {
                throw TallyError.invalid(field: "URL", reason: "cannot find the address of \(name)")
            }
        }
        if let inner = found.first(where: Self.isNonPublic) {
            throw TallyError.invalid(
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
