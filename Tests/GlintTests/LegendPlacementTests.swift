import Foundation
import Glint
@testable import GlintCore
import GlintRenderTestSupport
import Testing

/// Where a legend nobody placed goes: inside at the top right when that covers no data, else the first free inside
/// position, else outside (right, or below on a narrow chart), else inside with a notice; a pinned legend stays.
@Suite struct LegendPlacementTests {
    /// Waves a third of a period apart crossing the whole plot: every inside position covers some line.
    static func waves(width: Int = 640, height: Int = 400, names: [String] = ["alpha", "beta", "gamma"]) -> Chart {
        let x = (0..<400).map { Double($0) / 399 * 10 }
        let series = names.enumerated().map { i, name in
            Series.line(name: name, x: Column(x), y: Column(x.map { sin(3 * $0 + Double(i) * 2.1) }))
        }
        return Chart(width: width, height: height, series: series)
    }

    /// The pixel positions of every point of `chart`'s series, as `layout` maps them.
    static func points(_ chart: Chart, _ layout: ChartLayout) -> [Point] {
        chart.series.flatMap { s in zip(s.x, s.y).map { layout.transform(for: s).apply($0, $1) } }
    }

    @Test func aLegendOverTheDataMovesToAFreeCorner() throws {
        // A rising line ends at the top right, where the legend would start.
        var chart = Chart(width: 480, height: 300, series: [.line(name: "rising", x: [0, 1, 2, 3, 4], y: [0, 1, 2, 3, 4])])
        chart.legend.showsLoneSeries = true
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get()).box)
        #expect(layout.plot.contains(box), "still inside: \(box) in \(layout.plot)")
        #expect(box.maxX < layout.plot.center.x && box.y < layout.plot.center.y, "top left, clear of the line: \(box)")
        #expect(!LegendPlacementTests.points(chart, layout).contains { box.insetBy(-2).contains($0) })
    }

    @Test func aLegendCoveringDataEverywhereGoesOutsideOnTheRight() throws {
        let chart = LegendPlacementTests.waves()
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get()).box)
        #expect(box.x >= layout.plot.maxX, "beside the plot: \(box), plot \(layout.plot)")
        #expect(box.maxX <= 640 && abs(box.center.y - layout.plot.center.y) <= 1, "centred beside it: \(box)")
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        #expect(report.notices.isEmpty, "\(report.notices)")
    }

    @Test func aPinnedLegendStaysWhereItWasPut() throws {
        var chart = LegendPlacementTests.waves()
        chart.legend = Legend(position: .topRight)
        #expect(chart.legend.pinned)
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get()).box)
        #expect(layout.plot.contains(box) && box.maxX == layout.plot.maxX - 10 && box.y == layout.plot.y + 10, "\(box)")
        var moved = Legend()
        #expect(!moved.pinned)
        moved.position = .bottomLeft
        #expect(moved.pinned, "setting a position pins the legend")
    }

    @Test func aNarrowChartPutsTheLegendBelowTheRightBesideWouldSquashThePlot() throws {
        let chart = LegendPlacementTests.waves(width: 360, height: 400, names: ["temperature inside", "temperature outside"])
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get()).box)
        #expect(box.y >= layout.plot.maxY && box.maxY <= 400, "below the plot: \(box), plot \(layout.plot)")
        #expect(box.height < 40, "in one row: \(box)")
    }

    /// Three long names at 260 × 200: no step leaves the plot half its height, so the first that leaves it 40 %
    /// (`LegendRemedy.lastShare`) is taken, below the plot; at 180 × 130 none leaves a readable plot and the legend
    /// is left out with a notice (inside, it would not fit either).
    @Test func aLegendTakesUpTo60PercentOfThePlotBeforeItIsLeftOut() throws {
        let names = ["North America and Canada", "Europe, Middle East and Africa", "Asia and the Pacific"]
        let report = try Shared.renderer(.cpu).layoutReport(LegendPlacementTests.waves(width: 260, height: 200, names: names))
        let box = try #require(report.legends.first?.box)
        #expect(box.y >= report.plot.maxY && report.plot.height >= 40, "\(box) below \(report.plot)")
        #expect(report.texts.filter { $0.role.kind == .legendEntry }.count == 3 && report.notices.isEmpty, "\(report.notices)")
        let small = try Shared.renderer(.cpu).layoutReport(LegendPlacementTests.waves(width: 180, height: 130, names: names))
        #expect(small.legends.first?.box == nil && small.notices.contains { $0.hasPrefix("legend left out") }, "\(small.notices)")
    }

    /// Legends that covered the data or were left out at small sizes, each now beside its plot with every entry:
    /// a 10-slice pie and a 9-slice donut at 320 × 200 (the pie shrinks beside its legend), 15 series at 480 × 300,
    /// four panels' legends in a 2 × 2 figure at 480 × 300, and 40-character names at a smaller font.
    @Test func aLegendTriesItsRemediesBeforeCoveringDataOrBeingLeftOut() throws {
        let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet", "Kilo", "Lima",
                     "Mike", "November", "Oscar"]
        func pie(_ n: Int, inner: Double) -> Chart {
            var s = Series.pie(values: Column((0..<n).map { Double(5 + ($0 * 7) % 30) }), names: Array(names.prefix(n)))
            s.pie.inner = inner
            return Chart(width: 320, height: 200, series: [s])
        }
        func lines(_ names: [String], width: Int, height: Int) -> Chart {
            Chart(width: width, height: height, series: names.enumerated().map { k, name in
                .line(name: name, x: Column((0..<20).map(Double.init)), y: Column((0..<20).map { Double(k) + sin(Double($0 + k)) }))
            })
        }
        var figure = Chart(width: 480, height: 300)
        figure.panels = PanelGrid((0..<4).map { p in
            Panel(Chart(title: "P\(p)", series: lines(Array(names[3 * p..<3 * p + 3]), width: 1, height: 1).series))
        }, columns: 2)
        let long = (0..<4).map { "Quarterly revenue of the \(names[$0]) region, in USD" }
        let cases: [(String, Chart, Int)] = [("pie", pie(10, inner: 0), 10), ("donut", pie(9, inner: 0.6), 9),
                                             ("15 series", lines(names, width: 480, height: 300), 15), ("panels", figure, 12),
                                             ("long names", lines(long, width: 400, height: 260), 4)]
        for (name, chart, entries) in cases {
            let report = try Shared.renderer(.cpu).layoutReport(chart)
            #expect(!report.notices.contains { $0.contains("legend") && !$0.contains("slice labels") }, "\(name): \(report.notices)")
            let shown = report.texts.filter { $0.role.kind == .legendEntry }
            #expect(shown.count == entries, "\(name): \(shown.map(\.text))")
            #expect(shown.allSatisfy { $0.fontSize >= LegendRemedy.fontFloor }, "\(name)")
            for legend in report.legends {
                let box = try #require(legend.box, "\(name)")
                let plot = legend.panel.map { report.panels[$0].plot } ?? report.plot
                #expect(!box.intersects(plot), "\(name): the legend \(box) beside the plot \(plot)")
            }
            // Long names take a smaller font before they are shortened (names sharing their start would read alike).
            if name == "long names" { #expect(shown.allSatisfy { $0.fontSize < 12 } && Set(shown.map(\.text)).count == 4, "\(shown.map(\.text))") }
        }
    }

    /// Twelve and fifteen series named "series Alpha" … at 320 × 200 fit nowhere at the smallest font: the last
    /// remedy packs the legend tight beside the plot, in two balanced columns (6 + 6, 8 + 7), its names giving up the
    /// words they share ("…Alpha"), not the ends that tell them apart.
    @Test func aLongLegendInASmallChartIsPackedTightBeforeItIsLeftOut() throws {
        let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet", "Kilo", "Lima",
                     "Mike", "November", "Oscar"]
        for n in [12, 15] {
            var chart = LegendPlacementTests.waves(width: 320, height: 200, names: names.prefix(n).map { "series \($0)" })
            (chart.title, chart.x.title, chart.y.title) = ("\(n) series", "step", "value")
            let report = try Shared.renderer(.cpu).layoutReport(chart)
            let box = try #require(report.legends.first?.box, "\(n): \(report.notices)")
            #expect(!box.intersects(report.plot) && report.plot.width >= 60 && report.plot.height >= 40, "\(n): \(box), \(report.plot)")
            let shown = report.texts.filter { $0.role.kind == .legendEntry }
            #expect(shown.count == n && shown.allSatisfy { $0.text.hasPrefix("…") } && Set(shown.map(\.text)).count == n, "\(shown.map(\.text))")
            let columns = Dictionary(grouping: shown, by: \.box.x).values.map(\.count)
            #expect(columns.count == 2 && columns.max()! - columns.min()! <= 1, "\(n): columns of \(columns)")
        }
        #expect(LegendBox.sharedPrefix(["cpu.user", "cpu.system", "cpu.idle"]) == "cpu.")
        #expect(LegendBox.sharedPrefix(["North America", "North Africa"]) == "North ")
        #expect(LegendBox.sharedPrefix(["Alpha", "Alps"]) == "" && LegendBox.sharedPrefix(["a b", "a c"]) == "")
        #expect(LegendBox.sharedPrefix(["series ", "series Alpha"]) == "" && LegendBox.sharedPrefix(["one name"]) == "")
        #expect(LegendBox.sharedPrefix(["host a", "host b", "host c (standby replica)"]) == "", "'…a' would tell nothing apart")
    }

    /// Bars far past a pinned axis range (1e200 on 0…10) and a very narrow x range are sampled for a legend's place
    /// without overflowing a pixel count; a remedy never makes a legend's font larger than its own.
    @Test func extremeBarsAndSmallFontsSurviveTheRemedies() throws {
        var chart = Chart(width: 320, height: 200, series: [.bars(name: "a", x: [0, 1], y: [1e200, 1]), .bars(name: "b", x: [0, 1], y: [-1e200, 2])])
        chart.y.range = 0...10
        chart.x.range = 0...1e-300
        #expect(try Shared.renderer(.cpu).layoutReport(chart).width == 320)
        var waves = Self.waves(width: 320, height: 200)
        waves.legend.style.fontSize = 10
        let report = try Shared.renderer(.cpu).layoutReport(waves)
        #expect(report.texts.filter { $0.role.kind == .legendEntry }.allSatisfy { $0.fontSize <= 10 })
    }

    @Test func theSpecPinsALegendThatNamesAPositionOrPlacement() throws {
        func legend(_ json: String) throws -> Legend {
            let spec = #"{"series": [{"x": [0, 1], "y": [0, 1]}], "legend": \#(json)}"#
            return try ChartSpec.decode(Array(spec.utf8), relativeTo: "/").legend
        }
        #expect(try !legend("{}").pinned)
        #expect(try !legend(#"{"title": "Sensors"}"#).pinned)
        #expect(try legend(#"{"position": "top-right"}"#).pinned)
        #expect(try legend(#"{"placement": "inside"}"#).pinned)
    }
}

/// Outside legends and the plot: the plot keeps a readable size, corners stack at their ends, given sizes hold.
@Suite struct OutsideLegendTests {
    static func chart(width: Int, height: Int) -> Chart {
        let series = (0..<4).map { Series.line(name: "sensor \($0)", x: [0, 1, 2], y: [Double($0), 3, Double(4 - $0)]) }
        var chart = Chart(width: width, height: height, title: "Sensors", series: series,
                          legend: Legend(position: .top, orientation: .horizontal))
        chart.legend.placement = .outside
        let items = ["low", "mid", "high"].map { LegendItem(label: $0, color: Color(rgb: 0x1F77B4)) }
        var below = Legend(id: "levels", kind: .points(PointsLegend(items: items)), position: .bottom, placement: .outside)
        below.orientation = .horizontal
        chart.legends = [below]
        return chart
    }

    @Test func legendsAboveAndBelowLeaveThePlotThreeTickLabels() throws {
        for (width, height) in [(320, 200), (480, 300), (640, 400)] {
            let report = try Shared.renderer(.cpu).layoutReport(OutsideLegendTests.chart(width: width, height: height))
            let ticks = report.texts.filter { $0.role == TextRole(.tickLabel, axis: "y") }
            #expect(ticks.count >= 3, "\(width)×\(height): plot \(report.plot), y labels \(ticks.map(\.text))")
            let drawn = report.legends.filter { $0.box != nil }.count
            // What does not fit is named, with the room it had.
            #expect(drawn == 2 || report.notices.contains { $0.contains("and the room for it is") }, "\(report.notices)")
            if width == 320 { #expect(drawn == 1, "at 320×200 only the first legend has room: \(report.notices)") }
            if width == 640 { #expect(drawn == 2 && report.notices.isEmpty, "\(report.notices)") }
        }
    }

    @Test func cornersBesideThePlotStackAtTheirEnds() throws {
        var chart = OutsideLegendTests.chart(width: 640, height: 400)
        chart.legend.position = .topRight
        chart.legend.orientation = .vertical
        chart.legends = [chart.legends.all[0].with { ($0.position, $0.orientation) = (.bottomRight, .vertical) }]
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let top = try #require(report.legends[0].box), bottom = try #require(report.legends[1].box)
        #expect(top.y == report.plot.y && bottom.maxY == report.plot.maxY, "top \(top), bottom \(bottom), plot \(report.plot)")
    }

    @Test func aGivenHeightIsTheMostTheBoxTakes() throws {
        var chart = OutsideLegendTests.chart(width: 640, height: 400)
        chart.legend = Legend(position: .topLeft)
        chart.legend.height = 300
        chart.legends = []
        let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get())
        let box = try #require(legend.box)
        let lastEntry = try #require(legend.entries.last)
        #expect(legend.entries.count == 4 && box.height < 300 && box.maxY - lastEntry.swatch.maxY <= 8 + 1,
                "shrunk to its four rows: \(box)")
    }

    @Test func aColourBarKeepsToTheWidthItIsGiven() throws {
        var chart = Chart(width: 640, height: 400, series: [.line(name: "a", x: [0, 1], y: [0, 1])], legend: Legend(visible: false))
        var bar = Legend(id: "bar", kind: .colorBar(ColorBarLegend(scale: ColorScale(palette: .viridis, range: 0...10))),
                         position: .bottom, placement: .outside)
        bar.width = 200
        chart.legends = [bar]
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let box = try #require(report.legends[0].box)
        #expect(box.width <= 200 && box.width >= 190, "\(box)")
        bar.width = 20
        chart.legends = [bar]
        let error = #expect(throws: GlintError.self) { try Shared.renderer(.cpu).render(chart) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("legends[0].width: 20 px is too small: the legend needs at least"))
    }
}
