import Testing

@testable import TallyCore

/// The text on a tracker, event or reminder card reads at WCAG AA (4.5:1) on every theme's colour, and
/// on a gradient it is chosen for its worst colour.
@Suite struct TextContrastTests {
    @Test func contrastIsWCAGsRatio() {
        #expect(abs(RGBColor.white.contrast(with: RGBColor(red: 0, green: 0, blue: 0)) - 21) < 0.001)
        #expect(RGBColor.white.contrast(with: .white) == 1)
        // Gold with white text was about 2.1:1, the audit's complaint.
        let gold = ColorTheme.gold.seedColor
        #expect(gold.contrast(with: .white) < 2.5)
    }

    @Test(arguments: ColorTheme.allCases)
    func everyThemeGetsText(_ theme: ColorTheme) {
        let background = theme.seedColor
        let text = RGBColor.text(on: [background])
        #expect(text.contrast(with: background) >= 4.5, "\(theme): \(text.contrast(with: background))")
    }

    @Test func aGradientsTextSuitsItsWorstColour() {
        let navy = RGBColor(hex: "#1B2A4A")!
        let cream = RGBColor(hex: "#FFF4D6")!
        #expect(RGBColor.text(on: [navy]) == .white)
        #expect(RGBColor.text(on: [cream]) == .ink)
        // On navy and gold together, the text chosen reads better against the worse of the two than the
        // other text would.
        let colours = [navy, ColorTheme.gold.seedColor]
        let mixed = RGBColor.text(on: colours)
        let other: RGBColor = mixed == .white ? .ink : .white
        let worst = { (text: RGBColor) in colours.map { text.contrast(with: $0) }.min() ?? 0 }
        #expect(worst(mixed) >= worst(other), "\(worst(mixed)) against \(worst(other))")
        #expect(RGBColor.text(on: [ColorTheme.gold.seedColor, cream]) == .ink)
    }
}
