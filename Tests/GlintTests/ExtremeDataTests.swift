import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Values at the edges of Double render, on both painters, without crashing, and look the same on each.
@Suite struct ExtremeDataTests {
    /// Images a few pixels wide or high, with every kind of text and an outside legend, render instead of trapping
    /// on a range turned inside out (found by the render server's fuzzer).
    @Test(arguments: [1, 2, 3, 5, 17])
    func tinyImagesRender(side: Int) throws {
        var chart = Chart(width: side, height: side, title: "title", x: Axis(title: "x"), y: Axis(title: "y"),
                          series: [.line(name: "a", x: [0, 1], y: [1, 2])])
        chart.legend.placement = .outside
        chart.y2 = Axis(title: "y2")
        chart.series.append(Series.line(name: "b", x: [0, 1], y: [3, 4]))
        chart.series[1].axis = .y2
        let image = try Shared.renderer(.cpu).render(chart)
        #expect(image.width == side && image.height == side)
    }

    @Test(needsGL, arguments: TestCharts.extremes.keys.sorted())
    func rendersOnBothPaintersAlike(name: String) throws {
        let chart = try #require(TestCharts.extremes[name])
        let gl = try Shared.renderer(.gl).render(chart), cpu = try Shared.renderer(.cpu).render(chart)
        let figures = ParityFigures(gl, cpu)
        #expect(figures.withinShare >= 0.995, "\(name): \(figures)")
    }

    /// Every finite Double lands on its pixel: a spike's tip sits on the grid line of its own value, checked
    /// against the tick positions a reader sees, not only GL against CPU (both once drew the same wrong picture).
    @Test(arguments: [(1e30, 1e30), (1e308, 1e308), (-1e308, -1e308), (1e20, 1e20), (100, 100)], painters)
    func aSpikeTipLandsOnItsGridLine(peak: (value: Double, tick: Double), backend: Backend) throws {
        let y = [1, 2, 3, 4, 5, peak.value, 2].map { $0 * (peak.value < 0 ? -1 : 1) }.enumerated().map { $0 == 5 ? peak.value : $1 }
        let chart = Chart(width: 800, height: 400, x: Axis(grid: false), y: Axis(grid: true),
                          series: [.line(x: [0, 1, 2, 3, 4, 5, 6], y: Column(y), color: Color(rgb: 0xFF0000))], legend: Legend(visible: false))
        let image = try Shared.renderer(backend).render(chart)
        let layout = try Shared.layout(chart)
        #expect(layout.y.ticks.contains(peak.tick), "the axis has a \(peak.tick) tick: \(layout.y.ticks)")
        let tickRow = layout.transform.apply(0, peak.tick).y
        let column = Int(layout.transform.apply(5, 0).x)
        // The rows of the spike's column that are mostly line colour: the tip is among them, at the tick's row.
        let red = (0..<image.height).filter { let p = RGB(image, column, $0); return p.r > 200 && p.g < 120 }
        let tip = try #require(peak.value > 0 ? red.min() : red.max(), "the spike is drawn")
        #expect(abs(Double(tip) + 0.5 - tickRow) <= 2, "\(backend): tip at row \(tip), the \(peak.tick) grid line at \(tickRow)")
        // The rest of the line lies on the 0 line's side, far from the tip, as the data says.
        let zeroRow = layout.transform.apply(0, 0).y
        let first = (0..<image.height).filter { let p = RGB(image, Int(layout.transform.apply(0, 0).x) + 1, $0); return p.r > 200 && p.g < 120 }
        #expect(first.allSatisfy { abs(Double($0) - zeroRow) < 10 || abs(peak.value) <= 100 }, "\(backend): \(first) vs 0 at \(zeroRow)")
    }

    @Test(arguments: painters)
    func mixedSignsAcrossTheWholeDoubleRange(backend: Backend) throws {
        let chart = Chart(width: 800, height: 400, series: [.line(x: [0, 1, 2], y: [-1e308, 0, 1e308], color: Color(rgb: 0xFF0000))],
                          legend: Legend(visible: false))
        let layout = try Shared.layout(chart)
        #expect(layout.y.ticks.contains(-1e308) && layout.y.ticks.contains(0) && layout.y.ticks.contains(1e308), "\(layout.y.ticks)")
        let image = try Shared.renderer(backend).render(chart)
        for (x, value) in [(0.0, -1e308), (1.0, 0.0), (2.0, 1e308)] {
            let p = layout.transform.apply(x, value)
            let centre = RGB(image, min(Int(p.x), image.width - 1), Int(p.y))
            #expect(centre.r > 200 && centre.g < 150, "\(backend): (\(x), \(value)) drawn at \(p): \(centre)")
        }
    }

    /// A zoomed x range over points at ±1e308 (±∞ pixels once scaled): the line runs level along the -1e308 grid
    /// line across the plot, as its near-level segments do, and nothing else of it shows (the CPU painter once filled
    /// the plot's left half with it; GL and vector output left it out).
    @Test(arguments: painters)
    func aZoomedLineBetweenInfinitePixelsIsCutWhereItRuns(backend: Backend) throws {
        var chart = Chart(width: 300, height: 200, series: [.line(x: [-1e308, 0, 1e308, 5e307], y: [1e308, -1e308, 0, 1],
                                                                  color: Color(rgb: 0xFF0000), width: 3)], legend: Legend(visible: false))
        chart.x.range = -1...1
        let image = try Shared.renderer(backend).render(chart)
        let layout = try Shared.layout(chart)
        let bottom = Int(layout.transform.apply(0, -1e308).y), middle = Int(layout.plot.center.y)
        for x in stride(from: Int(layout.plot.x) + 4, to: Int(layout.plot.maxX) - 4, by: 20) {
            let line = RGB(image, x, bottom), inside = RGB(image, x, middle)
            #expect(line.r > 200 && line.g < 120, "\(backend): the line at (\(x), \(bottom)): \(line)")
            #expect(!(inside.r > 200 && inside.g < 200 && inside.b < 200), "\(backend): nothing at (\(x), \(middle)): \(inside)")
        }
    }

    @Test func hugeImagesAreRefusedNotAttempted() throws {
        let huge = Chart(width: 32768, height: 32768, scale: 16, series: [.line(x: [0, 1], y: [0, 1])])
        let absurd = Chart(width: 800, height: 500, scale: 1e300, series: [.line(x: [0, 1], y: [0, 1])])
        for chart in [huge, absurd] {
            for backend in painters {
                #expect(throws: GlintError.self) { try Shared.renderer(backend).render(chart) }
            }
        }
    }
}
