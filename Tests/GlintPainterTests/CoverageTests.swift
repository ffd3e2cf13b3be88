import Glint
import GlintRenderTestSupport
import Testing

/// Every primitive computes its own analytic coverage, so multisampling changes nothing in the picture.
@Suite struct CoverageTests {
    @Test(needsGL) func sameImageWithAndWithoutMSAA() throws {
        let single = try Shared.renderer.get()
        let multi = try Renderer(options: Renderer.Options(backend: .gl, msaaSamples: 4))
        #expect(single.diagnostics.gl?.samples == 0, "single-sampled by default")
        guard (multi.diagnostics.gl?.samples ?? 0) > 0 else {
            print("skipped sameImageWithAndWithoutMSAA: the driver offers no MSAA, so both renders would be single-sampled")
            return
        }
        for chart in [GoldenCharts.lines, GoldenCharts.dots, Chart.demo] {
            let a = try single.render(chart), b = try multi.render(chart)
            var worst = 0
            for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
            #expect(worst <= 1, "largest channel difference \(worst) with \(multi.diagnostics.gl?.samples ?? 0)x MSAA")
        }
    }

    @Test(arguments: painters)
    func nothingIsDrawnOutsideThePlot(backend: Backend) throws {
        // A dot straddling the top edge of the plot is cut exactly at the plot's first row.
        var dot = Series.dots(x: [5], y: [10.3], radius: 12...12, color: Color(rgb: 0xFF0000))
        dot.outline.color = Color(rgb: 0x222222, alpha: 0.8)
        dot.outline.width = 1.5
        let chart = bareChart([dot], width: 200, height: 150)
        let image = try Shared.renderer(backend).render(chart)
        let plot = try Shared.layout(chart).plot
        let centre = Int(try Shared.layout(chart).transform.apply(5, 0).x)
        for x in centre - 14...centre + 14 {
            #expect(RGB(image, x, Int(plot.y) - 1) == .white, "row above the plot at x=\(x)")
        }
        #expect(RGB(image, centre, Int(plot.y)).near(RGB(Color(rgb: 0xFF0000)), 2))
    }

    @Test(arguments: painters)
    func rendererIsReusedAcrossSizes(painter: Backend) throws {
        let renderer = try Shared.renderer(painter)
        let small = try renderer.render(bareChart([.line(x: [0, 10], y: [0, 10])], width: 120, height: 80))
        let large = try renderer.render(bareChart([.line(x: [0, 10], y: [0, 10])], width: 700, height: 500))
        let again = try renderer.render(bareChart([.line(x: [0, 10], y: [0, 10])], width: 120, height: 80))
        #expect(small.width == 120 && large.width == 700)
        #expect(small.pixels == again.pixels)
    }
}
