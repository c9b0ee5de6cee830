/// Generates a gradient's colours from a seed colour through HSL, deterministically: the same colour and
/// seed give the same palette on every machine and in every run (no system randomness, no `Hasher`).
public enum GradientPalette {
    public static let colorCount = 4

    /// Four colours around `base`: the base, two neighbours on the colour wheel and a lighter accent,
    /// each nudged by a pseudo-random generator started from `seed`.
    public static func colors(base: RGBColor, seed: Int) -> [String] {
        var random = SplitMix64(seed: UInt64(bitPattern: Int64(seed)))
        let (hue, saturation, lightness) = base.hsl
        let baseSaturation = max(saturation, 0.45)
        let baseLightness = min(max(lightness, 0.45), 0.62)
        let offsets = [0, 18 + random.unit() * 22, -(18 + random.unit() * 22), 150 + random.unit() * 60]
        return offsets.enumerated().map { index, offset in
            let s = baseSaturation - random.unit() * 0.12
            let l = baseLightness + (index == 3 ? 0.14 : (random.unit() - 0.5) * 0.12)
            return RGBColor(hue: hue + offset, saturation: s, lightness: l).hex
        }
    }

    /// The gradient for a theme and a seed.
    public static func config(theme: ColorTheme, seed: Int) -> GradientConfig {
        GradientConfig(colors: colors(base: theme.seedColor, seed: seed), seed: seed)
    }

    /// A stable seed from text (FNV-1a), so a title always gets the same gradient.
    public static func seed(for text: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash & 0x7FFF_FFFF)
    }
}

extension GradientPalette {
    /// The gradient an edited record keeps (trackers, reminders and events alike): one given; else none
    /// when the theme changes; else the stored one, unless it is the one its theme made from its title,
    /// which then follows the title (none here: validation makes it again from the new title). A gradient
    /// made elsewhere (the API, another device) so stays while its theme does.
    /// `stored` is the record's gradient, theme and title; nil for a new record, which takes `given`.
    public static func kept(
        given: GradientConfig?, stored: (gradient: GradientConfig?, theme: ColorTheme, title: String)?,
        theme: ColorTheme
    ) -> GradientConfig? {
        if let given { return given }
        guard let stored, let gradient = stored.gradient, theme == stored.theme else { return nil }
        return gradient == config(theme: stored.theme, seed: seed(for: stored.title)) ? nil : gradient
    }
}
