import Foundation
import TallyCore

/// Reading a date and an optional time typed on the command line, in the user's zone.
enum DatesInput {
    /// `day` at `time` (midnight when nil) in `zone`, or an error naming the option.
    static func instant(day text: String, time: String?, zone: TimeZone, option: String) throws -> Date {
        let day = try LocalDay.parse(text, field: option)
        guard let time else { return zone.instant(of: LocalDateTime(day: day, secondOfDay: 0)) }
        return zone.instant(of: LocalDateTime(day: day, time: try TimeOfDay.parse(time, field: "--time")))
    }
}
