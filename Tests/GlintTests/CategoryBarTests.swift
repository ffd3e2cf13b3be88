import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// The classic bar chart: categories along x, bars of several series side by side, labels over the bars.
@Suite struct CategoryBarTests {
    static let spec = #"""
        {"width": 400, "height": 260, "x": {"grid": false}, "y": {"range": [-120, 250]}, "legend": {"visible": false},
         "series": [{"type": "bars", "x": ["Jan", "Feb", "Mar"], "y": [150, -40, 200], "color": "#ff0000", "valueLabels": true},
                    {"type": "bars", "x": ["Feb", "Mar", "Apr"], "y": [100, 120, 90], "color": "#0000ff",
                     "valueLabels": true, "valueFormat": "{.0f} min"}]}
        """#

    @Test func namesBecomeSlotsInOrderOfAppearance() throws {
        let chart = try ChartSpec.decode(Array(CategoryBarTests.spec.utf8), relativeTo: ".")
        #expect(chart.x.categories == ["Jan", "Feb", "Mar", "Apr"])
        #expect(chart.series[1].x == [1, 2, 3])
        let layout = try Shared.layout(chart)
        #expect(layout.x.ticks == [0, 1, 2, 3] && layout.x.labels == ["Jan", "Feb", "Mar", "Apr"])
        #expect(layout.x.domain == -0.5...3.5)
    }

    @Test(arguments: painters)
    func barsOfTwoSeriesShareEachSlotSideBySide(painter: Backend) throws {
        let chart = try ChartSpec.decode(Array(CategoryBarTests.spec.utf8), relativeTo: ".")
        let image = try Shared.renderer(painter).render(chart)
        let t = try Shared.layout(chart).transform
        // In the "Mar" slot (x = 2) the first series' bar is left of the centre, the second's right of it.
        let left = t.apply(2 - 0.2, 50), right = t.apply(2 + 0.2, 50)
        #expect(RGB(image, Int(left.x), Int(left.y)) == RGB(255, 0, 0), "\(painter)")
        #expect(RGB(image, Int(right.x), Int(right.y)) == RGB(0, 0, 255), "\(painter)")
        // Each bar is 0.4 of the slot wide: nothing at 0.45 from the centre.
        #expect(RGB(image, Int(t.apply(2 + 0.45, 50).x), Int(right.y)) == .white)
        // A negative bar hangs below zero.
        let below = t.apply(1 - 0.2, -20)
        #expect(RGB(image, Int(below.x), Int(below.y)) == RGB(255, 0, 0))
    }

    @Test func valueLabelsSitOverTheirOwnBars() throws {
        let chart = try ChartSpec.decode(Array(CategoryBarTests.spec.utf8), relativeTo: ".")
        let layout = try Shared.layout(chart)
        let runs = try Shared.textRuns(chart)
        let measurer = try Shared.text.get()
        func centre(_ text: String) throws -> Point {
            let run = try #require(runs.first { $0.text == text }, "'\(text)' in \(runs.map(\.text))")
            return Point(run.origin.x + measurer.measure(text, fontSize: run.fontSize).width / 2, run.origin.y)
        }
        #expect(abs(try centre("150").x - layout.transform.apply(-0.2, 0).x) <= 1, "over the first series' Jan bar")
        // Wider than its bar: turned to read upwards above it, centred on the second series' Mar bar (level, it
        // would reach over the bars beside it).
        let mar = try #require(runs.first { $0.text == "120 min" })
        let m = measurer.measure("120 min", fontSize: mar.fontSize)
        #expect(mar.rotation == .counterClockwise)
        #expect(abs(mar.origin.x - m.ascent + m.lineHeight / 2 - layout.transform.apply(2.2, 0).x) <= 1.5, "over the second series' Mar bar")
        #expect(try centre("-40").y > layout.transform.apply(0, -40).y, "a negative bar's label is below its end")
    }

    @Test func longNamesAreShortenedToTheirSlots() throws {
        let names = ["Northern Europe", "Southern Europe", "North America", "South America", "Asia Pacific", "Africa"]
        let chart = Chart(width: 480, height: 300, series: [.bars(name: "regions", x: Column(names.indices.map(Double.init)), y: [5, 3, 6, 2, 7, 1])])
        var named = chart
        named.x.categories = names
        named.legend.visible = false
        // By default names too wide for their slots are turned (whole, but for the first, which would reach past
        // the image's left edge); kept level, they are shortened.
        let turned = try Shared.renderer(.cpu).layoutReport(named).texts.filter { $0.role == TextRole(.tickLabel, axis: "x") }
        #expect(turned.count == 6 && turned.allSatisfy { $0.rotation == .rising }, "\(turned.map(\.text))")
        #expect(turned.dropFirst().allSatisfy { !$0.text.hasSuffix("…") }, "\(turned.map(\.text))")
        // A shortened name keeps its whole text in the report.
        #expect(turned.allSatisfy { $0.text.hasSuffix("…") == ($0.fullText != nil) }
                && turned.compactMap(\.fullText).allSatisfy(names.contains) && turned.first?.fullText == names[0], "\(turned.map(\.fullText))")
        named.x.turnsCrowdedNames = false
        let layout = try Shared.layout(named), measurer = try Shared.text.get()
        let slot = layout.transform.apply(1, 0).x - layout.transform.apply(0, 0).x
        let ticks = try Shared.textRuns(named).filter { $0.origin.y > layout.plot.maxY && !layout.y.labels.contains($0.text) }
        #expect(ticks.count == names.count, "every bar keeps a name: \(ticks.map(\.text))")
        for (run, name) in zip(ticks, names) {
            #expect(run.text == name || (run.text.hasSuffix("…") && name.hasPrefix(run.text.dropLast())), "\(run.text) for \(name)")
            #expect(measurer.measure(run.text, fontSize: run.fontSize).width <= slot - 8, "\(run.text) fits its slot")
        }
        #expect(ticks.last?.text == "Africa" && ticks.first?.text != names[0], "short names stay whole, long ones are shortened")
    }

    @Test func fixedCategoriesRefuseUnknownNamesAndCSVNamesWork() throws {
        #expect(throws: GlintError.badData(#"series[0].x[1]: "Feb" is not one of x.categories: Jan, Mar"#)) {
            _ = try ChartSpec.decode(Array(#"{"x": {"categories": ["Jan", "Mar"]}, "series": [{"type": "bars", "x": ["Jan", "Feb"], "y": [1, 2]}]}"#.utf8),
                                     relativeTo: ".")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-categories-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "month,minutes\nJan,150\nFeb,95\nJan,20\n".write(to: dir.appendingPathComponent("m.csv"), atomically: true, encoding: .utf8)
        let chart = try ChartSpec.decode(Array(#"{"x": {"categories": true}, "series": [{"type": "bars", "data": {"csv": "m.csv", "x": "month", "y": "minutes"}}]}"#.utf8),
                                         relativeTo: dir.path)
        #expect(chart.x.categories == ["Jan", "Feb"] && chart.series[0].x == [0, 1, 0])
    }
}

/// Stacked bars pile up per x, positives upwards and negatives downwards, and label their own values.
@Suite struct StackedBarTests {
    @Test(arguments: painters)
    func stacksPileUpAndDown(painter: Backend) throws {
        let chart = try ChartSpec.decode(Array(#"""
            {"width": 300, "height": 260, "y": {"range": [-4, 6], "grid": false}, "x": {"grid": false}, "legend": {"visible": false},
             "series": [{"type": "bars", "x": ["X", "Y"], "y": [3, -2], "stack": "s", "color": "#ff0000"},
                        {"type": "bars", "x": ["X", "Y"], "y": [2, -1], "stack": "s", "color": "#0000ff", "valueLabels": true}]}
            """#.utf8), relativeTo: ".")
        let image = try Shared.renderer(painter).render(chart)
        let t = try Shared.layout(chart).transform
        func colour(_ x: Double, _ y: Double) -> RGB { let p = t.apply(x, y); return RGB(image, Int(p.x), Int(p.y)) }
        // Probed beside the segments' labels, which sit in their middles.
        #expect(colour(0, 1.5) == RGB(255, 0, 0) && colour(-0.3, 4) == RGB(0, 0, 255) && colour(0.3, 5.5) == .white, "\(painter): X")
        #expect(colour(1, -1) == RGB(255, 0, 0) && colour(0.7, -2.5) == RGB(0, 0, 255) && colour(1.3, -3.5) == .white, "\(painter): Y")
        let runs = try Shared.textRuns(chart).filter { $0.role.kind == .pointLabel }, measurer = try Shared.text.get()
        #expect(runs.map(\.text).sorted() == ["-1", "2"], "labels show the values, not the totals")
        // Each inside its own segment, centred on it: 2 in X's 3…5, -1 in Y's -2…-3.
        for (text, x, y) in [("2", 0.0, 4.0), ("-1", 1.0, -2.5)] {
            let run = try #require(runs.first { $0.text == text })
            let m = measurer.measure(text, fontSize: run.fontSize), centre = t.apply(x, y)
            #expect(abs(run.origin.x + m.width / 2 - centre.x) <= 1 && abs(run.origin.y - (m.ascent - m.descent) / 2 - centre.y) <= 1,
                    "'\(text)' at \(run.origin), segment middle \(centre)")
        }
    }
}

/// Horizontal bars: categories along y, bars growing right from x = 0 (left when negative), labels past their ends.
@Suite struct HorizontalBarTests {
    static let spec = #"""
        {"width": 400, "height": 260, "x": {"range": [-6, 12], "grid": false}, "legend": {"visible": false},
         "series": [{"type": "bars", "orientation": "horizontal", "y": ["Oslo", "Bergen"], "x": [8, -4], "color": "#ff0000",
                     "valueLabels": true},
                    {"type": "bars", "orientation": "horizontal", "y": ["Oslo", "Bergen"], "x": [3, 2], "stack": "s",
                     "color": "#0000ff"},
                    {"type": "bars", "orientation": "horizontal", "y": ["Oslo", "Bergen"], "x": [2.5, 1], "stack": "s",
                     "color": "#00ff00", "valueLabels": true}]}
        """#

    /// Twenty horizontal bars on a 640 × 400 chart have rows of about 16 px: every name shows (12-px lines may
    /// touch; a gap between their boxes dropped every second name).
    @Test func twentyNamesOnSixteenPixelRowsAllShow() throws {
        let names = (0..<20).map { "station \($0)" }
        let json = #"{"width": 640, "height": 400, "title": "Twenty horizontal bars", "series": [{"type": "bars", "orientation": "horizontal", "x": "#
            + "\((0..<20).map { String($0 * 7 % 13 + 1) })" + #", "y": "# + "\(names)" + "}]}"
        let report = try Shared.renderer(.cpu).layoutReport(try decodeSpec(json))
        let shown = report.texts.filter { $0.role.kind == .tickLabel && $0.role.axis == "y" }.map(\.text)
        #expect(Set(shown) == Set(names), "\(shown.count) of 20: \(shown)")
        #expect(report.collisions.isEmpty && report.plot.height / 20 < 17, "\(report.plot)")
    }

    @Test func namesBecomeSlotsOnTheYAxis() throws {
        let chart = try ChartSpec.decode(Array(HorizontalBarTests.spec.utf8), relativeTo: ".")
        #expect(chart.y.categories == ["Oslo", "Bergen"] && chart.series[0].y == [0, 1])
        #expect(chart.series[0].bars.orientation == .horizontal)
        let layout = try Shared.layout(chart)
        #expect(layout.y.ticks == [0, 1] && layout.y.labels == ["Oslo", "Bergen"] && layout.y.domain == -0.5...1.5)
        #expect(throws: GlintError.badData(#"series[0].orientation: expected one of "vertical", "horizontal", found "sideways""#)) {
            _ = try ChartSpec.decode(Array(#"{"series": [{"type": "bars", "orientation": "sideways", "y": [1]}]}"#.utf8), relativeTo: ".")
        }
    }

    @Test(arguments: painters)
    func barsGrowAlongXInSideBySideSlots(painter: Backend) throws {
        let chart = try ChartSpec.decode(Array(HorizontalBarTests.spec.utf8), relativeTo: ".")
        let image = try Shared.renderer(painter).render(chart)
        let t = try Shared.layout(chart).transform
        func colour(_ x: Double, _ y: Double) -> RGB { let p = t.apply(x, y); return RGB(image, Int(p.x), Int(p.y)) }
        // Two members share each slot: the red series below the centre line, the stack above it.
        #expect(colour(7, -0.2) == RGB(255, 0, 0) && colour(9, -0.2) == .white, "\(painter): Oslo red ends at 8")
        #expect(colour(-3, 0.8) == RGB(255, 0, 0) && colour(1, 0.8) == .white, "\(painter): Bergen red hangs left of 0")
        // The stack: blue from 0 to 3, green from 3 to 5.5.
        // Probed beside the green segments' labels, which sit in their middles.
        #expect(colour(1.5, 0.2) == RGB(0, 0, 255) && colour(3.3, 0.2) == RGB(0, 255, 0) && colour(10, 0.2) == .white, "\(painter)")
        #expect(colour(0.5, 1.2) == RGB(0, 0, 255) && colour(2.1, 1.2) == RGB(0, 255, 0), "\(painter): Bergen stack")
    }

    @Test func valueLabelsSitPastTheBarEnds() throws {
        let chart = try ChartSpec.decode(Array(HorizontalBarTests.spec.utf8), relativeTo: ".")
        let layout = try Shared.layout(chart)
        let runs = try Shared.textRuns(chart)
        func run(_ text: String) throws -> TextShape { try #require(runs.first { $0.text == text }, "'\(text)' in \(runs.map(\.text))") }
        let measurer = try Shared.text.get()
        #expect(try run("8").origin.x > layout.transform.apply(8, 0).x, "right of a positive bar's end")
        let minus = try run("-4")
        #expect(minus.origin.x + measurer.measure("-4", fontSize: minus.fontSize).width < layout.transform.apply(-4, 0).x,
                "left of a negative bar's end")
        let stacked = try run("2.5"), width = measurer.measure("2.5", fontSize: stacked.fontSize).width
        #expect(abs(stacked.origin.x + width / 2 - layout.transform.apply(4.25, 0).x) <= 1, "the stacked value, in its segment's middle")
        #expect(!runs.contains { $0.text == "5.5" }, "labels show the values, not the totals")
    }
}

/// Bars whose category repeats are combined into one bar per category, never drawn over each other.
@Suite struct CategoryAggregationTests {
    static func spec(_ extra: String, orientation: String = "vertical") -> String {
        let names = #"["north", "south", "north", "east", "south"]"#, values = "[3, 5, 4, 1, 2]"
        let horizontal = orientation == "horizontal"
        return #"{"width": 400, "height": 260, "# + (horizontal ? #""y": {"categories": ["north", "south", "east"]}"# : #""x": {"categories": ["north", "south", "east"]}"#)
            + #", "series": [{"type": "bars", "orientation": ""# + orientation + #"", "valueLabels": true, "# + extra
            + (horizontal ? #""x": \#(values), "y": \#(names)}]}"# : #""x": \#(names), "y": \#(values)}]}"#)
    }

    static func values(_ json: String) throws -> (labels: [String], notices: [String]) {
        let report = try Shared.renderer(.cpu).layoutReport(try decodeSpec(json))
        return (report.texts.filter { $0.role.kind == .pointLabel }.sorted { $0.box.x + $0.box.y < $1.box.x + $1.box.y }.map(\.text),
                report.notices)
    }

    @Test func repeatedCategoriesAreSummedWithANotice() throws {
        let (labels, notices) = try CategoryAggregationTests.values(CategoryAggregationTests.spec(""))
        #expect(labels.sorted() == ["1", "7", "7"], "north 3 + 4, south 5 + 2, east 1: \(labels)")
        #expect(notices == [#"series[0]: 5 values in 3 categories were summed into one bar each; set "aggregate" to "sum" to keep this without a notice, or to mean, count, min, max or median"#])
    }

    @Test(arguments: [("sum", ["1", "7", "7"]), ("mean", ["1", "3.5", "3.5"]), ("count", ["1", "2", "2"]),
                      ("min", ["1", "2", "3"]), ("max", ["1", "4", "5"]), ("median", ["1", "3.5", "3.5"])])
    func anAggregateChosenSaysNothing(aggregate: String, expected: [String]) throws {
        for orientation in ["vertical", "horizontal"] {
            let (labels, notices) = try CategoryAggregationTests.values(
                CategoryAggregationTests.spec(#""aggregate": ""# + aggregate + #"", "#, orientation: orientation))
            #expect(labels.sorted() == expected && notices.isEmpty, "\(orientation): \(labels) \(notices)")
        }
    }

    @Test func aHitOnACombinedBarGivesItsValue() throws {
        let chart = try decodeSpec(CategoryAggregationTests.spec(#""aggregate": "sum", "#))
        let layout = try Shared.renderer(.cpu).layoutReport(chart)
        let north = try #require(layout.axes.first { $0.name == "x" }?.ticks.first { $0.value == 0 })
        let hit = try Shared.renderer(.cpu).hitTest(chart, at: Point(north.pixel, layout.plot.maxY - 5))
        guard case let .point(series, _, x, y, _)? = hit else { Issue.record("no hit: \(String(describing: hit))"); return }
        #expect(series == 0 && x == 0 && y == 7)
        #expect(specError(CategoryAggregationTests.spec(#""aggregate": "total", "#)).contains("series[0].aggregate: expected one of"))
    }
}
