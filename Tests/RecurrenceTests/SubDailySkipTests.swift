import Foundation
import Testing

@testable import Recurrence

/// HOURLY, MINUTELY and SECONDLY rules jump over hours, minutes and seconds their `BYxxx` parts do not allow
/// (``FixedStepPeriodSource``); around a change of UTC offset the jumps must still land on every allowed
/// wall-clock time, the repeated ones of a fall-back included. Checked against visiting every period.
@Suite struct SubDailySkipTests {
    /// Every period visited in turn: period `k` starts `k × step` after the start of `DTSTART`'s unit, and
    /// gives its candidates when its wall clock passes the time parts.
    static func everyPeriod(_ rule: RecurrenceRule, start: LocalDateTime, zone: TimeZone, until end: Int) -> [Int] {
        let table = ZoneOffsetTable(zone: zone)
        let plan = RulePlan(rule: rule, start: start)
        let unit = rule.frequency.fixedSeconds!
        let startInstant = table.instant(forLocalSeconds: start.localSeconds)
        let origin = startInstant - CalendarMath.floorMod(table.localSeconds(forInstant: startInstant), unit)
        let offsets = rule.frequency == .secondly ? [0] : plan.offsetsInPeriod
        var result = [startInstant]
        var periodStart = origin
        while periodStart <= end {
            let secondOfDay = CalendarMath.floorMod(table.localSeconds(forInstant: periodStart), 86_400)
            let passes =
                plan.hourMask & (UInt32(1) << (secondOfDay / 3_600)) != 0
                && (rule.frequency == .hourly || plan.minuteMask & (UInt64(1) << (secondOfDay / 60 % 60)) != 0)
                && (rule.frequency != .secondly || plan.secondMask & (UInt64(1) << (secondOfDay % 60)) != 0)
            if passes {
                for offset in offsets where periodStart + offset > result.last! && periodStart + offset <= end {
                    result.append(periodStart + offset)
                }
            }
            periodStart += unit * rule.interval
        }
        return result
    }

    @Test(arguments: [
        ("America/New_York", "20260308T020000"), ("America/New_York", "20261101T013000"),
        ("Australia/Lord_Howe", "20260405T020000"), ("Australia/Lord_Howe", "20261004T020000"),
        ("Europe/London", "20261025T013000"),
    ])
    func jumpsLandOnEveryAllowedTimeAcrossAnOffsetChange(_ zoneName: String, _ transition: String) throws {
        let zone = TimeZone(identifier: zoneName)!
        var generator = SeededGenerator(seed: UInt64(zoneName.count * 1_000 + transition.count))
        let middle = try RecurrenceSet(parsing: "DTSTART;TZID=\(zoneName):\(transition)").start.localDateTime
        for _ in 0..<40 {
            let frequency = [Frequency.hourly, .minutely, .secondly].randomElement(using: &generator)!
            var rule = RecurrenceRule(frequency: frequency, interval: Int.random(in: 1...7, using: &generator))
            func some(_ range: ClosedRange<Int>, _ most: Int) -> [Int] {
                guard Bool.random(using: &generator) else { return [] }
                return RecurrenceRule.normalized(
                    (0..<Int.random(in: 1...most, using: &generator)).map { _ in
                        Int.random(in: range, using: &generator)
                    })
            }
            rule.byHour = some(0...3, 3)
            rule.byMinute = some(0...59, 4)
            rule.bySecond = frequency == .hourly ? [] : some(0...59, 3)
            let start = LocalDateTime(localSeconds: middle.localSeconds - Int.random(in: 0...7_200, using: &generator))
            let set = RecurrenceSet(start: .zoned(start, zone), rules: [rule])
            let from = set.start.instant(floatingZone: zone)
            let end = Int(from.timeIntervalSince1970) + 6 * 3_600
            let engine = set.occurrences(from: from, to: Date(timeIntervalSince1970: Double(end)))
                .map { Int($0.timeIntervalSince1970) }
            #expect(engine == Self.everyPeriod(rule, start: start, zone: zone, until: end), "\(rule) from \(start)")
        }
    }
}
