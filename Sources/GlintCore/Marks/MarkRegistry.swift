/// The one place the kinds of series and their marks are listed: a new kind adds its definition and its marks
/// here, and everything else about it lives in its folder under `Marks/`.
enum MarkRegistry {
    /// Every kind of series, in the order the spec's messages list them; the first is the spec's default.
    static let kinds: [any MarkDefinition.Type] = [LineKind.self, DotsKind.self, BarsKind.self, AreaKind.self, HistogramKind.self, HeatmapKind.self,
                                                   CandlestickKind.self, OHLCKind.self, PieKind.self, DensityKind.self, StemKind.self,
                                                   BoxKind.self, ViolinKind.self, HexbinKind.self, ContourKind.self]

    /// The definitions by kind.
    static let definitions = Dictionary(uniqueKeysWithValues: kinds.map { ($0.kind, $0) })
}

extension Marks {
    /// Every mark; a series is drawn by each that `draws` it, in this order (stems under their heads' dots).
    static let all: [any Mark.Type] = [DensityMark.self, HeatmapMark.self, HexbinMark.self, ContourMark.self, BandMark.self, PolarMark.self, AreaMark.self, LineMark.self, StepLineMark.self, BarMark.self,
                                       HistogramMark.self, CandleMark.self, BoxMark.self, ViolinMark.self, StemMark.self, ErrorBarMark.self, DotMark.self, PieMark.self]
}

extension Chart {
    /// The chart with each series as its marks draw it (`MarkDefinition.prepared`: a box plot's values summarised).
    var withSeriesPrepared: Chart {
        var chart = self
        chart.series = series.map { $0.kind.definition.prepared($0) }
        return chart
    }
}
