/// The band of a line or dots series (`"band"`): one fill path per series between the band's upper edge and, back
/// along it, its lower edge, composited once, under the series' own marks. A long band over sorted x is reduced as
/// a line is: each edge by M4 over the plot's pixel columns, so each column keeps its reach and a 1e6-point band
/// costs what two decimated lines do.
enum BandMark: Mark {
    static func draws(_ series: Series) -> Bool { series.band != nil }

    /// The band adds to the series' look; its own mark gives it.
    static var decorates: Bool { true }

    /// A translucent square behind the line's sample.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let side = (rect.height * 0.8).rounded(), c = rect.center
        let square = Rect(x: (c.x - side / 2).rounded(), y: (c.y - side / 2).rounded(), width: side, height: side)
        return [SceneCommand(.rects([RectShape(square, color.withAlpha(color.alpha * min(max(s.band?.opacity ?? 0, 0), 1)))]))]
    }

    /// Both edges' extent, added to the points'.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        MarkFit(x: extent.x, y: extent.y).holding(s.band.map { [$0.lower, $0.upper] } ?? [], of: s, in: chart)
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        guard let band = context.series.band else { return [] }
        let s = context.series, layout = context.layout, transform = layout.transform(for: s)
        let (upper, lower) = (edge(s, band.upper, context), edge(s, band.lower, context))
        var outlines: [[Point]]
        if s.xIsSorted || DataRange.isSortedFinite(s.x) {
            outlines = AreaMark.outlines(upper, along: lower, transform: transform, bottom: layout.plot.maxY + 1)
        } else {
            let mapping = PixelMapping(transform)
            outlines = AreaMark.outlines(upper, baseline: { i, x in mapping.point(x, band.lower[i]).map { Double($0.y) } }, transform: transform)
        }
        if context.zoomed {
            let box = GuardBand.box(width: layout.imageWidth, height: layout.imageHeight, margin: GuardBand.margin)
            outlines = outlines.map { GuardBand.cutOutline($0, box) }.filter { $0.count >= 3 }
        }
        let fill = context.color.withAlpha(context.color.alpha * min(max(band.opacity, 0), 1))
        return [SceneCommand(.paths([PathShape(outlines: outlines, color: fill)]), clip: layout.plotClip)]
    }

    /// One edge of the band as points at the series' x: reduced by M4 when the series is long and sorted.
    static func edge(_ s: Series, _ values: Column, _ context: MarkContext) -> MarkPoints {
        var line = LineMark.shape(s, color: context.color, layout: context.layout)
        line.y = values
        if s.line.decimate, DataRange.isSortedFinite(s.x),
           let reduced = LineMark.decimation(of: line, plot: context.layout.plotClip, threads: context.threads) {
            return MarkPoints(x: reduced.x, y: reduced.y)
        }
        return MarkPoints(x: s.x, y: values)
    }
}
