import Testing
@testable import GlintCore

/// The themes' colours as series and plots take them: twenty distinct palette colours on either background (the
/// second ten lighter tints, readable on a dark plot too), and which backgrounds count as dark.
@Suite struct ThemeTests {
    /// Relative luma of `c`, 0 (black) to 1 (white).
    func luma(_ c: Color) -> Double { 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue }

    @Test func theSecondTenColoursAreLighterTintsOnEitherBackground() {
        for theme in [Theme.light, Theme.dark] {
            let twenty = (0..<20).map(theme.paletteColor)
            #expect(Set(twenty.map { "\($0.red) \($0.green) \($0.blue)" }).count == 20)
            for k in 0..<10 {
                #expect(luma(theme.paletteColor(k + 10)) > luma(theme.paletteColor(k)), "\(k + 10) lighter than \(k)")
            }
            // On the dark plot each tint stands further from the background than its colour does.
            if theme.isDark {
                let background = luma(theme.plotBackground)
                #expect((0..<10).allSatisfy { luma(theme.paletteColor($0 + 10)) - background > luma(theme.paletteColor($0)) - background })
            }
        }
        #expect(Theme.dark.isDark && !Theme.light.isDark)
        #expect(Theme.light.paletteColor(10) == Theme.light.palette[0].mixed(with: .white, amount: 0.45))
    }
}
