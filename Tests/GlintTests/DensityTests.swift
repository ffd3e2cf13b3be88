import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import GlintTestSupport
import Testing

/// Density series as users see them: counts that numpy agrees with, cells coloured through the normalisation the
/// colour bar is labelled by, the same pixels from both painters, reductions of values and categories, spread,
/// hit tests that name the cell, and specs whose mistakes are refused with their path.
@Suite struct DensityTests {
    /// A chart whose plot maps one data unit to one device pixel on both axes (ranges 0…plot width and 0…plot
    /// height), so that cell edges are the whole numbers; its x and y, and the plot.
    static func unitChart(_ x: [Double], _ y: [Double], style: DensityStyle = DensityStyle()) throws -> (Chart, PixelRect) {
        var chart = Chart(width: 420, height: 300, series: [.density(x: Column(x), y: Column(y), style: style)], legend: Legend(visible: false))
        for _ in 0..<4 {
            let plot = PixelRect(try Shared.layout(chart).plot)
            if chart.x.range == 0...Double(plot.width), chart.y.range == 0...Double(plot.height) { return (chart, plot) }
            (chart.x.range, chart.y.range) = (0...Double(plot.width), 0...Double(plot.height))
        }
        throw GlintError.badData("the plot did not settle")
    }

    /// A unit chart of 1e6 random points in 1/1024ths, a sixth of them outside the ranges, thousands on cell edges,
    /// plus the corners, the far edges (closed, as numpy's last bins are), whole numbers inside, and gaps; with its
    /// plot and the points.
    static func edgeHeavyChart() throws -> (chart: Chart, plot: PixelRect, x: [Double], y: [Double]) {
        var generator = SeededGenerator(seed: 28)
        var (chart, plot) = try unitChart([0], [0])
        let (w, h) = (Double(plot.width), Double(plot.height))
        var x = (0..<1_000_000).map { _ in ((-0.1 + (1.1 - (-0.1)) * generator.next()) * w * 1024).rounded() / 1024 }
        var y = (0..<1_000_000).map { _ in ((-0.1 + (1.1 - (-0.1)) * generator.next()) * h * 1024).rounded() / 1024 }
        x += [0, w, 0, w, w, 17, 0, .nan, 5, .infinity, -0.0009765625]
        y += [0, h, h, 0, 40, h, 12, 3, .nan, 5, 7]
        chart.series[0].x = Column(x)
        chart.series[0].y = Column(y)
        return (chart, plot, x, y)
    }

    /// 1e6 random points (in 1/1024ths, a sixth of them outside the ranges, thousands on cell edges) plus points on
    /// every corner and edge of the range: each cell's count is numpy.histogram2d's over the same edges.
    @Test func countsEqualNumpyHistogram2d() throws {
        let (chart, plot, x, y) = try Self.edgeHeavyChart()
        let grid = try Shared.renderer(.cpu).densityGrid(chart, series: 0)
        #expect(grid.plot == plot && grid.columns == plot.width && grid.rows == plot.height)
        try ExternalTool.inScratch { folder in
            let xs = folder.appendingPathComponent("x.f64"), ys = folder.appendingPathComponent("y.f64")
            let out = folder.appendingPathComponent("counts.i64")
            try x.withUnsafeBytes { try Data($0).write(to: xs) }
            try y.withUnsafeBytes { try Data($0).write(to: ys) }
            let script = """
            import numpy as np, sys
            x = np.fromfile(sys.argv[1]); y = np.fromfile(sys.argv[2]); w, h = int(sys.argv[3]), int(sys.argv[4])
            counts, _, _ = np.histogram2d(x, y, bins=[np.arange(w + 1.0), np.arange(h + 1.0)])
            # Rows from the top (the highest y first), a column per x bin.
            np.ascontiguousarray(counts.T[::-1]).astype(np.int64).tofile(sys.argv[5])
            """
            let run = try ExternalTool.run(try ExternalTool.pythonWithNumpy(), ["-c", script, xs.path, ys.path, "\(plot.width)", "\(plot.height)", out.path])
            try #require(run.status == 0, "\(run.output)")
            let expected = try Data(contentsOf: out).withUnsafeBytes { Array($0.bindMemory(to: Int64.self)) }
            try #require(expected.count == grid.counts.count)
            let differing = zip(expected, grid.counts).filter { $0 != Int64($1) }.count
            #expect(differing == 0, "\(differing) cells differ from numpy.histogram2d")
            #expect(expected.reduce(0, +) == Int64(grid.counts.reduce(0) { $0 + Int($1) }))
            #expect(grid.counts.reduce(0) { $0 + Int($1) } > 600_000)
        }
    }

    /// On the dark theme the densest cells are the brightest (the light theme's default runs pale to navy, which
    /// would sink them into the background); a scale the spec gives is kept.
    @Test func theDarkThemeDrawsTheDensestCellsBrightest() throws {
        // One point in cell (10, 10), fifty in cell (30, 30).
        var (chart, _) = try Self.unitChart([10.5] + [Double](repeating: 30.5, count: 50), [10.5] + [Double](repeating: 30.5, count: 50))
        chart.theme = .dark
        let renderer = try Shared.renderer(.cpu), image = try renderer.render(chart), t = try renderer.layout(chart).transform
        func luma(_ x: Double, _ y: Double) -> Double {
            let p = t.apply(x, y), c = RGB(image, Int(p.x), Int(p.y))
            return 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)
        }
        let (sparse, dense, background) = (luma(10.5, 10.5), luma(30.5, 30.5), luma(50.5, 50.5))
        #expect(background < sparse && sparse < dense, "background \(background), one point \(sparse), fifty \(dense)")
        chart.series[0].density.scale = ColorScale(stops: [ColorScale.Stop(0, .white), ColorScale.Stop(1, Color(rgb: 0x000080))])
        #expect(Theme.dark.styled(chart.series[0], at: 0).density.scale == chart.series[0].density.scale)
    }

    /// On GL the counts are made by a compute shader from the painters' pixel positions: every cell's count is the
    /// CPU's, for the edge-heavy points as doubles, as a float32 pair and on log axes, and the image says where
    /// the points were counted.
    @Test(.enabled(if: painters.contains(.gl) && painters.contains(.cpu)))
    func gpuCountsEqualTheCPUsCellForCell() throws {
        let (chart, _, x, y) = try Self.edgeHeavyChart()
        var floats = chart
        floats.series[0].x = Column(x.map { Float($0) })
        floats.series[0].y = Column(y.map { Float($0) })
        var logs = chart
        (logs.x.scale, logs.y.scale, logs.x.range, logs.y.range) = (.log, .log, 0.5...400, 0.25...300)
        let gl = try Shared.renderer(.gl), cpu = try Shared.renderer(.cpu)
        for (name, c) in [("doubles", chart), ("float32", floats), ("log axes", logs)] {
            let onGPU = try gl.densityGrid(c, series: 0), onCPU = try cpu.densityGrid(c, series: 0)
            #expect(onGPU.place.contains("OpenGL ES compute shader") && onCPU.place.hasPrefix("the CPU"), "\(onGPU.place), \(onCPU.place)")
            #expect(onGPU.plot == onCPU.plot, "\(name)")
            let differing = zip(onGPU.counts, onCPU.counts).filter { $0 != $1 }.count
            #expect(differing == 0 && onGPU.counts.count == onCPU.counts.count, "\(name): \(differing) cells differ")
            #expect(onGPU.counts.reduce(0) { $0 + Int($1) } > 500_000, "\(name)")
        }
        // Where it counted is information, not a notice.
        let drawn = try gl.render(chart)
        #expect(drawn.information.contains { $0.hasPrefix("series[0]: density of 1000011 points aggregated on ") && $0.contains("compute shader") },
                "\(drawn.information)")
        #expect(!drawn.notices.contains { $0.contains("aggregated on") }, "\(drawn.notices)")
        var weighted = chart
        weighted.series[0].density.reduction = .max
        weighted.series[0].density.values = Column(x)
        #expect(try gl.densityGrid(weighted, series: 0).place.hasPrefix("the CPU"), "a value reduction is counted on the CPU")
    }

    /// Two clusters: the empty plot shows its background, a dense cell is darker than a sparse one, and both
    /// painters draw every pixel of the plot alike.
    @Test(.enabled(if: painters.contains(.gl) && painters.contains(.cpu)))
    func bothPaintersDrawTheSameCells() throws {
        var generator = SeededGenerator(seed: 7)
        let n = 200_000
        let x = (0..<n).map { i in (i % 4 == 0 ? 2.0 : 7.0) + (-1 + (1 - (-1)) * generator.next()) * (0 + (1 - (0)) * generator.next()) }
        let y = (0..<n).map { i in (i % 4 == 0 ? 3.0 : 6.0) + (-1 + (1 - (-1)) * generator.next()) * (0 + (1 - (0)) * generator.next()) }
        let chart = bareChart([.density(x: Column(x), y: Column(y))], width: 400, height: 300)
        let cpu = try Shared.renderer(.cpu).render(chart), gl = try Shared.renderer(.gl).render(chart)
        let layout = try Shared.layout(chart), plot = PixelRect(layout.plot)
        var differing = 0
        for py in plot.y..<(plot.y + plot.height) {
            for px in plot.x..<(plot.x + plot.width) where cpu.pixel(x: px, y: py) != gl.pixel(x: px, y: py) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) of \(plot.width * plot.height) plot pixels differ")
        func at(_ x: Double, _ y: Double) -> RGB {
            let p = layout.transform.apply(x, y)
            return RGB(cpu, Int(p.x), Int(p.y))
        }
        #expect(at(9.5, 0.5) == .white, "no point lands there: the background shows")
        let dense = at(7, 6), sparse = at(2.9, 3.9)
        #expect(dense.r + dense.g < sparse.r + sparse.g, "the dense centre \(dense) is darker than the sparse edge \(sparse)")
        #expect(dense.near(RGB(0, 0, 0x8B), 3), "the densest cells take the scale's dark end, found \(dense)")
    }

    /// Reductions of values: each cell's sum, mean, smallest and largest value, empty cells NaN; a point whose
    /// value is not finite is left out.
    @Test func reductionsOfValues() throws {
        let x = [1.25, 1.5, 1.75, 3.5, 3.5], y = [1.5, 1.5, 1.5, 2.5, 2.5], v = [1, 2, 6, -4, .nan]
        var expected: [DensityReduction: (Double, Double)] = [.sum: (9, -4), .mean: (3, -4), .min: (1, -4), .max: (6, -4)]
        for reduction in [DensityReduction.sum, .mean, .min, .max] {
            var style = DensityStyle()
            (style.reduction, style.values) = (reduction, Column(v))
            let (chart, _) = try Self.unitChart(x, y, style: style)
            let grid = try Shared.renderer(.cpu).densityGrid(chart, series: 0)
            let cell = { (x: Int, y: Int) in (grid.rows - 1 - y) * grid.columns + x }
            #expect(grid.counts[cell(1, 1)] == 3 && grid.counts[cell(3, 2)] == 1, "\(reduction)")
            #expect(grid.values?[cell(1, 1)] == expected[reduction]?.0 && grid.values?[cell(3, 2)] == expected[reduction]?.1, "\(reduction)")
            #expect(grid.values?[cell(0, 0)].isNaN == true, "an empty cell has no value")
            expected[reduction] = nil
        }
    }

    /// count_by: a cell of one category takes its colour; a mixed cell the count-weighted mix.
    @Test func countByMixesTheCategoriesColours() throws {
        var style = DensityStyle()
        style.reduction = .countBy
        let red = Color(rgb: 0xFF0000), blue = Color(rgb: 0x0000FF)
        style.scale = ColorScale(categories: ["a", "b"], colors: [red, blue])
        // Cell (2, 2): three of a, one of b; cell (5, 5): b alone (many, so fully opaque).
        let x = [2.5, 2.5, 2.5, 2.5] + [Double](repeating: 5.5, count: 20), y = [2.5, 2.5, 2.5, 2.5] + [Double](repeating: 5.5, count: 20)
        style.values = Column([0, 0, 0, 1] + [Double](repeating: 1, count: 20))
        var (chart, _) = try Self.unitChart(x, y, style: style)
        chart.theme.plotBackground = .white
        let image = try Shared.renderer(.cpu).render(chart), t = try Shared.layout(chart).transform
        let pure = t.apply(5.5, 5.5), mixed = t.apply(2.5, 2.5)
        #expect(RGB(image, Int(pure.x), Int(pure.y)) == RGB(0, 0, 255), "the largest total is opaque, in b's colour")
        // 3:1 red to blue at an opacity below 1 over white: red dominates, blue shows, white shows through.
        let m = RGB(image, Int(mixed.x), Int(mixed.y))
        #expect(m.r > m.b && m.b > m.g && m.g > 0, "mixed cell \(m)")
    }

    /// Spread: one point grows to a (2·spread + 1)² square.
    @Test func spreadGrowsASparsePoint() throws {
        var style = DensityStyle()
        style.spread = 2
        let (chart, plot) = try Self.unitChart([50.5], [40.5], style: style)
        let image = try Shared.renderer(.cpu).render(chart)
        let centre = (x: plot.x + 50, y: plot.y + plot.height - 41)
        var covered = 0
        for dy in -4...4 {
            for dx in -4...4 where RGB(image, centre.x + dx, centre.y + dy) != .white { covered += 1 }
        }
        #expect(covered == 25)
    }

    /// Lines: each segment counts once in every cell it crosses, a joint once; NaN starts another line; a segment
    /// leaving the plot counts up to its edge.
    @Test func linesCountTheCellsTheyCross() throws {
        var style = DensityStyle()
        style.geometry = .lines
        // A horizontal line through cells 10…20 of row 5 with a joint at 15; a second line (after NaN) over 18…25; a
        // vertical segment from row 1 out through the bottom of the plot.
        let x = [10.5, 15.5, 20.5, .nan, 18.5, 25.5, .nan, 40.5, 40.5], y = [5.5, 5.5, 5.5, .nan, 5.5, 5.5, .nan, 1.5, -30]
        let (chart, _) = try Self.unitChart(x, y, style: style)
        let grid = try Shared.renderer(.cpu).densityGrid(chart, series: 0)
        let count = { (x: Int, y: Int) in Int(grid.counts[(grid.rows - 1 - y) * grid.columns + x]) }
        let row5 = (9...26).map { count($0, 5) }
        #expect(row5 == [0] + [Int](repeating: 1, count: 8) + [2, 2, 2] + [Int](repeating: 1, count: 5) + [0])
        let off: [Int] = [count(15, 4), count(15, 6), count(40, 2)], below: [Int] = [count(40, 1), count(40, 0)]
        #expect(off == [0, 0, 0] && below == [1, 1])
        let total = grid.counts.reduce(0) { $0 + Int($1) }
        #expect(total == 11 + 8 + 2)
    }

    /// Hit testing names the cell under the pixel: its centre, count and value.
    @Test func hitTestingNamesTheCell() throws {
        let (chart, plot) = try Self.unitChart([10.25, 10.5, 10.75, 30], [20.5, 20.5, 20.5, 5])
        let pixel = Point(Double(plot.x) + 10.5, Double(plot.y + plot.height) - 20.5)
        let hit = try Shared.renderer(.cpu).hitTest(chart, at: pixel, tolerance: 0)
        guard case let .cell(series, x, y, count, value)? = hit else { Issue.record("no cell hit: \(String(describing: hit))"); return }
        #expect(series == 0 && x == 10.5 && y == 20.5 && count == 3 && value == 3)
        #expect(try Shared.renderer(.cpu).hitTest(chart, at: Point(Double(plot.x) + 60.5, Double(plot.y) + 5.5), tolerance: 0) == nil)
    }

    /// The colour bar of a density series is labelled in counts, from the least to the most in a cell, its labels
    /// where their colours are: with log normalisation, 10 lies half-way along a bar from 1 to 100.
    @Test func colourBarLabelsAreTrueToTheNormalisation() throws {
        // Cells holding 1, 10 and 100 points.
        let x = [10.5] + [Double](repeating: 50.5, count: 10) + [Double](repeating: 90.5, count: 100)
        var style = DensityStyle()
        style.normalization = .log
        var (chart, _) = try Self.unitChart(x, [Double](repeating: 20.5, count: x.count), style: style)
        var bar = ColorBarLegend(series: 0)
        bar.length = 200
        var legend = Legend(id: "counts", kind: .colorBar(bar), position: .right)
        legend.placement = .outside
        chart.legends = [legend]
        let runs = try Shared.textRuns(chart).filter { $0.role.kind == .colorBarLabel }
        #expect(runs.map(\.text) == ["1", "10", "100"] || runs.map(\.text) == ["1", "2", "5", "10", "20", "50", "100"], "\(runs.map(\.text))")
        let y = { (text: String) in runs.first { $0.text == text }!.origin.y }
        #expect(abs((y("1") + y("100")) / 2 - y("10")) <= 1, "10 is half-way between 1 and 100 on a log bar")
        let grid = try Shared.renderer(.cpu).densityGrid(chart, series: 0)
        #expect(grid.counts.max() == 100)
    }

    @Test func normalisationsPlaceValues() {
        let range = 1.0...100
        #expect(ColorNormalization.linear.fraction(50.5, in: range) == 0.5)
        #expect(abs(ColorNormalization.log.fraction(10, in: range) - 0.5) < 1e-12)
        #expect(abs(ColorNormalization.cbrt.fraction(9, in: 1...65) - 0.5) < 1e-12)
        // Four cells of 1, three of 2, one of 100: 2 is at the 7th of 8 cells, so near the top; 100 is the top.
        let equalized = ColorNormalization.equalized(distinct: [1, 2, 100], tally: [4, 3, 1])
        #expect(equalized.fraction(1, in: range) == 0 && equalized.fraction(100, in: range) == 1)
        #expect(abs(equalized.fraction(2, in: range) - 3.0 / 4) < 1e-12)
    }

    /// A time x axis counts epoch milliseconds as a linear axis counts numbers: a day's points in one pixel column
    /// per day when a day is a pixel wide.
    @Test func timeAxesCountMilliseconds() throws {
        let day = 86_400_000.0, start = 1_704_067_200_000.0
        let x = (0..<3000).map { start + Double($0 % 30) * day + 3_600_000 }, y = (0..<3000).map { Double($0 % 10) + 0.5 }
        var chart = bareChart([.density(x: Column(x), y: Column(y))], width: 300, height: 200)
        chart.x.scale = .time
        chart.x.range = start...(start + 30 * day)
        let grid = try Shared.renderer(.cpu).densityGrid(chart, series: 0)
        #expect(grid.counts.reduce(0) { $0 + Int($1) } == 3000)
        let columns = Set(grid.counts.indices.filter { grid.counts[$0] > 0 }.map { $0 % grid.columns })
        #expect(columns.count == 30, "one counted column per day, found \(columns.count)")
    }

    /// A log x axis: points at or below 0 have no place and are not counted; the others land in their decades.
    @Test func logAxesCountInScaleSpace() throws {
        var chart = bareChart([.density(x: [0.5, 5, 50, 0, -3], y: [5, 5, 5, 5, 5])])
        chart.x.scale = .log
        chart.x.range = 0.1...100
        let grid = try Shared.renderer(.cpu).densityGrid(chart, series: 0)
        #expect(grid.counts.reduce(0) { $0 + Int($1) } == 3)
    }

    @Test func specReadsADensity() throws {
        let chart = try decodeSpec("""
        {"series": [{"type": "density", "x": [1, 2, 2], "y": [1, 2, 2], "reduce": "mean", "value": [1, 2, 4],
                     "normalize": "log", "spread": 1, "color": {"palette": "magma"}}]}
        """)
        let s = chart.series[0]
        #expect(s.kind == .density && s.density.reduction == .mean && s.density.normalization == .log && s.density.spread == 1)
        #expect(s.density.values.map(Array.init) == [1, 2, 4] && s.density.scale == ColorScale(palette: .magma))
        let byCategory = try decodeSpec("""
        {"series": [{"type": "density", "x": [1, 2], "y": [1, 2], "reduce": "count_by", "category": ["b", "a"],
                     "color": {"order": ["a", "b"]}}]}
        """)
        #expect(byCategory.series[0].density.scale.categories == ["a", "b"] && byCategory.series[0].density.values.map(Array.init) == [1, 0])
    }

    /// count_by's categories are bounded as every count is (a cell holds a count per category): an order that
    /// repeats a name counts it once (100,000 copies once asked for 15 GB), and more than 64 categories is an
    /// error naming the key that brought them.
    @Test func countByCategoriesAreBounded() throws {
        let repeated = try decodeSpec(#"{"series": [{"type": "density", "x": [1, 2], "y": [1, 2], "reduce": "count_by", "category": ["b", "a"], "#
                                      + #""color": {"order": [\#(Array(repeating: #""b""#, count: 100_000).joined(separator: ","))]}}]}"#)
        #expect(repeated.series[0].density.scale.categories == ["b", "a"] && repeated.series[0].density.values.map(Array.init) == [0, 1])
        #expect(try Shared.renderer(.cpu).render(repeated).width > 0)
        let names = (0..<65).map { "\"c\($0)\"" }.joined(separator: ",")
        let ordered = specError(#"{"series": [{"type": "density", "x": [1, 2], "y": [1, 2], "reduce": "count_by", "category": ["b", "a"], "color": {"order": [\#(names)]}}]}"#)
        #expect(ordered.hasPrefix("series[0].color.order: count_by counts at most 64 categories, found 67"), "\(ordered)")
        let points = (0..<65).map { "\"p\($0)\"" }.joined(separator: ",")
        let inline = specError(#"{"series": [{"type": "density", "x": [\#((0..<65).map(String.init).joined(separator: ","))], "y": [\#((0..<65).map(String.init).joined(separator: ","))], "reduce": "count_by", "category": [\#(points)]}]}"#)
        #expect(inline.hasPrefix("series[0].category: count_by counts at most 64 categories, found 65"), "\(inline)")
        var chart = repeated
        chart.series[0].density.scale = ColorScale(categories: (0..<65).map { "c\($0)" }, colors: [])
        #expect(throws: ChartError.self) { try chart.validate() }
    }

    @Test func specMistakesNameTheirPath() {
        let cases: [(String, String)] = [
            (#""reduce": "median""#, "series[0].reduce: expected one of"),
            (#""reduce": "sum""#, "series[0].value: missing"),
            (#""value": [1, 2]"#, "series[0].value: \"count\" counts points"),
            (#""reduce": "sum", "value": [1]"#, "series[0].value: has 1 entries but the series has 2 points"),
            (#""reduce": "count_by", "value": [1, 2]"#, "series[0].value: count_by counts a category"),
            (#""spread": 17"#, "series[0].spread"),
            (#""spread": 1.5"#, "series[0].spread: expected a whole number"),
            (#""normalize": true"#, "series[0].normalize: a density normalizes by"),
            (#""normalize": "sqrt""#, "series[0].normalize: expected one of"),
            (#""radius": 3"#, "series[0].radius: a density takes no"),
            (#""color": {"palette": "tableau10"}"#, "series[0].color.palette: unknown palette"),
        ]
        for (keys, message) in cases {
            let error = specError(#"{"series": [{"type": "density", "x": [1, 2], "y": [1, 2], "# + keys + "}]}")
            #expect(error.contains(message), "\(keys): \(error)")
        }
        #expect(specError(#"{"series": [{"type": "dots", "x": [1], "y": [1], "reduce": "sum"}]}"#).contains("only density series and hexbins take"))
    }
}

extension DensityTests {
    /// In a figure, a panel's colour bar is labelled with its density's counts (the most in a pixel), not a guess.
    @Test func aPanelsColourBarShowsItsCounts() throws {
        var panel = bareChart([.density(x: Column([Double](repeating: 5, count: 40) + [2]), y: Column([Double](repeating: 5, count: 40) + [2]))])
        var legend = Legend(id: "counts", kind: .colorBar(ColorBarLegend(series: 0)), position: .right)
        legend.placement = .outside
        panel.legends = [legend]
        var figure = Chart(width: 640, height: 300)
        figure.panels = PanelGrid([Panel(panel), Panel(panel)], columns: 2)
        let labels = try Shared.textRuns(figure).filter { $0.role.kind == .colorBarLabel }.map(\.text)
        #expect(labels.filter { $0 == "40" }.count == 2 && labels.filter { $0 == "1" }.count == 2, "\(labels)")
    }
}

extension DensityTests {
    /// A density's values and categories come from where its points come from: `.npy` files (values as numbers,
    /// categories as whole-number codes) and a binary file draw what the same numbers inline draw; a value or
    /// category on another mark, or of another length, is refused at its path.
    @Test func valuesAndCategoriesFromNpyAndBinaryFiles() throws {
        try ExternalTool.inScratch { folder in
            try NpyDataTests.save(["x.npy": "(np.arange(3000) % 97 / 9.7).astype('<f4')", "y.npy": "(np.arange(3000) % 89 / 8.9).astype('<f4')",
                                   "v.npy": "np.arange(3000) % 7 * 1.5", "c.npy": "(np.arange(3000) % 3).astype('<i4')",
                                   "v5.npy": "np.arange(5.0)"], in: folder)
            let x = (0..<3000).map { Double(Float(Double($0 % 97) / 9.7)) }, y = (0..<3000).map { Double(Float(Double($0 % 89) / 8.9)) }
            let values = (0..<3000).map { Double($0 % 7) * 1.5 }, codes = (0..<3000).map { "\"\($0 % 3)\"" }.joined(separator: ",")
            let frame = #""width": 320, "height": 240, "x": {"range": [0, 10]}, "y": {"range": [0, 10]}"#
            let npyPoints = #""x": {"npy": "x.npy"}, "y": {"npy": "y.npy"}"#
            let mean = try NpyDataTests.render(#"{\#(frame), "series": [{"type": "density", "reduce": "mean", "data": {\#(npyPoints), "value": {"npy": "v.npy"}}}]}"#, in: folder)
            let meanInline = try NpyDataTests.render(#"{\#(frame), "series": [{"type": "density", "reduce": "mean", "x": \#(x), "y": \#(y), "value": \#(values)}]}"#, in: folder)
            #expect(mean.pixels == meanInline.pixels && mean.notices == meanInline.notices)
            let byCategory = try NpyDataTests.render(#"{\#(frame), "series": [{"type": "density", "reduce": "count_by", "data": {\#(npyPoints), "category": {"npy": "c.npy"}}}]}"#, in: folder)
            let byName = try NpyDataTests.render(#"{\#(frame), "series": [{"type": "density", "reduce": "count_by", "x": \#(x), "y": \#(y), "category": [\#(codes)]}]}"#, in: folder)
            #expect(byCategory.pixels == byName.pixels)
            #expect(byCategory.pixels != mean.pixels)
            // A binary file of (x, y, value) float64 rows.
            let rows = (0..<3000).flatMap { [x[$0], y[$0], values[$0]] }
            try rows.withUnsafeBytes { try Data($0).write(to: folder.appendingPathComponent("rows.bin")) }
            let binary = try NpyDataTests.render(#"{\#(frame), "series": [{"type": "density", "reduce": "mean", "data": {"binary": "rows.bin", "x": {"offset": 0, "stride": 24}, "y": {"offset": 8, "stride": 24}, "value": {"offset": 16, "stride": 24}}}]}"#, in: folder)
            #expect(binary.pixels == meanInline.pixels)
            func problem(_ spec: String) -> String {
                do {
                    _ = try ChartSpec.decode(Array(spec.utf8), relativeTo: folder.path)
                    return "accepted"
                } catch { return "\(error)" }
            }
            let onDots = problem(#"{"series": [{"type": "dots", "data": {\#(npyPoints), "value": {"npy": "v.npy"}}}]}"#)
            #expect(onDots.contains("series[0].data.value: only heatmaps, density series, hexbins and contours read a column as \"value\"; this series is a dots"), "\(onDots)")
            let short = problem(#"{"series": [{"type": "density", "reduce": "sum", "data": {\#(npyPoints), "value": {"npy": "v5.npy"}}}]}"#)
            #expect(short.contains("series[0].data: the .npy files hold different numbers of values (x 3000, y 3000, value 5)"), "\(short)")
            let onBinaryLine = problem(#"{"series": [{"data": {"binary": "rows.bin", "y": {"offset": 8, "stride": 24}, "category": {"offset": 16, "stride": 24}}}]}"#)
            #expect(onBinaryLine.contains("series[0].data.category: only density series read a column as \"category\"; this series is a line"), "\(onBinaryLine)")
        }
    }
}

extension DensityTests {
    /// A retained view counts what it shows: zoomed in four times, then panned, every point inside the view is
    /// counted once and none outside; the image says where it was counted, and a hit names a cell inside the view.
    /// On GL (compute shaders) the counts are the CPU painter's.
    @Test func aRetainedViewCountsWhatItShowsAfterZoomAndPan() throws {
        var generator = SeededGenerator(seed: 29)
        let n = 200_000
        let x = (0..<n).map { _ in 10 * generator.next() }, y = (0..<n).map { _ in 10 * generator.next() }
        let chart = bareChart([.density(x: Column(x), y: Column(y))], width: 400, height: 300)
        let renderers = try painters.map { try Shared.renderer($0) }
        for renderer in renderers {
            let retained = try RetainedChart(chart, renderer: renderer)
            for step in ["zoom", "pan"] {
                if step == "zoom" { retained.zoom(by: 4, around: 5) } else { retained.pan(by: 0.5) }
                let view = retained.xRange, rows = retained.chart.y.range ?? retained.home.y
                let inside = zip(x, y).filter { view.contains($0) && rows.contains($1) }.count
                let grid = try renderer.densityGrid(retained.chart, series: 0)
                #expect(grid.counts.reduce(0) { $0 + Int($1) } == inside, "\(step) on \(renderer.diagnostics.backend): \(view)")
                let image = try retained.render()
                #expect(image.information.contains { $0.hasPrefix("series[0]: density of \(n) points aggregated on ") }, "\(image.information)")
                // The first counted cell from the plot's centre on answers a hit with its count.
                let cell = try #require(grid.counts.indices.dropFirst(grid.counts.count / 2).first { grid.counts[$0] > 0 })
                let pixel = Point(Double(grid.plot.x + cell % grid.columns) + 0.5, Double(grid.plot.y + cell / grid.columns) + 0.5)
                let hit = try retained.hitTest(at: pixel, tolerance: 0)
                guard case let .cell(_, cellX, _, count, _)? = hit else {
                    Issue.record("\(step): no cell at \(pixel): \(String(describing: hit))")
                    continue
                }
                #expect(view.contains(cellX) && count == Int(grid.counts[cell]), "\(step): the cell at \(cellX) with \(count) points")
            }
        }
        if renderers.count == 2 {
            let views = try renderers.map { renderer -> [UInt32] in
                let retained = try RetainedChart(chart, renderer: renderer)
                retained.zoom(by: 3, around: 2.5)
                return try renderer.densityGrid(retained.chart, series: 0).counts
            }
            #expect(views[0] == views[1], "the GL and CPU renderers count a zoomed view alike")
        }
    }
}

extension DensityTests {
    /// The values a database keeps by plain comparisons before it finds each row's cell are exactly those whose
    /// pixel is inside the cells: each bound lands inside, the next double past it outside, on unit, wide and
    /// time-like ranges.
    @Test func scaleSpaceBoundsAreTheValuesThatLandInside() throws {
        let ranges: [(ClosedRange<Double>, ClosedRange<Double>)] = [(0...370, 0...260), (-1e-3...7e-3, 1e12...(1e12 + 1)),
                                                                   (1_704_067_200_000...1_706_745_600_000, -300...300)]
        for (xRange, yRange) in ranges {
            var chart = bareChart([.density(x: [xRange.lowerBound], y: [yRange.lowerBound])], width: 400, height: 300)
            (chart.x.range, chart.y.range) = (xRange, yRange)
            let layout = try Shared.layout(chart)
            let cells = DensityCells(mapping: PixelMapping(layout.transform), window: layout.plotClip)
            let bounds = try #require(cells.scaleSpaceBounds)
            let (x, y) = (bounds.x, bounds.y)
            let middle = (x: (x.lowerBound + x.upperBound) / 2, y: (y.lowerBound + y.upperBound) / 2)
            for (u, inside) in [(x.lowerBound, true), (x.upperBound, true), (x.lowerBound.nextDown, false), (x.upperBound.nextUp, false)] {
                #expect((cells.index(u, middle.y) >= 0) == inside, "x \(u) in \(xRange)")
            }
            for (w, inside) in [(y.lowerBound, true), (y.upperBound, true), (y.lowerBound.nextDown, false), (y.upperBound.nextUp, false)] {
                #expect((cells.index(middle.x, w) >= 0) == inside, "y \(w) in \(yRange)")
            }
            // The bounds are the ranges' ends, give or take the float arithmetic of a pixel.
            #expect(abs(x.lowerBound - xRange.lowerBound) <= 1e-6 * (xRange.upperBound - xRange.lowerBound), "\(x) for \(xRange)")
        }
    }
}
