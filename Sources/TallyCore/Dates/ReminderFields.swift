import Foundation

/// The fields of a one-off reminder a person can set, checked before anything is stored.
public struct ReminderFields: Hashable, Codable, Sendable {
    public var title: String
    public var description: String?
    public var date: Date
    /// The zone the reminder's time was set in.
    public var timeZoneID: String
    public var category: String
    public var colorTheme: ColorTheme
    public var gradientConfig: GradientConfig?

    public init(
        title: String, description: String? = nil, date: Date, timeZoneID: String, category: String = "Personal",
        colorTheme: ColorTheme = .standard, gradientConfig: GradientConfig? = nil
    ) {
        self.title = title
        self.description = description
        self.date = date
        self.timeZoneID = timeZoneID
        self.category = category
        self.colorTheme = colorTheme
        self.gradientConfig = gradientConfig
    }

    /// The fields as stored, or an error naming the first field that is wrong.
    public func validated() throws(TallyError) -> ReminderFields {
        var result = self
        result.title = try DatesText.title(title)
        result.description = try DatesText.optional(
            description, field: "description", limit: DatesText.maxDescriptionLength)
        result.category = try DatesText.category(category)
        result.date = try CapturedTime.checked(at: date, timeZoneID: timeZoneID)
        result.gradientConfig =
            try gradientConfig?.validated()
            ?? GradientPalette.config(theme: colorTheme, seed: GradientPalette.seed(for: result.title))
        return result
    }
}
