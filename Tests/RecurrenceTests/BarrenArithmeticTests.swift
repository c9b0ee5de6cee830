import Foundation
import Testing

@testable import Recurrence

/// The arithmetic that shows a sub-daily rule barren (``SubDailyLattice``) agrees with expanding the rule
/// without it, on random small HOURLY, MINUTELY and SECONDLY rules.
@Suite struct BarrenArithmeticTests {
    /// Expansion's verdict, the arithmetic switched off: whether a second occurrence is found within 20,000
    /// operations. The productive rules generated here need at most a few hundred (their time-of-day cycle is
    /// at most a week of periods, and whole hours and minutes that fail are jumped over), so a rule that finds
    /// none within that has none within a cycle either.
    static func expansionFindsSecondOccurrence(_ rule: RecurrenceRule, start: LocalDateTime, zone: TimeZone) -> Bool {
        let table = ZoneOffsetTable(zone: zone)
        var iterator = RuleOccurrenceIterator(
            rule: rule, start: start, table: table, meter: OperationMeter(limit: 20_000), provingBarrenness: false)
        return iterator.next() != nil && iterator.next() != nil
    }

    static func arithmeticSaysBarren(_ rule: RecurrenceRule, start: LocalDateTime, zone: TimeZone) -> Bool {
        let table = ZoneOffsetTable(zone: zone)
        let iterator = RuleOccurrenceIterator(rule: rule, start: start, table: table)
        return iterator.isImpossible && rule.impossibilityReason == nil
    }

    /// A random sub-daily rule with a small step whose time-of-day cycle is short: intervals that divide a day
    /// (and a few that do not), and one to three values in each of BYHOUR, BYMINUTE, BYSECOND.
    static func randomRule(using generator: inout SeededGenerator, dayFilters: Bool) -> RecurrenceRule {
        let frequency = [Frequency.hourly, .minutely, .secondly].randomElement(using: &generator)!
        let intervals = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 24, 25, 30, 36, 40, 45, 48, 60, 72, 90]
        var rule = RecurrenceRule(frequency: frequency, interval: intervals.randomElement(using: &generator)!)
        func some(_ range: ClosedRange<Int>) -> [Int] {
            guard Int.random(in: 0..<3, using: &generator) > 0 else { return [] }
            return RecurrenceRule.normalized(
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    Int.random(in: range, using: &generator)
                })
        }
        rule.byHour = some(0...23)
        rule.byMinute = some(0...59)
        rule.bySecond = some(0...59)
        if dayFilters && Bool.random(using: &generator) {
            rule.byDay = [WeekdaySpecifier(Weekday(rawValue: Int.random(in: 0...6, using: &generator))!)]
        }
        return rule
    }

    static func randomStart(using generator: inout SeededGenerator) -> LocalDateTime {
        LocalDateTime(
            year: Int.random(in: 1990...2030, using: &generator), month: Int.random(in: 1...12, using: &generator),
            day: Int.random(in: 1...28, using: &generator), hour: Int.random(in: 0...23, using: &generator),
            minute: Int.random(in: 0...59, using: &generator), second: Int.random(in: 0...59, using: &generator))
    }

    @Test func inAFixedZoneWithoutDayPartsTheArithmeticDecidesExactly() {
        var generator = SeededGenerator(seed: 46_002)
        var barren = 0
        for _ in 0..<300 {
            let rule = Self.randomRule(using: &generator, dayFilters: false)
            let start = Self.randomStart(using: &generator)
            let utc = TimeZone(identifier: "UTC")!
            let arithmetic = Self.arithmeticSaysBarren(rule, start: start, zone: utc)
            let expansion = !Self.expansionFindsSecondOccurrence(rule, start: start, zone: utc)
            if arithmetic { barren += 1 }
            #expect(arithmetic == expansion, "\(rule) from \(start)")
        }
        // The generator must produce both kinds for the comparison to mean anything.
        #expect(barren > 20 && barren < 280)
    }

    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Europe/London"])
    func inAZoneWithOffsetChangesTheArithmeticIsNeverWrongToCallARuleBarren(_ zoneName: String) {
        let zone = TimeZone(identifier: zoneName)!
        var generator = SeededGenerator(seed: UInt64(46_000 + zoneName.count))
        var barren = 0
        for _ in 0..<80 {
            let rule = Self.randomRule(using: &generator, dayFilters: true)
            let start = Self.randomStart(using: &generator)
            guard Self.arithmeticSaysBarren(rule, start: start, zone: zone) else { continue }
            barren += 1
            #expect(!Self.expansionFindsSecondOccurrence(rule, start: start, zone: zone), "\(rule) from \(start)")
        }
        #expect(barren > 5)
    }

    @Test func aHalfHourShiftReachesMinutesAWholeHourShiftDoesNot() {
        // Every 40 minutes from 09:00 reaches only minutes 0, 20 and 40 of the wall clock, in UTC and in New
        // York (its offset changes by whole hours). On Lord Howe Island the clock moves by half an hour, so
        // minutes 10, 30 and 50 are reached too, and the rule is not barren there.
        let rule = RecurrenceRule(frequency: .minutely, interval: 40, byMinute: [10, 30, 50])
        let start = LocalDateTime(year: 2026, month: 1, day: 1, hour: 9)
        for name in ["UTC", "America/New_York"] {
            #expect(Self.arithmeticSaysBarren(rule, start: start, zone: TimeZone(identifier: name)!), "\(name)")
        }
        let lordHowe = TimeZone(identifier: "Australia/Lord_Howe")!
        #expect(!Self.arithmeticSaysBarren(rule, start: start, zone: lordHowe))
        #expect(Self.expansionFindsSecondOccurrence(rule, start: start, zone: lordHowe))
    }
}
