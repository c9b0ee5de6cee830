/// Bathroom events grouped into the local days they belong to.
public struct BathroomDay: Hashable, Sendable {
    public let day: LocalDay
    /// Newest first.
    public let events: [BathroomEvent]

    public init(day: LocalDay, events: [BathroomEvent]) {
        self.day = day
        self.events = events
    }
}

public enum BathroomHistory {
    /// Groups events by their own local day, newest day first and newest event first within a day,
    /// keeping only days in `from...to` when given.
    public static func days(
        _ events: [BathroomEvent], boundary: DayBoundary, from: LocalDay? = nil, to: LocalDay? = nil
    ) -> [BathroomDay] {
        let byDay = Dictionary(grouping: events) { $0.localDay(boundary) }
        return byDay.compactMap { day, events -> BathroomDay? in
            if let from, day < from { return nil }
            if let to, day > to { return nil }
            return BathroomDay(day: day, events: events.sorted(by: newestFirst))
        }
        .sorted { $0.day > $1.day }
    }

    /// Events of one local day, newest first.
    public static func events(on day: LocalDay, _ events: [BathroomEvent], boundary: DayBoundary) -> [BathroomEvent] {
        events.filter { $0.localDay(boundary) == day }.sorted(by: newestFirst)
    }

    /// Newest first; equal times fall back to the id so the order is stable.
    public static func newestFirst(_ a: BathroomEvent, _ b: BathroomEvent) -> Bool {
        a.at != b.at ? a.at > b.at : a.id > b.id
    }
}
