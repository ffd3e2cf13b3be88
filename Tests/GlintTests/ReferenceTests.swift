import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Reference lines and bands, the empty view's text and area-scaled dots, as a reader sees them on both painters.
@Suite struct ReferenceTests {
    let lineColour = Color(rgb: 0xD62728), bandColour = Color(rgb: 0x1F77B4, alpha: 0.3)

    @Test(arguments: painters)
    func aReferenceLineCrossesThePlotAtItsValueAndABandCoversItsRange(painter: Backend) throws {
        var chart = bareChart([.line(x: [0, 10], y: [1, 1], color: .black, width: 1)])
        chart.references = [.line(at: 5, label: "target", color: lineColour, width: 2), .band(7...9, color: bandColour)]
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let row = layout.transform.apply(0, 5).y
        for x in [layout.plot.x + 3, layout.plot.center.x, layout.plot.maxX - 3] {
            #expect(RGB(image, Int(x), Int(row)).near(RGB(lineColour), 6), "\(painter): the line at x \(x)")
            #expect(RGB(image, Int(x), Int(row) + 3) == .white, "\(painter): 2 px wide")
        }
        let inBand = layout.transform.apply(2, 8), aboveBand = layout.transform.apply(2, 9.5)
        let blended = RGB(bandColour.mixed(with: .white, amount: 0).withAlpha(1).mixed(with: .white, amount: 0.7))
        #expect(RGB(image, Int(inBand.x), Int(inBand.y)).near(blended, 3), "\(painter): band fill \(RGB(image, Int(inBand.x), Int(inBand.y)))")
        #expect(RGB(image, Int(aboveBand.x), Int(aboveBand.y)) == .white)
        let labels = try Shared.textRuns(chart)
        let label = try #require(labels.first { $0.text == "target" })
        #expect(label.origin.y < row && label.origin.y > row - 20, "the label sits just above its line")
    }

    @Test func referencesTakePartInAutoRanges() throws {
        var chart = Chart(series: [.line(x: [0, 10], y: [0, 10])])
        chart.references = [.line(at: 50), .band(12...15, axis: .x)]
        let layout = try Shared.layout(chart)
        #expect(layout.y.domain.upperBound >= 50 && layout.x.domain.upperBound >= 15)
    }

    @Test func theEmptyViewSaysWhatTheChartSays() throws {
        let chart = try ChartSpec.decode(Array(#"{"empty": {"text": "No runs yet"}, "series": [{"x": [], "y": []}]}"#.utf8),
                                         relativeTo: ".")
        let texts = try Shared.textRuns(chart).map(\.text)
        #expect(texts.contains("No runs yet") && !texts.contains("No data"))
    }

    /// With `radiusScale: area`, the middle size gets the radius whose disc has the middle area.
    @Test(arguments: painters)
    func areaScaledDotsGrowByArea(painter: Backend) throws {
        let chart = try ChartSpec.decode(Array(#"""
            {"width": 300, "height": 200, "x": {"range": [0, 10], "grid": false}, "y": {"range": [0, 10], "grid": false},
             "legend": {"visible": false},
             "series": [{"type": "dots", "x": [5], "y": [5], "size": [50], "sizeRange": [0, 100], "radius": [2, 14],
                         "radiusScale": "area", "color": "#ff0000"}]}
            """#.utf8), relativeTo: ".")
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let centre = layout.transform.apply(5, 5)
        let across = (Int(centre.x) - 20...Int(centre.x) + 20).filter { RGB(image, $0, Int(centre.y)).g < 147 }
        let expected = ((4.0 + 196.0) / 2).squareRoot()  // 10 px, where linear would give 8
        #expect(abs(Double(across.count) - 2 * expected) <= 1, "\(painter): \(across.count) px across")
    }

    @Test func badReferencesNameTheirPath() {
        func message(_ json: String) -> String {
            do { _ = try ChartSpec.decode(Array(json.utf8), relativeTo: "."); return "decoded" } catch { return "\(error)" }
        }
        #expect(message(#"{"references": [{"axis": "y"}]}"#) == "references[0]: give either value (a line) or from and to (a band)")
        #expect(message(#"{"references": [{"from": 5, "to": 2}]}"#) == "references[0]: expected from < to, found from 5.0, to 2.0")
        #expect(message(#"{"references": [{"value": 1, "axis": "z"}]}"#).hasPrefix(#"references[0].axis: expected one of "y", "x""#))
        #expect(message(#"{"series": [{"y": [1], "radiusScale": "volume"}]}"#).hasPrefix("series[0].radiusScale: expected one of"))
    }
}
