import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Hit testing: which point or legend entry lies under a pixel of the rendered image.
@Suite struct HitTestTests {
    static func hit(_ chart: Chart, _ p: Point, tolerance: Double = 8) throws -> ChartHit? {
        try Shared.renderer(.cpu).hitTest(chart, at: p, tolerance: tolerance)
    }

    @Test func theNearestPointOfTheTopmostSeries() throws {
        let chart = Chart(width: 500, height: 300, series: [.line(name: "a", x: [0, 1, 2, 3], y: [1, 3, 2, 4]),
                                                            .dots(name: "b", x: [1.5], y: [2.5], radius: 5...5)],
                          legend: Legend(visible: false))
        let t = try Shared.layout(chart).transform
        for i in 0..<4 {
            let p = t.apply(chart.series[0].x[i], chart.series[0].y[i])
            #expect(try HitTestTests.hit(chart, Point(p.x + 2, p.y - 1)) == .point(series: 0, index: i, x: chart.series[0].x[i],
                                                                                   y: chart.series[0].y[i], distance: 5.0.squareRoot()))
        }
        let dot = t.apply(1.5, 2.5)
        #expect(try HitTestTests.hit(chart, Point(dot.x + 10, dot.y)) == .point(series: 1, index: 0, x: 1.5, y: 2.5, distance: 10),
                "within tolerance plus the dot's radius")
        #expect(try HitTestTests.hit(chart, Point(dot.x + 14, dot.y)) == nil, "beyond it: nothing")
        var hidden = chart
        hidden.series[1].visible = false
        #expect(try HitTestTests.hit(hidden, Point(dot.x, dot.y)) == nil, "a hidden series is not hit")
    }

    @Test func aDecimatedLineFindsItsRawSpike() throws {
        let n = 1_000_000
        var y = (0..<n).map { Double($0 % 7) }
        y[654_321] = 500
        let chart = Chart(width: 800, height: 400, series: [.line(name: "walk", x: Column((0..<n).map(Double.init)), y: Column(y))],
                          legend: Legend(visible: false))
        let p = try Shared.layout(chart).transform.apply(654_321, 500)
        guard case let .point(series, index, _, value, distance)? = try HitTestTests.hit(chart, p) else {
            Issue.record("no point hit")
            return
        }
        #expect(series == 0 && index == 654_321 && value == 500 && distance < 0.5)
    }

    @Test func legendEntriesAndBars() throws {
        var chart = Chart(width: 500, height: 300, series: [.bars(name: "this year", x: [0, 1, 2], y: [3, 5, 4]),
                                                            .bars(name: "last year", x: [0, 1, 2], y: [2, 6, 1])])
        chart.x.categories = ["a", "b", "c"]
        chart.legend.checkboxes = true
        let layout = try Shared.layout(chart)
        let legend = LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get())
        for entry in legend.entries {
            let square = try #require(entry.checkbox)
            #expect(try HitTestTests.hit(chart, square.center) == .legendEntry(legend: "series", label: chart.series[entry.seriesIndex!].name,
                                                                               series: entry.seriesIndex))
        }
        // Grouped bars: the second series' bar at "b" is right of the slot's centre, half way up.
        let p = layout.transform.apply(1 + 0.8 / 4, 3)
        #expect(try HitTestTests.hit(chart, p) == .point(series: 1, index: 1, x: 1, y: 6, distance: 0))
        #expect(try HitTestTests.hit(chart, Point(3, 3)) == nil, "outside the plot and the legend")
    }

    @Test func theCLIPrintsJSON() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-hit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = #"{"width": 400, "height": 240, "series": [{"name": "a", "x": [0, 10], "y": [0, 10]}], "legend": {"visible": false}}"#
        try spec.write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let chart = try decodeSpec(spec)
        let p = try Shared.layout(chart).transform.apply(10, 10)
        let run = try GlintCommand.run(["hit", "s.json", "--at", "\(Int(p.x)),\(Int(p.y))"], in: dir)
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(object["kind"] as? String == "point" && object["index"] as? Int == 1 && object["name"] as? String == "a")
        #expect(try GlintCommand.run(["hit", "s.json"], in: dir).status == 64, "--at is required")
        // A density's pixel (column ⌊x⌋, row ⌈y⌉ - 1: here the point lies on a row edge): its centre, count and value.
        let density = #"{"width": 400, "height": 240, "series": [{"name": "d", "type": "density", "x": [5.013, 5.013, 5.013], "y": [5.013, 5.013, 5.013]}], "legend": {"visible": false}}"#
        try density.write(to: dir.appendingPathComponent("d.json"), atomically: true, encoding: .utf8)
        let q = try Shared.layout(try decodeSpec(density)).transform.apply(5.013, 5.013)
        let cell = try GlintCommand.run(["hit", "d.json", "--at", "\(q.x.rounded(.down) + 0.5),\(q.y.rounded(.up) - 0.5)"], in: dir)
        let found = try #require(try JSONSerialization.jsonObject(with: cell.stdout) as? [String: Any])
        #expect(found["kind"] as? String == "cell" && found["count"] as? Int == 3 && found["value"] as? Double == 3 && found["name"] as? String == "d",
                "\(found)")
    }
}
