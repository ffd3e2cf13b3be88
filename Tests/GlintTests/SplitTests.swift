import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import GlintTestSupport
import Testing

/// `split`: a long-format table drawn as one series per group, each named by its value, in its own palette colour
/// with its own legend entry; from a CSV column or inline names; refused where it cannot apply.
@Suite struct SplitTests {
    @Test func eachGroupIsASeriesOfItsRowsInOrder() {
        var s = Series.dots(x: [1, 2, 3, 4, 5], y: [10, 20, 30, 40, 50], size: [1, 2, 3, 4, 5], color: Color(rgb: 0xFF0000))
        s.labels = ["a", "b", "c", "d", "e"]
        let groups = s.split(by: ["MSFT", "AAPL", nil, "MSFT", "AAPL"])
        #expect(groups.map(\.name) == ["AAPL", "MSFT", Series.blankGroup])
        #expect(groups.map { $0.x.doubles } == [[2, 5], [1, 4], [3]] && groups.map { $0.y.doubles } == [[20, 50], [10, 40], [30]])
        #expect(groups.map { $0.size?.doubles ?? [] } == [[2, 5], [1, 4], [3]] && groups[0].labels == ["b", "e"])
        #expect(groups.allSatisfy { $0.color == nil }, "each takes the next palette colour")
    }

    @Test func theSpecSplitsACSVColumnIntoNamedSeriesWithLegendEntries() throws {
        let chart = GoldenCharts.example("split")
        #expect(chart.series.map(\.name) == ["Fair", "Good", "Poor"])
        #expect(chart.series.map(\.x.count) == [49, 69, 42], "the rows of each air quality in Examples/stations.csv")
        let entries = try Shared.renderer(.cpu).layoutReport(chart).texts.filter { $0.role.kind == .legendEntry }.map(\.text)
        #expect(entries == ["Fair", "Good", "Poor"])
    }

    @Test(arguments: painters)
    func groupsTakeThePalettesColours(backend: Backend) throws {
        var chart = try decodeSpec(#"{"series": [{"type": "bars", "x": [1, 2, 3, 4], "y": [5, 5, 5, 5], "split": ["b", "a", "b", "a"]}]}"#)
        (chart.x.grid, chart.y.grid, chart.legend.visible) = (false, false, false)
        let renderer = try Shared.renderer(backend), image = try renderer.render(chart), t = try renderer.layout(chart).transform
        func at(_ x: Double) -> RGB { let p = t.apply(x, 2); return RGB(image, Int(p.x), Int(p.y)) }
        let (first, second) = (RGB(chart.theme.palette[0]), RGB(chart.theme.palette[1]))
        // "a" sorts first: its bars (x 2 and 4) take the first colour.
        #expect(at(2) == first && at(4) == first && at(1) == second && at(3) == second, "\([at(1), at(2), at(3), at(4)])")
    }

    @Test func splitIsRefusedWhereItCannotApply() {
        #expect(specError(#"{"series": [{"y": [1, 2], "split": ["a"]}]}"#) == "series[0].split: has 1 names but the series has 2 points")
        #expect(specError(#"{"series": [{"y": [1], "split": "k"}]}"#).hasPrefix(#"series[0].split: no column named "k": no columns were given with the spec"#))
        #expect(specError(#"{"series": [{"y": [1], "name": "n", "split": ["a"]}]}"#).hasPrefix("series[0].name: split series are named by their values"))
        #expect(specError(#"{"series": [{"y": [1], "color": "red", "split": ["a"]}]}"#).hasPrefix("series[0].color: split series"))
        #expect(specError(#"{"series": [{"type": "heatmap", "z": [[1]], "split": ["a"]}]}"#).hasPrefix("series[0].split: a heatmap cannot be split"))
        #expect(specError(#"{"series": [{"y": [1], "split": 3}]}"#) == "series[0].split: expected a column name or an array of names, found a number")
    }
}

/// A histogram split by a column: a histogram per group over the bins of all the values, so the groups' bars line up
/// and add up to the whole's; drawn overlapping at 0.6 opacity, as several histograms of one chart are.
@Suite struct HistogramSplitTests {
    @Test func eachGroupCountsItsValuesIntoTheBinsOfAll() throws {
        let split = GoldenCharts.example("histogram-split")
        #expect(split.series.map(\.name) == ["Fair", "Good", "Poor"])
        var whole = split
        let unsplit = try decodeSpec(#"{"series": [{"type": "histogram", "data": {"csv": "stations.csv", "x": "temperature_c"}, "bins": {"width": 1, "range": [9, 25]}}]}"#
            .replacingOccurrences(of: "stations.csv", with: repositoryRoot.appendingPathComponent("Examples/stations.csv").path))
        whole.series = unsplit.series
        let edges = whole.series[0].histogram.edges
        #expect(split.series.allSatisfy { $0.histogram.edges == edges && $0.histogram.opacity == 0.6 })
        for bin in 0..<(edges.count - 1) {
            #expect(split.series.map { $0.y[bin] }.reduce(0, +) == whole.series[0].y[bin], "bin \(bin)")
        }
        // 49 Fair, 69 Good, 42 Poor stations, all inside 9…25 °C.
        #expect(split.series.map { $0.y.doubles.reduce(0, +) } == [49, 69, 42])
        let entries = try Shared.renderer(.cpu).layoutReport(split).texts.filter { $0.role.kind == .legendEntry }.map(\.text)
        #expect(entries == ["Fair", "Good", "Poor"])
    }

    /// A histogram's empty bins get no value label: no bar to name, and their zeros would take real counts' places.
    @Test func emptyBinsHaveNoValueLabels() throws {
        let chart = try decodeSpec(#"{"width": 480, "height": 300, "series": [{"type": "histogram", "x": [0.5, 0.5, 2.5, 4.5, 4.5, 4.5], "bins": [0, 1, 2, 3, 4, 5], "valueLabels": true}]}"#)
        let labels = try Shared.renderer(.cpu).layoutReport(chart).texts.filter { $0.role.kind == .pointLabel }.map(\.text)
        #expect(labels.sorted() == ["1", "2", "3"], "\(labels)")
    }

    @Test func inlineNamesAreOnePerValue() throws {
        let chart = try decodeSpec(#"{"series": [{"type": "histogram", "x": [1, 2, 2, 3], "split": ["a", "b", "a", "b"], "bins": [0, 2, 4], "fillOpacity": 1}]}"#)
        #expect(chart.series.map(\.name) == ["a", "b"] && chart.series.map { $0.y.doubles } == [[1, 1], [0, 2]])
        #expect(chart.series.allSatisfy { $0.histogram.opacity == 1 })
        #expect(specError(#"{"series": [{"type": "histogram", "x": [1, 2], "split": ["a"]}]}"#).hasPrefix("series[0].split: has 1 names but the series has 2 values"))
        // Several histogram objects overlap as a split's do; a lone one and one with its own opacity are drawn as
        // given.
        let two = try decodeSpec(#"{"series": [{"type": "histogram", "x": [1, 2]}, {"type": "histogram", "x": [2, 3]}, {"type": "histogram", "x": [3], "fillOpacity": 0.9}]}"#)
        #expect(two.series.map(\.histogram.opacity) == [0.6, 0.6, 0.9])
        #expect(try decodeSpec(#"{"series": [{"type": "histogram", "x": [1, 2]}, {"y": [1, 2]}]}"#).series[0].histogram.opacity == 1)

        #expect(specError(#"{"series": [{"type": "heatmap", "z": [[1]], "split": ["a"]}]}"#).hasPrefix("series[0].split: a heatmap cannot be split"))
    }
}
