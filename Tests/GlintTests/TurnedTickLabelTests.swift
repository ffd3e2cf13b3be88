import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// X tick labels turned 45° or 90°: each ends at its tick below the axis, inside the image, with the plot above
/// them and the axis title below; names too long for a third of the chart are shortened; neighbours stay a line
/// apart across the slant.
@Suite struct TurnedTickLabelTests {
    static func chart(_ rotation: TextRotation, width: Int = 560, height: Int = 340) -> Chart {
        var chart = GoldenCharts.example("rotated-labels")
        (chart.width, chart.height) = (width, height)
        chart.x.tickLabelRotation = rotation
        return chart
    }

    static func labels(_ report: LayoutReport) -> [LayoutReport.PlacedText] {
        report.texts.filter { $0.role == TextRole(.tickLabel, axis: "x") }
    }

    @Test(arguments: [TextRotation.rising, .counterClockwise])
    func everyLabelEndsAtItsTickBelowThePlot(rotation: TextRotation) throws {
        let chart = TurnedTickLabelTests.chart(rotation)
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let layout = try Shared.layout(chart)
        let labels = TurnedTickLabelTests.labels(report)
        #expect(labels.count == 7, "every name has room: \(labels.map(\.text))")
        let title = try #require(report.texts.first { $0.role == TextRole(.axisTitle, axis: "x") })
        let line = try Shared.text.get().measure("0", fontSize: layout.typography.tickLabel).lineHeight
        for (label, tick) in zip(labels, layout.x.ticks) {
            let x = layout.transform.apply(tick, 0).x
            #expect(label.box.y >= report.plot.maxY + 5 && label.box.maxY <= title.box.y, "\(label.text): \(label.box) between the ticks and the title")
            if rotation == .counterClockwise {
                #expect(abs(label.box.center.x - x) <= 1, "\(label.text) centred on its tick: \(label.box), tick at \(x)")
            } else {
                // The end of its line is at the tick: the box's right edge half a slanted line past it.
                #expect(abs(label.box.maxX - line * 0.5.squareRoot() / 2 - x) <= 1.5, "\(label.text) ends at its tick: \(label.box), tick at \(x)")
            }
        }
        // Names shorter than the room below the plot (a third of the height) whole, longer ones shortened to it.
        for (label, name) in zip(labels, chart.x.categories!) {
            #expect(label.text == name || (label.text.hasSuffix("…") && name.hasPrefix(label.text.dropLast())), "\(label.text) for \(name)")
        }
        #expect(["North America", "Asia Pacific", "Africa"].allSatisfy { name in labels.contains { $0.text == name } }, "\(labels.map(\.text))")
        #expect(labels.last?.text.hasSuffix("…") == true, "Middle East and North Africa is longer than the room")
    }

    @Test func longNamesAreShortenedToAThirdOfTheHeightAndThePlotKeepsTheRest() throws {
        var chart = TurnedTickLabelTests.chart(.counterClockwise, width: 480, height: 240)
        chart.x.categories = chart.x.categories?.map { $0 + " and the islands around it" }
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let labels = TurnedTickLabelTests.labels(report)
        #expect(labels.count == 7 && labels.allSatisfy { $0.text.hasSuffix("…") }, "\(labels.map(\.text))")
        #expect(labels.allSatisfy { $0.box.height <= 240.0 / 3 + 1 }, "\(labels.map(\.box.height))")
        #expect(report.plot.height >= 60, "\(report.plot)")
    }

    @Test func slantedNeighboursAreThinnedToALineApartAcrossTheSlant() throws {
        // Forty names on a narrow chart: at 45° their ticks are closer than a line across the slant.
        var chart = Chart(width: 360, height: 260, series: [.bars(name: "n", x: Column((0..<40).map(Double.init)), y: Column((0..<40).map { Double($0 % 7 + 1) }))],
                          legend: Legend(visible: false))
        chart.x.categories = (0..<40).map { "item \($0)" }
        chart.x.tickLabelRotation = .rising
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let layout = try Shared.layout(chart)
        let labels = TurnedTickLabelTests.labels(report)
        #expect(labels.count < 40 && labels.count >= 5, "\(labels.count) kept")
        let line = try Shared.text.get().measure("0", fontSize: layout.typography.tickLabel).lineHeight
        // Parallel slanted lines whose ends are dx apart along x are dx × sin 45° apart across the slant.
        let ends = labels.map(\.box.maxX).sorted()
        for (a, b) in zip(ends, ends.dropFirst()) { #expect((b - a) * 0.5.squareRoot() >= line, "ends \(a) and \(b)") }
    }

    @Test func theSpecTakesZero45Or90OnTheXAxisOnly() throws {
        func decode(_ axis: String) throws -> Chart {
            try ChartSpec.decode(Array(#"{"\#(axis)": {"rotate": 45}, "series": [{"x": [0, 1], "y": [0, 1]}]}"#.utf8), relativeTo: ".")
        }
        #expect(try decode("x").x.tickLabelRotation == .rising)
        #expect(throws: GlintError.badValue(path: "x.rotate", message: "expected 0, 45 or 90 (degrees), found 30.0")) {
            _ = try ChartSpec.decode(Array(#"{"x": {"rotate": 30}, "series": [{"x": [0, 1], "y": [0, 1]}]}"#.utf8), relativeTo: ".")
        }
        #expect(throws: GlintError.self) { _ = try decode("y") }
    }
}
