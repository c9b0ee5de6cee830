import Foundation
import Testing

@testable import Recurrence

/// next-after, previous-before and between, checked against plain forward expansion, plus proof that
/// next-after jumps instead of walking from a DTSTART decades in the past.
@Suite struct QueryTests {
    static let newYork = "America/New_York"

    @Test func nextAfterJumpsStraightToTheTargetPeriod() throws {
        let set = try RecurrenceSet(parsing: "DTSTART;TZID=America/New_York:19000101T090000\nRRULE:FREQ=DAILY")
        let target = instant("2090-06-15T12:00:00-04:00")
        #expect(format([set.nextOccurrence(after: target)!], Self.newYork) == ["2090-06-16T09:00:00-04:00"])
        #expect(format([set.previousOccurrence(before: target)!], Self.newYork) == ["2090-06-15T09:00:00-04:00"])
        var merger = set.makeMerger()
        merger.skip(toAtLeast: Int(target.timeIntervalSince1970))
        _ = merger.next()
        // 190 years of days lie before the target; a walk would load about 69,000 periods.
        #expect(merger.periodsVisited <= 64)
        var (iterators, _) = set.makeRuleIterators()
        _ = iterators[0].last(notAfter: Int(target.timeIntervalSince1970))
        #expect(iterators[0].periodsVisited <= 3)
    }

    @Test func nextAfterWithCountCountsFromTheStart() throws {
        let set = try RecurrenceSet(
            parsing: "DTSTART;TZID=America/New_York:19000101T090000\nRRULE:FREQ=DAILY;COUNT=60000")
        let target = instant("2090-06-15T12:00:00-04:00")
        #expect(set.nextOccurrence(after: target) == nil)
        let last = try set.allOccurrences().last!
        #expect(set.previousOccurrence(before: target) == last)
        #expect(set.nextOccurrence(after: last, inclusive: true) == last)
        #expect(format([last], Self.newYork) == ["2064-04-09T09:00:00-04:00"])
        let middle = instant("2000-01-01T00:00:00Z")
        #expect(format([set.nextOccurrence(after: middle)!], Self.newYork) == ["2000-01-01T09:00:00-05:00"])
    }

    @Test(arguments: [
        "DTSTART;TZID=America/New_York:19500131T090000\nRRULE:FREQ=MONTHLY;INTERVAL=3;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
        "DTSTART;TZID=America/New_York:19501105T093000\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU,-1SU;BYHOUR=1,9",
        "DTSTART;TZID=Europe/Berlin:19700101T000000\nRRULE:FREQ=HOURLY;INTERVAL=7;BYDAY=SA,SU",
        "DTSTART:19700105T120000Z\nRRULE:FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,FR;UNTIL=20401231T000000Z",
        "DTSTART;TZID=Australia/Sydney:19900101T080000\nRRULE:FREQ=DAILY;INTERVAL=5;COUNT=4000\nEXDATE;TZID=Australia/Sydney:20000104T080000",
        "DTSTART;TZID=Asia/Kolkata:19800229T101500\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29\nRDATE:20010101T000000Z",
        "DTSTART:19700101T000000Z\nRRULE:FREQ=MINUTELY;INTERVAL=97;BYHOUR=3;BYSETPOS=1",
    ])
    func queriesAgreeWithForwardExpansion(_ text: String) throws {
        let set = try RecurrenceSet(parsing: text)
        let all = set.firstOccurrences(3_000)
        let seconds = all.map { Int($0.timeIntervalSince1970) }
        var generator = SeededGenerator(seed: UInt64(text.count))
        // Beyond the last expanded occurrence neither answer is known when the set goes on.
        let lastSecond = seconds.last! - 1
        for _ in 0..<40 {
            let probe = Int.random(in: (seconds[0] - 86_400)...lastSecond, using: &generator)
            let date = Date(timeIntervalSince1970: Double(probe))
            let next = seconds.first { $0 > probe }
            let nextInclusive = seconds.first { $0 >= probe }
            let previous = seconds.last { $0 < probe }
            #expect(set.nextOccurrence(after: date).map { Int($0.timeIntervalSince1970) } == next, "\(probe)")
            #expect(
                set.nextOccurrence(after: date, inclusive: true).map { Int($0.timeIntervalSince1970) } == nextInclusive)
            #expect(set.previousOccurrence(before: date).map { Int($0.timeIntervalSince1970) } == previous, "\(probe)")
        }
        let low = all[all.count / 3]
        let high = all[all.count / 2]
        #expect(set.occurrences(from: low, to: high) == Array(all[(all.count / 3)...(all.count / 2)]))
        #expect(
            set.occurrences(from: low, to: high, inclusive: false) == Array(all[(all.count / 3 + 1)..<(all.count / 2)]))
    }

    @Test func previousSkipsExcludedDates() throws {
        let text = """
            DTSTART:20240101T090000Z
            RRULE:FREQ=DAILY
            EXDATE:20240110T090000Z,20240109T090000Z
            """
        let set = try RecurrenceSet(parsing: text)
        let previous = set.previousOccurrence(before: instant("2024-01-10T12:00:00Z"))!
        #expect(format([previous], "UTC") == ["2024-01-08T09:00:00+00:00"])
        #expect(set.previousOccurrence(before: instant("2024-01-01T09:00:00Z")) == nil)
        #expect(set.previousOccurrence(before: instant("2024-01-01T09:00:00Z"), inclusive: true) != nil)
    }

    @Test func lazySequence() throws {
        let set = try RecurrenceSet(parsing: "DTSTART:20240101T090000Z\nRRULE:FREQ=WEEKLY")
        #expect(Array(set.occurrences.prefix(3)).count == 3)
    }
}
