import TallyCore

/// A gradient drawn as layered radial gradients over a base colour, in the spirit of a mesh gradient.
/// Where each colour sits comes from the config's seed, so a card looks the same on every visit. The
/// text on it is white or ink, whichever contrasts more with its every colour (WCAG AA where it can).
enum MeshGradientStyle {
    static func css(_ config: GradientConfig?, theme: ColorTheme) -> String {
        let colors = config?.colors ?? [theme.seedColor.hex]
        let seed = UInt64(truncatingIfNeeded: config?.seed ?? 0)
        var layers: [String] = []
        for (index, color) in colors.enumerated().dropFirst() {
            let bits = seed >> UInt64(index * 8 % 56)
            let x = Int(bits & 0x3F) * 100 / 63
            let y = Int((bits >> 6) & 0x3) * 33
            layers.append("radial-gradient(at \(x)% \(y)%, \(color) 0, transparent 62%)")
        }
        layers.append(colors[0])
        let text = RGBColor.text(on: colors.compactMap(RGBColor.init(hex:)))
        let textStyle =
            text == .white ? "" : " color: \(text.hex); text-shadow: 0 1px 2px rgba(255, 255, 255, .3);"
        return "background: " + layers.joined(separator: ", ") + ";" + textStyle
    }
}
