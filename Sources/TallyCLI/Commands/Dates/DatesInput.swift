import Foundation
import TallyCore
import TallyServices

/// Reading a date and an optional time typed on the command line, as a draft takes them.
enum DatesInput {
    /// `day` at `time` (all day when nil), or an error naming the option.
    static func moment(day text: String, time: String?, option: String) throws -> DraftMoment {
        .local(
            try LocalDay.parse(text, field: option),
            try time.map { text throws(TallyError) in try TimeOfDay.parse(text, field: "--time") })
    }
}
