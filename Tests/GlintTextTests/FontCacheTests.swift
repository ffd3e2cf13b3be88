@testable import Glint
import GlintTestSupport
import Testing

/// A renderer in a long-lived process that sees many font names keeps a bounded set of fonts and engines.
@Suite struct FontCacheTests {
    @Test func tenThousandUnknownFamiliesShareOneEngineAndStayBounded() throws {
        let renderer = try Renderer(options: Renderer.Options(backend: .cpu))
        let (dejavu, reference) = try renderer.textEngine("DejaVu Sans")
        var generator = SeededGenerator(seed: 5)
        for i in 0..<10_000 {
            let name = "Missing Font \(i) \(generator.nextBits() >> 40)"
            let (font, engine) = try renderer.textEngine(name)
            #expect(font.isSubstitute && font.requested == name)
            if font.path == dejavu.path {
                #expect(engine === reference, "every family that resolves to one file shares its engine")
            }
        }
        let held = renderer.cachedFonts
        #expect(held.families <= 256 && held.engines <= 8, "\(held)")
        // A chart with yet another unknown family renders and says what it used.
        let image = try renderer.render(Chart(width: 200, height: 100, title: "T", series: [.line(x: [0, 1], y: [0, 1])])
            .withFont("No Such Family"))
        #expect(image.notices == ["font 'No Such Family' is not installed; using \(dejavu.family)"])
    }
}

private extension Chart {
    func withFont(_ family: String) -> Chart {
        var chart = self
        chart.theme.fontFamily = family
        return chart
    }
}
