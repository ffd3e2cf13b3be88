import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Points on a log axis land on the rows of their decades' grid lines, on both painters, across the whole range
/// of Double.
@Suite struct LogAxisTests {
    @Test(arguments: [[1.0, 10, 100, 1000], [1e-200, 1e-100, 1e100, 1e200]], painters)
    func pointsSitOnTheirDecadesGridLines(values: [Double], painter: Backend) throws {
        let red = Color(rgb: 0xFF0000)
        let chart = Chart(width: 400, height: 500, x: Axis(range: -1...4, grid: false), y: Axis(scale: .log),
                          series: [.dots(x: Column(values.indices.map(Double.init)), y: Column(values), radius: 3...3, color: red)],
                          legend: Legend(visible: false))
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
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

    /// Stacks pile up values, not logarithms: 1000 + 100 tops out at 1100, not at 1000 × 100.
    @Test(arguments: painters)
    func stacksOnALogAxisAddTheValues(painter: Backend) throws {
        let (blue, orange) = (Color(rgb: 0x1F77B4), Color(rgb: 0xE8710A))
        let chart = Chart(width: 400, height: 300, y: Axis(scale: .log),
                          series: [.bars(x: [1, 2, 3], y: [10, 1000, 50], color: blue), .bars(x: [1, 2, 3], y: [10, 100, 500], color: orange)],
                          legend: Legend(visible: false))
        var stacked = chart
        for i in stacked.series.indices { stacked.series[i].bars.stack = "s" }
        let image = try Shared.renderer(painter).render(stacked)
        let layout = try SceneBuilder.layout(stacked, measurer: try Shared.text.get(), threads: 2)
        #expect(abs(layout.y.domain.upperBound - log10(1100)) < 0.1, "the domain reaches 1100: \(layout.y.domain)")
        let column = Int(try #require(layout.transform.point(2, 1)).x)
        let top = try #require(layout.transform.point(2, 1100)).y, joint = try #require(layout.transform.point(2, 1000)).y
        #expect(RGB(image, column, Int(top) + 2) == RGB(orange) && RGB(image, column, Int(top) - 3) != RGB(orange), "\(painter)")
        #expect(RGB(image, column, Int(joint) + 3) == RGB(blue), "\(painter): the first bar reaches 1000")
    }

    @Test func valueLabelsOnALogAxisShowTheValues() throws {
        let chart = Chart(y: Axis(scale: .log), series: [.bars(x: [1, 2, 3], y: [10, 1000, 50])])
        var labelled = chart
        labelled.series[0].labelStyle.values = true
        let texts = try Shared.textRuns(labelled).map(\.text)
        #expect(texts.contains("50") && texts.contains("1000") && !texts.contains { $0.hasPrefix("1.69") }, "\(texts)")
    }

    /// A log axis reads the caller's values in place: the transform maps data values, the layout is in decades.
    @Test func theTransformMapsDataValuesOntoDecades() throws {
        let chart = Chart(y: Axis(range: 1...1000, scale: .log), series: [.line(x: [0, 1], y: [1, 1000])])
        let layout = try Shared.layout(chart)
        #expect(layout.y.domain == 0...3 && layout.transform.forwardY == .log10 && layout.transform.forwardX == .identity)
        let ten = try #require(layout.transform.point(0, 10)), decade = layout.transform.apply(0, 1)
        #expect(ten == decade && layout.transform.point(0, 0) == nil && layout.transform.point(0, -1) == nil)
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
        let log = try Shared.layout(Chart(y: Axis(scale: .log, format: NumberFormat("{.0s}")),
                                             series: [.line(x: [0, 1], y: [1, 1e6])]))
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
