import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Layout in two passes: domains first (`AxisDomains`, linkable across plots), then placement in a frame, so
/// several plots can share one image and one x domain.
@Suite struct TwoPassLayoutTests {
    static let left: Chart = {
        var chart = Chart(width: 800, height: 400, title: "early", series: [.line(name: "a", x: [0, 10], y: [1, 5])])
        chart.legend.position = .right
        chart.legend.placement = .outside
        chart.legend.showsLoneSeries = true
        return chart
    }()
    static let right = Chart(width: 800, height: 400, title: "late", series: [.dots(name: "b", x: [40, 90], y: [100, 300])])

    /// Placement depends on the frame only through its origin and size: a chart placed in an 800×400 frame of a
    /// larger image is its own 800×400 layout moved by the frame's origin, outside legend strip included.
    @Test func aFrameMovesTheLayoutByItsOrigin() throws {
        let engine = try Shared.text.get()
        for chart in [Self.left, Self.right, GoldenCharts.logAxis] {
            let (w, h) = (Double(chart.pixelSize.width), Double(chart.pixelSize.height))
            let alone = ChartLayout(chart: chart, measurer: engine, threads: 2)
            var big = chart
            (big.width, big.height) = (chart.width + 300, chart.height + 250)
            let placed = ChartLayout(chart: big, domains: AxisDomains(chart: big, threads: 2),
                                     frame: Rect(x: 150, y: 200, width: w, height: h), measurer: engine)
            let moved = Rect(x: alone.plot.x + 150, y: alone.plot.y + 200, width: alone.plot.width, height: alone.plot.height)
            #expect(placed.plot == moved, "\(placed.plot) vs \(moved)")
            #expect(placed.x.ticks == alone.x.ticks && placed.y.labels == alone.y.labels && placed.x.domain == alone.x.domain)
            #expect(placed.content.x == alone.content.x + 150 && placed.content.width == alone.content.width)
        }
    }

    @Test func linkedPlotsSideBySideShareTheirXDomainAndStayInTheirFrames() throws {
        let engine = try Shared.text.get()
        let domains = AxisDomains.linked([AxisDomains(chart: Self.left, threads: 2), AxisDomains(chart: Self.right, threads: 2)],
                                         x: true, y: false)
        #expect(domains[0].x.data == 0...90 && domains[1].x.data == 0...90 && domains[0].y.data != domains[1].y.data)
        let frames = [Rect(x: 0, y: 0, width: 400, height: 400), Rect(x: 400, y: 0, width: 400, height: 400)]
        let charts = [Self.left, Self.right]
        let layouts: [ChartLayout] = (0..<2).map { i in
            ChartLayout(chart: charts[i], domains: domains[i], frame: frames[i], measurer: engine)
        }
        #expect(layouts[0].x.domain == layouts[1].x.domain, "\(layouts[0].x.domain) \(layouts[1].x.domain)")
        #expect(layouts[0].x.ticks == layouts[1].x.ticks || layouts[0].plot.width != layouts[1].plot.width)
        for (layout, frame) in zip(layouts, frames) {
            #expect(layout.plot.x >= frame.x && layout.plot.maxX <= frame.maxX, "plot \(layout.plot) in \(frame)")
            #expect(layout.content.x >= frame.x && layout.content.maxX <= frame.maxX)
        }
        // The outside legend of the left plot takes a strip of its own frame, not of the image.
        #expect(layouts[0].content.maxX < 400 && layouts[1].content.x == 400)
        // The same x value sits at the same fraction of each plot's width.
        func at(_ l: ChartLayout) -> Double { (l.transform.apply(45, 0).x - l.plot.x) / l.plot.width }
        #expect(abs(at(layouts[0]) - at(layouts[1])) < 1e-9)
    }
}
