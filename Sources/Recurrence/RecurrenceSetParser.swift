import Foundation

/// Parses iCalendar content lines into a ``RecurrenceSet``.
enum RecurrenceSetParser {
    static func parse(_ text: String, floatingTimeZone: TimeZone) throws(RecurrenceParseError) -> RecurrenceSet {
        var start: DateTimeValue?
        var rules: [RecurrenceRule] = []
        var inclusions: [DateTimeValue] = []
        var exclusions: [DateTimeValue] = []
        for line in unfold(text) {
            let property = try ContentLine(line)
            switch property.name {
            case "DTSTART":
                guard start == nil else {
                    throw RecurrenceParseError(part: "DTSTART", message: "DTSTART appears more than once")
                }
                let values = try property.dateTimeValues()
                guard values.count == 1 else {
                    throw RecurrenceParseError(part: "DTSTART", message: "DTSTART must have exactly one value")
                }
                start = values[0]
            case "RRULE":
                do {
                    rules.append(try RecurrenceRule(parsing: property.value))
                } catch {
                    throw RecurrenceParseError(part: error.part, message: "RRULE: \(error.message)")
                }
            case "RDATE": inclusions += try property.dateTimeValues()
            case "EXDATE": exclusions += try property.dateTimeValues()
            case "EXRULE":
                throw RecurrenceParseError(part: "EXRULE", message: "EXRULE is not supported (removed in RFC 5545)")
            default: continue
            }
        }
        guard let start else { throw RecurrenceParseError(part: "DTSTART", message: "DTSTART is required") }
        // RFC 5545 §3.3.10: with a DTSTART in UTC or in a zone, UNTIL MUST be a UTC time.
        if start.explicitTimeZone != nil, !start.isDate,
            let local = rules.lazy.compactMap(\.until).first(where: { if case .floating = $0 { true } else { false } })
        {
            throw RecurrenceParseError(
                part: "UNTIL",
                message: "RRULE UNTIL \(local.text) is a local time, but DTSTART has a time zone: UNTIL MUST then "
                    + "be in UTC, ending in Z (RFC 5545 §3.3.10)")
        }
        return RecurrenceSet(
            start: start, rules: rules, inclusions: inclusions, exclusions: exclusions,
            floatingTimeZone: floatingTimeZone)
    }

    /// Splits into logical lines, joining a line that starts with a space or tab to the previous one.
    static func unfold(_ text: String) -> [String] {
        var lines: [String] = []
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = Substring(rawLine)
            if line.last == "\r" { line = line.dropLast() }
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else if !line.allSatisfy(\.isWhitespace) {
                lines.append(String(line))
            }
        }
        return lines
    }
}

/// One content line: `NAME;PARAM=VALUE;...:VALUE`.
struct ContentLine {
    let name: String
    let parameters: [String: String]
    let value: String

    init(_ line: String) throws(RecurrenceParseError) {
        var parameters: [String: String] = [:]
        var index = line.startIndex
        var inQuotes = false
        var segments: [Substring] = []
        var segmentStart = index
        while index < line.endIndex {
            let char = line[index]
            if char == "\"" { inQuotes.toggle() }
            if !inQuotes && (char == ";" || char == ":") {
                segments.append(line[segmentStart..<index])
                segmentStart = line.index(after: index)
                if char == ":" { break }
            }
            index = line.index(after: index)
        }
        guard index < line.endIndex, !segments.isEmpty else {
            throw RecurrenceParseError(part: nil, message: "content line \"\(line)\" has no ':' before its value")
        }
        name = segments[0].trimmingSpaces().uppercased()
        for segment in segments.dropFirst() {
            guard let equals = segment.firstIndex(of: "=") else {
                throw RecurrenceParseError(part: name, message: "\(name) parameter \"\(segment)\" has no value")
            }
            let key = segment[..<equals].uppercased()
            var parameterValue = String(segment[segment.index(after: equals)...])
            if parameterValue.hasPrefix("\"") && parameterValue.hasSuffix("\"") && parameterValue.count >= 2 {
                parameterValue = String(parameterValue.dropFirst().dropLast())
            }
            parameters[key] = parameterValue
        }
        self.parameters = parameters
        value = String(line[line.index(after: index)...]).trimmingCharacters(in: .whitespaces)
    }

    /// The comma-separated `DATE` / `DATE-TIME` values, honouring `VALUE=DATE` and `TZID`.
    func dateTimeValues() throws(RecurrenceParseError) -> [DateTimeValue] {
        let valueType = parameters["VALUE"]?.uppercased()
        var zone: TimeZone?
        if let identifier = parameters["TZID"] {
            guard let found = TimeZone(identifier: identifier) else {
                throw RecurrenceParseError(part: name, message: "\(name) TZID \"\(identifier)\" is not a known zone")
            }
            zone = found
        }
        var values: [DateTimeValue] = []
        for item in value.split(separator: ",") {
            let text = String(valueType == "PERIOD" ? item.prefix(while: { $0 != "/" }) : item)
            switch ICalendarText.parse(text) {
            case .date(let date)?:
                guard valueType == "DATE" || valueType == nil else { throw invalid(text) }
                values.append(.date(date))
            case .dateTime(let local, let isUTC)?:
                guard valueType != "DATE" else { throw invalid(text) }
                if isUTC {
                    // RFC 5545 §3.3.5: a UTC time (ending in Z) MUST NOT carry a TZID.
                    guard zone == nil else {
                        throw RecurrenceParseError(
                            part: name,
                            message: "\(name) \"\(text)\" is a UTC time (it ends in Z) and MUST NOT have a TZID "
                                + "(RFC 5545 §3.3.5): drop the TZID or the Z")
                    }
                    values.append(.utc(local))
                } else if let zone {
                    values.append(.zoned(local, zone))
                } else {
                    values.append(.floating(local))
                }
            case nil:
                throw invalid(text)
            }
        }
        guard !values.isEmpty else { throw RecurrenceParseError(part: name, message: "\(name) has no value") }
        return values
    }

    private func invalid(_ text: String) -> RecurrenceParseError {
        let kind = parameters["VALUE"]?.uppercased() == "DATE" ? "DATE" : "DATE-TIME"
        return RecurrenceParseError(part: name, message: "\(name) value \"\(text)\" is not a valid \(kind)")
    }
}
