import Foundation

extension HLCStamp {
    /// How far ahead of a replica's wall clock a received stamp may be. A stamp further ahead would drag
    /// the replica's clock (and every change it makes afterwards) into the future, so it is refused.
    public static let maxLead: TimeInterval = 24 * 3600

    /// The clock after receiving `remote` at `now`, when `last` is the latest stamp this replica has
    /// issued or seen: past all three, so a change made next orders after everything seen so far.
    ///
    /// A stamp more than ``maxLead`` ahead of `now` is refused with an error naming how far ahead it is.
    public static func receiving(_ remote: HLCStamp, after last: HLCStamp, now: Date) throws(TallyError) -> HLCStamp {
        try checkLead(remote, now: now)
        let wall = now.millisecondsSince1970
        let millis = max(wall, last.millis, remote.millis)
        let counter: Int
        switch (millis == last.millis, millis == remote.millis) {
        case (true, true): counter = max(last.counter, remote.counter) + 1
        case (true, false): counter = last.counter + 1
        case (false, true): counter = remote.counter + 1
        case (false, false): counter = 0
        }
        // A counter run out borrows the next millisecond, as a local change does.
        if counter > maxCounter { return HLCStamp(millis: millis + 1, counter: 0) }
        return HLCStamp(millis: millis, counter: counter)
    }

    /// Refuses a stamp more than ``maxLead`` ahead of `now`.
    public static func checkLead(_ stamp: HLCStamp, now: Date) throws(TallyError) {
        let lead = stamp.millis - now.millisecondsSince1970
        guard lead > Int64(maxLead * 1000) else { return }
        let hours = Double(lead) / 3_600_000
        throw .invalid(
            field: "stamp",
            reason: "\(stamp) is \(String(format: "%.1f", hours)) hours ahead of this replica's clock; "
                + "a change may be at most \(Int(maxLead / 3600)) hours ahead")
    }
}
