import Foundation
import TallyCore
import TallyStorage

/// The per-day totals a store keeps for a person, compared with the same totals recomputed from their
/// records: any difference is a fault of the store (`tally doctor` runs it).
public struct DayTotalsCheck: Hashable, Sendable {
    /// A day whose kept total is not what its records add up to (a side is nil where no day is kept or
    /// no record falls).
    public struct Difference: Hashable, Sendable {
        public let series: DaySeries
        public let day: LocalDay
        public let kept: DayTotal?
        public let recomputed: DayTotal?
    }

    /// The days of each series checked.
    public let days: [DaySeries: Int]
    public let differences: [Difference]

    /// Checks the totals kept under the person's day boundary, building them first if none are kept.
    public static func run(in scope: UserScope) async throws -> DayTotalsCheck {
        let boundary = try await scope.now().settings.boundary
        _ = try await scope.store.dayTotals(
            owner: scope.owner, boundary: boundary, DayTotalQuery(.water, limit: 0))
        let stored = try await scope.store.storedDayTotals(owner: scope.owner)
        var sum = DayTotalSum(boundary: stored.boundary ?? boundary)
        for record in try await scope.store.records(WaterEntry.self, owner: scope.owner, .all) {
            sum.add(AnyRecord(record))
        }
        for record in try await scope.store.records(BathroomEvent.self, owner: scope.owner, .all) {
            sum.add(AnyRecord(record))
        }
        return DayTotalsCheck(kept: stored.totals, recomputed: sum.totals)
    }

    init(kept: [DayTotal], recomputed: [DayTotal]) {
        func byKey(_ totals: [DayTotal]) -> [DayTotal.DayKey: DayTotal] {
            Dictionary(totals.map { (DayTotal.DayKey(series: $0.series, day: $0.day), $0) }) { first, _ in first }
        }
        let (keptByKey, recomputedByKey) = (byKey(kept), byKey(recomputed))
        days = Dictionary(grouping: recomputed, by: \.series).mapValues(\.count)
        differences = Set(keptByKey.keys).union(recomputedByKey.keys)
            .filter { keptByKey[$0] != recomputedByKey[$0] }
            .map { Difference(series: $0.series, day: $0.day, kept: keptByKey[$0], recomputed: recomputedByKey[$0]) }
            .sorted { ($0.series.rawValue, $0.day) < ($1.series.rawValue, $1.day) }
    }
}
