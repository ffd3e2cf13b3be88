import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Placement over a matrix: bar charts (grouped, stacked with negatives, horizontal, percentages, long names turned
/// 45°), labelled lines with references and dots with every kind of extra legend (colour bar, sizes, points), each
/// with its series legend left to the layout, pinned inside at two corners, `best`, and outside on every side; on
/// both themes at five sizes from 320×200 to 1920×1080. In every case no text leaves the image or covers other text, every value label is drawn or counted
/// in a notice, no legend leaves the image or covers another, and no legend the layout placed covers data.
@Suite struct PlacementMatrixTests {
    static let names = ["Northern Europe", "Southern Europe", "North America", "South America", "Asia Pacific"]

    /// The charts, by name, before their legend, theme and size are set.
    static let charts: [(String, Chart)] = {
        let x: Column = [0, 1, 2, 3, 4]
        func labelled(_ s: Series) -> Series {
            var s = s
            s.labelStyle.values = true
            return s
        }
        var grouped = Chart(series: [labelled(.bars(name: "2025", x: x, y: [150, 95, 200, 130, 185])),
                                     labelled(.bars(name: "2026", x: x, y: [170, 120, 160, 210, 140]))])
        grouped.x.categories = ["Jan", "Feb", "Mar", "Apr", "May"]
        var stacked = Chart(series: [("coal", [40, 32, -5, 25, 20]), ("gas", [30, 33, 35, -10, 28]), ("wind", [10, 18, 4, 22, 2])].map { name, y in
            var s = labelled(.bars(name: name, x: x, y: Column(y)))
            s.bars.stack = "energy"
            return s
        })
        stacked.x.categories = ["2020", "2021", "2022", "2023", "2024"]
        var horizontal = Chart(series: [("2025", [231, 198, 112, 174, 90]), ("2026", [244, 185, 121, 166, -30])].map { name, v in
            var s = labelled(.bars(name: name, x: Column(v), y: x))
            s.bars.orientation = .horizontal
            return s
        })
        horizontal.y.categories = names
        var percent = Chart(y: Axis(format: NumberFormat("{.0%}")), series: [0.42, 0.31, 0.18].enumerated().map { i, share in
            var s = labelled(.bars(name: ["direct", "search", "social"][i], x: x, y: Column((0..<5).map { share + 0.03 * Double($0 - i) })))
            s.labelStyle.format = NumberFormat("{.0%}")
            return s
        })
        percent.x.categories = ["Mon", "Tue", "Wed", "Thu", "Fri"]
        var long = Chart(series: [labelled(.bars(name: "sales by region in the last fiscal year", x: x, y: [1200, 950, 2100, 800, 1600]))])
        long.x.categories = names
        long.x.tickLabelRotation = .rising
        var lines = Chart(series: [.line(name: "temperature", x: [0, 1, 2, 3, 4, 5], y: [12, 15, 11, 18, 16, 21], markers: true),
                                   .line(name: "dew point", x: [0, 1, 2, 3, 4, 5], y: [8, 9, 7, 12, 10, 13])])
        lines.series[0].labels = ["12°", "15°", "11°", "18°", "16°", "21°"]
        lines.references = [.line(at: 17, label: "heat warning"), .band(9...11, label: "comfort")]
        var dots = Series.dots(name: "stations", x: [1, 2, 3, 4, 5, 6], y: [3, 1, 4, 1, 5, 9], size: [10, 40, 20, 80, 30, 60], radius: 3...14)
        dots.pointColors = PointColors(values: [0, 4, 8, 12, 16, 20], scale: ColorScale(palette: .viridis, range: 0...20))
        var kinds = Series.dots(name: "kinds", x: [1.5, 2.5, 3.5, 4.5], y: [7, 6, 8, 2], radius: 4...4)
        kinds.pointColors = PointColors(categories: ["rural", "urban", "coastal", "urban"])
        var withLegends = Chart(series: [dots, kinds])
        withLegends.legends = [Legend(id: "temp", kind: .colorBar(ColorBarLegend(series: 0))),
                               Legend(id: "size", kind: .sizes(SizesLegend(series: 0))),
                               Legend(id: "kind", kind: .points(PointsLegend(series: 1)))]
        return [("grouped bars", grouped), ("stacked bars", stacked), ("horizontal bars", horizontal), ("percent bars", percent),
                ("long names", long), ("labelled lines", lines), ("dots with every legend kind", withLegends)]
    }()

    /// The series legend's placements: left to the layout, pinned inside, `best`, outside on each side.
    static let legends: [(String, Legend)] = [
        ("default", Legend()), ("top-left", Legend(position: .topLeft)), ("bottom-right", Legend(position: .bottomRight)),
        ("best", Legend(position: .best)),
    ] + [LegendPosition.right, .left, .top, .bottom].map { position in
        var legend = Legend(position: position, orientation: position == .top || position == .bottom ? .horizontal : .vertical)
        legend.placement = .outside
        return ("outside \(position.rawValue)", legend)
    }

    static let sizes = [(320, 200), (480, 300), (640, 400), (1280, 720), (1920, 1080)]

    @Test func nothingIsHiddenAtAnySizeThemeOrLegendPlacement() throws {
        var checked = 0, labelsDrawn = 0, labelsNamed = 0
        for (name, base) in PlacementMatrixTests.charts {
            for (placement, legend) in PlacementMatrixTests.legends {
                for theme in [Theme.light, .dark] {
                    for (width, height) in PlacementMatrixTests.sizes {
                        var chart = base
                        (chart.width, chart.height, chart.theme, chart.legend) = (width, height, theme, legend)
                        chart.title = "Placement of \(name)"
                        let context = "\(name), legend \(placement), \(theme.background == Theme.dark.background ? "dark" : "light"), \(width)×\(height)"
                        let report = try Shared.renderer(.cpu).layoutReport(chart)
                        try PlacementMatrixTests.expectNothingHidden(chart, report, context, drawn: &labelsDrawn, named: &labelsNamed)
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 7 * 8 * 2 * 5)
        // The matrix does press labels for room: some are left out (and named), most are drawn.
        #expect(labelsDrawn > 5 * labelsNamed && labelsNamed > 0, "\(labelsDrawn) drawn, \(labelsNamed) named in notices")
    }

    static func expectNothingHidden(_ chart: Chart, _ report: LayoutReport, _ context: String, drawn: inout Int, named: inout Int) throws {
        let image = Rect(x: 0, y: 0, width: Double(report.width), height: Double(report.height)).insetBy(-0.5)
        let slanted = { (t: LayoutReport.PlacedText) in t.rotation == .rising && t.role.kind == .tickLabel && t.role.axis == "x" }
        for (i, a) in report.texts.enumerated() {
            #expect(image.contains(a.box), "\(context): '\(a.text)' leaves the image: \(a.box)")
            for b in report.texts[(i + 1)...] where PlacementTests.overlap(a.box, b.box) && !(slanted(a) && slanted(b)) {
                Issue.record("\(context): '\(a.text)' (\(a.role.kind.rawValue)) overlaps '\(b.text)' (\(b.role.kind.rawValue))")
            }
        }
        let boxes = report.legends.compactMap(\.box)
        for (i, a) in boxes.enumerated() {
            #expect(image.contains(a), "\(context): a legend leaves the image: \(a)")
            for b in boxes[(i + 1)...] where PlacementTests.overlap(a, b) { Issue.record("\(context): legends \(a) and \(b) overlap") }
        }
        // Every value label is drawn, or counted in its series' notice.
        for (index, series) in chart.series.enumerated() where series.hasLabels {
            let expected = (series.labels?.compactMap { $0 }.count) ?? (series.isHorizontalBars ? series.x : series.y).filter(\.isFinite).count
            let shown = report.texts.filter { $0.role.kind == .pointLabel && $0.role.series == index }.count
            let notice = report.notices.first { $0.hasPrefix("series[\(index)]: ") && $0.contains("left out") }
            let missing = notice.flatMap { Int($0.dropFirst("series[\(index)]: ".count).prefix { $0.isNumber }) } ?? 0
            #expect(shown + missing == expected, "\(context): series \(index) shows \(shown) of \(expected) labels, notice: \(notice ?? "none")")
            drawn += shown
            named += missing
        }
        try PlacementTests.expectLegendsClearOfData(chart, report: report, context)
    }
}
