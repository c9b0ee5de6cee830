/// Finds rules whose `BYxxx` parts can never match any date or time, independent of `DTSTART`.
///
/// The day-level test is exact: which days of a year match depends only on the year's shape (leap or common,
/// weekday of January 1, and the lengths of the neighbouring years for `BYWEEKNO`), so every shape is tried.
enum ImpossibleRuleDetector {
    static func reason(for rule: RecurrenceRule) -> String? {
        if !rule.bySecond.isEmpty && rule.bySecond.allSatisfy({ $0 == 60 }) {
            return "BYSECOND=60 never occurs (leap seconds are not represented)"
        }
        let months = rule.byMonth.isEmpty ? Array(1...12) : rule.byMonth
        if !rule.byMonthDay.isEmpty {
            let longest = months.map { $0 == 2 ? 29 : CalendarMath.daysInMonth(year: 2001, month: $0) }.max() ?? 31
            if rule.byMonthDay.allSatisfy({ abs($0) > longest }) {
                let list = rule.byMonthDay.map(String.init).joined(separator: ",")
                let monthList = months.map(String.init).joined(separator: ",")
                return "BYMONTHDAY=\(list) does not exist in BYMONTH=\(monthList)"
            }
        }
        guard rule.frequency != .weekly else { return nil }
        // Build a plan whose defaults cannot add restrictions: a start on January 1 with no default day parts.
        var probe = rule
        probe.bySetPosition = []
        if probe.frequency == .yearly || probe.frequency == .monthly,
            rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        {
            return nil
        }
        let plan = RulePlan(rule: probe, start: LocalDateTime(year: 2001, month: 1, day: 1))
        var masks = PeriodDayMasks(plan: plan)
        switch rule.frequency {
        case .yearly:
            // One 400-year Gregorian cycle contains every year shape.
            if (2000..<2400).allSatisfy({ masks.yearMask(for: $0) == DayBits() }) {
                return "no day of any year matches"
            }
        case .monthly:
            let possible = months.contains { month in
                (28...31).contains { length in
                    (0..<7).contains { masks.monthMasks[(length - 28) * 7 + $0] != 0 }
                        && (month == 2 ? length <= 29 : length == CalendarMath.daysInMonth(year: 2001, month: month))
                }
            }
            if !possible { return "no day of any month in BYMONTH matches" }
        default:
            break
        }
        return nil
    }
}
