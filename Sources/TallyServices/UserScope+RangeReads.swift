import Foundation
import TallyCore
import TallyStorage

extension UserScope {
    /// Most records of one kind a view over a range of days reads at once (the bladder diary and its
    /// report, insights). That is years of an ordinary diary's days, so only days crowded by an import or
    /// a runaway script hold more; such a range is refused, naming it, rather than read whole, so no
    /// request's cost or answer grows without bound with what its days hold.
    public static let rangeReadLimit = 50_000

    /// The records of `type` whose instants lie in `interval` (their search key is the instant), newest
    /// first; refused when there are more than ``rangeReadLimit``, as `what` (say "bathroom events") over
    /// the days `from...to`. `interval` is those days' window widened for records logged in other zones, so
    /// a crowded day next to them counts too: the refusal says so.
    func rangeRead<Record: SyncedRecord>(
        _ type: Record.Type, in interval: DateInterval, what: String, from: LocalDay, to: LocalDay
    ) async throws -> [Record] {
        var query = RecordQuery.instants(in: interval)
        query.latest = Self.rangeReadLimit + 1
        let records = try await store.records(type, owner: owner, query)
        guard records.count <= Self.rangeReadLimit else {
            throw TallyError.invalid(
                field: "to",
                reason: "the days from \(from) to \(to), with the hours around them, hold more than "
                    + "\(Self.rangeReadLimit / 1_000) thousand \(what), more than one view reads at once: "
                    + "choose fewer days")
        }
        return records
    }
}
