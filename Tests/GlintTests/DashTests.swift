import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Dashed lines: the pattern a reader measures along the line, on both painters.
@Suite struct DashTests {
    @Test func patternsRepeat() throws {
        let pattern = try #require(DashPattern([6, 4]))
        #expect(pattern.lengths == SIMD4(6, 4, 6, 4) && pattern.period == 20)
        #expect(try #require(DashPattern([5])).lengths == SIMD4(5, 5, 5, 5), "an odd count repeats, as in SVG")
        #expect(try #require(DashPattern([2, 3, 8, 3])).period == 16)
        #expect(DashPattern([]) == nil && DashPattern([4, 0]) == nil && DashPattern([1, 2, 3]) == nil && DashPattern([.nan]) == nil)
    }

    @Test(arguments: painters)
    func aDashedLineAlternatesItsDashesAndGaps(painter: Backend) throws {
        var series = Series.line(x: [1, 9], y: [5, 5], color: Color(rgb: 0x000000), width: 3)
        series.line.dash = [10, 5]
        series.line.cap = .butt
        let chart = bareChart([series], width: 300, height: 200)
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let row = Int(layout.transform.apply(0, 5).y)
        let start = layout.transform.apply(1, 0).x, end = layout.transform.apply(9, 0).x
        // Pixels more than half covered are dark; read the runs of dark and light along the line.
        var runs: [(dark: Bool, length: Int)] = []
        for x in Int(start.rounded())..<Int(end.rounded()) {
            let dark = RGB(image, x, row).r < 128
            if let last = runs.last, last.dark == dark { runs[runs.count - 1].length += 1 } else { runs.append((dark, 1)) }
        }
        #expect(runs.first?.dark == true, "\(painter): the line starts with a dash")
        for run in runs.dropFirst().dropLast() {
            #expect(abs(run.length - (run.dark ? 10 : 5)) <= 1, "\(painter): \(runs.map { ($0.dark ? "on" : "off") + "\($0.length)" })")
        }
        #expect(runs.count >= 15, "about \(Int(end - start) / 15) repeats")
    }

    @Test func badDashesNameTheirPath() {
        func message(_ json: String) -> String {
            do { _ = try ChartSpec.decode(Array(json.utf8), relativeTo: "."); return "decoded" } catch { return "\(error)" }
        }
        #expect(message(#"{"series": [{"y": [1, 2], "dash": [4, -1]}]}"#).hasPrefix("series[0].dash: expected 1 to 4 positive lengths"))
        #expect(message(#"{"references": [{"value": 1, "dash": [1, 2, 3]}]}"#).hasPrefix("references[0].dash: expected"))
        #expect(message(#"{"series": [{"y": [1, 2], "dash": [6, 4]}]}"#) == "decoded")
    }
}
