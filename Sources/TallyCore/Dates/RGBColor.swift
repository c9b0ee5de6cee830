/// A colour as red, green and blue in `0...1`, convertible to and from `#RRGGBB` and HSL.
public struct RGBColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = min(max(red, 0), 1)
        self.green = min(max(green, 0), 1)
        self.blue = min(max(blue, 0), 1)
    }

    /// Reads `#RRGGBB` (the `#` is optional).
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(
            red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255)
    }

    /// `#RRGGBB`, upper case.
    public var hex: String {
        let channels = [red, green, blue].map { Int(($0 * 255).rounded()) }
        return "#"
            + channels.map { channel in
                let text = String(channel, radix: 16, uppercase: true)
                return text.count == 1 ? "0" + text : text
            }.joined()
    }

    /// Hue in degrees `0..<360`, saturation and lightness in `0...1`.
    public var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        let lightness = (high + low) / 2
        guard high > low else { return (0, 0, lightness) }
        let delta = high - low
        let saturation = lightness > 0.5 ? delta / (2 - high - low) : delta / (high + low)
        var hue: Double
        switch high {
        case red: hue = (green - blue) / delta + (green < blue ? 6 : 0)
        case green: hue = (blue - red) / delta + 2
        default: hue = (red - green) / delta + 4
        }
        hue *= 60
        return (hue, saturation, lightness)
    }

    /// The colour with hue `hue` (any angle), saturation and lightness clamped to `0...1`.
    public init(hue: Double, saturation: Double, lightness: Double) {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let s = min(max(saturation, 0), 1)
        let l = min(max(lightness, 0), 1)
        guard s > 0 else {
            self.init(red: l, green: l, blue: l)
            return
        }
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        func channel(_ t: Double) -> Double {
            let t = t < 0 ? t + 1 : (t > 1 ? t - 1 : t)
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 1.0 / 2 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        self.init(red: channel(h + 1.0 / 3), green: channel(h), blue: channel(h - 1.0 / 3))
    }
}
