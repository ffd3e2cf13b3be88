import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import Testing

/// Pies and donuts as users see them: slices at their shares' angles in palette order, a hole, percentages inside
/// the slices or beside them, no axes, a legend entry per slice, hits naming the slice, names that repeat combined
/// into one slice, and bad pies refused with their path.
@Suite struct PieTests {
    /// A 300 × 300 pie of 1, 1 and 2 from 12 o'clock: slice 0 the upper right quarter, slice 1 the lower right, slice 2
    /// the left half.
    static func quarters(inner: Double = 0, labels: SliceLabelContent = .none) -> Chart {
        var s = Series.pie(values: [1, 1, 2], names: ["a", "b", "c"], inner: inner)
        s.pie.labels = labels
        return Chart(width: 300, height: 300, series: [s], legend: Legend(visible: false))
    }

    /// The pixel at `degrees` clockwise from 12 o'clock, `share` of the radius from the centre of the pie in `layout`.
    static func pixel(_ layout: ChartLayout, degrees: Double, share: Double) -> (Int, Int) {
        let c = layout.plot.center, r = (min(layout.plot.width, layout.plot.height) / 2 - 2) * share
        let a = degrees * .pi / 180
        return (Int(c.x + r * sin(a)), Int(c.y - r * cos(a)))
    }

    @Test(arguments: painters)
    func slicesFillTheirSharesAnglesInPaletteOrder(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = Self.quarters()
        let image = try renderer.render(chart), layout = try renderer.layout(chart)
        let palette = Theme.light.palette.map(RGB.init)
        func at(_ degrees: Double, _ share: Double) -> RGB { let (x, y) = Self.pixel(layout, degrees: degrees, share: share); return RGB(image, x, y) }
        #expect(at(45, 0.5) == palette[0] && at(80, 0.95) == palette[0] && at(10, 0.2) == palette[0])
        #expect(at(135, 0.5) == palette[1] && at(100, 0.9) == palette[1])
        #expect(at(200, 0.5) == palette[2] && at(270, 0.9) == palette[2] && at(340, 0.3) == palette[2])
        #expect(at(45, 1.05) == .white && RGB(image, 2, 2) == .white, "nothing outside the disc")
        // The 1 px parting line in the background colour along 3 o'clock lightens the pixels it crosses.
        let parting = at(90, 0.5)
        #expect(parting.g > palette[0].g && parting.g > palette[1].g, "\(parting)")
    }

    @Test(arguments: painters)
    func aDonutLeavesItsHoleEmpty(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = Self.quarters(inner: 0.6)
        let image = try renderer.render(chart), layout = try renderer.layout(chart)
        let (x, y) = Self.pixel(layout, degrees: 45, share: 0.4), (u, w) = Self.pixel(layout, degrees: 45, share: 0.8)
        #expect(RGB(image, x, y) == .white)
        #expect(RGB(image, u, w) == RGB(Theme.light.palette[0]))
    }

    /// On a theme whose plot background differs from the image's (the dark one), a pie draws no plot rectangle:
    /// with no axes it has no plot area to set apart, only where its disc is laid out.
    @Test(arguments: painters)
    func aPieOnTheDarkThemeDrawsNoPlotRectangle(backend: Backend) throws {
        var chart = Self.quarters()
        chart.theme = .dark
        let renderer = try Shared.renderer(backend), image = try renderer.render(chart), plot = try renderer.layout(chart).plot
        let background = RGB(Theme.dark.background)
        #expect(RGB(image, Int(plot.x) + 2, Int(plot.y) + 2) == background && RGB(image, Int(plot.maxX) - 3, Int(plot.maxY) - 3) == background)
    }

    @Test func aPieHasNoAxesAndItsLabelsShowItsShares() throws {
        var chart = Self.quarters(labels: .percent)
        chart.title = "Shares"
        chart.series[0].y = [50, 30, 19.6, 0.4]
        chart.series[0].x = [0, 1, 2, 3]
        chart.series[0].labels = ["a", "b", "c", "d"]
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        #expect(report.axes.isEmpty)
        #expect(report.texts.allSatisfy { [.title, .pointLabel].contains($0.role.kind) }, "\(report.texts.map(\.role.kind))")
        let labels = report.texts.filter { $0.role.kind == .pointLabel }
        #expect(labels.map(\.text) == ["50%", "30%", "20%", "<1%"])
        // The sliver's label sits outside the disc, the others inside theirs.
        let layout = try Shared.layout(chart), c = layout.plot.center, r = min(layout.plot.width, layout.plot.height) / 2 - 24
        func distance(_ p: Point) -> Double { ((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot() }
        #expect(distance(labels[0].box.center) < r && distance(labels[1].box.center) < r)
        #expect(distance(labels[3].box.center) > r)
        #expect(labels.allSatisfy { layout.content.contains($0.box) })
    }

    @Test func theLegendListsASliceEachAndAHitNamesTheSlice() throws {
        var chart = Self.quarters()
        chart.legend = Legend(visible: true)
        let renderer = try Shared.renderer(.cpu)
        let entries = try renderer.layoutReport(chart).texts.filter { $0.role.kind == .legendEntry }.map(\.text)
        #expect(entries == ["a", "b", "c"])
        let layout = try renderer.layout(chart)
        let (x, y) = Self.pixel(layout, degrees: 135, share: 0.5)
        #expect(try renderer.hitTest(chart, at: Point(Double(x), Double(y)), tolerance: 0) == .point(series: 0, index: 1, x: 1, y: 1, distance: 0))
        let (u, w) = Self.pixel(layout, degrees: 135, share: 1.2)
        #expect(try renderer.hitTest(chart, at: Point(Double(u), Double(w)), tolerance: 0) == nil)
        // Where a point (0, 1) would map on the plot's unit square — its left edge — nothing is hit: a pie's points
        // are not positions.
        #expect(try renderer.hitTest(chart, at: layout.transform.apply(0, 1), tolerance: 8) == nil)
    }

    @Test func slicesOfOneNameAreCombinedByTheAggregate() throws {
        let chart = GoldenCharts.example("pie")
        let image = try Shared.renderer(.cpu).render(chart)
        #expect(image.notices.isEmpty, "\(image.notices)")
        let labels = try Shared.renderer(.cpu).layoutReport(chart).texts
        // 1,461 days: sun 714, fog 411, rain 259, drizzle 54, snow 23 (counted with `cut | sort | uniq -c`).
        #expect(labels.filter { $0.role.kind == .legendEntry }.map(\.text) == ["drizzle", "rain", "sun", "snow", "fog"])
        // Labelled largest slice first; by slice: drizzle 4 %, rain 18 %, sun 49 %, snow 2 %, fog 28 %.
        let slices = labels.filter { $0.role.kind == .pointLabel }
        #expect(slices.map(\.text) == ["49%", "28%", "18%", "4%", "2%"])
        #expect(slices.sorted { $0.role.index ?? 0 < $1.role.index ?? 0 }.map(\.text) == ["4%", "18%", "49%", "2%", "28%"])
        var summed = try decodeSpec(#"{"series": [{"type": "pie", "y": [1, 2, 3], "labels": ["x", "y", "x"]}]}"#)
        summed.legend.visible = false
        let notices = try Shared.renderer(.cpu).render(summed).notices
        #expect(notices.contains { $0.hasPrefix("series[0]: 3 values of 2 names were summed into one slice each") })
    }

    /// The error `json` is refused with when it is drawn, or "" when it draws.
    static func drawingError(_ json: String) -> String {
        do {
            _ = try Shared.renderer(.cpu).render(try decodeSpec(json))
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test func badPiesAreRefusedWithTheirPath() throws {
        #expect(Self.drawingError(#"{"series": [{"type": "pie", "y": [1, -2]}]}"#).hasPrefix("series[0].y[1]: a pie's values are shares of a total"))
        #expect(specError(#"{"series": [{"type": "pie", "y": [1], "inner": 1}]}"#).hasPrefix("series[0].inner: expected the hole's share"))
        #expect(specError(#"{"series": [{"type": "pie", "y": [1], "x": [3]}]}"#).hasPrefix("series[0].x: a pie takes no \"x\""))
        #expect(specError(#"{"series": [{"type": "pie", "y": [1], "color": "red"}]}"#).hasPrefix("series[0].color: a pie's slices take the palette"))
        #expect(specError(#"{"series": [{"type": "line", "y": [1], "inner": 0.5}]}"#).hasPrefix("series[0].inner: only pies take"))
        #expect(specError(#"{"series": [{"type": "pie", "y": [1], "sliceLabels": "all"}]}"#).hasPrefix("series[0].sliceLabels: expected one of"))
        #expect(Self.drawingError(#"{"series": [{"type": "pie", "y": [1]}, {"y": [2]}]}"#).hasPrefix("series[1].type: a pie is drawn alone"))
        #expect(Self.drawingError(#"{"x": {"range": [0, 1]}, "series": [{"type": "pie", "y": [1]}]}"#).hasPrefix("x: a pie has no axes"))
        #expect(Self.drawingError(#"{"series": [{"type": "pie", "y": [1, 0, null], "labels": ["a", "b", "c"]}]}"#) == "")
        // At most 1,000 slices once names are combined: 1,001 distinct ones are refused, 5,000 rows of 5 names draw.
        let many = (0...PieStyle.maximumSlices).map { "\($0 % 7 + 1)" }.joined(separator: ",")
        #expect(Self.drawingError(#"{"series": [{"type": "pie", "y": [\#(many)]}]}"#).hasPrefix("series[0].y: a pie draws at most 1000 slices, found 1001"))
        let rows = (0..<5_000).map { _ in "1" }.joined(separator: ","), names = (0..<5_000).map { "\"n\($0 % 5)\"" }.joined(separator: ",")
        #expect(Self.drawingError(#"{"series": [{"type": "pie", "y": [\#(rows)], "labels": [\#(names)], "aggregate": "sum"}]}"#) == "")
    }
}
