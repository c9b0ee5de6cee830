import Foundation

/// Where new record ids come from. Random everywhere but in a seeded simulation, which needs the same
/// ids on every run to replay a schedule.
public protocol IDSource: Sendable {
    func newID() -> UUID
    /// The id of a record made at `instant` (any new id, unless the source orders ids by time).
    func newID(at instant: Date) -> UUID
}

extension IDSource {
    public func newID(at instant: Date) -> UUID { newID() }
}

/// Random UUIDs drawn from the system's generator: one `getrandom` call. Foundation's `UUID()` opened,
/// read and closed `/dev/urandom` for each id on Linux, three system calls on every record a request
/// creates.
///
/// A record's id is a version 7 UUID (RFC 9562, section 5.7): its first 48 bits are the milliseconds of
/// the instant the record is made, the other 74 random. Ids of new records then follow each other, so a
/// store's index of ids grows at its end instead of changing a random page of it for every record (a page
/// written to the WAL with every commit). Without an instant, an id is version 4, all random.
public struct RandomIDs: IDSource {
    public init() {}

    public func newID() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return Self.version4(high: generator.next(), low: generator.next())
    }

    public func newID(at instant: Date) -> UUID {
        var generator = SystemRandomNumberGenerator()
        let milliseconds = (instant.timeIntervalSince1970 * 1000).rounded(.down)
        return Self.version7(
            milliseconds: milliseconds > 0 ? UInt64(min(milliseconds, Double(Self.lastMillisecond))) : 0,
            high: generator.next(), low: generator.next())
    }

    /// The last millisecond 48 bits hold (in the year 10889).
    static let lastMillisecond: UInt64 = (1 << 48) - 1

    /// The version 7 UUID of `milliseconds` since 1970 and random bits, with its version and variant set.
    static func version7(milliseconds: UInt64, high: UInt64, low: UInt64) -> UUID {
        let time = (milliseconds & lastMillisecond) << 16
        return uuid(high: time | 0x7000 | (high & 0x0FFF), low: low)
    }

    /// The version 4 UUID made of 128 random bits, with its version and variant bits set.
    static func version4(high: UInt64, low: UInt64) -> UUID {
        uuid(high: (high & ~0xF000) | 0x4000, low: low)  // version 4 in bits 48-51
    }

    /// The UUID of these 128 bits, with the RFC's variant (10 in the top two bits of `low`).
    private static func uuid(high: UInt64, low: UInt64) -> UUID {
        let low = (low & ~(0b11 << 62)) | (0b10 << 62)
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }
}
