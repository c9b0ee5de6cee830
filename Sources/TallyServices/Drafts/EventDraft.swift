import Foundation
import TallyCore

/// A recurring event as a form or the API gives it: each field nil to keep the stored value (or take
/// the default, for a new event). ``fields(current:zone:)`` holds the rules the edges share.
public struct EventDraft: Sendable {
    public var title: String?
    public var start: DraftMoment?
    public var timeZoneID: String?
    /// An RRULE value such as `FREQ=WEEKLY;BYDAY=MO,WE` (a form's simple choices make one).
    public var recurrenceRule: String?
    public var excludedDates: [Date]?
    public var category: String?
    public var colorTheme: ColorTheme?
    public var gradient: GradientConfig?

    public init(
        title: String? = nil, start: DraftMoment? = nil, timeZoneID: String? = nil, recurrenceRule: String? = nil,
        excludedDates: [Date]? = nil, category: String? = nil, colorTheme: ColorTheme? = nil,
        gradient: GradientConfig? = nil
    ) {
        self.title = title
        self.start = start
        self.timeZoneID = timeZoneID
        self.recurrenceRule = recurrenceRule
        self.excludedDates = excludedDates
        self.category = category
        self.colorTheme = colorTheme
        self.gradient = gradient
    }

    /// The event's fields: `current`'s with what the draft gives, or a new event's (in "Personal", in
    /// `zone`). RFC 5545 makes the start an occurrence even when it is not one of a weekly rule's days; a
    /// person choosing "Mondays and Wednesdays" from a date means the first of those on or after it, so
    /// the start moves there, unless the edit keeps both the start's day and the rule as stored.
    public func fields(current: CalendarEventFields?, zone: TimeZone) throws(TallyError) -> CalendarEventFields {
        let zoneID = timeZoneID ?? current?.timeZoneID ?? zone.identifier
        let eventZone = TimeZone.supported(zoneID) ?? zone
        guard
            var instant = start.map({
                $0.resolved(stored: current.map { ($0.startDate, false) }, zone: eventZone).instant
            }) ?? current?.startDate
        else { throw .invalid(field: "startDate", reason: "is required") }
        guard let rule = recurrenceRule ?? current?.recurrenceRule else {
            throw .invalid(field: "recurrenceRule", reason: "is required")
        }
        let local = eventZone.localDateTime(of: instant)
        let unchanged =
            current.map { eventZone.localDateTime(of: $0.startDate).day == local.day && $0.recurrenceRule == rule }
            ?? false
        if let pattern = RecurrencePattern(rule: rule), pattern.frequency == .weekly, !pattern.weekdays.isEmpty,
            !unchanged
        {
            var day = local.day
            while !pattern.weekdays.contains(day.isoWeekday) { day = day.adding(days: 1) }
            instant = eventZone.instant(of: LocalDateTime(day: day, secondOfDay: local.secondOfDay))
        }
        let theme = colorTheme ?? current?.colorTheme ?? .standard
        return CalendarEventFields(
            title: title ?? current?.title ?? "", startDate: instant, timeZoneID: zoneID, recurrenceRule: rule,
            excludedDates: excludedDates ?? current?.excludedDates ?? [],
            category: category ?? current?.category ?? "Personal", colorTheme: theme,
            gradientConfig: GradientPalette.kept(
                given: gradient, stored: current.map { ($0.gradientConfig, $0.colorTheme, $0.title) }, theme: theme))
    }
}
