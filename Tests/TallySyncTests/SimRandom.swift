import Foundation
import TallyCore

/// The simulation's only source of chance: SplitMix64 from a seed, so a seed replays its schedule exactly.
final class SimRandom: @unchecked Sendable {
    private var state: UInt64
    private let lock = NSLock()

    init(seed: UInt64) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `p`.
    func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) < p * 1_000_000 }

    func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[int(0...(items.count - 1))] }

    func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        for index in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(index, int(0...index)) }
        return items
    }

    /// A UUID drawn from the seed.
    func uuid() -> UUID {
        let (a, b) = (next(), next())
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: a >> (8 * UInt64(index)))
            bytes[index + 8] = UInt8(truncatingIfNeeded: b >> (8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

/// Record ids drawn from the simulation's seed.
struct SeededIDs: IDSource {
    let random: SimRandom

    func newID() -> UUID { random.uuid() }
}
