import Foundation

/// The fields of a date tracker a person can set, checked before anything is stored.
public struct DateTrackerFields: Hashable, Codable, Sendable {
    public var title: String
    public var targetDate: Date
    /// The zone the target date is read in; calendar units are counted on this zone's calendar.
    public var timeZoneID: String
    /// A date without a time of day: the target is local midnight and only dates count.
    public var allDay: Bool
    public var type: TrackerKind
    public var category: String
    public var colorTheme: ColorTheme
    /// Nil asks for the theme's gradient, seeded by the title.
    public var gradientConfig: GradientConfig?
    public var imageUrl: String?
    public var displayUnits: [DisplayUnit]

    public init(
        title: String, targetDate: Date, timeZoneID: String, allDay: Bool = true, type: TrackerKind,
        category: String = "Personal", colorTheme: ColorTheme = .standard, gradientConfig: GradientConfig? = nil,
        imageUrl: String? = nil, displayUnits: [DisplayUnit] = DisplayUnit.standard
    ) {
        self.title = title
        self.targetDate = targetDate
        self.timeZoneID = timeZoneID
        self.allDay = allDay
        self.type = type
        self.category = category
        self.colorTheme = colorTheme
        self.gradientConfig = gradientConfig
        self.imageUrl = imageUrl
        self.displayUnits = displayUnits
    }

    /// The fields as stored (texts trimmed, gradient filled in, units largest first), or an error naming
    /// the first field that is wrong.
    public func validated() throws(TallyError) -> DateTrackerFields {
        var result = self
        result.title = try DatesText.title(title)
        result.category = try DatesText.category(category)
        result.targetDate = try CapturedTime.checked(at: targetDate, timeZoneID: timeZoneID)
        if allDay, let zone = TimeZone.supported(timeZoneID) {
            result.targetDate = zone.instant(
                of: LocalDateTime(day: zone.localDateTime(of: targetDate).day, secondOfDay: 0))
        }
        result.displayUnits = try DisplayUnit.checked(displayUnits)
        result.gradientConfig =
            try gradientConfig?.validated()
            ?? GradientPalette.config(theme: colorTheme, seed: GradientPalette.seed(for: result.title))
        result.imageUrl = try ImageReference.checked(imageUrl)
        return result
    }
}
