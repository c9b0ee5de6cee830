import Foundation
import Recurrence

/// An event's occurrences: its RRULE expanded from its start in its own zone, skipped dates removed.
public struct EventSchedule: Sendable {
    private let set: RecurrenceSet?

    public init(_ event: CalendarEvent) { self.init(fields: event.fields, zone: event.zone) }

    init(fields: CalendarEventFields, zone: TimeZone) {
        func value(_ instant: Date) -> DateTimeValue {
            let local = zone.localDateTime(of: instant)
            return .zoned(
                Recurrence.LocalDateTime(
                    year: local.day.year, month: local.day.month, day: local.day.day, hour: local.hour,
                    minute: local.minute, second: local.second),
                zone)
        }
        // A stored rule was checked when written; one that no longer parses has no occurrences.
        set = (try? RecurrenceRule(parsing: fields.recurrenceRule)).map { rule in
            RecurrenceSet(
                start: value(fields.startDate), rules: [rule], exclusions: fields.excludedDates.map(value))
        }
    }

    /// Why the rule gives nothing after the start, if it does not (``RecurrenceSet/barrenRuleReason``).
    var barrenReason: String? { self.set?.barrenRuleReason }

    /// The first occurrence at or after `now`.
    public func next(after now: Date) -> Date? { set?.nextOccurrence(after: now, inclusive: true) }

    /// Up to `count` occurrences at or after `now`, in order.
    public func upcoming(after now: Date, count: Int) -> [Date] {
        guard let set, count > 0, var next = set.nextOccurrence(after: now, inclusive: true) else { return [] }
        var result = [next]
        while result.count < count, let following = set.nextOccurrence(after: next) {
            result.append(following)
            next = following
        }
        return result
    }

    /// The last occurrence before `now`.
    public func previous(before now: Date) -> Date? { set?.previousOccurrence(before: now) }

    /// Every occurrence in `interval` (start included, end excluded).
    public func occurrences(in interval: DateInterval) -> [Date] {
        set?.occurrences(from: interval.start, to: interval.end, inclusive: true).filter { $0 < interval.end } ?? []
    }
}
