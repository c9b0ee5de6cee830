import Foundation
import Recurrence

/// An event's occurrences: its RRULE expanded from its start in its own zone, skipped dates removed.
///
/// Every read is held to ``RecurrenceBudget/perRead``, so no rule can stall a request or the notification
/// scheduler: a rule saved since that budget existed was checked against it (``planningProblem``), and an
/// older one that exceeds it reads as having no occurrences where the read was cut, instead of looping.
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

    /// Why the rule cannot be kept, in a person's words: reading it would cost more than a read may
    /// (``RecurrenceSet/costProblem(budget:)``: this also works out, once, where a `COUNT` ends, so that the
    /// reads after it seek straight to their window), or it gives nothing after the start
    /// (``RecurrenceSet/barrenRuleReason(budget:)``).
    var planningProblem: String? {
        guard let set else { return nil }
        if let problem = set.costProblem(budget: .perRead) { return problem }
        do {
            return try set.barrenRuleReason(budget: .perRead).map { "the rule never produces an occurrence: \($0)" }
        } catch {
            // Not met in practice: costProblem has just found the first occurrences within the same budget.
            return "this rule's times are too far apart to plan"
        }
    }

    /// The first occurrence at or after `now`.
    public func next(after now: Date) -> Date? {
        (try? set?.nextOccurrence(after: now, inclusive: true, budget: .perRead)) ?? nil
    }

    /// Up to `count` occurrences at or after `now`, in order.
    public func upcoming(after now: Date, count: Int) -> [Date] {
        guard let set, count > 0 else { return [] }
        return (try? set.occurrences(after: now, inclusive: true, limit: count, budget: .perRead)) ?? []
    }

    /// The last occurrence before `now`.
    public func previous(before now: Date) -> Date? {
        (try? set?.previousOccurrence(before: now, budget: .perRead)) ?? nil
    }

    /// Every occurrence in `interval` (start included, end excluded).
    public func occurrences(in interval: DateInterval) -> [Date] {
        guard let set else { return [] }
        let found = try? set.occurrences(from: interval.start, to: interval.end, inclusive: true, budget: .perRead)
        return found?.filter { $0 < interval.end } ?? []
    }
}
