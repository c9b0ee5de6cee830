import Foundation
import GRDB
import TallyCore

/// The replica's hybrid logical clock and change sequence, read once per transaction and saved at its
/// end, so a batch of thousands of records touches the `replica` row twice rather than twice per record.
struct ReplicaClock {
    private(set) var stamp: HLCStamp
    private(set) var sequence: Int64

    init(_ db: Database) throws {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT last_stamp, last_sequence FROM replica")),
            let stamp = HLCStamp(row["last_stamp"] as String)
        else { throw StoreFault.corrupt("replica") }
        self.stamp = stamp
        sequence = row["last_sequence"]
    }

    /// The stamp and sequence number of a local change made at `now`.
    mutating func tick(now: Date) -> HLCStamp {
        stamp = HLCStamp.next(after: stamp, now: now)
        sequence += 1
        return stamp
    }

    /// Moves the clock past a stamp received from elsewhere (refusing one too far ahead of `now`).
    mutating func receive(_ remote: HLCStamp, now: Date) throws(TallyError) {
        stamp = try HLCStamp.receiving(remote, after: stamp, now: now)
    }

    /// The next change sequence number, for a merged record or a compaction marker.
    mutating func nextSequence() -> Int64 {
        sequence += 1
        return sequence
    }

    func save(_ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE replica SET last_stamp = ?, last_sequence = ?")
            .execute(arguments: [stamp.description, sequence])
    }
}
