/// An IPv4 or IPv6 address read from its text, strictly: four decimal parts of 0-255 with no leading zeros
/// (`127.1`, `0x7f.0.0.1` and `0177.0.0.1`, which some parsers read as 127.0.0.1, are refused), or RFC 4291
/// text of eight hexadecimal groups, one `::` and an optional dotted IPv4 tail, without a zone (`%eth0`).
public enum IPAddress: Hashable, Sendable {
    case v4([UInt8])
    case v6([UInt8])

    public init?(_ text: some StringProtocol) {
        if text.contains(":") {
            guard let bytes = Self.v6Bytes(text) else { return nil }
            self = .v6(bytes)
        } else {
            guard let bytes = Self.v4Bytes(text) else { return nil }
            self = .v4(bytes)
        }
    }

    /// Whether it is an address of the public internet: not loopback, private (RFC 1918), shared (CGNAT),
    /// link-local (169.254.169.254, a cloud's metadata service, among them), unspecified, multicast,
    /// reserved, documentation or unique-local, and not one of those inside an IPv6 address (IPv4-mapped,
    /// IPv4-compatible, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`, Teredo `2001::/32`).
    public var isPublic: Bool {
        switch self {
        case .v4(let b):
            switch (b[0], b[1]) {
            case (0, _), (10, _), (127, _), (169, 254), (192, 168), (172, 16...31), (100, 64...127): return false
            case (192, 0) where b[2] == 0 || b[2] == 2: return false
            case (198, 18...19): return false
            case (198, 51) where b[2] == 100: return false
            case (203, 0) where b[2] == 113: return false
            case (224...255, _): return false
            default: return true
            }
        case .v6(let b):
            if b[0..<10].allSatisfy({ $0 == 0 }) && (b[10..<12] == [0xff, 0xff] || b[10..<12] == [0, 0]) {
                // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), and :: and ::1 among the latter.
                return IPAddress.v4(Array(b[12..<16])).isPublic
            }
            if b[0..<12] == [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] {
                return IPAddress.v4(Array(b[12..<16])).isPublic
            }
            if b[0..<6] == [0, 0x64, 0xff, 0x9b, 0, 1] { return false }
            if b[0..<2] == [0x20, 0x02] { return IPAddress.v4(Array(b[2..<6])).isPublic }
            if b[0..<4] == [0x20, 0x01, 0, 0] { return false }
            if b[0..<4] == [0x20, 0x01, 0x0d, 0xb8] { return false }
            if b[0] == 0xff || b[0] & 0xfe == 0xfc { return false }  // multicast, unique-local
            if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return false }  // link-local
            if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 { return false }  // site-local (deprecated)
            return b[0] & 0xe0 == 0x20  // only 2000::/3 is global unicast
        }
    }

    private static func v4Bytes(_ text: some StringProtocol) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                part.count == 1 || part.first != "0", let value = UInt8(part)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    private static func v6Bytes(_ text: some StringProtocol) -> [UInt8]? {
        guard text.count <= 45 else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String, allowsTail: Bool) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var bytes: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if allowsTail && index == pieces.count - 1 && piece.contains(".") {
                    guard let tail = v4Bytes(piece) else { return nil }
                    bytes += tail
                } else {
                    guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit),
                        let value = UInt16(piece, radix: 16)
                    else { return nil }
                    bytes += [UInt8(value >> 8), UInt8(value & 0xff)]
                }
            }
            return bytes
        }
        if halves.count == 1 {
            guard let bytes = groups(halves[0], allowsTail: true), bytes.count == 16 else { return nil }
            return bytes
        }
        guard let head = groups(halves[0], allowsTail: false), let tail = groups(halves[1], allowsTail: true),
            head.count + tail.count <= 14
        else { return nil }
        return head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}
