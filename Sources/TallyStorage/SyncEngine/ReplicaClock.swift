import Foundation
import TallyCore

/// A replica's hybrid logical clock and change sequence, as a store reads it at the start of a
/// transaction and saves it at the end, so a batch of thousands of records touches it twice.
///
/// The embedded store has one clock; a server database keeps one per owner, so people's writes never
/// wait for each other's (sequences and stamps are only ever compared within one owner's records).
public struct ReplicaClock: Hashable, Sendable {
    public private(set) var stamp: HLCStamp
    public private(set) var sequence: Int64

    public init(stamp: HLCStamp, sequence: Int64) {
        self.stamp = stamp
        self.sequence = sequence
    }

    public static let start = ReplicaClock(stamp: .zero, sequence: 0)

    /// The stamp and sequence number of a local change made at `now`.
    public mutating func tick(now: Date) -> HLCStamp {
        stamp = HLCStamp.next(after: stamp, now: now)
        sequence += 1
        return stamp
    }

    /// Moves the clock past a stamp received from elsewhere (refusing one too far ahead of `now`).
    public mutating func receive(_ remote: HLCStamp, now: Date) throws(TallyError) {
        stamp = try HLCStamp.receiving(remote, after: stamp, now: now)
    }

    /// The next change sequence number, for a merged record.
    public mutating func nextSequence() -> Int64 {
        sequence += 1
        return sequence
    }
}
