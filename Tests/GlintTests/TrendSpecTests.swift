import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// `"trend"` in a spec: the fitted line and its band drawn as the Swift API's `Series.trend` draws them, each
/// setting range-checked with its JSON path, and the gallery's example on both painters.
@Suite struct TrendSpecTests {
    static let x: [Double] = (0..<40).map { Double($0) }
    static let y: [Double] = (0..<40).map { (i: Int) -> Double in 2 + 0.5 * Double(i) + Double((i * 7919) % 13) / 4 }

    static func spec(_ trend: String, type: String = "line", extra: String = "") -> String {
        #"{"width": 400, "height": 260, "series": [{"type": "\#(type)", "x": \#(x), "y": \#(y), "trend": \#(trend)\#(extra)}]}"#
    }

    @Test func aSpecsTrendIsTheSwiftAPIsTrend() throws {
        let renderer = try Shared.renderer(.cpu)
        for (json, method) in [(#"{"method": "poly", "degree": 3, "band": 0.9, "points": 60}"#, TrendMethod.poly),
                               (#"{"method": "loess", "span": 0.5, "iterations": 1, "band": 0.95}"#, .loess)] {
            var trend = Trend(method)
            (trend.degree, trend.band, trend.points, trend.span, trend.iterations) = (3, json.contains("0.9,") ? 0.9 : 0.95, 60, 0.5, 1)
            var chart = Chart(width: 400, height: 260, series: [Series(kind: .line, name: "", x: Column(Self.x), y: Column(Self.y)).trend(trend)])
            chart.legend.visible = false
            var decoded = try decodeSpec(Self.spec(json))
            decoded.legend.visible = false
            #expect(decoded.series[0].band != nil && decoded.series[0].x == chart.series[0].x)
            #expect(try renderer.render(decoded).pixels == renderer.render(chart).pixels, "\(method)")
        }
    }

    @Test func settingsAreCheckedWithTheirPath() {
        let cases: [(String, String)] = [
            (Self.spec("{}"), "series[0].trend.method: missing; one of linear, poly, exp, log, power, loess"),
            (Self.spec(#"{"method": "cubic"}"#), #"series[0].trend.method"#),
            (Self.spec(#"{"method": "linear", "degree": 2}"#), #"series[0].trend.degree: degree is a setting of method "poly", not "linear""#),
            (Self.spec(#"{"method": "poly", "degree": 11}"#), "series[0].trend.degree: expected a whole number from 1 to 10, found 11.0"),
            (Self.spec(#"{"method": "poly", "degree": 2.5}"#), "series[0].trend.degree: expected a whole number from 1 to 10, found 2.5"),
            (Self.spec(#"{"method": "linear", "band": 1}"#), "series[0].trend.band: expected a confidence level between 0 and 1 (0.95), found 1.0"),
            (Self.spec(#"{"method": "linear", "points": 1}"#), "series[0].trend.points: expected a whole number from 2 to 100000, found 1.0"),
            (Self.spec(#"{"method": "loess", "span": 0}"#), "series[0].trend.span: expected a fraction of the points above 0 to 1, found 0.0"),
            (Self.spec(#"{"method": "loess", "iterations": 11}"#), "series[0].trend.iterations: expected a whole number from 0 to 10, found 11.0"),
            (Self.spec(#"{"method": "linear"}"#, type: "dots"), #"series[0].trend: a trend draws a line: give it on a "line" series of the same data as the dots"#),
            (Self.spec(#"{"method": "linear"}"#, extra: #", "band": {"lower": 0, "upper": 1}"#), "series[0].band: a trend draws its own band"),
            (Self.spec(#"{"method": "linear", "bands": 0.9}"#), "series[0].trend.bands"),
        ]
        for (json, expected) in cases {
            let error = specError(json)
            #expect(error.contains(expected), "\(error)")
        }
        // A loess whose steps would take minutes is refused before it starts.
        let many = (0..<20_000).map(String.init).joined(separator: ",")
        let big = #"{"series": [{"type": "line", "x": [\#(many)], "y": [\#(many)], "trend": {"method": "loess"}}]}"#
        #expect(specError(big).contains("series[0].trend: a loess of 20000 points with span 0.6666666666666666 takes 266660000 steps a pass"))
    }

    @Test(arguments: painters)
    func theGalleryExampleMatchesItsGolden(backend: Backend) throws {
        try Golden.check(Shared.renderer(backend).render(GoldenCharts.example("trends")), named: "trends")
    }
}
