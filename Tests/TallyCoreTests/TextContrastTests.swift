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
        // On navy and gold together neither text reaches 4.5:1 on both: white's worst is 2.24:1 (on gold),
        // ink's 1.34:1 (on navy), so white is chosen. The ratios are worked out by hand from WCAG's formula.
        let colours = [navy, ColorTheme.gold.seedColor]
        let worst = { (text: RGBColor) in colours.map { text.contrast(with: $0) }.min() ?? 0 }
        #expect(abs(worst(.white) - 2.243) < 0.001, "\(worst(.white))")
        #expect(abs(worst(.ink) - 1.341) < 0.001, "\(worst(.ink))")
        #expect(RGBColor.text(on: colours) == .white)
        #expect(RGBColor.text(on: [ColorTheme.gold.seedColor, cream]) == .ink)
    }
}
