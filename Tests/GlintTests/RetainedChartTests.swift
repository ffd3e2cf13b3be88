import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// A retained chart: pan, zoom and visibility without rescanning the data, drawing what a fresh render draws.
@Suite struct RetainedChartTests {
    /// A 200,000-point walk with a spike at x = 120,000.
    static var walk: Chart {
        let n = 200_000
        var y = [Double](repeating: 0, count: n)
        var level = 0.0
        for i in 0..<n {
            level += Double((i * 7919) % 13) - 6
            y[i] = level / 100
        }
        y[120_000] += 400
        return Chart(width: 640, height: 360, series: [.line(name: "walk", x: Column((0..<n).map(Double.init)), y: Column(y)),
                                                       .line(name: "flat", x: [0, Double(n)], y: [0, 0])])
    }

    /// Reading only the points in view draws the picture reading them all draws: identical with aliased lines;
    /// anti-aliased, a handful of bytes differ by 1/255.
    @Test(arguments: painters, [false, true])
    func aViewOfASortedLineDrawsWhatTheWholeLineDraws(painter: Backend, antialias: Bool) throws {
        var chart = RetainedChartTests.walk
        chart.x.range = 110_000...130_000
        chart.y.range = -200...500
        chart.series[0].line.antialias = antialias
        var windowed = chart
        windowed.series[0].xIsSorted = true
        let renderer = try Shared.renderer(painter)
        let a = try renderer.render(windowed).pixels, b = try renderer.render(chart).pixels
        let differing = zip(a, b).filter { $0 != $1 }
        #expect(antialias ? differing.count <= 64 && differing.allSatisfy { abs(Int($0) - Int($1)) <= 1 } : differing.isEmpty,
                "\(differing.count) bytes differ")
    }

    @Test func panZoomAndVisibility() throws {
        let renderer = try Shared.renderer(.cpu)
        let retained = try RetainedChart(RetainedChartTests.walk, renderer: renderer)
        #expect(retained.chart.series.allSatisfy { $0.xIsSorted }, "both lines checked sorted once")
        let home = retained.home
        #expect(home.x.lowerBound <= 0 && home.x.upperBound >= 199_999)
        // Zoom around the spike: it stays at the same pixel.
        let layout = try renderer.layout(retained.chart)
        let before = layout.transform.apply(120_000, 0).x
        retained.zoom(by: 8, around: 120_000)
        let zoomed = try renderer.layout(retained.chart)
        #expect(abs(zoomed.transform.apply(120_000, 0).x - before) < 1e-6)
        #expect(abs((retained.xRange.upperBound - retained.xRange.lowerBound) * 8 - (home.x.upperBound - home.x.lowerBound)) < 1e-6)
        // Pan by a quarter: the spike moves a quarter of the plot to the left.
        retained.pan(by: 0.25)
        let panned = try renderer.layout(retained.chart)
        #expect(abs(panned.transform.apply(120_000, 0).x - (before - panned.plot.width / 4)) < 1e-6)
        // The frame is the picture a fresh render of the same view gives, and the spike is found by a hit test.
        var fresh = RetainedChartTests.walk
        (fresh.x.range, fresh.y.range) = (retained.chart.x.range, retained.chart.y.range)
        let frame = try retained.render()
        let differing = zip(frame.pixels, try renderer.render(fresh).pixels).filter { $0 != $1 }
        #expect(differing.count <= 64 && differing.allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        let tip = panned.transform.apply(120_000, retained.chart.series[0].y[120_000])
        if case let .point(series, index, _, _, _)? = try retained.hitTest(at: tip) {
            #expect(series == 0 && index == 120_000)
        } else {
            Issue.record("the spike's tip is not hit")
        }
        retained.setVisible(false, series: 0)
        #expect(try retained.render().pixels != frame.pixels)
        #expect(try retained.hitTest(at: tip) == nil)
    }
}
