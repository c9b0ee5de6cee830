/// A unit a date tracker can show its distance in, largest first.
public enum DisplayUnit: String, CaseIterable, Codable, Comparable, Sendable {
    case years, months, weeks, days, hours

    /// What a tracker shows when the user has chosen nothing.
    public static let standard: [DisplayUnit] = [.years, .months, .days]

    public static func < (lhs: DisplayUnit, rhs: DisplayUnit) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The unit's name for `count` of it: "1 day", "2 days".
    public func phrase(_ count: Int) -> String {
        let singular = String(rawValue.dropLast())
        return "\(count) \(count == 1 ? singular : rawValue)"
    }

    /// Units from a list such as `years,months,days` (any order; stored largest first), or an error
    /// naming the word that is not a unit.
    public static func parseList(_ text: String, field: String = "displayUnits") throws(TallyError) -> [DisplayUnit] {
        let words = text.split(whereSeparator: { $0 == "," || $0 == " " }).map { $0.lowercased() }
        var units: [DisplayUnit] = []
        for word in words {
            guard let unit = DisplayUnit(rawValue: word) ?? DisplayUnit(rawValue: word + "s") else {
                throw .invalid(
                    field: field,
                    reason: "'\(word)' is not a unit (use \(allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            units.append(unit)
        }
        return try checked(units, field: field)
    }

    /// The units sorted largest first, or an error when there are none or one is repeated.
    public static func checked(
        _ units: [DisplayUnit], field: String = "displayUnits"
    ) throws(TallyError)
        -> [DisplayUnit]
    {
        guard !units.isEmpty else { throw .invalid(field: field, reason: "choose at least one unit") }
        guard Set(units).count == units.count else { throw .invalid(field: field, reason: "a unit is repeated") }
        return units.sorted()
    }
}
