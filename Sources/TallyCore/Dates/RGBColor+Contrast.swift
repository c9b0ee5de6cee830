import Foundation

extension RGBColor {
    public static let white = RGBColor(red: 1, green: 1, blue: 1)
    /// The dark text cards use where white would be hard to read.
    public static let ink = RGBColor(hex: "#0B1018")!

    /// Relative luminance as WCAG 2 defines it: 0 for black to 1 for white.
    public var luminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio, 1 to 21 (text needs 4.5 for level AA).
    public func contrast(with other: RGBColor) -> Double {
        let (light, dark) = (max(luminance, other.luminance), min(luminance, other.luminance))
        return (light + 0.05) / (dark + 0.05)
    }

    /// White or ink, whichever reads better on every one of `backgrounds` (its worst contrast is higher).
    public static func text(on backgrounds: [RGBColor]) -> RGBColor {
        let onWhite = backgrounds.map { $0.contrast(with: .white) }.min() ?? 21
        let onInk = backgrounds.map { $0.contrast(with: .ink) }.min() ?? 1
        return onWhite >= 4.5 || onWhite >= onInk ? .white : .ink
    }
}
