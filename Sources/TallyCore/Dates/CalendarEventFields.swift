import Foundation
import Recurrence

/// The fields of a recurring event a person can set, checked before anything is stored.
public struct CalendarEventFields: Hashable, Codable, Sendable {
    public var title: String
    /// The first occurrence (DTSTART), read in `timeZoneID`.
    public var startDate: Date
    public var timeZoneID: String
    /// An RFC 5545 RRULE value such as `FREQ=WEEKLY;BYDAY=MO,WE` (no `RRULE:` prefix).
    public var recurrenceRule: String
    /// Occurrences skipped (EXDATE), as the instants they would have had.
    public var excludedDates: [Date]
    public var category: String
    public var colorTheme: ColorTheme
    public var gradientConfig: GradientConfig?

    public init(
        title: String, startDate: Date, timeZoneID: String, recurrenceRule: String, excludedDates: [Date] = [],
        category: String = "Personal", colorTheme: ColorTheme = .standard, gradientConfig: GradientConfig? = nil
    ) {
        self.title = title
        self.startDate = startDate
        self.timeZoneID = timeZoneID
        self.recurrenceRule = recurrenceRule
        self.excludedDates = excludedDates
        self.category = category
        self.colorTheme = colorTheme
        self.gradientConfig = gradientConfig
    }

    /// The fields as stored (the rule in the engine's canonical spelling), or an error naming the first
    /// field that is wrong; a rule the engine rejects carries the engine's own message.
    public func validated() throws(TallyError) -> CalendarEventFields {
        var result = self
        result.title = try DatesText.title(title)
        result.category = try DatesText.category(category)
        result.startDate = try CapturedTime.checked(at: startDate, timeZoneID: timeZoneID)
        result.recurrenceRule = try Self.checkedRule(recurrenceRule)
        if let zone = ZoneCache.zone(timeZoneID),
            let problem = EventSchedule(fields: result, zone: zone).planningProblem
        {
            throw .invalid(field: "recurrenceRule", reason: problem)
        }
        result.excludedDates = try Array(Set(excludedDates)).sorted().map { date throws(TallyError) in
            try CapturedTime.checked(at: date, timeZoneID: timeZoneID)
        }
        result.gradientConfig =
            try gradientConfig?.validated()
            ?? GradientPalette.config(theme: colorTheme, seed: GradientPalette.seed(for: result.title))
        return result
    }

    /// A rule as stored, or the engine's message for a rule it rejects or that can never occur.
    public static func checkedRule(_ text: String, field: String = "recurrenceRule") throws(TallyError) -> String {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.uppercased().hasPrefix("RRULE:") { body = String(body.dropFirst(6)) }
        guard !body.isEmpty else { throw .invalid(field: field, reason: "is empty") }
        let rule: RecurrenceRule
        do {
            rule = try RecurrenceRule(parsing: body)
        } catch {
            throw .invalid(field: field, reason: error.message)
        }
        if let reason = rule.impossibilityReason {
            throw .invalid(field: field, reason: "the rule never produces an occurrence: \(reason)")
        }
        return rule.description
    }
}
