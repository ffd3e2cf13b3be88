import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// The renderer's thread budget is the one every parallel stage of its renders uses, and a pool divides it.
@Suite struct ThreadBudgetTests {
    @Test func theRenderersBudgetReachesItsImages() throws {
        let renderer = try Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: 3))
        #expect(renderer.threads == 3 && renderer.diagnostics.cpuThreads == 3)
        let image = try renderer.render(.demo)
        #expect(image.threads == 3, "PNG encoding uses the renderer's budget")
        // The PNG is the same whatever the budget: pieces are deflated independently of the thread count.
        let one = try Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: 1)).render(.demo)
        #expect(one.pixels == image.pixels)
        #expect(try Image(pngData: try one.pngData()).pixels == (try Image(pngData: try image.pngData())).pixels)
        #expect(try Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: 0)).threads == 1, "at least one thread")
    }

    @Test func aPoolDividesTheBudget() throws {
        let pool = try RendererPool(count: 2, options: Renderer.Options(backend: .cpu, cpuThreads: 6))
        #expect(pool.diagnostics.cpuThreads == 3)
        #expect(try pool.render(.demo).threads == 3)
    }
}

/// The GL painter's CPU work runs on the renderer's threads too: long series are converted to pixels in parts (one
/// per thread, ≥ 65,536 points each, written into the mapped buffer), every path mask of a scene is made at once
/// (`PathFills`) and a heatmap's pixels are sampled in parts of rows. A part boundary or a mask out of place would
/// show: the bytes are the same on 1 and 3 threads.
@Suite struct GLThreadBudgetTests {
    @Test(needsGL) func longSeriesAndAreasDrawTheSameOnAnyThreadCount() throws {
        let n = 300_000
        let x = (0..<n).map { Double($0) }
        var line = Series.line(name: "line", x: Column(x), y: Column(x.map { sin($0 / 900) * 10 - 20 + ($0.truncatingRemainder(dividingBy: 7919) == 0 ? .nan : 0) }))
        line.line.decimate = false
        var dots = Series.dots(name: "dots", x: Column(x), y: Column(x.map { cos($0 / 1300) * 8 - 45 }), size: Column(x.map { $0.truncatingRemainder(dividingBy: 97) }),
                               radius: 1...3, color: Color(rgb: 0x2CA02C, alpha: 0.3))
        dots.pointColors = PointColors(values: x.map { $0.truncatingRemainder(dividingBy: 1000) }, scale: ColorScale(palette: .viridis, range: 0...1000))
        var chart = TestCharts.stackedAreas(n: 40)  // three areas, x stretched over the series' 0…300,000
        for k in chart.series.indices { chart.series[k].x = Column(chart.series[k].x.doubles.map { $0 * 7692 }) }
        chart.series += [line, dots]
        (chart.width, chart.height, chart.y.range) = (600, 300, -60...100)
        // And a heatmap whose pixels (about 500 × 250) are sampled in parts.
        let cells = (0..<(60 * 40)).map { Double(($0 * 7919) % 1000) }
        let heatmap = Chart(width: 600, height: 300, series: [try Series.heatmap(x: (0..<60).map(Double.init), y: (0..<40).map(Double.init), values: cells)])
        for chart in [chart, heatmap] {
            let images = try [1, 3].map { try Renderer(options: Renderer.Options(backend: .gl, cpuThreads: $0)).render(chart) }
            #expect(images.allSatisfy { $0.backend == .gl })
            let differing = zip(images[0].pixels, images[1].pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) bytes differ between 1 and 3 threads")
            let cpu = try Renderer(options: Renderer.Options(backend: .cpu)).render(chart)
            let figures = ParityFigures(images[1], cpu)
            #expect(figures.holdsParity, "GL against the CPU painter: \(figures)")
        }
    }
}
