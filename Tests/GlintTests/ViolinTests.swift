import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Violin plots: a symmetric shape about each group's x, widest where the values crowd, with the quartile bar and
/// the median dot inside, on both painters; the spec's keys read, checked and refused elsewhere. (The density
/// itself is judged against scipy in `KernelDensityTests`.)
@Suite struct ViolinTests {
    static let red = Color(rgb: 0xD62728)

    /// One violin at x 5 of values crowded about 10 with a few to 18, on 0…10 by 0…30.
    static func violin() -> Chart {
        let values: [Double] = [9, 9.5, 10, 10, 10, 10.5, 11, 12, 14, 18]
        var chart = bareChart([.violin(name: "v", x: Column([Double](repeating: 5, count: values.count)), y: Column(values), color: red)])
        chart.y.range = 0...30
        return chart
    }

    @Test(arguments: painters)
    func theViolinIsWidestWhereTheValuesCrowdAndSymmetric(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = Self.violin()
        let image = try renderer.render(chart), t = try renderer.layout(chart).transform
        let fill = RGB(Self.red.mixed(with: .white, amount: 0.4)), edge = RGB(Self.red.mixed(with: .black, amount: 0.45))
        func at(_ x: Double, _ y: Double) -> RGB { let p = t.apply(x, y); return RGB(image, Int(p.x), Int(p.y)) }
        // At the crowd (10) the shape reaches far to both sides, equally; at 16 it is narrow; above 26 there is none.
        #expect(at(5.3, 10).near(fill, 3) && at(4.7, 10).near(fill, 3), "\(at(5.3, 10)) \(at(4.7, 10))")
        #expect(at(5.3, 16).near(.white, 3) && at(4.7, 16).near(.white, 3) && at(5, 27).near(.white, 3))
        // The quartile bar in the edge colour, the median a white dot on it.
        #expect(at(5, 11).near(edge, 40) && at(5, 10).near(.white, 30), "\(at(5, 11)) \(at(5, 10))")
    }

    @Test func theSpecReadsItsKeysAndRefusesTheirMisuse() throws {
        let s = try decodeSpec(#"{"series": [{"type": "violin", "x": [1, 1, 2], "y": [3, 4, 5], "bandwidth": 0.5, "cut": 0, "barWidth": 0.5}]}"#).series[0]
        #expect(s.kind == .violin && s.violin.bandwidth == .given(0.5) && s.violin.cut == 0 && s.violin.width == 0.5)
        #expect(try decodeSpec(#"{"series": [{"type": "violin", "y": [1], "bandwidth": "silverman"}]}"#).series[0].violin.bandwidth == .silverman)
        #expect(specError(#"{"series": [{"type": "violin", "y": [1], "bandwidth": "wide"}]}"#)
                == #"series[0].bandwidth: expected "scott", "silverman" or a kernel width in data units, found "wide""#)
        #expect(specError(#"{"series": [{"type": "violin", "y": [1], "bandwidth": 0}]}"#).hasPrefix("series[0].bandwidth:"))
        #expect(specError(#"{"series": [{"type": "violin", "y": [1], "cut": 11}]}"#).hasPrefix("series[0].cut:"))
        #expect(specError(#"{"series": [{"type": "box", "y": [1], "cut": 1}]}"#)
                == #"series[0].cut: only violin plots take "cut"; this series is a box ("type": "violin")"#)
        let sized = try decodeSpec(#"{"series": [{"type": "violin", "y": [1, 2], "size": [1, 2]}]}"#)
        #expect(throws: ChartError.self) { try sized.validate() }
    }

    @Test(arguments: painters)
    func matchesGolden(backend: Backend) throws {
        try Golden.check(Shared.renderer(backend).render(GoldenCharts.example("violins")), named: "violins")
    }
}
