@testable import Recurrence

/// A small deterministic random number generator (SplitMix64) for reproducible random rules.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Builds random rules that satisfy the RFC 5545 constraints between parts.
enum RandomRuleFactory {
    static func make(using generator: inout SeededGenerator) -> RecurrenceRule {
        let frequency = Frequency.allCases.randomElement(using: &generator)!
        var rule = RecurrenceRule(frequency: frequency, interval: Int.random(in: 1...40, using: &generator))
        func values(_ range: ClosedRange<Int>, signed: Bool) -> [Int] {
            guard Bool.random(using: &generator) else { return [] }
            return (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                let value = Int.random(in: range, using: &generator)
                return signed && Bool.random(using: &generator) ? -value : value
            }
        }
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: rule.count = Int.random(in: 1...500, using: &generator)
        case 1:
            let date = CivilDate(year: Int.random(in: 1900...2100, using: &generator), month: 3, day: 14)
            rule.until = [
                RuleUntil.date(date), .floating(LocalDateTime(date: date, hour: 7)), .utc(LocalDateTime(date: date)),
            ]
            .randomElement(using: &generator)
        default: break
        }
        rule.bySecond = RecurrenceRule.normalized(values(0...60, signed: false))
        rule.byMinute = RecurrenceRule.normalized(values(0...59, signed: false))
        rule.byHour = RecurrenceRule.normalized(values(0...23, signed: false))
        rule.byMonth = RecurrenceRule.normalized(values(1...12, signed: false))
        if frequency != .weekly { rule.byMonthDay = RecurrenceRule.normalized(values(1...31, signed: true)) }
        if ![.daily, .weekly, .monthly].contains(frequency) {
            rule.byYearDay = RecurrenceRule.normalized(values(1...366, signed: true))
        }
        if frequency == .yearly { rule.byWeekNumber = RecurrenceRule.normalized(values(1...53, signed: true)) }
        let ordinals = (frequency == .monthly || frequency == .yearly) && rule.byWeekNumber.isEmpty
        rule.byDay = Array(
            Set(
                values(0...6, signed: false).map {
                    WeekdaySpecifier(
                        Weekday(rawValue: $0)!,
                        ordinal: ordinals && Bool.random(using: &generator)
                            ? Int.random(in: 1...5, using: &generator) * (Bool.random(using: &generator) ? 1 : -1) : nil
                    )
                })
        ).sorted()
        let hasOther =
            rule != RecurrenceRule(frequency: frequency, interval: rule.interval, count: rule.count, until: rule.until)
        if hasOther { rule.bySetPosition = RecurrenceRule.normalized(values(1...366, signed: true)) }
        rule.weekStart = Weekday.allCases.randomElement(using: &generator)!
        return rule
    }
}
