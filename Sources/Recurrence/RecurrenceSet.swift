import Foundation

/// A recurrence set (RFC 5545 §3.8.5): `DTSTART`, any number of `RRULE`s, and `RDATE` / `EXDATE` values.
///
/// Expansion happens in the zone of `DTSTART` (its `TZID`, UTC for a `Z` value, or ``floatingTimeZone`` for
/// floating and `VALUE=DATE` starts). `DTSTART` is always the first occurrence, even when it does not match a rule
/// (RFC 5545 §3.8.5.3); use an `EXDATE` equal to `DTSTART` to drop it, as the RFC's "Friday the 13th" example does.
public struct RecurrenceSet: Hashable, Sendable {
    /// `DTSTART`.
    public var start: DateTimeValue
    /// The `RRULE`s.
    public var rules: [RecurrenceRule]
    /// `RDATE` values, added to the set.
    public var inclusions: [DateTimeValue]
    /// `EXDATE` values, removed from the set. A `VALUE=DATE` exclusion removes every occurrence on that local date.
    public var exclusions: [DateTimeValue]
    /// The zone used for floating and date values (UTC unless set).
    public var floatingTimeZone: TimeZone

    /// Creates a set in code.
    public init(
        start: DateTimeValue, rules: [RecurrenceRule] = [], inclusions: [DateTimeValue] = [],
        exclusions: [DateTimeValue] = [], floatingTimeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) {
        self.start = start
        self.rules = rules
        self.inclusions = inclusions
        self.exclusions = exclusions
        self.floatingTimeZone = floatingTimeZone
    }

    /// Parses iCalendar content lines (`DTSTART`, `RRULE`, `RDATE`, `EXDATE`; other properties are ignored).
    public init(
        parsing text: String, floatingTimeZone: TimeZone = TimeZone(identifier: "UTC")!
    )
        throws(RecurrenceParseError)
    {
        self = try RecurrenceSetParser.parse(text, floatingTimeZone: floatingTimeZone)
    }

    /// The zone in which rules are expanded.
    public var timeZone: TimeZone {
        start.explicitTimeZone ?? floatingTimeZone
    }

    /// Whether some rule has neither `COUNT` nor `UNTIL` (the set is then infinite, unless the rule is impossible).
    public var isUnbounded: Bool {
        rules.contains { $0.isUnbounded && $0.impossibilityReason == nil }
    }

    /// Builds a fresh merged iterator over the set, counting its work on `meter`. A read that will `seek` looks
    /// up (or works out once) where its `COUNT` rules end, so that it need not count from `DTSTART`.
    func makeMerger(meter: OperationMeter = OperationMeter(), seeking: Bool = false) -> OccurrenceMerger {
        let table = ZoneOffsetTable(zone: timeZone)
        let startLocal = start.localDateTime
        let iterators = makeIterators(table: table, meter: meter, seeking: seeking)
        var included = inclusions.map { instantSeconds(of: $0, table: table) }
        if rules.isEmpty { included.append(table.instant(forLocalSeconds: startLocal.localSeconds)) }
        included = Array(Set(included)).sorted()
        var excludedInstants = Set<Int>()
        var excludedDays = Set<Int>()
        for value in exclusions {
            if case .date(let date) = value {
                excludedDays.insert(date.dayNumber)
            } else {
                excludedInstants.insert(instantSeconds(of: value, table: table))
            }
        }
        return OccurrenceMerger(
            iterators: iterators, inclusions: included,
            exclusions: ExclusionSet(instants: excludedInstants, days: excludedDays, table: table))
    }

    /// Builds fresh per-rule iterators (for backward searches, which always seek).
    func makeRuleIterators(
        meter: OperationMeter = OperationMeter()
    ) -> (
        iterators: [RuleOccurrenceIterator], table: ZoneOffsetTable
    ) {
        let table = ZoneOffsetTable(zone: timeZone)
        return (makeIterators(table: table, meter: meter, seeking: true), table)
    }

    private func makeIterators(
        table: ZoneOffsetTable, meter: OperationMeter, seeking: Bool
    )
        -> [RuleOccurrenceIterator]
    {
        let startLocal = start.localDateTime
        return rules.map { rule in
            let end =
                seeking && rule.count != nil
                ? CountEndCache.shared.end(of: rule, start: startLocal, table: table, meter: meter) : nil
            return RuleOccurrenceIterator(rule: rule, start: startLocal, table: table, meter: meter, countEnd: end)
        }
    }

    /// The instant of a value: zoned values in their own zone, floating and date values in the expansion zone.
    func instantSeconds(of value: DateTimeValue, table: ZoneOffsetTable) -> Int {
        switch value {
        case .utc(let local): return local.localSeconds
        case .zoned(let local, let zone) where zone != timeZone:
            return ZoneOffsetTable(zone: zone).instant(forLocalSeconds: local.localSeconds)
        default: return table.instant(forLocalSeconds: value.localDateTime.localSeconds)
        }
    }
}
