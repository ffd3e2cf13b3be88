import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import GlintTestSupport
import Testing

/// Histograms as users see them: the counts numpy.histogram gives for the same values and bins, bars that touch
/// with no seam, bins narrower than a pixel drawn as their column's tallest, the statistics, and bad bins refused
/// with their path.
@Suite struct HistogramTests {
    static let blue = Color(rgb: 0x1F3FBF)

    /// Values whose bins are easy to get wrong: a bell of sums of uniforms, whole numbers and tenths that land on
    /// edges, repeats, the extremes of the range.
    static let values: [Double] = {
        var g = SeededGenerator(seed: 24)
        var v = (0..<40_000).map { _ in (0..<4).reduce(0.0) { s, _ in s + 2 * g.next() - 1 } }
        let tenths: [Double] = (0...100).map { Double($0) * 0.1 - 5 }
        let wholes: [Double] = [-3, -2, -1, 0, 0, 0, 1, 2, 3]
        v += tenths + wholes
        v += [-1.3, 2.9, -1.3, 2.9, -2, 2, -4, 4]
        return v
    }()

    /// numpy.histogram's counts and edges (as exact decimal text) for each case, run on the same values.
    static func numpy(_ cases: [String]) throws -> [(counts: [Int], edges: [Double])] {
        try ExternalTool.inScratch { folder in
            let data = folder.appendingPathComponent("values.f64"), script = folder.appendingPathComponent("histogram.py")
            try values.withUnsafeBytes { try Data($0).write(to: data) }
            try """
            import json, sys
            import numpy as np
            v = np.fromfile(sys.argv[1], dtype='<f8')
            for case in sys.argv[2:]:
                counts, edges = np.histogram(v, **eval(case))
                print(json.dumps({"counts": counts.tolist(), "edges": [repr(float(e)) for e in edges]}))
            """.write(to: script, atomically: true, encoding: .utf8)
            let run = try ExternalTool.run(try ExternalTool.pythonWithNumpy(), [script.path, data.path] + cases)
            try #require(run.status == 0, "numpy.histogram: \(run.output)")
            return try run.output.split(separator: "\n").map { line in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let counts = try #require(object["counts"] as? [Int]), edges = try #require(object["edges"] as? [String])
                return (counts, try edges.map { try #require(Double($0)) })
            }
        }
    }

    @Test func countsAreNumpysForTheSameBins() throws {
        let cases: [(String, HistogramBins, ClosedRange<Double>?)] = [
            ("dict(bins=10)", .count(10), nil),
            ("dict(bins=7, range=(-1.3, 2.9))", .count(7), -1.3...2.9),
            ("dict(bins=1000)", .count(1000), nil),
            ("dict(bins=10, range=(0, 1))", .count(10), 0...1),
            ("dict(bins=16, range=(-2, 2))", .width(0.25), -2...2),
            ("dict(bins=[-3, -1, -0.5, 0, 0.1, 2, 5])", .edges([-3, -1, -0.5, 0, 0.1, 2, 5]), nil),
            ("dict(bins='auto')", .auto, nil),
            ("dict(bins='auto', range=(-2, 2))", .auto, -2...2),
        ]
        let expected = try Self.numpy(cases.map(\.0))
        try #require(expected.count == cases.count)
        for (k, (name, bins, range)) in cases.enumerated() {
            let h = try Histogram(Column(Self.values), bins: bins, range: range, threads: 2)
            #expect(h.edges == expected[k].edges, "\(name): edges")
            #expect(h.counts == expected[k].counts, "\(name): counts")
            #expect(h.counts.reduce(0, +) + h.outside == Self.values.count, "\(name): every value counted or left out")
        }
    }

    @Test func autoKeepsALongTailFromAskingForMillionsOfBins() throws {
        // 10,000 values in 0…1 and one at 1e6: Freedman–Diaconis alone asks for ~1.2e8 bins; half the square-root
        // rule's width (1e6 / √10001 / 2) holds it to 201.
        let h = try Histogram(Column((0..<10_000).map { Double($0) / 10_000 } + [1e6]), bins: .auto)
        #expect(h.counts.count == 201 && h.counts[0] == 10_000 && h.counts[200] == 1, "numpy 2.4 gives 201 bins: 10000, 0, …, 1")
    }

    /// A range a few subnormals wide: the bins per unit are infinite, and every value still finds its bin.
    @Test func aSubnormalRangeCountsWithoutATrap() throws {
        let h = try Histogram([0, 5e-324, 1e-323], bins: .count(1), range: 0...1e-323)
        #expect(h.counts == [3])
    }

    @Test func densityHasArea1AndCumulativeEndsAtTheTotal() throws {
        let h = try Histogram(Column(Self.values), bins: .edges([-3, -1, -0.5, 0, 0.1, 2, 5]))
        let density = h.heights(.density)
        let area = density.indices.reduce(0) { $0 + density[$1] * (h.edges[$1 + 1] - h.edges[$1]) }
        #expect(abs(area - 1) < 1e-12)
        #expect(h.heights(.cumulative).last == Double(h.counts.reduce(0, +)))
        #expect(h.heights(.count) == h.counts.map(Double.init))
    }

    @Test func gapsAndValuesOutsideTheRangeAreLeftOutWithANotice() throws {
        let s = try Series.histogram(values: [1, 2, .nan, 3, .infinity, 40], bins: .count(2), range: 0...4)
        #expect(s.y.doubles == [1, 2] && s.histogram.outside == 1 && s.histogram.nonFinite == 2)
        let image = try Shared.renderer(.cpu).render(bareChart([s]))
        #expect(image.notices.contains("series[0]: the histogram did not count 1 value outside its bins and 2 NaN or infinite values"),
                "\(image.notices)")
    }

    /// Three bins with edges at fractional pixels: along a row every bar covers, each pixel is the bar colour.
    @Test(arguments: painters)
    func barsTouchWithoutASeam(backend: Backend) throws {
        let s = try Series.histogram(values: [1, 1, 1, 5, 5, 5, 5, 5, 9, 9, 9, 9], bins: .edges([0, 10.0 / 3, 20.0 / 3, 10]), color: Self.blue)
        let chart = bareChart([s], width: 311)
        let renderer = try Shared.renderer(backend), image = try renderer.render(chart), t = try renderer.layout(chart).transform
        let left = Int(t.apply(0, 0).x.rounded()), right = Int(t.apply(10, 0).x.rounded()), row = Int(t.apply(0, 1.5).y)
        let off = (left..<right).filter { !RGB(image, $0, row).near(RGB(Self.blue), 1) }
        #expect(off.isEmpty, "columns not the bars' colour at y = 1.5: \(off)")
        // Each bar reaches its count, and stops there.
        for (x, count) in [(1.5, 3.0), (5.0, 5.0), (8.5, 4.0)] {
            let p = t.apply(x, count - 0.3), q = t.apply(x, count + 0.3)
            #expect(RGB(image, Int(p.x), Int(p.y)).near(RGB(Self.blue), 1) && RGB(image, Int(q.x), Int(q.y)) == .white, "bin at \(x)")
        }
    }

    /// 3,000 bins on a plot under 300 px wide: the column holding a spike of 50 values reaches 50, though the
    /// spike's bin is a tenth of a pixel wide.
    @Test(arguments: painters)
    func binsNarrowerThanAPixelShowTheirColumnsTallest(backend: Backend) throws {
        let values = (0..<3_000).map { Double($0) / 300 + 0.001 } + [Double](repeating: 7.771, count: 50)
        let s = try Series.histogram(values: Column(values), bins: .count(3_000), range: 0...10, color: Self.blue)
        var chart = bareChart([s])
        chart.y.range = 0...60
        let renderer = try Shared.renderer(backend), image = try renderer.render(chart), t = try renderer.layout(chart).transform
        // Bar edges sit on whole pixels, so a bin is drawn in the column its position rounds into.
        let spike = t.apply(7.771, 45), column = spike.x.rounded()
        #expect(RGB(image, Int(column), Int(spike.y)).near(RGB(Self.blue), 1))
        let beside = t.apply(5, 3)
        #expect(RGB(image, Int(beside.x), Int(beside.y)) == .white, "elsewhere the bins hold 1 (and 51 at the spike)")
        // Hit testing names the spike's bin.
        let hit = try renderer.hitTest(chart, at: Point(column + 0.5, t.apply(0, 20).y), tolerance: 0)
        guard case let .point(series, index, _, y, _)? = hit else { Issue.record("no bar hit: \(String(describing: hit))"); return }
        #expect(series == 0 && index == 2331 && y == 51)
    }

    @Test func theSpecCountsACSVColumn() throws {
        let chart = GoldenCharts.example("histogram")
        let s = try #require(chart.series.first)
        #expect(s.kind == .histogram && s.histogram.edges == (9...25).map(Double.init))
        #expect(s.y.doubles == [2, 3, 6, 10, 7, 18, 12, 22, 13, 14, 12, 13, 14, 9, 4, 1], "numpy.histogram of temperature_c, bins 9…25")
    }

    @Test func badBinsAreRefusedWithTheirPath() {
        func error(_ series: String) -> String {
            specError(#"{"series": [{"type": "histogram", "x": [1, 2, 3], \#(series)}]}"#)
        }
        #expect(error(#""bins": 0"#) == "series[0].bins: expected a whole number of bins from 1 to 1000000, found 0.0")
        #expect(error(#""bins": 2.5"#).hasPrefix("series[0].bins: expected a whole number of bins"))
        #expect(error(#""bins": "sturges""#).hasSuffix("\"sturges\" is not \"auto\""))
        #expect(error(#""bins": [0, 2, 1]"#) == "series[0].bins: edges must increase; edge 2 is not above edge 1")
        #expect(error(#""bins": [0]"#) == "series[0].bins: expected at least 2 edges (one bin), found 1")
        #expect(error(#""bins": {"width": 0}"#) == "series[0].bins: a bin width must be a finite number above 0, found 0.0")
        #expect(error(#""bins": {"width": 1e-300}"#).hasPrefix("series[0].bins: width 1e-300 makes"))
        #expect(error(#""bins": {"count": 3, "width": 1}"#) == "series[0].bins: give either count or width, not both")
        #expect(error(#""bins": {"range": [3, 1]}"#).hasPrefix("series[0].bins.range: expected [low, high] with low ≤ high"))
        #expect(error(#""y": [1, 2, 3]"#).hasPrefix("series[0].y: a histogram takes no \"y\""))
        #expect(error(#""statistic": "mean""#).hasPrefix("series[0].statistic: "))
        #expect(specError(#"{"series": [{"type": "histogram", "x": [-1e308, 1e308]}]}"#)
            == "series[0].bins.range: the bins would span -1e+308 to 1e+308, wider than a Double holds; give a range")
        #expect(specError(#"{"series": [{"type": "line", "x": [1], "y": [1], "bins": 3}]}"#)
            .hasPrefix("series[0].bins: only histograms take \"bins\""))
        #expect(specError(#"{"series": [{"type": "histogram", "y": [1, 2]}]}"#) .hasPrefix("series[0]"))
    }

    /// Counts wider than their bins are thinned regularly — every k-th bin's, the largest and smallest always —
    /// never drawn over a neighbouring bin, with a notice that says so.
    @Test func countsThatDoNotFitAreThinnedRegularly() throws {
        var values: [Double] = []
        for k in 0..<40 { values += Array(repeating: Double(k) + 0.5, count: 200 - abs(k - 20) * 9) }
        var chart = Chart(width: 480, height: 300, series: [try .histogram(values: Column(values), bins: .count(40))])
        chart.series[0].labelStyle.values = true
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        #expect(report.collisions.isEmpty, "\(report.collisions)")
        let shown = report.texts.filter { $0.role.kind == .pointLabel }.compactMap(\.role.index).sorted()
        let every = try #require(shown.dropFirst().first.map { $0 - shown[0] })
        #expect(every >= 2 && shown.filter { $0 != 20 }.allSatisfy { $0 % every == 0 }, "\(shown)")
        #expect(shown.contains(20), "the tallest bin's count is kept: \(shown)")
        #expect(report.notices.contains { $0.contains("value labels left out to draw every") }, "\(report.notices)")
    }
}
