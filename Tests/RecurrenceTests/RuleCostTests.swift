import Foundation
import Testing

@testable import Recurrence

/// What rules cost, in operations (periods loaded plus candidates examined, ``RecurrenceBudget``), counted
/// rather than timed so that a busy machine cannot fail the test (issue 46, item 2).
@Suite struct RuleCostTests {
    static let now = Date(timeIntervalSince1970: 1_795_500_000)

    /// The operations of the first two occurrences of a set, as the barren check asks for them.
    func firstTwoCost(_ set: RecurrenceSet) -> (count: Int, operations: Int) {
        let meter = OperationMeter()
        var merger = set.makeMerger(meter: meter)
        let count = [merger.next(), merger.next()].compactMap { $0 }.count
        return (count, meter.used)
    }

    @Test(arguments: ["DTSTART:19970902T090000", "DTSTART;TZID=America/New_York:19970902T090000"])
    func theAuditsBarrenRuleIsFoundBarrenInFewOperations(_ start: String) throws {
        // Before: 2,097,216 periods walked (the engine's empty-step limit), 1.3 s of a debug build on CI.
        let set = try RecurrenceSet(parsing: "\(start)\nRRULE:FREQ=MINUTELY;INTERVAL=12;BYMINUTE=10,11,25,39,50")
        let (count, operations) = firstTwoCost(set)
        #expect(count == 1)
        #expect(operations < 10_000)
        #expect(try set.barrenRuleReason(budget: RecurrenceBudget(operations: 10_000))?.hasPrefix("nothing") == true)
        #expect(set.occurrences(from: Self.now, to: Self.now + 86_400).isEmpty)
    }

    @Test func aCountBeyondTheMaximumIsRefusedInPlainWords() throws {
        #expect(throws: RecurrenceParseError.self) {
            try RecurrenceRule(parsing: "FREQ=SECONDLY;COUNT=999999;BYSECOND=0")
        }
        do {
            _ = try RecurrenceRule(parsing: "FREQ=SECONDLY;COUNT=999999999")
        } catch {
            #expect(error.part == "COUNT")
            #expect(error.message.contains("more than 100,000"))
        }
        #expect(try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=100000").count == RecurrenceRule.maximumCount)
    }

    @Test func aCountRuleIsCountedOnceAndThenSoughtIntoCheaply() throws {
        let text = "DTSTART;TZID=America/New_York:20010203T040506\nRRULE:FREQ=MINUTELY;COUNT=5000"
        let set = try RecurrenceSet(parsing: text)
        let all = try set.allOccurrences()
        let middle = all[3_210]
        let first = OperationMeter()
        #expect(set.nextOccurrence(after: Self.now, inclusive: false, meter: first) == nil)
        // The first read counts the 5,000 occurrences once: about a period and a candidate each.
        #expect(first.used > 5_000 && first.used < 20_000)
        for date in [Self.now, middle] {
            let meter = OperationMeter()
            let window = set.occurrences(from: date, to: date + 3_600, inclusive: true, meter: meter)
            #expect(window == all.filter { $0 >= date && $0 <= date + 3_600 })
            #expect(meter.used < 500, "a read after the first seeks instead of counting: \(meter.used)")
        }
        let meter = OperationMeter()
        #expect(set.previousOccurrence(before: Self.now, inclusive: false, meter: meter) == all.last)
        #expect(meter.used < 500)
        #expect(try set.nextOccurrence(after: middle, budget: RecurrenceBudget(operations: 500)) == all[3_211])
    }

    @Test func theAuditsCountRuleAtTheMaximumCostsOneCountingThenLittle() throws {
        // Before: COUNT=999999 was accepted and every read of it walked 59,999,936 periods (15 s of CPU).
        let text = "DTSTART:20000101T000000Z\nRRULE:FREQ=SECONDLY;COUNT=100000;BYSECOND=0"
        let set = try RecurrenceSet(parsing: text)
        #expect(set.costProblem() == nil)
        let meter = OperationMeter()
        let window = set.occurrences(from: Self.now, to: Self.now + 86_400, inclusive: true, meter: meter)
        #expect(window.isEmpty)
        #expect(meter.used < 100)
        let last = try #require(try set.previousOccurrence(before: Self.now, budget: RecurrenceBudget(operations: 100)))
        #expect(format([last], "UTC") == ["2000-03-10T10:39:00+00:00"])
        // With a tenth of the budget the counting does not fit, and saving says so.
        let small = RecurrenceBudget(operations: 100_000)
        let other = try RecurrenceSet(parsing: "DTSTART:20000102T000000Z\nRRULE:FREQ=SECONDLY;COUNT=100000;BYSECOND=0")
        #expect(
            other.costProblem(budget: small)?.hasPrefix("this rule repeats too often to plan: counting its 100,000")
                == true)
        #expect(throws: RecurrenceError.overBudget(operations: 100_000)) {
            try other.nextOccurrence(after: Self.now, budget: small)
        }
    }

    @Test func aReadThatWouldExpandTooMuchIsCutAndSaysSo() throws {
        let secondly = try RecurrenceSet(parsing: "DTSTART:20260101T000000Z\nRRULE:FREQ=SECONDLY")
        let budget = RecurrenceBudget(operations: 10_000)
        #expect(throws: RecurrenceError.overBudget(operations: 10_000)) {
            try secondly.occurrences(from: Self.now, to: Self.now + 30 * 86_400, budget: budget)
        }
        #expect(try secondly.occurrences(from: Self.now, to: Self.now + 60, budget: budget).count == 61)
        #expect(RecurrenceError.overBudget(operations: 10_000).description.contains("too often to plan"))
        // Saving such a rule is refused before any read: a month of it is 2.7 million occurrences.
        #expect(secondly.costProblem()?.contains("a month of it holds up to 2,678,400 times") == true)
        let counted = try RecurrenceSet(parsing: "DTSTART:20260101T000000Z\nRRULE:FREQ=SECONDLY;COUNT=5000")
        #expect(counted.costProblem() == nil)
        // Every second of every day of a year is 31 million candidates in a single period.
        let all = (0..<60).map(String.init).joined(separator: ",")
        let everySecond = try RecurrenceSet(
            parsing: "DTSTART:20260101T000000Z\nRRULE:FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;"
                + "BYMONTHDAY=\((1...31).map(String.init).joined(separator: ","));"
                + "BYHOUR=\((0..<24).map(String.init).joined(separator: ","));BYMINUTE=\(all);BYSECOND=\(all)")
        #expect(everySecond.costProblem()?.contains("one year of it holds up to 31,622,400 times") == true)
        #expect(throws: RecurrenceError.self) { try everySecond.firstOccurrences(5, budget: .perRead) }
    }

    @Test func aRuleWhoseTimesAreTooFarApartIsReported() throws {
        // Every 86,401 seconds drifts a second a day: 03:00:00 comes back once in 236 years, which is more
        // than the engine looks ahead, and far more than a read may spend looking.
        let set = try RecurrenceSet(
            parsing: "DTSTART:20260101T030000Z\nRRULE:FREQ=SECONDLY;INTERVAL=86401;BYHOUR=3;BYMINUTE=0;BYSECOND=0")
        let budget = RecurrenceBudget(operations: 10_000)
        #expect(set.costProblem(budget: budget)?.hasPrefix("this rule's times are too far apart to plan") == true)
        #expect(throws: RecurrenceError.overBudget(operations: 10_000)) {
            try set.barrenRuleReason(budget: budget)
        }
    }

    @Test func everydayRulesCostLittle() throws {
        for text in [
            "DTSTART;TZID=Europe/Berlin:20260105T083000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR",
            "DTSTART;TZID=America/New_York:20260131T180000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=24",
            "DTSTART;TZID=Asia/Kolkata:20260101T080000\nRRULE:FREQ=HOURLY;INTERVAL=4;BYHOUR=8,12,16,20",
        ] {
            let set = try RecurrenceSet(parsing: text)
            #expect(set.costProblem(budget: RecurrenceBudget(operations: 2_000)) == nil, "\(text)")
            _ = try set.occurrences(
                from: Self.now, to: Self.now + 7 * 86_400, budget: RecurrenceBudget(operations: 2_000))
        }
    }
}
