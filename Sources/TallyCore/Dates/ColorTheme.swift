/// The named colour themes a tracker, reminder or event can wear; each seeds its gradient.
public enum ColorTheme: String, CaseIterable, Codable, Sendable {
    case blue, purple, pink, red, orange, gold, green, teal

    public static let standard = ColorTheme.blue

    /// The theme's base colour.
    public var seedColor: RGBColor {
        let hex =
            switch self {
            case .blue: "#4D99FF"
            case .purple: "#9966E6"
            case .pink: "#E66BA8"
            case .red: "#E5484D"
            case .orange: "#F2994A"
            case .gold: "#D4A72C"
            case .green: "#3FB68B"
            case .teal: "#2BB5C0"
            }
        return RGBColor(hex: hex)!
    }

    /// The theme named `text`, or an error listing the themes.
    public static func parse(_ text: String, field: String = "colorTheme") throws(TallyError) -> ColorTheme {
        guard let theme = ColorTheme(rawValue: text.lowercased()) else {
            throw .invalid(
                field: field,
                reason: "'\(text)' is not a theme (use \(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return theme
    }
}
