import Foundation
import Recurrence

/// The day a person's week starts on: the one they chose in Settings, else the day their country starts it
/// on (CLDR's `firstDay`), the country read from the time zone they live in, else Monday.
///
/// Tally knows no other locale of a person that every device and the server's scheduler share: a browser's
/// language is one device's, and the CLI, the widgets and the nudges have none. The zone is a setting every
/// replica has, so every one of them counts the same weeks.
public enum FirstWeekday {
    /// The first weekday of the country of `zoneID`; Monday for a zone of a country that starts there, one
    /// this version does not place, or none.
    public static func `default`(zoneID: String?) -> Weekday {
        guard let zoneID else { return .monday }
        return byZone[zoneID] ?? .monday
    }

    /// `monday` ... `sunday` (also `mon`, `mo`), as settings store and people type them.
    public static func parse(_ text: String, field: String = "weekStart") throws(TallyError) -> Weekday {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let day = Weekday.allCases.first(where: { name($0) == lowered || name($0).prefix(3) == lowered }) {
            return day
        }
        if let day = Weekday(code: lowered), lowered.count == 2 { return day }
        throw .invalid(field: field, reason: "'\(text)' is not a day of the week: use monday, sunday, ...")
    }

    /// `monday` ... `sunday`: the stored form.
    public static func name(_ day: Weekday) -> String { names[day.rawValue] }

    /// `Monday` ... `Sunday`: as a page shows it.
    public static func title(_ day: Weekday) -> String { name(day).capitalized }

    /// The first day of the week holding `day`, in weeks that start on `first`.
    public static func weekStart(of day: LocalDay, first: Weekday) -> LocalDay {
        let offset = (day.isoWeekday - 1 - first.rawValue + 7) % 7
        return day.adding(days: -offset)
    }

    private static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    private static let byZone: [String: Weekday] = {
        var table: [String: Weekday] = [:]
        for (dayName, zones) in zonesByDay {
            guard let index = names.firstIndex(of: dayName), let day = Weekday(rawValue: index) else { continue }
            for zone in zones.split(whereSeparator: \.isWhitespace) { table[String(zone)] = day }
        }
        return table
    }()
}

extension LocalDay {
    /// The day of the week.
    public var weekday: Weekday { Weekday(rawValue: isoWeekday - 1)! }
}
