/// Parses RRULE value text into a ``RecurrenceRule``.
enum RecurrenceRuleParser {
    static func parse(_ text: String) throws(RecurrenceParseError) -> RecurrenceRule {
        var body = Substring(text).drop(while: \.isWhitespace)
        while let last = body.last, last.isWhitespace { body = body.dropLast() }
        if body.prefix(6).uppercased() == "RRULE:" { body = body.dropFirst(6) }
        var builder = Builder()
        var seen = Set<String>()
        for rawPart in body.split(separator: ";", omittingEmptySubsequences: true) {
            guard let equals = rawPart.firstIndex(of: "=") else {
                throw RecurrenceParseError(part: String(rawPart), message: "rule part \"\(rawPart)\" has no value")
            }
            let name = rawPart[..<equals].trimmingSpaces().uppercased()
            let value = String(rawPart[rawPart.index(after: equals)...].trimmingSpaces())
            guard seen.insert(name).inserted else {
                throw RecurrenceParseError(part: name, message: "rule part \(name) appears more than once")
            }
            guard !value.isEmpty else {
                throw RecurrenceParseError(part: name, message: "rule part \(name) has an empty value")
            }
            try builder.apply(name: name, value: value)
        }
        return try builder.build()
    }

    /// Accumulates parts while parsing.
    private struct Builder {
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .yearly)

        mutating func apply(name: String, value: String) throws(RecurrenceParseError) {
            switch name {
            case "FREQ":
                guard let frequency = Frequency(name: value) else {
                    throw RecurrenceParseError(part: name, message: "FREQ value \"\(value)\" is not a frequency")
                }
                self.frequency = frequency
            case "INTERVAL": rule.interval = try integer(name, value)
            case "COUNT": rule.count = try integer(name, value)
            case "UNTIL": rule.until = try until(value)
            case "BYSECOND": rule.bySecond = try integers(name, value)
            case "BYMINUTE": rule.byMinute = try integers(name, value)
            case "BYHOUR": rule.byHour = try integers(name, value)
            case "BYDAY": rule.byDay = try weekdays(value)
            case "BYMONTHDAY": rule.byMonthDay = try integers(name, value)
            case "BYYEARDAY": rule.byYearDay = try integers(name, value)
            case "BYWEEKNO": rule.byWeekNumber = try integers(name, value)
            case "BYMONTH": rule.byMonth = try integers(name, value)
            case "BYSETPOS": rule.bySetPosition = try integers(name, value)
            case "WKST":
                guard let weekday = Weekday(code: value) else {
                    throw RecurrenceParseError(part: name, message: "WKST value \"\(value)\" is not a weekday")
                }
                rule.weekStart = weekday
            default:
                throw RecurrenceParseError(part: name, message: "unknown rule part \"\(name)\"")
            }
        }

        func build() throws(RecurrenceParseError) -> RecurrenceRule {
            guard let frequency else { throw RecurrenceParseError(part: "FREQ", message: "FREQ is required") }
            var result = rule
            result.frequency = frequency
            result = RecurrenceRule(
                frequency: frequency, interval: result.interval, count: result.count, until: result.until,
                bySecond: result.bySecond, byMinute: result.byMinute, byHour: result.byHour, byDay: result.byDay,
                byMonthDay: result.byMonthDay, byYearDay: result.byYearDay, byWeekNumber: result.byWeekNumber,
                byMonth: result.byMonth, bySetPosition: result.bySetPosition, weekStart: result.weekStart)
            try result.validate()
            return result
        }

        private func integer(_ name: String, _ text: String) throws(RecurrenceParseError) -> Int {
            guard let value = parseSignedInteger(text) else {
                throw RecurrenceParseError(part: name, message: "\(name) value \"\(text)\" is not an integer")
            }
            return value
        }

        private func integers(_ name: String, _ text: String) throws(RecurrenceParseError) -> [Int] {
            var values: [Int] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                values.append(try integer(name, String(item.trimmingSpaces())))
            }
            return values
        }

        private func weekdays(_ text: String) throws(RecurrenceParseError) -> [WeekdaySpecifier] {
            var values: [WeekdaySpecifier] = []
            for rawItem in text.split(separator: ",", omittingEmptySubsequences: false) {
                let item = rawItem.trimmingSpaces()
                guard item.count >= 2, let weekday = Weekday(code: String(item.suffix(2))) else {
                    throw RecurrenceParseError(part: "BYDAY", message: "BYDAY value \"\(item)\" is not a weekday")
                }
                let prefix = item.dropLast(2)
                if prefix.isEmpty {
                    values.append(WeekdaySpecifier(weekday))
                } else if let ordinal = parseSignedInteger(String(prefix)), prefix.count <= 3 {
                    values.append(WeekdaySpecifier(weekday, ordinal: ordinal))
                } else {
                    throw RecurrenceParseError(
                        part: "BYDAY", message: "BYDAY value \"\(item)\" has an invalid ordinal \"\(prefix)\"")
                }
            }
            return values
        }

        private func until(_ text: String) throws(RecurrenceParseError) -> RuleUntil {
            switch ICalendarText.parse(text) {
            case .date(let date): return .date(date)
            case .dateTime(let local, let isUTC): return isUTC ? .utc(local) : .floating(local)
            case nil:
                throw RecurrenceParseError(
                    part: "UNTIL", message: "UNTIL value \"\(text)\" is not a valid DATE or DATE-TIME")
            }
        }
    }

    /// Parses `[+-]digits` (at most 9 digits); `nil` otherwise.
    static func parseSignedInteger(_ text: String) -> Int? {
        var digits = Substring(text)
        var sign = 1
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return Int(digits).map { $0 * sign }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        var result = self.drop(while: { $0 == " " || $0 == "\t" })
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
