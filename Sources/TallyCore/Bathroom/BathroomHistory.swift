/// Bathroom events grouped into the local days they belong to.
public struct BathroomDay: Hashable, Sendable {
    /// The most events a day read on its own lists (see ``count``).
    public static let listed = 200

    public let day: LocalDay
    /// Newest first: every event of the day, or its latest when read on its own and it holds more.
    public let events: [BathroomEvent]
    /// How many events the day holds.
    public let count: Int

    public init(day: LocalDay, events: [BathroomEvent]) {
        self.day = day
        self.events = events
        count = events.count
    }

    /// A day from its latest events (the day's own, newest first) and how many it holds.
    public init(day: LocalDay, latest: [BathroomEvent], count: Int) {
        self.day = day
        events = latest
        self.count = max(count, latest.count)
    }

    /// Whether the day holds events it does not list.
    public var isPartial: Bool { count > events.count }
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
