import Foundation
import TallyCore

/// A one-off reminder as a form or the API gives it: each field nil to keep the stored value (or take
/// the default, for a new reminder). ``fields(current:zone:)`` holds the rules the edges share; the done
/// state is set apart (``ReminderService/setDone(id:_:)``).
public struct ReminderDraft: Sendable {
    public var title: String?
    public var description: String?
    public var date: DraftMoment?
    public var timeZoneID: String?
    public var category: String?
    public var colorTheme: ColorTheme?
    public var gradient: GradientConfig?

    public init(
        title: String? = nil, description: String? = nil, date: DraftMoment? = nil, timeZoneID: String? = nil,
        category: String? = nil, colorTheme: ColorTheme? = nil, gradient: GradientConfig? = nil
    ) {
        self.title = title
        self.description = description
        self.date = date
        self.timeZoneID = timeZoneID
        self.category = category
        self.colorTheme = colorTheme
        self.gradient = gradient
    }

    /// Whether the draft changes any field (the API's PUT may carry only the done state).
    public var isEmpty: Bool {
        title == nil && description == nil && date == nil && timeZoneID == nil && category == nil
            && colorTheme == nil && gradient == nil
    }

    /// The reminder's fields: `current`'s with what the draft gives, or a new reminder's (in "Personal",
    /// in `zone`). Checked by ``ReminderFields/validated()``.
    public func fields(current: ReminderFields?, zone: TimeZone) throws(TallyError) -> ReminderFields {
        let zoneID = timeZoneID ?? current?.timeZoneID ?? zone.identifier
        guard
            let instant = date.map({
                $0.resolved(stored: current.map { ($0.date, false) }, zone: TimeZone.supported(zoneID) ?? zone)
                    .instant
            }) ?? current?.date
        else { throw .invalid(field: "date", reason: "is required") }
        let theme = colorTheme ?? current?.colorTheme ?? .standard
        return ReminderFields(
            title: title ?? current?.title ?? "", description: description ?? current?.description, date: instant,
            timeZoneID: zoneID, category: category ?? current?.category ?? "Personal", colorTheme: theme,
            gradientConfig: GradientPalette.kept(
                given: gradient, stored: current.map { ($0.gradientConfig, $0.colorTheme, $0.title) }, theme: theme))
    }
}
