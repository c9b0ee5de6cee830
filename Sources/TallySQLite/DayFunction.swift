import Foundation
import GRDB
import TallyCore

/// `tally_day(at_ms, time_zone, day_start_minute)`: the local day number of an entry at `at_ms` captured
/// in `time_zone`, under a day that starts `day_start_minute` minutes after midnight, as
/// ``DayBoundary/day(of:in:)`` reads it (an unknown zone reads as UTC, as the entry itself does).
/// Rebuilding `day_totals` calls it; every connection registers it.
enum DayFunction {
    static let name = "tally_day"

    static let function = DatabaseFunction(name, argumentCount: 3, pure: true) { values in
        guard let milliseconds = Int64.fromDatabaseValue(values[0]),
            let zoneID = String.fromDatabaseValue(values[1]),
            let minute = Int.fromDatabaseValue(values[2]),
            let start = TimeOfDay(hour: minute / 60, minute: minute % 60)
        else { throw DatabaseError(message: "\(name) needs an instant, a zone name and a minute of the day") }
        return DayBoundary(dayStart: start).day(of: Date(millisecondsSince1970: milliseconds), zoneID: zoneID).dayNumber
    }
}
