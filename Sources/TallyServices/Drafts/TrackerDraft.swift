import Foundation
import TallyCore

/// A date tracker as a form or the API gives it: each field nil to keep the stored value (or take the
/// default, for a new tracker). The web page and the API map their format onto it; ``fields(current:zone:)``
/// holds the rules they share.
public struct TrackerDraft: Sendable {
    public var title: String?
    public var target: DraftMoment?
    /// For an instant target: whether only its date counts (a form's empty time says so itself).
    public var allDay: Bool?
    public var timeZoneID: String?
    public var type: TrackerKind?
    public var category: String?
    public var colorTheme: ColorTheme?
    public var gradient: GradientConfig?
    /// A new photo's address; it wins over ``removesImage``.
    public var imageUrl: String?
    public var removesImage: Bool
    public var displayUnits: [DisplayUnit]?

    public init(
        title: String? = nil, target: DraftMoment? = nil, allDay: Bool? = nil, timeZoneID: String? = nil,
        type: TrackerKind? = nil, category: String? = nil, colorTheme: ColorTheme? = nil,
        gradient: GradientConfig? = nil, imageUrl: String? = nil, removesImage: Bool = false,
        displayUnits: [DisplayUnit]? = nil
    ) {
        self.title = title
        self.target = target
        self.allDay = allDay
        self.timeZoneID = timeZoneID
        self.type = type
        self.category = category
        self.colorTheme = colorTheme
        self.gradient = gradient
        self.imageUrl = imageUrl
        self.removesImage = removesImage
        self.displayUnits = displayUnits
    }

    /// The tracker's fields: `current`'s with what the draft gives, or a new tracker's (counting until
    /// the target, in "Personal", in `zone`, days shown). Checked by ``DateTrackerFields/validated()``.
    public func fields(current: DateTrackerFields?, zone: TimeZone) throws(TallyError) -> DateTrackerFields {
        let zoneID = timeZoneID ?? current?.timeZoneID ?? zone.identifier
        guard
            let (instant, allDay) = target.map({
                $0.resolved(
                    stored: current.map { ($0.targetDate, $0.allDay) }, zone: TimeZone.supported(zoneID) ?? zone)
            }) ?? current.map({ ($0.targetDate, nil) })
        else { throw .invalid(field: "targetDate", reason: "is required") }
        let title = self.title ?? current?.title ?? ""
        let theme = colorTheme ?? current?.colorTheme ?? .standard
        return DateTrackerFields(
            title: title, targetDate: instant, timeZoneID: zoneID,
            allDay: allDay ?? self.allDay ?? current?.allDay ?? false, type: type ?? current?.type ?? .till,
            category: category ?? current?.category ?? "Personal", colorTheme: theme,
            gradientConfig: GradientPalette.kept(
                given: gradient, stored: current.map { ($0.gradientConfig, $0.colorTheme, $0.title) }, theme: theme),
            imageUrl: imageUrl ?? (removesImage ? nil : current?.imageUrl),
            displayUnits: displayUnits ?? current?.displayUnits ?? DisplayUnit.standard)
    }
}
