import ArgumentParser
import Foundation
import Recurrence

/// `tally recur`: expands an RFC 5545 recurrence rule, one occurrence per line in ISO 8601 with the offset.
struct RecurCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recur",
        abstract: "Expand a recurrence rule (RFC 5545 RRULE), one occurrence per line.",
        discussion: """
            RULE is a bare rule (FREQ=WEEKLY;BYDAY=MO,WE) with --start, or iCalendar lines \
            (DTSTART, RRULE, RDATE, EXDATE). An endless rule prints its first 100 occurrences unless \
            --count or --before says otherwise.
            """)

    static let defaultCount = 100

    @Argument(help: "FREQ=...;... or iCalendar lines (DTSTART, RRULE, RDATE, EXDATE).") var rule: String
    @Option(help: "DTSTART: local 19970902T090000 (read in --tz) or UTC 19970902T130000Z.") var start: String?
    @Option(help: "The IANA zone for a local DTSTART and for the output (default UTC).") var tz: String?
    @Option(help: "At most this many occurrences.") var count: Int?
    @Option(help: "Only occurrences after this instant (ISO 8601 with an offset, or 19970902T130000Z).")
    var after: String?
    @Option(help: "Only occurrences before this instant.") var before: String?

    func run() throws {
        let zone = try tz.map { name in
            guard let zone = TimeZone(identifier: name) else {
                throw RecurInputError("--tz: '\(name)' is not a known time zone")
            }
            return zone
        }
        let set = try recurrenceSet(zone: zone)
        if let count, count < 0 { throw RecurInputError("--count: \(count) is negative") }
        let lower = try after.map { try Self.instant($0, option: "--after") }
        let upper = try before.map { try Self.instant($0, option: "--before") }
        if let lower, let upper, upper <= lower { throw RecurInputError("--before is not later than --after") }
        var limit = count ?? Int.max
        let barren = set.barrenRuleReason
        if let barren {
            FileHandle.standardError.write(Data("(the rule never produces an occurrence: \(barren))\n".utf8))
        }
        if count == nil, upper == nil, set.isUnbounded {
            limit = Self.defaultCount
            if barren == nil {
                FileHandle.standardError.write(Data("(the rule has no end: the first \(limit); use --count)\n".utf8))
            }
        }
        let output = zone ?? set.timeZone
        for occurrence in Self.occurrences(of: set, after: lower, before: upper).prefix(limit) {
            print(ISO8601OffsetFormatter.string(from: occurrence, in: output))
        }
    }

    /// The occurrences strictly between the bounds, lazily. An endless rule jumps straight to `after`
    /// (`nextOccurrence` does not walk from DTSTART); a bounded one is read from its start in one pass.
    static func occurrences(of set: RecurrenceSet, after lower: Date?, before upper: Date?) -> AnySequence<Date> {
        let inRange: AnySequence<Date>
        if let lower, set.isUnbounded {
            let first = set.nextOccurrence(after: lower)
            inRange = AnySequence(
                sequence(state: first) { (next: inout Date?) -> Date? in
                    defer { next = next.flatMap { set.nextOccurrence(after: $0) } }
                    return next
                })
        } else {
            inRange = AnySequence(set.occurrences.lazy.filter { date in lower.map { date > $0 } ?? true })
        }
        return AnySequence(inRange.lazy.prefix { date in upper.map { date < $0 } ?? true })
    }

    private func recurrenceSet(zone: TimeZone?) throws -> RecurrenceSet {
        let trimmed = rule.trimmingCharacters(in: .whitespacesAndNewlines)
        let isCalendarText = trimmed.uppercased().hasPrefix("DTSTART") || trimmed.contains("\n")
        var text = trimmed
        if !isCalendarText {
            guard let start else { throw RecurInputError("--start is required with a bare rule") }
            let line =
                start.uppercased().hasSuffix("Z") || zone == nil
                ? "DTSTART:\(start)" : "DTSTART;TZID=\(zone!.identifier):\(start)"
            let body = trimmed.uppercased().hasPrefix("RRULE:") ? trimmed : "RRULE:\(trimmed)"
            text = line + "\n" + body
        } else if let start {
            text = "DTSTART:\(start)\n" + text
        }
        do {
            return try RecurrenceSet(parsing: text, floatingTimeZone: zone ?? TimeZone(identifier: "UTC")!)
        } catch {
            throw RecurInputError(error.description)
        }
    }

    /// `1997-09-02T13:00:00Z`, `1997-09-02T09:00:00-04:00`, or the iCalendar `19970902T130000Z`.
    static func instant(_ text: String, option: String) throws -> Date {
        let compact = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/
        if let match = text.wholeMatch(of: compact) {
            let iso = "\(match.1)-\(match.2)-\(match.3)T\(match.4):\(match.5):\(match.6)Z"
            if let date = ISO8601DateFormatter().date(from: iso) { return date }
        }
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        throw RecurInputError("\(option): '\(text)' is not an instant (use 1997-09-02T13:00:00Z or 19970902T130000Z)")
    }
}

/// Bad input to `tally recur`: printed as one line, exit status 1.
struct RecurInputError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
