import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import Testing

/// Figures of several charts (`"panels"`) as users see them: panels in a grid under one title, plots aligned across
/// rows and columns, shared axes with one domain and labels on one panel of each group, one legend and one colour
/// for series that repeat by name, hits and `glint layout` naming the panel, and grids that cannot be refused with
/// their path.
@Suite struct PanelTests {
    /// Four panels in a 2 × 2 grid: x shared by column, y by row, the series "a" in every panel.
    static func grid(shareX: AxisSharing = .column, shareY: AxisSharing = .row) -> Chart {
        let panels = (0..<4).map { k -> Panel in
            let scale = Double(k + 1)
            var chart = Chart(title: "panel \(k)", series: [.line(name: "a", x: [0, 10 * scale], y: [0, scale * scale])])
            if k == 3 { chart.series.append(.dots(name: "b", x: [5], y: [2])) }
            return Panel(chart)
        }
        var figure = Chart(width: 800, height: 600, title: "Figure")
        figure.panels = PanelGrid(panels, columns: 2, shareX: shareX, shareY: shareY)
        return figure
    }

    @Test func panelsTakeTheirCellsWithAlignedPlotsAndSharedDomains() throws {
        let report = try Shared.renderer(.cpu).layoutReport(Self.grid())
        #expect(report.panels.count == 4)
        let plots = report.panels.map(\.plot), frames = report.panels.map(\.frame)
        // Cells: two columns, two rows below the title.
        #expect(frames[0].x == 0 && frames[1].x == frames[0].maxX && frames[2].y == frames[0].maxY && frames[0].y > 0)
        // Plots aligned: left edges by column, tops and bottoms by row.
        #expect(plots[0].x == plots[2].x && plots[1].x == plots[3].x && plots[0].y == plots[1].y && plots[2].maxY == plots[3].maxY)
        #expect(plots[0].maxX == plots[2].maxX && plots[0].maxY == plots[1].maxY)
        // x shared by column: panels 0 and 2 show 0…30 (the union), 1 and 3 0…40; y shared by row.
        func range(_ axis: String, _ panel: Int) -> ClosedRange<Double>? { report.axes.first { $0.name == axis && $0.panel == panel }?.range }
        #expect(range("x", 0) == range("x", 2) && range("x", 1) == range("x", 3) && range("x", 0) != range("x", 1))
        #expect(range("y", 0) == range("y", 1) && range("y", 2) == range("y", 3) && range("y", 0) != range("y", 2))
        #expect(try #require(range("x", 2)).upperBound >= 30 && range("y", 3)!.upperBound >= 16)
        // Only the lowest panel of a column labels x, only the leftmost of a row labels y.
        let labelled = Set(report.texts.filter { $0.role.kind == .tickLabel }.map { "\($0.role.axis ?? "")\($0.role.panel ?? -1)" })
        #expect(labelled == ["x2", "x3", "y0", "y2"], "\(labelled.sorted())")
        // One figure title, a title per panel.
        #expect(report.texts.filter { $0.role.kind == .title }.map(\.text).sorted() == ["Figure", "panel 0", "panel 1", "panel 2", "panel 3"])
    }

    @Test func seriesThatRepeatByNameShareOneLegendAndOneColour() throws {
        let figure = Self.grid()
        let renderer = try Shared.renderer(.cpu)
        let report = try renderer.layoutReport(figure)
        #expect(report.legends.count == 1 && report.legends[0].panel == nil, "\(report.legends)")
        #expect(report.texts.filter { $0.role.kind == .legendEntry }.map(\.text) == ["a", "b"])
        // "a" is the palette's first colour in every panel, "b" the second.
        let image = try renderer.render(figure)
        for panel in 0..<4 {
            let scale = Double(panel + 1)
            let p = Self.pixel(report, panel: panel, 5 * scale, scale * scale / 2)
            #expect(RGB(image, Int(p.x), Int(p.y)).near(RGB(Theme.light.palette[0]), 40), "panel \(panel): \(RGB(image, Int(p.x), Int(p.y)))")
        }
        let b = Self.pixel(report, panel: 3, 5, 2)
        #expect(RGB(image, Int(b.x), Int(b.y)) == RGB(Theme.light.palette[1]))
    }

    /// The pixel of data (x, y) in panel `panel`, from the report's plot and axis ranges (linear axes).
    static func pixel(_ report: LayoutReport, panel: Int, _ x: Double, _ y: Double) -> Point {
        let plot = report.panels[panel].plot
        let xr = report.axes.first { $0.name == "x" && $0.panel == panel }!.range, yr = report.axes.first { $0.name == "y" && $0.panel == panel }!.range
        return Point(plot.x + (x - xr.lowerBound) / (xr.upperBound - xr.lowerBound) * plot.width,
                     plot.maxY - (y - yr.lowerBound) / (yr.upperBound - yr.lowerBound) * plot.height)
    }

    @Test(arguments: painters)
    func bothPaintersDrawTheFigure(backend: Backend) throws {
        let image = try Shared.renderer(backend).render(GoldenCharts.example("panels"))
        #expect(image.width == 900 && image.height == 600 && image.notices.isEmpty, "\(image.notices)")
    }

    @Test func hitsNameTheirPanel() throws {
        let figure = Self.grid(), renderer = try Shared.renderer(.cpu)
        let report = try renderer.layoutReport(figure)
        // The dot "b" at (5, 2) in panel 3.
        let hit = try renderer.hitTest(figure, at: Self.pixel(report, panel: 3, 5, 2), tolerance: 2)
        guard case let .inPanel(panel, .point(series, index, x, y, _))? = hit else { Issue.record("no hit: \(String(describing: hit))"); return }
        #expect(panel == 3 && series == 1 && index == 0 && x == 5 && y == 2)
        let legend = try #require(report.legends.first?.box)
        let entry = try renderer.hitTest(figure, at: Point(legend.center.x, legend.y + legend.height / 4), tolerance: 0)
        #expect(entry == .legendEntry(legend: "series", label: "a", series: nil))
    }

    /// A 3 × 3 figure at 640 × 400 whose bottom row holds the shared x's tick labels and title and whose first
    /// column the y's: every plot has one height and one width (within the pixel they are rounded to), and the
    /// plots of a row or column still line up.
    @Test func everyPlotOfAFigureHasOneSize() throws {
        let panels = (0..<9).map { k -> Panel in
            var chart = Chart(title: "Panel \(k + 1)", series: [.line(name: "a", x: [0, 19], y: [0, pow(10, Double(k % 3 + 1))])])
            (chart.x.title, chart.y.title) = ("day", "value")
            return Panel(chart)
        }
        var figure = Chart(width: 640, height: 400, title: "Nine panels")
        figure.panels = PanelGrid(panels, columns: 3, shareX: .all, shareY: .row)
        for (figure, count) in [(figure, 9), (GoldenCharts.example("facet"), 5)] {
            let plots = try Shared.renderer(.cpu).layoutReport(figure).panels.map(\.plot)
            #expect(plots.count == count)
            let (heights, widths) = (plots.map(\.height), plots.map(\.width))
            #expect(heights.max()! - heights.min()! <= 1 && widths.max()! - widths.min()! <= 1, "\(heights) \(widths)")
            #expect(heights.min()! >= 35, "\(heights)")
            for k in plots.indices.dropFirst() where k % (count == 9 ? 3 : 2) != 0 {
                #expect(abs(plots[k].y - plots[k - 1].y) <= 1, "row of panel \(k)")
            }
        }
    }

    @Test func axesOfDifferentKindsAreNotShared() throws {
        func drawingError(_ json: String) -> String {
            do { _ = try Shared.renderer(.cpu).render(try decodeSpec(json)); return "" } catch { return "\(error)" }
        }
        let categories = #"{"series": [{"type": "bars", "x": ["a", "b"], "y": [1, 2]}]}"#, numbers = #"{"series": [{"x": [-100, 5], "y": [1, 2]}]}"#
        #expect(drawingError(#"{"share": {"x": "all"}, "panels": [\#(categories), \#(numbers)]}"#)
            .hasPrefix("panels[1].x: it shares its x axis (share.x) with panels[0], whose x is a category axis and this one a linear axis"))
        #expect(drawingError(#"{"share": {"y": "all"}, "panels": [{"y": {"scale": "log"}, "series": [{"y": [1, 2]}]}, \#(numbers)]}"#)
            .hasPrefix("panels[1].y: it shares its y axis (share.y) with panels[0], whose y is a log axis"))
        // Not shared, or shared with a pie (which has no axes): drawn.
        #expect(drawingError(#"{"panels": [\#(categories), \#(numbers)]}"#) == "")
        #expect(drawingError(#"{"share": {"x": "all"}, "panels": [\#(categories), {"series": [{"type": "pie", "y": [1, 2]}]}]}"#) == "")
    }

    @Test func theSpecReadsPanelsAndRefusesGridsThatCannotBe() throws {
        let chart = GoldenCharts.example("panels")
        #expect(chart.panels?.panels.count == 4 && chart.panels?.columns == 2 && chart.panels?.shareX == .column)
        #expect(specError(#"{"panels": [{"series": [{"y": [1]}], "width": 3}]}"#).hasPrefix("panels[0].width: unknown key"))
        #expect(specError(#"{"panels": [{"series": [{"y": [1, true]}]}]}"#).hasPrefix("panels[0].series[0].y[1]: expected a number"))
        #expect(specError(#"{"series": [{"y": [1]}], "panels": []}"#).hasPrefix("series: a figure's series belong in its panels"))
        #expect(specError(#"{"panels": [{}], "share": {"x": "diagonal"}}"#).hasPrefix("share.x: expected one of"))
        func drawingError(_ json: String) -> String {
            do { _ = try Shared.renderer(.cpu).render(try decodeSpec(json)); return "" } catch { return "\(error)" }
        }
        #expect(drawingError(#"{"panels": [{"series": [{"x": [1, 2], "y": [1]}]}]}"#).hasPrefix("panels[0].series[0]: x has 2 values but y has 1"))
        #expect(drawingError(#"{"columns": 2, "panels": [{"row": 0, "column": 0}, {"row": 0, "column": 0}]}"#).hasPrefix("panels[1]: its cell (row 0, column 0) is taken"))
        #expect(drawingError(#"{"columns": 2, "panels": [{"columnSpan": 3}]}"#).hasPrefix("panels[0].columnSpan: spans 3 columns of a grid of 2"))
        #expect(drawingError(#"{"panels": []}"#).hasPrefix("panels: a figure has 1 to 256 panels, found 0"))
        #expect(drawingError(#"{"panels": [{"row": 1}]}"#).hasPrefix("panels[0]: give both row and column"))
        #expect(drawingError(#"{"columns": 2, "panels": [{}, {"columnSpan": 2}, {}]}"#) == "", "a span flows to the next row that holds it")
    }
}

/// `"facet"`: a panel per value of a CSV column, every series' rows of that value in it, both axes shared.
@Suite struct FacetTests {
    @Test func aPanelPerValueWithThatValuesRows() throws {
        let figure = GoldenCharts.example("facet")
        let grid = try #require(figure.panels)
        #expect(grid.panels.map { $0.chart.title ?? "" } == ["drizzle", "fog", "rain", "snow", "sun"])
        #expect(grid.columns == 2 && grid.shareX == .all && grid.shareY == .all)
        // Days per weather type in the CSV: drizzle 54, fog 411, rain 259, snow 23, sun 714.
        #expect(grid.panels.map { $0.chart.series[0].x.count } == [54, 411, 259, 23, 714])
        #expect(grid.panels.allSatisfy { $0.chart.series.map(\.name) == ["high", "low"] })
        let report = try Shared.renderer(.cpu).layoutReport(figure)
        // One domain for all; x labelled by the lowest panel of each column, y by the first of each row.
        let ranges = Set(report.axes.filter { $0.name == "y" }.map { "\($0.range)" })
        #expect(ranges.count == 1)
        let labelled = Set(report.texts.filter { $0.role.kind == .tickLabel }.map { "\($0.role.axis ?? "")\($0.role.panel ?? -1)" })
        #expect(labelled == ["x3", "x4", "y0", "y2", "y4"], "\(labelled.sorted())")
        #expect(report.texts.filter { $0.role.kind == .legendEntry }.map(\.text) == ["high", "low"])
    }

    @Test func textAPanelTooSmallCannotHoldIsLeftOutWithANotice() throws {
        var figure = GoldenCharts.example("facet")
        (figure.width, figure.height) = (240, 150)
        let renderer = try Shared.renderer(.cpu), report = try renderer.layoutReport(figure)
        for text in report.texts {
            guard let panel = text.role.panel else { continue }
            #expect(report.panels[panel].frame.insetBy(-0.5).contains(text.box), "'\(text.text)' leaves panel \(panel)")
        }
        let notices = try renderer.render(figure).notices
        #expect(notices.contains { $0.contains("left out: the panel's cells are too small") })
        // The plots are drawn, and said to be too small.
        #expect(notices.contains { $0.contains("the figure's plots are") && $0.contains("smaller than the 60×30 a reader needs") }, "\(notices)")
    }

    /// Three panels down at 480 × 300: the upper two's y titles would keep one letter ("v…") beside their 30-px plots,
    /// so they are left out and named; the lowest, whose column is longer, keeps its title.
    @Test func aTitleThatWouldBeAStubIsLeftOutAndNamed() throws {
        var figure = try ChartSpec.decode(file: DesignSweepTests.directory.appendingPathComponent("panels-3x1.json").path)
        (figure.width, figure.height) = (480, 300)
        let report = try Shared.renderer(.cpu).layoutReport(figure)
        let titles = report.texts.filter { $0.role.kind == .axisTitle && $0.role.axis == "y" }
        #expect(titles.allSatisfy { $0.text == "value" } && !titles.isEmpty, "\(titles.map(\.text))")
        let missing = 3 - titles.count
        #expect(missing > 0 && report.notices.filter { $0.contains(#"y.title "value" left out"#) }.count == missing, "\(report.notices)")
    }

    /// A figure's panels are spaced as small multiples (`Typography.panel`): their titles a heading at the axis
    /// titles' size, 8 px between two panels, so that the cells go to plots. Seven facets at 480 × 300 keep plots
    /// of at least 30 px (the figure's readable floor) and no notice; they were 7 px tall with a chart's spacing.
    @Test func panelsAreSpacedAsSmallMultiples() throws {
        var figure = try ChartSpec.decode(file: DesignSweepTests.directory.appendingPathComponent("facet-7.json").path)
        (figure.width, figure.height) = (480, 300)
        let report = try Shared.renderer(.cpu).layoutReport(figure)
        #expect(report.panels.count == 7 && report.panels.allSatisfy { $0.plot.height >= 30 && $0.plot.width >= 120 }, "\(report.panels.map(\.plot))")
        #expect(report.notices.isEmpty, "\(report.notices)")
        let titles = report.texts.filter { $0.role.kind == .title && $0.role.panel != nil }
        #expect(titles.count == 7 && titles.allSatisfy { $0.fontSize == 13 })
        // Side by side, two plots of a row are 8 px of padding and the second's y tick labels apart.
        let (a, b) = (report.panels[0], report.panels[1])
        let ticks = report.texts.filter { $0.role.panel == 1 && $0.role.kind == .tickLabel && $0.role.axis == "y" }
        let widest = ticks.map(\.box.width).max() ?? 0
        #expect(b.plot.x - a.plot.maxX <= 8 + 8 + widest + 5 + 4 + 1, "\(a.plot) \(b.plot)")
    }

    @Test func facetsThatCannotBeAreRefused() throws {
        #expect(specError(#"{"facet": {"column": "g"}, "series": [{"y": [1]}]}"#).hasPrefix("series[0].data: a faceted chart's series read data.csv"))
        #expect(specError(#"{"facet": {}, "series": []}"#).hasPrefix("facet.column: missing"))
        #expect(specError(#"{"facet": {"column": "g"}, "panels": []}"#).hasPrefix("facet: a facet makes the panels itself"))
        #expect(specError(#"{"columns": 2, "series": []}"#).hasPrefix("columns: lays out a figure's panels"))
    }
}
