import Foundation
import Recurrence

/// One benchmark rule, expanded by both engines from the same DTSTART and zone.
struct BenchmarkCase: Codable {
    let name: String
    let dtstart: String
    let tzid: String
    let rule: String
    let count: Int

    static let all: [BenchmarkCase] = [
        BenchmarkCase(name: "DAILY", dtstart: "19000101T090000", tzid: "UTC", rule: "FREQ=DAILY", count: 100_000),
        BenchmarkCase(name: "HOURLY", dtstart: "19000101T090000", tzid: "UTC", rule: "FREQ=HOURLY", count: 100_000),
        BenchmarkCase(
            name: "WEEKLY;BYDAY=MO,WE,FR", dtstart: "19000101T090000", tzid: "UTC",
            rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", count: 100_000),
        BenchmarkCase(
            name: "MONTHLY;BYDAY=MO..FR;BYSETPOS=-1", dtstart: "19000131T090000", tzid: "UTC",
            rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", count: 50_000),
        BenchmarkCase(
            name: "MONTHLY;BYDAY=1FR,-1FR", dtstart: "19000105T090000", tzid: "UTC",
            rule: "FREQ=MONTHLY;BYDAY=1FR,-1FR", count: 50_000),
        BenchmarkCase(
            name: "YEARLY;BYMONTH=11;BYDAY=4TH", dtstart: "19001122T090000", tzid: "UTC",
            rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", count: 8_000),
        BenchmarkCase(
            name: "MONTHLY;BYDAY=FR;BYMONTHDAY=13", dtstart: "19000413T090000", tzid: "UTC",
            rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", count: 10_000),
        BenchmarkCase(
            name: "DAILY TZID=America/New_York", dtstart: "19700101T090000", tzid: "America/New_York",
            rule: "FREQ=DAILY", count: 100_000),
    ]

    var recurrenceSet: RecurrenceSet {
        let start = tzid == "UTC" ? "DTSTART:\(dtstart)Z" : "DTSTART;TZID=\(tzid):\(dtstart)"
        return try! RecurrenceSet(parsing: "\(start)\nRRULE:\(rule)")
    }

    /// Best occurrences per second of this engine over `runs` runs.
    func swiftOccurrencesPerSecond(runs: Int) -> Double {
        let set = recurrenceSet
        var best = Double.infinity
        for _ in 0..<runs {
            let began = DispatchTime.now().uptimeNanoseconds
            let produced = set.firstOccurrences(count).count
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
            precondition(produced == count, "\(name): produced \(produced) of \(count)")
            best = min(best, elapsed)
        }
        return Double(count) / best
    }
}
