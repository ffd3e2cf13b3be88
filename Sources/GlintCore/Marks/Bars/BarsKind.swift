extension SeriesKind {
    /// One bar per point from the baseline 0 to y, centred on x.
    public static let bars = SeriesKind(named: "bars")
}

/// A bar per point (`BarMark`), vertical or horizontal, grouped or stacked: `normalize` is its key (with areas').
enum BarsKind: MarkDefinition {
    static let kind = SeriesKind.bars
    static let plural = "bars"
    static let keys = ["normalize"]
    static let hasPositions = true
    static let sharesCategorySlots = true
    static let takes: Set<SharedOption> = [.errorBars]
    static let polarShape: PolarShape? = .wedges
    static func cover(_ series: Series) -> PlotCover { .points(series.isHorizontalBars ? .horizontalBars : .verticalBars) }

    /// `normalize`: a stack in percent of its total.
    static func read(_ keys: any MarkKeys, into series: inout Series) throws { series.bars.normalize = try keys.normalizesStack() }
}

extension Series {
    /// A bar series.
    public static func bars(name: String = "", x: Column, y: Column, color: Color? = nil) -> Series {
        Series(kind: .bars, name: name, x: x, y: y, color: color)
    }
}
