/// A recurrence rule (`RRULE`, RFC 5545 §3.3.10).
///
/// Integer lists are kept sorted and free of duplicates, so two rules that mean the same thing compare equal and
/// ``description`` (the canonical text) parses back to an equal value.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    /// `FREQ`.
    public var frequency: Frequency
    /// `INTERVAL` (at least 1).
    public var interval: Int
    /// `COUNT`, the number of occurrences including `DTSTART`.
    public var count: Int?
    /// `UNTIL`, the inclusive end.
    public var until: RuleUntil?
    /// `BYSECOND`, 0...60.
    public var bySecond: [Int]
    /// `BYMINUTE`, 0...59.
    public var byMinute: [Int]
    /// `BYHOUR`, 0...23.
    public var byHour: [Int]
    /// `BYDAY`.
    public var byDay: [WeekdaySpecifier]
    /// `BYMONTHDAY`, ±1...31.
    public var byMonthDay: [Int]
    /// `BYYEARDAY`, ±1...366.
    public var byYearDay: [Int]
    /// `BYWEEKNO`, ±1...53 (weeks start on ``weekStart``; week 1 is the first with at least four days in the year).
    public var byWeekNumber: [Int]
    /// `BYMONTH`, 1...12.
    public var byMonth: [Int]
    /// `BYSETPOS`, ±1...366.
    public var bySetPosition: [Int]
    /// `WKST` (Monday unless given).
    public var weekStart: Weekday

    /// The largest `COUNT` accepted: 100,000 occurrences, a daily event for 270 years or an hourly one for
    /// eleven, more than any series a person plans by counting. RFC 5545 sets no bound, but a `COUNT` is
    /// counted from `DTSTART` to find where the rule ends, and `COUNT=999999999` would make that a billion
    /// steps; a longer series is better said with `UNTIL` or no end, which cost nothing to seek into.
    public static let maximumCount = 100_000

    /// Creates a rule. Lists are normalized (sorted, deduplicated); use ``validate()`` to check RFC constraints.
    public init(
        frequency: Frequency, interval: Int = 1, count: Int? = nil, until: RuleUntil? = nil, bySecond: [Int] = [],
        byMinute: [Int] = [], byHour: [Int] = [], byDay: [WeekdaySpecifier] = [], byMonthDay: [Int] = [],
        byYearDay: [Int] = [], byWeekNumber: [Int] = [], byMonth: [Int] = [], bySetPosition: [Int] = [],
        weekStart: Weekday = .monday
    ) {
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.bySecond = Self.normalized(bySecond)
        self.byMinute = Self.normalized(byMinute)
        self.byHour = Self.normalized(byHour)
        self.byDay = Array(Set(byDay)).sorted()
        self.byMonthDay = Self.normalized(byMonthDay)
        self.byYearDay = Self.normalized(byYearDay)
        self.byWeekNumber = Self.normalized(byWeekNumber)
        self.byMonth = Self.normalized(byMonth)
        self.bySetPosition = Self.normalized(bySetPosition)
        self.weekStart = weekStart
    }

    /// Parses RRULE text such as `FREQ=MONTHLY;BYDAY=-1FR;COUNT=3`, with or without a leading `RRULE:`.
    public init(parsing text: String) throws(RecurrenceParseError) {
        self = try RecurrenceRuleParser.parse(text)
    }

    /// The canonical RRULE value text (without the `RRULE:` prefix).
    public var description: String {
        RecurrenceRuleSerializer.serialize(self)
    }

    /// Whether the rule has neither `COUNT` nor `UNTIL`.
    public var isUnbounded: Bool {
        count == nil && until == nil
    }

    /// If the rule can statically be seen never to match any date (e.g. `BYMONTH=2;BYMONTHDAY=30`), the reason.
    ///
    /// Such a rule produces no occurrences of its own; the recurrence set still starts with `DTSTART`.
    public var impossibilityReason: String? {
        ImpossibleRuleDetector.reason(for: self)
    }

    /// Checks the RFC 5545 constraints between parts; throws the first violation found.
    public func validate() throws(RecurrenceParseError) {
        try RecurrenceRuleValidator.validate(self)
    }

    static func normalized(_ values: [Int]) -> [Int] {
        Array(Set(values)).sorted()
    }
}
