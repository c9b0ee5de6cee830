import Foundation
import Testing

@testable import Recurrence

/// The fast paths (``DayLattice`` for DAILY and WEEKLY, ``MonthShapes`` for MONTHLY, unfiltered HOURLY and
/// MINUTELY batches, ``ZoneYearCache``) must give exactly what the general expansion gives: the same
/// occurrences, from `DTSTART` and after a seek, for many seeded random rules, starts and zones.
@Suite struct FastPathTests {
    static let zones = [
        "UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Apia",
        "America/Sao_Paulo", "Asia/Tehran",
    ]

    /// A rule of a shape the fast paths take most of the time, with a few parts that turn them off.
    static func fastShapedRule(using generator: inout SeededGenerator) -> RecurrenceRule {
        let frequency = [Frequency.daily, .weekly, .monthly, .hourly, .minutely].randomElement(using: &generator)!
        var rule = RecurrenceRule(frequency: frequency, interval: Int.random(in: 1...5, using: &generator))
        func some(_ range: ClosedRange<Int>, _ odds: Int) -> [Int] {
            guard Int.random(in: 0..<odds, using: &generator) == 0 else { return [] }
            return RecurrenceRule.normalized(
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in Int.random(in: range, using: &generator) })
        }
        if frequency >= .daily {
            rule.byHour = some(0...23, 3)
            rule.byMinute = some(0...59, 4)
        }
        if frequency == .minutely { rule.bySecond = some(0...59, 3) }
        if frequency == .hourly { rule.byMinute = some(0...59, 3) }
        if frequency == .weekly || frequency == .monthly {
            rule.byDay = Array(Set(some(0...6, 2).map { WeekdaySpecifier(Weekday(rawValue: $0)!) })).sorted()
        }
        if frequency == .monthly {
            if Bool.random(using: &generator) {
                let ordinal = [1, 2, -1, -2, 5].randomElement(using: &generator)!
                let weekday = Weekday(rawValue: Int.random(in: 0...6, using: &generator))!
                rule.byDay = (rule.byDay + [WeekdaySpecifier(weekday, ordinal: ordinal)]).sorted()
            }
            rule.byMonthDay = some(-31...31, 3).filter { $0 != 0 }
            if !rule.byDay.isEmpty || !rule.byMonthDay.isEmpty {
                rule.bySetPosition = some(-3...3, 2).filter { $0 != 0 }
            }
        }
        rule.byMonth = some(1...12, 8)
        rule.weekStart = Weekday.allCases.randomElement(using: &generator)!
        if Int.random(in: 0..<4, using: &generator) == 0 {
            let date = CivilDate(year: Int.random(in: 1950...2060, using: &generator), month: 6, day: 30)
            rule.until = [RuleUntil.date(date), .floating(LocalDateTime(date: date, hour: 7))]
                .randomElement(using: &generator)
        }
        return rule
    }

    static func randomStart(using generator: inout SeededGenerator) -> LocalDateTime {
        let date = CivilDate(
            year: Int.random(in: 1900...2050, using: &generator), month: Int.random(in: 1...12, using: &generator),
            day: Int.random(in: 1...28, using: &generator))
        // Half the starts at 01:00-03:00, where most zones change their offset.
        let hour =
            Bool.random(using: &generator)
            ? Int.random(in: 1...2, using: &generator) : Int.random(in: 0...23, using: &generator)
        return LocalDateTime(
            date: date, hour: hour,
            minute: [0, 30, Int.random(in: 0...59, using: &generator)].randomElement(using: &generator)!,
            second: Bool.random(using: &generator) ? 0 : Int.random(in: 0...59, using: &generator))
    }

    /// The first `count` occurrences, after `seek` when given, within a budget of 20,000 operations (both
    /// paths count the same operations, so a cut read is cut at the same place): a barren rule would otherwise
    /// walk 400 years of empty periods.
    static func occurrences(
        _ rule: RecurrenceRule, start: LocalDateTime, zone: TimeZone, fastPaths: Bool, seek: Int?, count: Int
    ) -> [Int] {
        var iterator = RuleOccurrenceIterator(
            rule: rule, start: start, table: ZoneOffsetTable(zone: zone), meter: OperationMeter(limit: 20_000),
            fastPaths: fastPaths)
        if let seek { iterator.skip(past: seek, inclusive: true) }
        var result: [Int] = []
        while result.count < count, let value = iterator.next() { result.append(value) }
        return result
    }

    @Test func fastPathsGiveWhatTheGeneralExpansionGives() throws {
        var generator = SeededGenerator(seed: 0x51_0006)
        var compared = 0
        for index in 0..<500 {
            let rule =
                index % 3 == 2
                ? RandomRuleFactory.make(using: &generator) : Self.fastShapedRule(using: &generator)
            guard (try? RecurrenceRuleValidator.validate(rule)) != nil else { continue }
            let start = Self.randomStart(using: &generator)
            let zone = try #require(TimeZone(identifier: Self.zones.randomElement(using: &generator)!))
            let startInstant = ZoneOffsetTable(zone: zone).instant(forLocalSeconds: start.localSeconds)
            let seek = startInstant + Int.random(in: 0...(40 * 365 * 86_400), using: &generator)
            for target in [nil, seek] {
                let fast = Self.occurrences(rule, start: start, zone: zone, fastPaths: true, seek: target, count: 200)
                let general = Self.occurrences(
                    rule, start: start, zone: zone, fastPaths: false, seek: target, count: 200)
                #expect(
                    fast == general,
                    "\(rule.description) from \(start) in \(zone.identifier), seek \(String(describing: target))")
                compared += fast.count
            }
        }
        print("FastPathTests: \(compared) occurrences compared")
        #expect(compared > 30_000)
    }

    /// A batch of the fast paths leaves the source where the period-by-period batch leaves it, so that
    /// backward searches after a forward read start from the right period.
    @Test func fastBatchesLeaveTheSourceWhereThePeriodByPeriodBatchDoes() throws {
        var generator = SeededGenerator(seed: 0x51_0007)
        for _ in 0..<300 {
            let rule = Self.fastShapedRule(using: &generator)
            guard (try? RecurrenceRuleValidator.validate(rule)) != nil else { continue }
            let start = Self.randomStart(using: &generator)
            let zone = try #require(TimeZone(identifier: Self.zones.randomElement(using: &generator)!))
            let plan = RulePlan(rule: rule, start: start)
            let first = Int.random(in: 0...5_000, using: &generator)
            let (fast, general) =
                rule.frequency >= .daily
                ? (
                    CalendarPeriodSource(plan: plan, start: start, table: ZoneOffsetTable(zone: zone))
                        as any PeriodSource,
                    CalendarPeriodSource(
                        plan: plan, start: start, table: ZoneOffsetTable(zone: zone), fastPaths: false)
                        as any PeriodSource
                )
                : (
                    FixedStepPeriodSource(plan: plan, start: start, table: ZoneOffsetTable(zone: zone)),
                    FixedStepPeriodSource(
                        plan: plan, start: start, table: ZoneOffsetTable(zone: zone), fastPaths: false)
                )
            var fastLocals: [Int] = []
            var fastInstants: [Int] = []
            var generalLocals: [Int] = []
            var generalInstants: [Int] = []
            let fastBatch = fast.appendBatch(from: first, locals: &fastLocals, instants: &fastInstants, wallClock: true)
            let generalBatch = appendPeriodsOneByOne(
                general, from: first, locals: &generalLocals, instants: &generalInstants)
            #expect(fastBatch == generalBatch, "\(rule.description) from \(start) in \(zone.identifier)")
            #expect(fastInstants == generalInstants && fastLocals == generalLocals)
            #expect(fast.nextPeriod == general.nextPeriod && fast.previousPeriod == general.previousPeriod)
        }
    }

    /// Zone offsets kept per year for the process give the tables the same instants as asking the zone.
    @Test func zoneYearsAgreeWithTheZone() throws {
        for identifier in Self.zones {
            let zone = try #require(TimeZone(identifier: identifier))
            let table = ZoneOffsetTable(zone: zone)
            var instant = -2_208_988_800  // 1900-01-01
            while instant < 4_102_444_800 {  // 2100-01-01
                #expect(
                    table.offset(atInstant: instant)
                        == zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))),
                    "\(identifier) at \(instant)")
                instant += 86_400 * 7 + 3_599
            }
        }
    }
}
