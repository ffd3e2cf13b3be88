import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Hexbins: hexagons in their value's colour where points fall, empty elsewhere, on both painters; a hit finds the
/// hexagon under the pixel; the spec's keys read, checked and refused with their paths. (The binning itself is
/// judged against matplotlib in `HexbinTests`.)
@Suite struct HexbinPlotTests {
    /// Three points in one hexagon and one in another, on a grid of 4 hexagons across 0…8 by 0…8.
    static func chart() throws -> Chart {
        var chart = try decodeSpec(#"""
            {"series": [{"type": "hexbin", "x": [1, 1.1, 0.9, 7], "y": [1, 1.1, 0.9, 7], "gridsize": 4, "extent": [0, 8, 0, 8],
              "color": {"scale": {"stops": [[0, "#ffffff"], [3, "#d62728"]]}}}]}
            """#)
        (chart.x.range, chart.y.range) = (0...8, 0...8)
        return chart
    }

    @Test(arguments: painters)
    func hexagonsTakeTheirCountsColourAndAHitFindsThem(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = try Self.chart()
        let image = try renderer.render(chart), t = try renderer.layout(chart).transform
        func at(_ x: Double, _ y: Double) -> RGB { let p = t.apply(x, y); return RGB(image, Int(p.x), Int(p.y)) }
        // Matplotlib's lattice: 4 across makes steps of 2 across and 8 / ⌊4/√3⌋ = 4 up; (1, 1) lies in the hexagon
        // about (1, 2) of the second lattice (3 points: the scale's top, red); (7, 7) in the one about (7, 6) (1 of 3).
        #expect(at(1, 2).near(RGB(0xD6, 0x27, 0x28), 3), "\(at(1, 2))")
        let third = RGB(Color(rgb: 0xFFFFFF).mixed(with: Color(rgb: 0xD62728), amount: 1.0 / 3))
        #expect(at(7, 6).near(third, 3), "\(at(7, 6))")
        #expect(at(4, 4).near(.white, 30) && at(1, 6).near(.white, 30))
        let hit = try renderer.hitTest(chart, at: t.apply(1.3, 2.2))
        guard case let .cell(series, x, y, count, value)? = hit else { Issue.record("no hexagon hit: \(String(describing: hit))"); return }
        // The centre as matplotlib places it (x padded by 1e-9 of the extent), its three points, its value their count.
        #expect(series == 0 && abs(x - 1) < 1e-6 && y == 2 && count == 3 && value == 3, "\(x) \(y) \(count) \(value)")
    }

    @Test func theSpecReadsItsKeysAndRefusesTheirMisuse() throws {
        let s = try decodeSpec(#"{"series": [{"type": "hexbin", "x": [1, 2], "y": [3, 4], "gridsize": [7, 3], "reduce": "max", "value": [5, 6], "minCount": 2}]}"#).series[0]
        #expect(s.kind == .hexbin && s.hexbin.columns == 7 && s.hexbin.rows == 3 && s.hexbin.reduction == .max && s.hexbin.values?.doubles == [5, 6]
                && s.hexbin.minimumCount == 2)
        #expect(specError(#"{"series": [{"type": "hexbin", "y": [1], "gridsize": 501}]}"#) == "series[0].gridsize: expected a whole number from 1 to 500, found 501.0")
        #expect(specError(#"{"series": [{"type": "hexbin", "y": [1], "gridsize": [1, 2, 3]}]}"#).hasPrefix("series[0].gridsize: expected hexagons across"))
        #expect(specError(#"{"series": [{"type": "hexbin", "y": [1], "reduce": "mode"}]}"#).hasPrefix(#"series[0].reduce: expected one of "count""#))
        #expect(specError(#"{"series": [{"type": "hexbin", "y": [1], "extent": [1, 0, 0, 1]}]}"#).hasPrefix("series[0].extent: expected [xmin, xmax, ymin, ymax]"))
        #expect(specError(#"{"series": [{"type": "hexbin", "y": [1], "minCount": -1}]}"#).hasPrefix("series[0].minCount:"))
        // A kind's key errors reach the reader as bad values (exit 65, HTTP 400), not internal errors.
        #expect(throws: GlintError.self) { try decodeSpec(#"{"series": [{"type": "hexbin", "y": [1], "extent": [0, 0, 0, 0]}]}"#) }
        #expect(throws: GlintError.self) { try decodeSpec(#"{"series": [{"type": "area", "y": [1], "density": {"bandwidth": "x"}}]}"#) }
        #expect(specError(#"{"series": [{"type": "hexbin", "y": [1], "width": 2}]}"#) == #"series[0].width: a hexbin takes no "width": it colours hexagons by the points in them"#)
        #expect(specError(#"{"series": [{"type": "hexbin", "y": [1], "color": "red"}]}"#).hasPrefix("series[0].color: a hexbin's colours come from a scale"))
        #expect(specError(#"{"series": [{"type": "line", "y": [1], "gridsize": 3}]}"#) == #"series[0].gridsize: only hexbins and contours take "gridsize"; this series is a line"#)
        for (spec, field) in [(#"{"series": [{"type": "hexbin", "y": [1, 2], "reduce": "mean"}]}"#, "value"),
                              (#"{"series": [{"type": "hexbin", "y": [1, 2], "value": [1]}]}"#, "value"),
                              (#"{"y": {"scale": "log"}, "series": [{"type": "hexbin", "y": [1, 2]}]}"#, "type")] {
            #expect(throws: ChartError.self, "\(field)") { try decodeSpec(spec).validate() }
        }
    }

    @Test(arguments: painters)
    func matchesGolden(backend: Backend) throws {
        try Golden.check(Shared.renderer(backend).render(GoldenCharts.example("hexbins")), named: "hexbins")
    }
}
