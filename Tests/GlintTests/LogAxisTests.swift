import Foundation
import Glint
import GlintCore
import Testing

/// Points on a log axis land on the rows of their decades' grid lines, on both painters, across the whole range
/// of Double.
@Suite struct LogAxisTests {
    @Test(arguments: [[1.0, 10, 100, 1000], [1e-200, 1e-100, 1e100, 1e200]], painters)
    func pointsSitOnTheirDecadesGridLines(values: [Double], painter: Backend) throws {
        let red = Color(rgb: 0xFF0000)
        let chart = Chart(width: 400, height: 500, x: Axis(range: -1...4, grid: false), y: Axis(scale: .log),
                          series: [.dots(x: values.indices.map(Double.init), y: values, radius: 3...3, color: red)],
                          legend: Legend(visible: false))
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(LogScale.applied(to: chart).chart)
        for (i, value) in values.enumerated() {
            let tick = try #require(layout.y.ticks.first { abs($0 - log10(value)) < 1e-9 }, "a tick at \(value): \(layout.y.labels)")
            let row = layout.transform.apply(0, tick).y, column = layout.transform.apply(Double(i), 0).x
            // The dot's centre pixel is red, and so are the pixels two rows above and below it.
            for dy in [-2.0, 0, 2] {
                #expect(RGB(image, Int(column), Int(row + dy)).near(RGB(red), 20), "\(painter): \(value) at row \(row + dy)")
            }
            #expect(RGB(image, Int(column), Int(row + 5)) != RGB(red), "\(painter): the dot is 6 px across, centred on the tick")
        }
    }

    @Test func theSpecTakesALogScaleAndRefusesANonPositiveRange() throws {
        let chart = try ChartSpec.decode(Array(#"{"y": {"scale": "log"}, "series": [{"y": [1, 10, 100]}]}"#.utf8), relativeTo: ".")
        #expect(chart.y.scale == .log)
        #expect(throws: GlintError.badData("y.range: a log axis needs a range above 0, found [0.0, 10.0]")) {
            _ = try ChartSpec.decode(Array(#"{"y": {"scale": "log", "range": [0, 10]}, "series": [{"y": [1]}]}"#.utf8), relativeTo: ".")
        }
        let image = try Shared.renderer(.cpu).render(Chart(y: Axis(scale: .log), series: [.line(x: [0, 1, 2], y: [1, 0, 100])]))
        #expect(image.notices == ["1 value ≤ 0 on the log y axis is left out (drawn as gaps)"])
    }
}

/// Tick formats reach the labels a reader sees, through the spec.
@Suite struct TickFormatTests {
    @Test func theSpecsFormatWritesTheTickLabels() throws {
        let chart = try ChartSpec.decode(Array(#"""
            {"x": {"format": "{,.0f} km"}, "y": {"format": "{.0%}", "range": [0, 1]},
             "series": [{"x": [0, 20000], "y": [0.1, 0.9]}]}
            """#.utf8), relativeTo: ".")
        let layout = try Shared.layout(chart)
        #expect(layout.y.labels.contains("50%") && layout.y.labels.allSatisfy { $0.hasSuffix("%") }, "\(layout.y.labels)")
        #expect(layout.x.labels.contains("10,000 km"), "\(layout.x.labels)")
        let log = try Shared.layout(LogScale.applied(to: Chart(y: Axis(scale: .log, format: NumberFormat("{.0s}")),
                                                                series: [.line(x: [0, 1], y: [1, 1e6])])).chart)
        #expect(log.y.labels.contains("1k") && log.y.labels.contains("1M"), "\(log.y.labels)")
    }

    @Test func aBadFormatNamesItsPath() {
        #expect(throws: GlintError.self) {
            _ = try ChartSpec.decode(Array(#"{"y": {"format": "%.2f"}, "series": [{"y": [1]}]}"#.utf8), relativeTo: ".")
        }
        do {
            _ = try ChartSpec.decode(Array(#"{"y": {"format": "%.2f"}, "series": [{"y": [1]}]}"#.utf8), relativeTo: ".")
        } catch {
            #expect("\(error)".hasPrefix("y.format: expected prefix{spec}suffix"), "\(error)")
        }
    }
}
