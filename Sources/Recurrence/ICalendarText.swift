/// Parsing and formatting of the iCalendar `DATE` and `DATE-TIME` text forms.
enum ICalendarText {
    /// Formats `YYYYMMDD`.
    static func format(_ date: CivilDate) -> String {
        pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
    }

    /// Formats `YYYYMMDDTHHMMSS` (no zone suffix).
    static func format(_ local: LocalDateTime) -> String {
        format(local.date) + "T" + pad(local.hour, 2) + pad(local.minute, 2) + pad(local.second, 2)
    }

    /// Zero-pads a non-negative number to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// A parsed `DATE` or `DATE-TIME` text.
    enum Parsed {
        case date(CivilDate)
        case dateTime(LocalDateTime, isUTC: Bool)
    }

    /// Parses `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`, validating field ranges; `nil` if malformed.
    static func parse(_ text: String) -> Parsed? {
        let chars = Array(text.utf8)
        guard chars.count >= 8, let year = number(chars, 0, 4), let month = number(chars, 4, 2),
            let day = number(chars, 6, 2)
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid, year >= 1 else { return nil }
        if chars.count == 8 { return .date(date) }
        guard chars.count == 15 || chars.count == 16, chars[8] == UInt8(ascii: "T") || chars[8] == UInt8(ascii: "t"),
            let hour = number(chars, 9, 2), let minute = number(chars, 11, 2), let second = number(chars, 13, 2),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var isUTC = false
        if chars.count == 16 {
            guard chars[15] == UInt8(ascii: "Z") || chars[15] == UInt8(ascii: "z") else { return nil }
            isUTC = true
        }
        return .dateTime(LocalDateTime(date: date, hour: hour, minute: minute, second: second), isUTC: isUTC)
    }

    private static func number(_ chars: [UInt8], _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for index in start..<(start + length) {
            let char = chars[index]
            guard char >= UInt8(ascii: "0"), char <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(char - UInt8(ascii: "0"))
        }
        return value
    }
}
