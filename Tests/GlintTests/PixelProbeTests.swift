import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// What a user sees, probed pixel by pixel on both painters: each checks the CPU painter directly, not only by
/// its parity with GL.
@Suite struct PixelProbeTests {
    let red = Color(rgb: 0xD62728)

    @Test(arguments: [1.0, 3.0, 6.0], painters)
    func horizontalLineLandsOnItsRowInTheSeriesColour(width: Double, painter: Backend) throws {
        let chart = bareChart([.line(x: [1, 9], y: [4.5, 4.5], color: red, width: width)])
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let y = layout.transform.apply(0, 4.5).y
        let x = Int(layout.transform.apply(5, 0).x)
        #expect(RGB(image, x, Int(y)).near(RGB(red), width >= 3 ? 2 : 90), "centre row \(Int(y))")
        // Rows beyond half the width plus the anti-aliasing pixel are untouched.
        let clear = Int((width / 2 + 1.5).rounded(.up))
        #expect(RGB(image, x, Int(y) - clear) == .white)
        #expect(RGB(image, x, Int(y) + clear) == .white)
        // The painted rows are centred on y: as many above as below (±1).
        let painted = (Int(y) - clear...Int(y) + clear).filter { RGB(image, x, $0) != .white }
        let above = painted.filter { Double($0) + 0.5 < y }.count, below = painted.filter { Double($0) + 0.5 > y }.count
        #expect(abs(above - below) <= 1, "rows \(painted)")
    }

    @Test(arguments: [0.0, 2.5, 5.0, 10.0], painters)
    func dotMeasuresTwiceItsMappedRadius(size: Double, painter: Backend) throws {
        var series = Series.dots(x: [5], y: [5], size: [size], radius: 3...15, color: red)
        series.dots.sizeRange = 0...10
        let chart = bareChart([series])
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let centre = layout.transform.apply(5, 5)
        let radius = 3 + size / 10 * 12
        let row = Int(centre.y), plot = layout.plot
        // Pixels at least half covered are closer to the dot colour than to white.
        let covered = (Int(plot.x)..<Int(plot.maxX)).filter { x in RGB(image, x, row).g < (255 + 39) / 2 }
        #expect(abs(Double(covered.count) - 2 * radius) <= 1, "diameter \(covered.count) for radius \(radius)")
        let column = Int(centre.x)
        let tall = (Int(plot.y)..<Int(plot.maxY)).filter { y in RGB(image, column, y).g < (255 + 39) / 2 }
        #expect(abs(Double(tall.count) - 2 * radius) <= 1)
    }

    @Test(arguments: painters)
    func constantRadiusWithoutSizes(painter: Backend) throws {
        let chart = bareChart([.dots(x: [5], y: [5], radius: 2...6, color: red)])
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let row = Int(layout.transform.apply(5, 5).y)
        let covered = (Int(layout.plot.x)..<Int(layout.plot.maxX)).filter { RGB(image, $0, row).g < 147 }
        #expect(abs(covered.count - 12) <= 1)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity], painters)
    func nonFiniteValueSplitsTheLineInTwo(gap: Double, painter: Backend) throws {
        let chart = bareChart([.line(x: [1, 3, 5, 7, 9], y: [5, 5, gap, 5, 5], color: red, width: 3)])
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let row = Int(layout.transform.apply(0, 5).y)
        var runs: [ClosedRange<Int>] = []
        for x in 0..<image.width where RGB(image, x, row).near(RGB(red), 40) {
            if let last = runs.last, last.upperBound == x - 1 { runs[runs.count - 1] = last.lowerBound...x } else { runs.append(x...x) }
        }
        #expect(runs.count == 2, "runs \(runs)")
        let x3 = layout.transform.apply(3, 0).x, x7 = layout.transform.apply(7, 0).x
        #expect(abs(Double(runs.first?.upperBound ?? 0) - x3) <= 3)
        #expect(abs(Double(runs.last?.lowerBound ?? 0) - x7) <= 3)
    }

    @Test(arguments: painters)
    func epochMillisecondsLandOnDistinctOrderedPixels(painter: Backend) throws {
        let base = 1_700_000_000_000.0
        let xs = [base + 1, base + 3, base + 4, base + 8]
        var chart = bareChart([.dots(x: Column(xs), y: [5, 5, 5, 5], radius: 1...1, color: red)], width: 400)
        chart.x.range = base...(base + 10)
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let row = Int(layout.transform.apply(0, 5).y)
        let darkest = { (x: Int) in RGB(image, x, row).g }
        for value in xs {
            let expected = layout.transform.apply(value, 5).x
            // The darkest pixel near the expected column is the one containing the centre (±1).
            let window = (Int(expected) - 4...Int(expected) + 4)
            let found = try #require(window.min { darkest($0) < darkest($1) })
            #expect(abs(Double(found) + 0.5 - expected) <= 1.0, "x=\(value - base) ms at column \(found), expected \(expected)")
            #expect(darkest(found) < 200)
        }
    }

    @Test(arguments: painters)
    func translucentStrokeIsCompositedOnceWhereItOverlapsItself(painter: Backend) throws {
        let half = red.withAlpha(0.5)
        // The zig-zag runs back over itself three times along the same row.
        let chart = bareChart([.line(x: [1, 9, 1, 9], y: [5, 5, 5, 5], color: half, width: 4)])
        let single = bareChart([.line(x: [1, 9], y: [5, 5], color: half, width: 4)])
        let a = try Shared.renderer(painter).render(chart), b = try Shared.renderer(painter).render(single)
        let row = Int(try Shared.layout(chart).transform.apply(0, 5).y)
        let x = Int(try Shared.layout(chart).transform.apply(5, 0).x)
        let expected = RGB(Int((255 * 0.5 + 214 * 0.5).rounded()), Int((255 * 0.5 + 39 * 0.5).rounded()), Int((255 * 0.5 + 40 * 0.5).rounded()))
        #expect(RGB(a, x, row).near(expected, 2), "\(RGB(a, x, row)) vs \(expected)")
        #expect(RGB(a, x, row) == RGB(b, x, row))
    }

    @Test(arguments: painters)
    func denseSegmentsDoNotThickenTheLine(painter: Backend) throws {
        // 4000 collinear points draw exactly what 2 points draw: fringes do not build up.
        let n = 4000
        let xs = (0..<n).map { 1 + 8 * Double($0) / Double(n - 1) }
        let dense = bareChart([.line(x: Column(xs), y: Column(xs.map { 2 + 0.6 * $0 }), color: red, width: 1.5)])
        let sparse = bareChart([.line(x: [1, 9], y: [2.6, 7.4], color: red, width: 1.5)])
        let a = try Shared.renderer(painter).render(dense), b = try Shared.renderer(painter).render(sparse)
        var worst = 0
        for i in stride(from: 0, to: a.pixels.count, by: 1) { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        #expect(worst <= 3, "largest channel difference \(worst)")
    }

    @Test(arguments: [(LineJoin.miter, true), (.bevel, false), (.round, false)], painters)
    func joinsShapeTheOuterCorner(expectation: (join: LineJoin, cornerCovered: Bool), painter: Backend) throws {
        let (join, cornerCovered) = expectation
        var series = Series.line(x: [2, 5, 8], y: [2, 8, 2], color: red, width: 16)
        series.line.join = join
        series.line.cap = .butt
        let chart = bareChart([series], width: 300, height: 300)
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let apex = layout.transform.apply(5, 8)
        // The miter tip lies straight above the apex at hw / sin(theta / 2).
        let a = layout.transform.apply(2, 2)
        let theta = 2 * atan2(abs(apex.x - a.x), abs(apex.y - a.y))
        let tip = apex.y - 8 / sin(theta / 2)
        let probe = RGB(image, Int(apex.x), Int(tip + 2.5))
        #expect(probe.near(RGB(red), 10) == cornerCovered, "\(join) at the miter tip: \(probe)")
        #expect(RGB(image, Int(apex.x), Int(apex.y)).near(RGB(red), 2))
    }

    @Test(arguments: painters)
    func legendSwatchesShowTheSeriesColours(painter: Backend) throws {
        let colors = [Color(rgb: 0x1F77B4), Color(rgb: 0xE8710A), Color(rgb: 0x2CA02C)]
        let chart = Chart(width: 500, height: 300, series: [
            .line(name: "one", x: [0, 1], y: [0, 1], width: 3),
            .dots(name: "two", x: [0, 1], y: [1, 0], radius: 5...5),
            .bars(name: "three", x: [0.5], y: [0.5]),
        ], legend: Legend(position: .bottomRight))
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let legend = LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get())
        #expect(legend.entries.count == 3)
        for (entry, color) in zip(legend.entries, colors) {
            let c = entry.swatch.center
            #expect(RGB(image, Int(c.x), Int(c.y)) == RGB(color), "swatch of series \(entry.seriesIndex)")
        }
    }

    @Test(arguments: painters)
    func emptyChartSaysNoData(painter: Backend) throws {
        let chart = Chart(width: 400, height: 300, series: [.line(name: "empty", x: [], y: [])])
        let image = try Shared.renderer(painter).render(chart)
        let plot = try Shared.layout(chart).plot
        let c = plot.center
        let inked = (Int(c.x) - 40...Int(c.x) + 40).flatMap { x in (Int(c.y) - 8...Int(c.y) + 8).map { (x, $0) } }
            .filter { RGB(image, $0.0, $0.1).r < 200 }
        #expect(inked.count > 30, "the 'No data' text is drawn at the plot centre")
    }

    @Test(arguments: painters)
    func barsFillFromZeroToTheirValue(painter: Backend) throws {
        let blue = Color(rgb: 0x1F77B4)
        let chart = bareChart([.bars(x: [5], y: [6], color: blue)])
        let image = try Shared.renderer(painter).render(chart)
        let t = try Shared.layout(chart).transform
        let mid = t.apply(5, 3), top = t.apply(5, 6), base = t.apply(5, 0)
        #expect(RGB(image, Int(mid.x), Int(mid.y)) == RGB(blue))
        #expect(RGB(image, Int(mid.x), Int(top.y) - 2) == .white)
        #expect(RGB(image, Int(mid.x), Int(base.y) - 1) == RGB(blue))
    }
}

/// Dots whose sizes arrive after the series is made (a database's size column) still show them.
@Suite struct LateSizeTests {
    @Test(arguments: painters)
    func sizesSetLaterScaleTheDots(painter: Backend) throws {
        var s = Series.dots(x: [1, 3], y: [1, 1], color: Color(rgb: 0x0000FF))
        s.size = [0, 100]
        var chart = Chart(width: 300, height: 160, series: [s], legend: Legend(visible: false))
        (chart.x.range, chart.y.range, chart.x.grid, chart.y.grid) = (0...4, 0...2, false, false)
        let renderer = try Shared.renderer(painter)
        let image = try renderer.render(chart)
        let t = try renderer.layout(chart).transform
        func width(at x: Double) -> Int {
            let c = t.apply(x, 1)
            return (Int(c.x) - 20...Int(c.x) + 20).filter { RGB(image, $0, Int(c.y)).b > 200 && RGB(image, $0, Int(c.y)).r < 100 }.count
        }
        // 2 px and 12 px radii (DotStyle.sizedRadius): about 4 and 24 px across.
        #expect((2...6).contains(width(at: 1)), "small dot \(width(at: 1)) px")
        #expect((21...26).contains(width(at: 3)), "large dot \(width(at: 3)) px")
    }
}
