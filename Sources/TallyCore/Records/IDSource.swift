import Foundation

/// Where new record ids come from. Random everywhere but in a seeded simulation, which needs the same
/// ids on every run to replay a schedule.
public protocol IDSource: Sendable {
    func newID() -> UUID
}

/// Random version 4 UUIDs (RFC 9562, section 5.4), drawn from the system's generator: one `getrandom`
/// call. Foundation's `UUID()` opened, read and closed `/dev/urandom` for each id on Linux, three system
/// calls on every record a request creates.
public struct RandomIDs: IDSource {
    public init() {}

    public func newID() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return Self.version4(high: generator.next(), low: generator.next())
    }

    /// The version 4 UUID made of 128 random bits, with its version and variant bits set.
    static func version4(high: UInt64, low: UInt64) -> UUID {
        let high = (high & ~0xF000) | 0x4000  // version 4 in bits 48-51
        let low = (low & ~(0b11 << 62)) | (0b10 << 62)  // the RFC's variant, 10 in the top two bits
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }
}
