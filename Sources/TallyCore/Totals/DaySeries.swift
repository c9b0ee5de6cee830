/// A series of per-day totals a store keeps up to date: what counts toward it and how.
public enum DaySeries: String, CaseIterable, Hashable, Sendable {
    /// Water entries: how many and how much.
    case water
    /// Bathroom events: how many.
    case bathroom

    /// The kind of record counted in this series.
    public var kind: RecordKind {
        switch self {
        case .water: WaterEntry.kind
        case .bathroom: BathroomEvent.kind
        }
    }

    /// The series `record` counts toward, with what it adds to its day under `boundary`; nil for a
    /// tombstone or a kind no series counts.
    public static func tally(of record: AnyRecord, boundary: DayBoundary) -> DayTotal? {
        guard !record.meta.isDeleted else { return nil }
        if let entry = record.as(WaterEntry.self) {
            return DayTotal(
                series: .water, day: entry.localDay(boundary), count: 1, amount: DayTotal.amount(entry.amountML))
        }
        if let event = record.as(BathroomEvent.self) {
            return DayTotal(series: .bathroom, day: event.localDay(boundary), count: 1, amount: 0)
        }
        return nil
    }
}
