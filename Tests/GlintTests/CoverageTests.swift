import Glint
import Testing

/// Every primitive computes its own analytic coverage, so multisampling changes nothing in the picture.
@Suite struct CoverageTests {
    @Test func sameImageWithAndWithoutMSAA() throws {
        let single = try Renderer(options: Renderer.Options(backend: .gl, msaaSamples: 0))
        let multi = try Shared.renderer.get()
        #expect(single.diagnostics.gl?.samples == 0)
        for chart in [GoldenTests.lines, GoldenTests.dots, Chart.demo] {
            let a = try single.render(chart), b = try multi.render(chart)
            var worst = 0
            for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
            #expect(worst <= 1, "largest channel difference \(worst) with \(multi.diagnostics.gl?.samples ?? 0)x MSAA")
        }
    }

    @Test func rendererIsReusedAcrossSizes() throws {
        let renderer = try Shared.renderer.get()
        let small = try renderer.render(bareChart([.line(x: [0, 10], y: [0, 10])], width: 120, height: 80))
        let large = try renderer.render(bareChart([.line(x: [0, 10], y: [0, 10])], width: 700, height: 500))
        let again = try renderer.render(bareChart([.line(x: [0, 10], y: [0, 10])], width: 120, height: 80))
        #expect(small.width == 120 && large.width == 700)
        #expect(small.pixels == again.pixels)
    }
}
