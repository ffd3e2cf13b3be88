import Foundation
import Glint
import GlintTestSupport

/// The golden charts (`Tests/Goldens/<painter>/NAME.png`), shared by every test that draws them: the goldens
/// themselves, the painters' parity, vector output, the compute painter.
public enum GoldenCharts {
    public static func wave(_ phase: Double, _ amplitude: Double, count: Int = 200) -> (x: [Double], y: [Double]) {
        let x = (0..<count).map { Double($0) / Double(count - 1) * 10 }
        return (x, x.map { amplitude * sin($0 + phase) + phase })
    }

    public static let lines: Chart = {
        let a = wave(0, 1), b = wave(1.5, 2), c = wave(3, 0.5)
        return Chart(width: 640, height: 400, title: "Three waves", x: Axis(title: "t (s)"), y: Axis(title: "amplitude"),
                     series: [.line(name: "alpha", x: Column(a.x), y: Column(a.y)), .line(name: "beta", x: Column(b.x), y: Column(b.y), width: 4),
                              .line(name: "gamma", x: Column(c.x), y: Column(c.y), width: 1)])
    }()

    public static let dots: Chart = {
        let n = 60
        let x = (0..<n).map { Double($0 % 12) + Double($0 / 12) * 0.17 }
        let y = (0..<n).map { 40 + 30 * sin(Double($0) * 0.7) }
        let size = (0..<n).map { Double(($0 * 37) % 100) }
        var series = Series.dots(name: "weight", x: Column(x), y: Column(y), size: Column(size), radius: 2...14, color: Color(rgb: 0x1F77B4, alpha: 0.6))
        series.outline = Outline(color: Color(rgb: 0x0B3C5D), width: 1)
        return Chart(width: 640, height: 400, title: "Radius-scaled dots", x: Axis(title: "x"), y: Axis(title: "y"),
                     series: [series])
    }()

    public static func legend(_ orientation: LegendOrientation, _ position: LegendPosition) -> Chart {
        let a = wave(0, 1, count: 50), b = wave(2, 1, count: 50)
        var marked = Series.line(name: "with markers", x: Column(a.x), y: Column(b.y), markers: true)
        marked.dots.radius = 3...3
        return Chart(width: 560, height: 360, title: "Legend \(orientation.rawValue)",
                     series: [.line(name: "line", x: Column(a.x), y: Column(a.y)), marked,
                              .dots(name: "dots", x: [2, 5, 8], y: [0, 1, 2], radius: 5...5),
                              .bars(name: "bars", x: [1, 3, 5, 7, 9], y: [-0.5, 0.4, 0.8, -0.2, 0.3])],
                     legend: Legend(position: position, orientation: orientation))
    }

    public static var dark: Chart {
        var chart = lines
        chart.theme = .dark
        chart.title = "Dark theme"
        return chart
    }

    public static var hidpi: Chart {
        var chart = legend(.vertical, .topRight)
        chart.scale = 2
        chart.title = "Scale 2"
        return chart
    }

    /// Long titles and legend names on a small image: titles shortened with an ellipsis, tick labels thinned,
    /// legend labels shortened (320×200) or the legend left out (240×160).
    public static func small(_ width: Int, _ height: Int) -> Chart {
        let x = (0...12).map(Double.init)
        return Chart(width: width, height: height, title: "Quarterly revenue by region and product line, 2019–2024",
                     x: Axis(title: "Fiscal quarter since the start of the reporting period"),
                     y: Axis(title: "Revenue in thousands of US dollars (adjusted)"),
                     series: [.line(name: "North America and Canada combined", x: Column(x),
                                    y: [1200, 1500, 1300, 1800, 2100, 1900, 2500, 2600, 2400, 3100, 3300, 3000, 3600]),
                              .line(name: "Europe, Middle East and Africa", x: Column(x),
                                    y: [800, 900, 1100, 1000, 1300, 1500, 1400, 1700, 1900, 2000, 2200, 2100, 2500])])
    }

    /// Text in five scripts: Latin with kerning and ligatures, CJK (a fallback font), Arabic (joined, right to
    /// left), Hebrew with digits and mirrored brackets, Devanagari (reordered vowel signs), rotated too.
    public static let international = Chart(
        width: 640, height: 300, title: "Température °C — 東京 — مرحبا",
        x: Axis(title: "שלום עולם (123)"), y: Axis(title: "मौसम"),
        series: [.line(name: "AVATAR Wave office", x: [0, 1, 2, 3], y: [1, 3, 2, 4]),
                 .line(name: "ffi fl → العربية", x: [0, 1, 2, 3], y: [2, 1, 3, 2])])

    /// A chart from `Examples/NAME.json`; one titled with the error when it cannot be read (which no golden
    /// matches).
    public static func example(_ name: String) -> Chart {
        let path = repositoryRoot.appendingPathComponent("Examples/\(name).json").path
        do {
            return try ChartSpec.decode(file: path)
        } catch {
            return Chart(title: "Examples/\(name).json: \(error)")
        }
    }

    /// A log y axis over six decades: decade labels, minor grid lines, a gap at a zero, bars from the axis bottom.
    public static let logAxis = Chart(
        width: 640, height: 380, title: "Requests per second", y: Axis(title: "requests/s", scale: .log),
        series: [.line(name: "peak", x: [0, 1, 2, 3, 4, 5, 6], y: [3, 40, 500, 2000, 0, 80000, 1_200_000]),
                 .bars(name: "mean", x: [0.5, 2.5, 4.5], y: [20, 300, 7000])],
        references: [.line(at: 1000, label: "SLO")])

    /// The outside legend example on the dark theme, below the plot in a row, names only.
    public static var legendOutsideDark: Chart {
        var chart = example("legend-outside")
        chart.theme = .dark
        chart.legend.position = .bottom
        chart.legend.orientation = .horizontal
        chart.legend.title = nil
        return chart
    }

    /// A time axis over `span` milliseconds from 2012-03-05 06:00 UTC, 200 points of a wave: one golden per span the
    /// time axis must handle (10 years, 1 month, 1 day, 1 hour; 1 year is the `time-axis` example).
    public static func timeSpan(_ name: String, _ span: Double) -> Chart {
        let start = 1_330_927_200_000.0
        let x = (0..<200).map { start + span * Double($0) / 199 }
        let y = (0..<200).map { 10 + 6 * sin(Double($0) / 14) }
        return Chart(width: 560, height: 240, title: "Time axis over \(name)", x: Axis(scale: .time),
                     series: [.line(name: "signal", x: Column(x), y: Column(y))], legend: Legend(visible: false))
    }

    /// Grouped stacks with negative values: two stacks per month, each of two series.
    public static var stackedBars: Chart {
        let months = ["Jan", "Feb", "Mar", "Apr", "May"]
        let x = months.indices.map(Double.init)
        func bars(_ name: String, _ y: [Double], stack: String) -> Series {
            var s = Series.bars(name: name, x: Column(x), y: Column(y))
            s.bars.stack = stack
            return s
        }
        var chart = Chart(width: 560, height: 320, title: "Cash flow by team", x: Axis(grid: false), y: Axis(title: "k€"),
                          series: [bars("A in", [12, 15, 9, 14, 18], stack: "A"), bars("A out", [-8, -6, -11, -7, -9], stack: "A"),
                                   bars("B in", [7, 9, 13, 10, 8], stack: "B"), bars("B out", [-5, -9, -4, -6, -10], stack: "B")],
                          legend: Legend(position: .bottom, orientation: .horizontal))
        chart.legend.placement = .outside
        chart.x.categories = months
        return chart
    }

    /// The rotated-labels example with its names turned upwards, on the dark theme.
    public static var rotatedUpwards: Chart {
        var chart = example("rotated-labels")
        chart.x.tickLabelRotation = .counterClockwise
        chart.theme = .dark
        return chart
    }

    /// An example on the dark theme.
    public static func darkExample(_ name: String) -> Chart {
        var chart = example(name)
        chart.theme = .dark
        return chart
    }

    public static let cases: [(String, Chart)] = [
        ("lines", lines), ("dots", dots), ("legend-vertical", legend(.vertical, .topLeft)),
        ("legend-horizontal", legend(.horizontal, .bottom)), ("dark", dark), ("hidpi", hidpi),
        ("demo", .demo), ("small-320x200", small(320, 200)), ("small-240x160", small(240, 160)),
        ("international", international), ("references", example("references")), ("log-axis", logAxis),
        ("point-labels", example("point-labels")), ("dashes", example("dashes")),
        ("bars", example("bars")), ("horizontal-bars", example("horizontal-bars")), ("time-axis", example("time-axis")),
        ("rotated-labels", example("rotated-labels")), ("rotated-labels-90", rotatedUpwards),
        ("legend-outside", example("legend-outside")), ("legend-outside-dark", legendOutsideDark),
        ("legend-colorbar", example("legend-colorbar")), ("legend-colorbar-dark", darkExample("legend-colorbar")),
        ("legend-points", example("legend-points")), ("legend-points-dark", darkExample("legend-points")),
        ("legend-sizes", example("legend-sizes")), ("legend-sizes-dark", darkExample("legend-sizes")),
        ("two-axes", example("two-axes")), ("stacked-bars", stackedBars), ("steps", example("steps")), ("areas", example("areas")),
        ("stacked-areas", example("stacked-areas")), ("histogram", example("histogram")), ("heatmap", example("heatmap")), ("split", example("split")), ("error-bars", example("error-bars")), ("band", example("band")), ("aggregate", example("aggregate")), ("candlestick", example("candlestick")), ("rolling", example("rolling")), ("pie", example("pie")), ("time-buckets", example("time-buckets")), ("sorted-bars", example("sorted-bars")), ("panels", example("panels")), ("facet", example("facet")), ("annotations", example("annotations")), ("histogram-split", example("histogram-split")), ("heatmap-grid", example("heatmap-grid")), ("polar", example("polar")),
        ("time-10-years", timeSpan("10 years", 3652.5 * 86_400_000)), ("time-1-month", timeSpan("1 month", 30 * 86_400_000)),
        ("time-1-day", timeSpan("1 day", 86_400_000)), ("time-1-hour", timeSpan("1 hour", 3_600_000)),
        ("empty", Chart(width: 400, height: 240, title: "Runs this week", series: [.line(name: "runs", x: [], y: [])],
                        emptyText: "No runs yet")),
    ]

    /// A seeded random chart: thin and thick lines with every join and cap, dots of many radii with
    /// outlines, overlapping translucent colours, bars and text.
    public static func randomChart(seed: UInt64) -> Chart {
        var generator = SeededGenerator(seed: seed)
        func next() -> Double { generator.next() }
        var series: [Series] = []
        for i in 0..<6 {
            let n = 3 + Int(next() * 60)
            var line = Series.line(name: "line \(i)", x: Column((0..<n).map { _ in next() * 100 }.sorted()), y: Column((0..<n).map { _ in next() * 100 }),
                                   color: Color(red: next(), green: next(), blue: next(), alpha: 0.35 + 0.65 * next()),
                                   width: [0.5, 1, 1.5, 3, 7, 14][i])
            line.line.join = LineJoin.allCases[i % 3]
            line.line.cap = LineCap.allCases[(i / 3 + i) % 3]
            line.line.miterLimit = 2 + next() * 6
            if i == 4 {
                var y = line.y.doubles
                y[n / 2] = .nan
                line.y = Column(y)
            }
            series.append(line)
        }
        let m = 80
        var dots = Series.dots(name: "dots", x: Column((0..<m).map { _ in next() * 100 }), y: Column((0..<m).map { _ in next() * 100 }),
                               size: Column((0..<m).map { _ in next() }), radius: 0.5...20,
                               color: Color(red: next(), green: next(), blue: next(), alpha: 0.5))
        dots.outline.color = Color(rgb: 0x222222, alpha: 0.8)
        dots.outline.width = 1.5
        series.append(dots)
        series.append(.bars(name: "bars", x: [10, 30, 50, 70, 90], y: Column((0..<5).map { _ in next() * 80 }),
                            color: Color(red: next(), green: next(), blue: next(), alpha: 0.4)))
        return Chart(width: 640, height: 420, title: "Random scene \(seed)", x: Axis(title: "x"), y: Axis(title: "y"),
                     series: series, legend: Legend(position: LegendPosition.allCases[Int(seed) % 9]))
    }

    /// The golden charts and six random ones: what the CPU painter must draw as the GL painter does.
    public static let parityCharts: [(String, Chart)] = cases + (1...6).map { ("random-\($0)", randomChart(seed: UInt64($0))) }
}
