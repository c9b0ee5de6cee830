/// Checks value ranges and the RFC 5545 §3.3.10 constraints between rule parts.
enum RecurrenceRuleValidator {
    static func validate(_ rule: RecurrenceRule) throws(RecurrenceParseError) {
        if rule.interval < 1 {
            throw RecurrenceParseError(part: "INTERVAL", message: "INTERVAL value \(rule.interval) must be at least 1")
        }
        if let count = rule.count, count < 1 {
            throw RecurrenceParseError(
                part: "COUNT",
                message:
                    "COUNT value \(count) must be at least 1: DTSTART always counts as the first occurrence (RFC 5545 §3.3.10)"
            )
        }
        if let count = rule.count, count > RecurrenceRule.maximumCount {
            throw RecurrenceParseError(
                part: "COUNT",
                message:
                    "COUNT value \(count) is more than 100,000, the most occurrences a rule may count; for a longer "
                    + "series give an end date (UNTIL) or no end at all")
        }
        if rule.count != nil && rule.until != nil {
            throw RecurrenceParseError(part: "COUNT", message: "COUNT and UNTIL cannot both be set")
        }
        try checkRange("BYSECOND", rule.bySecond, 0...60, allowNegative: false)
        try checkRange("BYMINUTE", rule.byMinute, 0...59, allowNegative: false)
        try checkRange("BYHOUR", rule.byHour, 0...23, allowNegative: false)
        try checkRange("BYMONTHDAY", rule.byMonthDay, 1...31, allowNegative: true)
        try checkRange("BYYEARDAY", rule.byYearDay, 1...366, allowNegative: true)
        try checkRange("BYWEEKNO", rule.byWeekNumber, 1...53, allowNegative: true)
        try checkRange("BYMONTH", rule.byMonth, 1...12, allowNegative: false)
        try checkRange("BYSETPOS", rule.bySetPosition, 1...366, allowNegative: true)
        try checkWeekdays(rule)
        try checkCombinations(rule)
    }

    private static func checkRange(
        _ name: String, _ values: [Int], _ range: ClosedRange<Int>, allowNegative: Bool
    ) throws(RecurrenceParseError) {
        for value in values {
            let valid = range.contains(value) || (allowNegative && range.contains(-value))
            if !valid {
                let text = allowNegative ? "-\(range.upperBound)...\(range.upperBound)" : "\(range)"
                let zeroNote = allowNegative && value == 0 ? " (0 is not allowed)" : ""
                throw RecurrenceParseError(
                    part: name, message: "\(name) value \(value) is out of range \(text)\(zeroNote)")
            }
        }
    }

    private static func checkWeekdays(_ rule: RecurrenceRule) throws(RecurrenceParseError) {
        for specifier in rule.byDay {
            guard let ordinal = specifier.ordinal else { continue }
            if ordinal == 0 || abs(ordinal) > 53 {
                throw RecurrenceParseError(
                    part: "BYDAY", message: "BYDAY value \(specifier) has ordinal \(ordinal) out of range -53...53")
            }
            if rule.frequency != .monthly && rule.frequency != .yearly {
                throw RecurrenceParseError(
                    part: "BYDAY",
                    message: "BYDAY value \(specifier) has an ordinal, which needs FREQ=MONTHLY or FREQ=YEARLY")
            }
            if rule.frequency == .yearly && !rule.byWeekNumber.isEmpty {
                throw RecurrenceParseError(
                    part: "BYDAY",
                    message: "BYDAY value \(specifier) has an ordinal, which is not allowed with BYWEEKNO")
            }
        }
    }

    private static func checkCombinations(_ rule: RecurrenceRule) throws(RecurrenceParseError) {
        let frequency = rule.frequency
        if !rule.byWeekNumber.isEmpty && frequency != .yearly {
            throw RecurrenceParseError(
                part: "BYWEEKNO", message: "BYWEEKNO is only allowed with FREQ=YEARLY, not FREQ=\(frequency.name)")
        }
        if !rule.byYearDay.isEmpty && [.daily, .weekly, .monthly].contains(frequency) {
            throw RecurrenceParseError(
                part: "BYYEARDAY", message: "BYYEARDAY is not allowed with FREQ=\(frequency.name)")
        }
        if !rule.byMonthDay.isEmpty && frequency == .weekly {
            throw RecurrenceParseError(part: "BYMONTHDAY", message: "BYMONTHDAY is not allowed with FREQ=WEEKLY")
        }
        let hasOtherByPart =
            !(rule.bySecond.isEmpty && rule.byMinute.isEmpty && rule.byHour.isEmpty && rule.byDay.isEmpty
            && rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty && rule.byWeekNumber.isEmpty && rule.byMonth.isEmpty)
        if !rule.bySetPosition.isEmpty && !hasOtherByPart {
            throw RecurrenceParseError(part: "BYSETPOS", message: "BYSETPOS needs another BYxxx rule part")
        }
    }
}
