/// Datekeeper's gradient: the colours of a card's background and the seed that placed them.
public struct GradientConfig: Hashable, Codable, Sendable {
    public static let colorCount = 2...6

    /// `#RRGGBB` colours.
    public var colors: [String]
    public var seed: Int?

    public init(colors: [String], seed: Int? = nil) {
        self.colors = colors
        self.seed = seed
    }

    /// The config with colours upper-cased, or an error naming what is wrong.
    public func validated(field: String = "gradientConfig") throws(TallyError) -> GradientConfig {
        guard Self.colorCount.contains(colors.count) else {
            throw .invalid(
                field: "\(field).colors",
                reason:
                    "has \(colors.count) colours; give \(Self.colorCount.lowerBound) to \(Self.colorCount.upperBound)")
        }
        var result = self
        result.colors = []
        for color in colors {
            guard let rgb = RGBColor(hex: color) else {
                throw .invalid(field: "\(field).colors", reason: "'\(color)' is not a colour like #4D99FF")
            }
            result.colors.append(rgb.hex)
        }
        return result
    }
}
