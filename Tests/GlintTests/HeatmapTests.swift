import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import GlintTestSupport
import Testing

/// Heatmaps as users see them: each cell in its value's colour through the scale its colour bar draws, missing
/// cells empty, one image command whatever the size (both painters sampling the same cell for every pixel), cell
/// labels that contrast or are left out with a notice, long-form CSV, and bad grids refused with their path.
@Suite struct HeatmapTests {
    /// Two rows × three columns, values 0…5, through a two-stop scale from black to white; the middle of row 1 is
    /// missing.
    static var grid: Chart {
        let scale = ColorScale(values: [(0, Color(rgb: 0x000000)), (5, Color(rgb: 0xFFFFFF))])
        let s = try! Series.heatmap(x: [10, 20, 30], y: [1, 2], values: [0, 1, 2, 3, .nan, 5], scale: scale)
        var chart = Chart(width: 320, height: 200, series: [s], legend: Legend(visible: false))
        (chart.x.grid, chart.y.grid) = (false, false)
        chart.theme.plotBackground = Color(rgb: 0xFF0000)
        return chart
    }

    @Test(arguments: painters)
    func eachCellTakesItsValuesColour(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = Self.grid
        let image = try renderer.render(chart), layout = try renderer.layout(chart)
        func at(_ x: Double, _ y: Double) -> RGB {
            let p = layout.transform.apply(x, y)
            return RGB(image, Int(p.x), Int(p.y))
        }
        // Cells fill the plot exactly (an unpadded domain): 5…35 by 0.5…2.5.
        #expect(layout.x.domain == 5...35 && layout.y.domain == 0.5...2.5)
        let grey = { (v: Int) in RGB(v * 51, v * 51, v * 51) }
        #expect(at(10, 1) == grey(0) && at(20, 1) == grey(1) && at(30, 1) == grey(2), "row y = 1")
        #expect(at(10, 2) == grey(3) && at(30, 2) == grey(5), "row y = 2")
        #expect(at(20, 2) == RGB(255, 0, 0), "the missing cell shows the plot behind it")
        // Cell edges are hard: just inside a cell is its colour.
        #expect(at(14.8, 1.1) == grey(0) && at(15.3, 1.1) == grey(1))
    }

    /// A 500 × 500 grid (cells under 2 px; `bench` draws 2000 × 2000) is one image command, and both painters
    /// draw every pixel from the same cell.
    @Test(.enabled(if: painters.contains(.gl) && painters.contains(.cpu)))
    func aLargeGridIsOneImageThatBothPaintersSampleAlike() throws {
        let n = 500
        let values = (0..<(n * n)).map { i in Double((i % n) ^ (i / n)) }
        var chart = Chart(width: 900, height: 700, series: [try Series.heatmap(x: (0..<n).map(Double.init), y: (0..<n).map(Double.init), values: values)],
                          legend: Legend(visible: false))
        chart.x.range = 20...480
        let scene = try Shared.cpuRenderer.get().withScene(chart) { scene, _ in scene }.result
        let images = scene.commands.filter { if case .image = $0.shape { return true } else { return false } }
        #expect(images.count == 1)
        let cpu = try Shared.renderer(.cpu).render(chart), gl = try Shared.renderer(.gl).render(chart)
        // Inside the plot, which the cells cover (the axes' text and lines are the painters' usual parity).
        let plot = PixelRect(try Shared.layout(chart).plot)
        var differing = 0
        for y in plot.y..<(plot.y + plot.height) {
            for x in plot.x..<(plot.x + plot.width) where cpu.pixel(x: x, y: y) != gl.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) of \(plot.width * plot.height) pixels differ")
    }

    @Test func hitTestingNamesTheCell() throws {
        let renderer = try Shared.renderer(.cpu), chart = Self.grid
        let p = try renderer.layout(chart).transform.apply(28, 2.2)
        let hit = try renderer.hitTest(chart, at: p, tolerance: 0)
        guard case let .point(series, index, x, y, _)? = hit else { Issue.record("no cell hit: \(String(describing: hit))"); return }
        #expect(series == 0 && index == 5 && x == 30 && y == 2)
    }

    @Test(arguments: painters)
    func cellLabelsContrastWithTheirCells(backend: Backend) throws {
        var chart = Self.grid
        chart.series[0].heatmap.cellLabels = true
        let runs = try Shared.textRuns(chart).filter { $0.role.kind == .pointLabel }
        #expect(runs.map(\.text) == ["0", "1", "2", "3", "5"])
        #expect(runs.first { $0.text == "0" }?.color == .white && runs.first { $0.text == "5" }?.color != .white)
        // In a chart too small for the text, the labels are left out and a notice says so.
        chart.width = 60
        chart.height = 60
        let image = try Shared.renderer(backend).render(chart)
        #expect(image.notices.contains { $0.hasPrefix("series[0]: 5 of 5 cell labels left out") }, "\(image.notices)")
    }

    /// Cell labels share one font: the largest (tick-label size or smaller, down to 9 px) at which every label fits
    /// its cell, so the two-digit peaks are never dropped while the zeros stay; where none fits them all, none is
    /// drawn, with a notice.
    @Test func cellLabelsShareTheFontThatFitsTheWidest() throws {
        let values = (0..<168).map { Double($0 * 7 % 41) }
        let heatmap = try Series.heatmap(x: (0..<24).map(Double.init), y: (0..<7).map(Double.init), values: values)
        func labels(width: Int, height: Int) throws -> (sizes: Set<Double>, count: Int, notices: [String]) {
            var chart = Chart(width: width, height: height, series: [heatmap], legend: Legend(visible: false))
            chart.series[0].heatmap.cellLabels = true
            let report = try Shared.renderer(.cpu).layoutReport(chart)
            let runs = report.texts.filter { $0.role.kind == .pointLabel }
            return (Set(runs.map(\.fontSize)), runs.count, report.notices)
        }
        let roomy = try labels(width: 1280, height: 720), tight = try labels(width: 520, height: 300), tiny = try labels(width: 320, height: 200)
        #expect(roomy.count == 168 && roomy.sizes == [12], "\(roomy)")
        #expect(tight.count == 168 && tight.sizes.count == 1 && tight.sizes.first! < 12 && tight.sizes.first! >= 9, "\(tight)")
        #expect(tiny.count == 0 && tiny.notices.contains { $0.hasPrefix("series[0]: 168 of 168 cell labels left out: the widest") }, "\(tiny)")
        #expect(try labels(width: 520, height: 300).sizes == tight.sizes)
    }

    /// Positions further apart than the largest Double make cells of no finite size: refused as such (they were
    /// called uneven), while positions that reach the largest Double from 0 draw.
    @Test func positionsApartByMoreThanTheLargestDoubleAreRefusedAsSuch() throws {
        let m = "1.7976931348623157e308"
        for axis in ["x", "y"] {
            let other = axis == "x" ? "y" : "x"
            let error = specError(#"{"series": [{"type": "heatmap", "\#(axis)": [-\#(m), \#(m)], "\#(other)": [0, 1], "z": [[1, 2], [3, 4]]}]}"#)
            #expect(error.hasPrefix("series[0].\(axis): \(axis) positions lie further apart than the largest Double"), "\(error)")
        }
        let reaching = try decodeSpec(#"{"series": [{"type": "heatmap", "y": [0, \#(m)], "x": [0, 1], "z": [[1, 2], [3, 4]]}]}"#)
        #expect(try Shared.renderer(.cpu).render(reaching).width > 0)
    }

    @Test func theSpecReadsAMatrixAndALongTable() throws {
        let inline = try decodeSpec(#"{"series": [{"type": "heatmap", "x": [0, 1], "y": [5, 10, 15], "z": [[1, 2], [3, null], [5, 6]]}]}"#)
        let s = try #require(inline.series.first)
        #expect(s.heatmap.columns == 2 && s.heatmap.rows == 3 && s.heatmap.cellHeight == 5)
        #expect(s.pointColors?.values.count == 6 && s.pointColors?.values[3].isNaN == true)
        let chart = GoldenCharts.example("heatmap")
        let commits = try #require(chart.series.first)
        // Hours 0…23 fill in between the ones with commits; weekdays Mon…Wed and Sun have rows (indices 6…3 and 0).
        #expect(commits.heatmap.columns == 24 && commits.heatmap.rows == 7)
        #expect(commits.pointColors.map { $0.values.filter(\.isFinite).reduce(0, +) } == 262, "every commit of Examples/commits.csv")
    }

    @Test func badGridsAreRefusedWithTheirPath() {
        func error(_ series: String) -> String { specError(#"{"series": [{"type": "heatmap", \#(series)}]}"#) }
        #expect(error(#""z": [[1, 2], [3]]"#) == "series[0].z[1]: has 1 values; row 0 has 2")
        #expect(error(#""x": [0, 1, 5], "z": [[1, 2, 3]]"#).hasPrefix("series[0].x: x positions must be evenly spaced"))
        #expect(error(#""x": [0, 1], "z": [[1, 2, 3]]"#) == "series[0].x: has 2 positions; z has 3 columns")
        #expect(error(#""x": [1, 1], "z": [[1, 2]]"#).hasPrefix("series[0].x: x position 1.0 is given twice"))
        #expect(error(#""z": []"#) == "series[0].z: a heatmap needs at least one column and one row")
        #expect(error(#""y": [1]"#).hasPrefix("series[0].z: missing"))
        #expect(error(#""z": [[1]], "color": "red""#).hasPrefix("series[0].color: a heatmap's colours come from a scale"))
        #expect(error(#""z": [[1]], "dash": [2]"#).hasPrefix("series[0].dash: a heatmap takes no \"dash\""))
        #expect(specError(#"{"series": [{"type": "line", "y": [1], "z": [[1]]}]}"#).hasPrefix("series[0].z: only heatmaps and contours take \"z\""))
    }

    @Test func aLogAxisIsRefused() throws {
        var chart = Self.grid
        chart.y.scale = .log
        #expect(throws: GlintError.badValue(path: "series[0].type",
                                            message: "a heatmap's cells are equal: its axes are linear, time or categories, not log")) {
            try Shared.renderer(.cpu).render(chart)
        }
    }

    @Test func aCellGivenTwiceInALongTableNamesBothRows() throws {
        try ExternalTool.inScratch { folder in
            try "a,b,v\n1,1,3\n2,1,4\n1,1,5\n".write(to: folder.appendingPathComponent("cells.csv"), atomically: true, encoding: .utf8)
            let spec = #"{"series": [{"type": "heatmap", "data": {"csv": "cells.csv", "x": "a", "y": "b", "value": "v"}}]}"#
            #expect(throws: GlintError.badValue(path: "series[0].data", message: "data rows 1 and 3 both give the cell at x 1.0, y 1.0")) {
                try ChartSpec.decode(Array(spec.utf8), relativeTo: folder.path)
            }
        }
    }
}

/// A heatmap from a CSV grid (`"data": {"csv", "grid"}`): the grid column names the rows (first on top), the other
/// columns are the cells, each named by its header along x.
@Suite struct HeatmapGridTests {
    @Test func theGridsCellsAreItsValuesFirstRowOnTop() throws {
        let chart = GoldenCharts.example("heatmap-grid")
        let s = try #require(chart.series.first)
        #expect(chart.x.categories == ["precipitation", "temp_max", "temp_min", "wind"])
        #expect(chart.y.categories == ["wind", "temp_min", "temp_max", "precipitation"], "the first row is the top category")
        let colors = try #require(s.pointColors)
        // The cell of row temp_max (y 2) and column temp_min (x 2): 0.876 in the CSV.
        let cell = try #require((0..<s.x.count).first { s.x[$0] == 2 && s.y[$0] == 2 })
        #expect(colors.values[cell] == 0.876)
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let labels = report.texts.filter { $0.role.kind == .pointLabel }
        #expect(labels.count == 16 && labels.filter { $0.text == "1.00" }.count == 4)
        // The top row's labels are the precipitation row's: 1.00, -0.23, -0.07, 0.33 from left to right.
        let top = labels.min { $0.box.y < $1.box.y }!.box.y
        #expect(labels.filter { abs($0.box.y - top) < 1 }.sorted { $0.box.x < $1.box.x }.map(\.text) == ["1.00", "-0.23", "-0.07", "0.33"])
    }

    @Test func aGridTakesNoOtherColumns() throws {
        #expect(specError(#"{"series": [{"type": "heatmap", "data": {"csv": "m.csv", "grid": "name", "value": "v"}}]}"#)
            .hasPrefix("series[0].data.value: a grid's columns are its cells' x positions"))
    }
}
