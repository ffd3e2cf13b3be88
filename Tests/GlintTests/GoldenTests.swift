import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Whole charts against reviewed golden PNGs in Tests/Goldens/<backend>/, on both painters.
@Suite struct GoldenTests {
    @Test(arguments: GoldenCharts.cases.map(\.0), painters)
    func matchesGolden(name: String, backend: Backend) throws {
        let chart = try #require(GoldenCharts.cases.first { $0.0 == name }).1
        let image = try Shared.renderer(backend).render(chart)
        #expect(image.backend == backend)
        try Golden.check(image, named: name)
    }

    @Test func hidpiDoublesEveryLength() throws {
        var one = GoldenCharts.legend(.vertical, .topRight)
        one.title = "Scale 2"
        let a = try Shared.layout(one), b = try Shared.layout(GoldenCharts.hidpi)
        #expect(b.imageWidth == 2 * a.imageWidth && b.imageHeight == 2 * a.imageHeight)
        #expect(abs(b.plot.width - 2 * a.plot.width) <= 3 && abs(b.plot.height - 2 * a.plot.height) <= 3)
    }
}
