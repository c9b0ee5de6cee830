/// Writes the canonical RRULE text of a ``RecurrenceRule``.
enum RecurrenceRuleSerializer {
    static func serialize(_ rule: RecurrenceRule) -> String {
        var parts = ["FREQ=\(rule.frequency.name)"]
        if rule.interval != 1 { parts.append("INTERVAL=\(rule.interval)") }
        if let count = rule.count { parts.append("COUNT=\(count)") }
        if let until = rule.until { parts.append("UNTIL=\(until.text)") }
        appendList("BYMONTH", rule.byMonth, to: &parts)
        appendList("BYWEEKNO", rule.byWeekNumber, to: &parts)
        appendList("BYYEARDAY", rule.byYearDay, to: &parts)
        appendList("BYMONTHDAY", rule.byMonthDay, to: &parts)
        if !rule.byDay.isEmpty { parts.append("BYDAY=" + rule.byDay.map(\.description).joined(separator: ",")) }
        appendList("BYHOUR", rule.byHour, to: &parts)
        appendList("BYMINUTE", rule.byMinute, to: &parts)
        appendList("BYSECOND", rule.bySecond, to: &parts)
        appendList("BYSETPOS", rule.bySetPosition, to: &parts)
        if rule.weekStart != .monday { parts.append("WKST=\(rule.weekStart.code)") }
        return parts.joined(separator: ";")
    }

    private static func appendList(_ name: String, _ values: [Int], to parts: inout [String]) {
        guard !values.isEmpty else { return }
        parts.append(name + "=" + values.map(String.init).joined(separator: ","))
    }
}
