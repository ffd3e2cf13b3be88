import Foundation
import Glint
import GlintRenderTestSupport
import GlintVector
import Testing

/// Stems (lollipops), the mark added through the registry alone: a stem from the baseline to each point with a dot
/// at its head, on both painters and in SVG; the baseline in the auto range; its key refused on other kinds and
/// checked on its own.
@Suite struct StemTests {
    static let red = Color(rgb: 0xD62728)

    /// Stems at x 2, 5 and 8 up to 6, down to −4 and up to 3, from `baseline`, on a plot of 0…10 by −6…8.
    static func stems(baseline: Double = 0) -> Chart {
        var chart = bareChart([.stem(name: "s", x: [2, 5, 8], y: [6, -4, 3], baseline: baseline, color: red, width: 3, radius: 5...5)])
        chart.y.range = -6...8
        return chart
    }

    func colours(_ chart: Chart, _ backend: Backend, _ points: [(Double, Double)]) throws -> [Bool] {
        let renderer = try Shared.renderer(backend)
        let image = try renderer.render(chart), t = try renderer.layout(chart).transform
        return points.map { let p = t.apply($0.0, $0.1); return RGB(image, Int(p.x), Int(p.y)).near(RGB(Self.red), 40) }
    }

    @Test(arguments: painters)
    func aStemRunsFromTheBaselineToItsPointAndEndsInADot(backend: Backend) throws {
        // Along each stem (up, down and up again), and at the heads; not beside a stem, beyond its head, or past the
        // baseline on the other side.
        let on = try colours(Self.stems(), backend, [(2, 3), (2, 0.5), (5, -2), (8, 1.5), (2, 6), (5, -4), (8, 3)])
        #expect(on.allSatisfy { $0 }, "\(on)")
        let off = try colours(Self.stems(), backend, [(2.6, 3), (2, 7.4), (2, -1), (5, 1), (5, -5.4), (6.5, 1)])
        #expect(!off.contains(true), "\(off)")
        // From a baseline of 2: the stem of 3 rises from 2, the one of −4 falls from 2 through 0.
        let raised = try colours(Self.stems(baseline: 2), backend, [(8, 2.5), (8, 1.5), (5, 1), (5, -3)])
        #expect(raised == [true, false, true, true], "\(raised)")
    }

    @Test(arguments: painters)
    func aStemOnALogAxisStartsAtTheBottomEdgeOrItsBaseline(backend: Backend) throws {
        var chart = Self.stems()
        chart.series[0].y = [100, 1_000, 10]
        (chart.y.scale, chart.y.range) = (.log, 1...10_000)
        // A baseline of 0 has no place on a log axis: the stem of 10 reaches down to the bottom of the plot. (The
        // layout's transform places decades.)
        #expect(try colours(chart, backend, [(8, log10(1.2)), (8, log10(5))]) == [true, true])
        chart.series[0].stemStyle.baseline = 5
        #expect(try colours(chart, backend, [(8, log10(1.2)), (8, log10(7))]) == [false, true])
    }

    @Test func theAutoRangeHoldsTheBaseline() throws {
        let positive = Chart(series: [.stem(x: [1, 2, 3], y: [40, 55, 60])])
        #expect(try Shared.layout(positive).y.domain.lowerBound == 0)
        let raised = Chart(series: [.stem(x: [1, 2, 3], y: [40, 55, 60], baseline: 80)])
        #expect(try Shared.layout(raised).y.domain.upperBound >= 80)
    }

    @Test func theSpecDrawsStemsWithTheirBaselineAndRefusesItElsewhere() throws {
        let chart = try decodeSpec(#"{"series": [{"type": "stem", "x": [1, 2], "y": [3, 4], "baseline": 1.5, "radius": 6}]}"#)
        #expect(chart.series[0].kind == .stem && chart.series[0].stemStyle.baseline == 1.5 && chart.series[0].dots.radius == 6...6)
        #expect(specError(#"{"series": [{"type": "line", "y": [1], "baseline": 2}]}"#)
                == #"series[0].baseline: only areas and stems take "baseline"; this series is a line"#)
        #expect(specError(#"{"series": [{"type": "stem", "y": [1], "baseline": "other"}]}"#).hasPrefix("series[0].baseline: expected a number"))
        #expect(specError(#"{"series": [{"type": "stem", "y": [1], "inner": 0.5}]}"#)
                == #"series[0].inner: only pies take "inner"; this series is a stem ("type": "pie")"#)
        #expect(specError(#"{"series": [{"type": "stems", "y": [1]}]}"#).contains(#"(did you mean "stem"?)"#))
    }

    @Test func aStemChartWritesSVGWithAStemAndADotPerPoint() throws {
        let svg = String(decoding: try Shared.renderer(.cpu).output(Self.stems(), format: .svg).bytes, as: UTF8.self)
        #expect(svg.contains("<svg") && svg.components(separatedBy: "<path").count - 1 >= 4)
    }

    @Test(arguments: painters)
    func matchesGolden(backend: Backend) throws {
        var chart = try decodeSpec(#"""
            {"width": 480, "height": 300, "title": "Monthly change", "x": {"title": "month"}, "y": {"title": "change (%)"},
             "series": [{"type": "stem", "name": "change", "x": [1,2,3,4,5,6,7,8,9,10,11,12],
                         "y": [3.2, -1.5, 4.8, 2.1, -3.4, 0.6, 5.9, -2.2, 1.4, 3.7, -0.8, 2.9]}]}
            """#)
        chart.legend.visible = false
        try Golden.check(Shared.renderer(backend).render(chart), named: "stems")
    }
}
