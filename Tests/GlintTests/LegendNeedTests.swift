import Glint
import GlintRenderTestSupport
import Testing

/// Legends only where they tell something: none for a lone series unless asked for; a pie's slices distinct up to
/// twenty.
@Suite struct LegendNeedTests {
    static func entries(_ chart: Chart) throws -> [Int?] {
        LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get()).entries.map(\.seriesIndex)
    }

    @Test func aLoneSeriesHasNoLegendUnlessAskedFor() throws {
        let lone = Chart(series: [.line(name: "revenue", x: [0, 1, 2], y: [3, 1, 2])])
        #expect(try Self.entries(lone).isEmpty)
        var asked = lone
        asked.legend.showsLoneSeries = true
        #expect(try Self.entries(asked) == [0])
        var titled = lone
        titled.legend.title = "Legend"
        #expect(try Self.entries(titled) == [0], "a legend with a title was asked for")
        let two = Chart(series: [.line(name: "a", x: [0, 1], y: [1, 2]), .line(name: "b", x: [0, 1], y: [2, 1])])
        #expect(try Self.entries(two) == [0, 1])
        // In a spec, "visible": true asks for it.
        let spec = #"{"series": [{"name": "revenue", "y": [3, 1, 2]}], "legend": {"visible": true}}"#
        #expect(try Self.entries(decodeSpec(spec)) == [0])
        #expect(try Self.entries(decodeSpec(spec.replacingOccurrences(of: #""visible": true"#, with: #""position": "bottom""#))).isEmpty)
        // A legend of some series (here the hidden ones) lists what it lists, even one.
        var hidden = two
        hidden.series[1].visible = false
        hidden.legend.source = .hidden
        #expect(try Self.entries(hidden) == [1])
    }

    @Test func aSeriesItsColourBarExplainsHasNoSwatch() throws {
        let heatmap = #"{"type": "heatmap", "name": "temperature", "x": [0, 1, 2], "y": [0, 1], "z": [[1, 2, 3], [4, 5, 6]]}"#
        let line = #"{"type": "line", "name": "path", "x": [0, 1, 2], "y": [0, 1, 0.5]}"#
        let beside = #"{"series": [\#(heatmap), \#(line)], "legend": {"visible": true}, "legends": [{"kind": "colorbar", "series": 0}]}"#
        #expect(try Self.entries(decodeSpec(beside)) == [1], "the heatmap's colours are the colour bar's")
        let alone = #"{"series": [\#(heatmap), \#(line)]}"#
        #expect(try Self.entries(decodeSpec(alone)) == [0, 1], "without a colour bar the heatmap keeps its entry")
    }

    @Test func aPieOfTwelveSlicesHasTwelveColours() throws {
        let pie = Series.pie(values: Column((1...12).map(Double.init)), names: (1...12).map { "slice \($0)" })
        for theme in [Theme.light, Theme.dark] {
            let colors = try #require(theme.styled(pie, at: 0).pointColors)
            let drawn = colors.values.map { colors.scale.color(for: $0) }
            #expect(Set(drawn.map { "\($0)" }).count == 12, "\(drawn)")
        }
    }
}
