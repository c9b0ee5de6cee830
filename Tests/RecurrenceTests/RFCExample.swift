import Foundation
import Testing

@testable import Recurrence

/// One RFC 5545 §3.8.5.3 example: DTSTART in America/New_York, a rule, and the expected occurrences.
struct RFCExample: Sendable, CustomTestStringConvertible {
    let name: String
    let start: String
    let rule: String
    let exclusion: String?
    /// For unbounded rules, how many leading occurrences are checked.
    let limit: Int?
    let expected: [String]

    init(
        _ name: String, start: String, rule: String, exclusion: String? = nil, limit: Int? = nil,
        expected: [String]
    ) {
        self.name = name
        self.start = start
        self.rule = rule
        self.exclusion = exclusion
        self.limit = limit
        self.expected = expected
    }

    var testDescription: String { name }

    /// The iCalendar text of the example.
    var text: String {
        var lines = ["DTSTART;TZID=America/New_York:\(start)", "RRULE:\(rule)"]
        if let exclusion { lines.append("EXDATE;TZID=America/New_York:\(exclusion)") }
        return lines.joined(separator: "\n")
    }

    func verify() throws {
        let set = try RecurrenceSet(parsing: text)
        let dates: [Date]
        if let limit {
            #expect(set.isUnbounded)
            #expect(throws: RecurrenceError.unbounded) { try set.allOccurrences() }
            dates = set.firstOccurrences(limit)
        } else {
            dates = try set.allOccurrences()
        }
        let actual = dates.map { ISO8601OffsetFormatter.string(from: $0, in: set.timeZone) }
        #expect(actual == expected, "\(name)")
    }
}

/// Expands iCalendar text and formats the occurrences in the set's zone.
func expandText(_ text: String, limit: Int = 1000) throws -> [String] {
    let set = try RecurrenceSet(parsing: text)
    return set.firstOccurrences(limit).map { ISO8601OffsetFormatter.string(from: $0, in: set.timeZone) }
}

/// Formats dates in a zone.
func format(_ dates: [Date], _ zone: String) -> [String] {
    dates.map { ISO8601OffsetFormatter.string(from: $0, in: TimeZone(identifier: zone)!) }
}

/// Parses an ISO 8601 instant with offset, e.g. `2024-03-10T03:30:00-04:00`.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)!
}
