import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import Testing

/// The design sweep: the 60 specs of `Tests/Sweep` (charts a demanding user writes, made by `make-specs.py`: every
/// mark kind, 1 to 15 series, pies of 3 to 20 slices, 15 colour categories, values in the billions and in 1e-6,
/// negative values, gaps, log axes, time axes from hours to a decade, long titles and category names, grouped and
/// stacked bars with error bars and value labels, histograms with counts, heatmaps with cell labels, notes, panels
/// 1 × 3, 3 × 1, 2 × 2 and 3 × 3, seven facets), each laid out at 320 × 200, 480 × 300, 640 × 400 and 1280 × 720 on
/// both themes, as `glint layout --check` judges them: no collisions (text over text or across a mark, a legend
/// over data, text past the edge), every legend drawn, every plot readable and every plot of a figure one size, and
/// at least three ticks on every axis but a category one long enough for three labels.
@Suite struct DesignSweepTests {
    static let directory = testsFolder.appendingPathComponent("Sweep")
    static let sizes = [(320, 200), (480, 300), (640, 400), (1280, 720)]

    /// The pictures the layout does not yet make clean, by spec and size, and why (each still laid out and judged:
    /// an entry that no longer fails fails the test, so it is removed when fixed).
    static let knownFlaws: [String: String] = [:]
    /// Legends the layout leaves out, by spec and size, and why (as `knownFlaws`).
    static let legendsLeftOut: [String: String] = [
        "panels-2x2 320x200": "four panels of three series each, all named apart, in 160 × 78 cells whose plots are 20 px tall: no cell holds a legend beside them",
        "panels-mixed 320x200": "panels of three series each, named apart, in 160 × 78 cells whose plots are 20 px tall: no cell holds a legend beside them",
    ]
    /// Figures whose plots stay below the figure's readable floor (60 × 30, `FigureLayout.readablePlot`) with every
    /// remedy taken (small-multiple spacing, axis titles given up), by spec and size: the layout draws them and says so.
    static let plotsTooSmall: [String: String] = [
        "panels-2x2 320x200": "two rows of titled panels under a figure title in 200 px: each row's title, tick labels and padding take 56 px",
        "panels-mixed 320x200": "two rows of titled panels under a figure title in 200 px: each row's title, tick labels and padding take 56 px",
        "panels-3x3-shared 320x200": "three rows of titled panels in 200 px",
        "panels-3x1 320x200": "three rows of titled panels in 200 px",
        "panels-1x3 320x200": "three columns of panels and their legend in 320 px: plots 39 px wide",
        "facet-7 320x200": "three rows of titled facets in 200 px",
    ]

    static var specs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func theSweepHasAChartOfEveryKind() throws {
        #expect(Self.specs.count >= 60, "\(Self.specs)")
        var kinds = Set<String>()
        for name in Self.specs {
            let chart = try ChartSpec.decode(file: Self.directory.appendingPathComponent(name).path)
            let charts: [Chart] = chart.panels?.panels.map(\.chart) ?? [chart]
            kinds.formUnion(charts.flatMap { $0.series.map { $0.kind.rawValue } })
        }
        #expect(kinds.isSuperset(of: ["line", "dots", "bars", "area", "histogram", "heatmap", "candlestick", "pie", "density", "stem", "box", "violin", "hexbin", "contour"]),
                "\(kinds.sorted())")
    }

    /// The repo's examples (the README's gallery among them) at their own sizes: no collisions either.
    @Test func everyExampleIsClean() throws {
        let folder = repositoryRoot.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 30)
        let renderer = try Shared.renderer(.cpu)
        for name in names {
            let report = try renderer.layoutReport(try ChartSpec.decode(file: folder.appendingPathComponent(name).path))
            #expect(report.collisions.isEmpty, "\(name): \(report.collisions.prefix(3).map { "\($0.kind.rawValue) \($0.subjects)" })")
        }
    }

    @Test(arguments: specs)
    func everyPictureIsClean(spec name: String) throws {
        let base = try ChartSpec.decode(file: Self.directory.appendingPathComponent(name).path)
        let renderer = try Shared.renderer(.cpu)
        for (width, height) in Self.sizes {
            let key = "\(name.dropLast(5)) \(width)x\(height)"
            for theme in [Theme.light, Theme.dark] {
                var chart = base
                (chart.width, chart.height, chart.theme) = (width, height, theme)
                let report = try renderer.layoutReport(chart)
                let judge = {
                    #expect(report.collisions.isEmpty, "\(key): \(report.collisions.prefix(3).map { "\($0.kind.rawValue) \($0.subjects)" })")
                }
                if let flaw = Self.knownFlaws[key] { withKnownIssue(Comment(rawValue: flaw)) { judge() } } else { judge() }
                // No legend left out for want of room (a lone series' legend is not drawn, and says nothing).
                let present = {
                    #expect(!report.notices.contains { $0.contains("legend left out") || $0.hasPrefix("legend '") && $0.contains("left out") },
                            "\(key): \(report.notices)")
                }
                if let why = Self.legendsLeftOut[key] { withKnownIssue(Comment(rawValue: why)) { present() } } else { present() }
                // Every plot readable: a chart's at least 60 × 40, a figure's panels at least 60 × 30; where not, a
                // notice says so.
                let floor = report.panels.isEmpty ? 40.0 : 30.0
                let readable = {
                    #expect((report.panels.isEmpty ? [report.plot] : report.panels.map(\.plot)).allSatisfy { $0.width >= 60 && $0.height >= floor },
                            "\(key): \(report.panels.map(\.plot))")
                }
                if let why = Self.plotsTooSmall[key] {
                    withKnownIssue(Comment(rawValue: why)) { readable() }
                    #expect(report.notices.contains { $0.contains("the figure's plots are") }, "\(key): \(report.notices)")
                } else { readable() }
                // Every plot of a figure one size (panels of one cell each).
                let plots = report.panels.map(\.plot)
                if let first = plots.first {
                    #expect(plots.allSatisfy { abs($0.width - first.width) <= 1 && abs($0.height - first.height) <= 1 }, "\(key): \(plots)")
                }
                // At least three ticks on a numeric, log or time axis 1.5 label spacings long (90 px apart on x,
                // 50 on y).
                for axis in report.axes where axis.scale != "category" {
                    let plot = axis.panel.map { report.panels[$0].plot } ?? report.plot
                    let (length, spacing) = axis.name == "x" ? (plot.width, 90.0) : (plot.height, 50.0)
                    if length >= 1.5 * spacing { #expect(axis.ticks.count >= 3, "\(key): \(axis.name) \(axis.ticks.map(\.value))") }
                }
            }
        }
    }
}
