/// A histogram's bars (`"type": "histogram"`): bin i a bar across its edges from the baseline (0, or the bottom
/// of a log axis) to its height, neighbours touching. Edges are placed on whole device pixels, so touching bars
/// share an edge with no seam of half-covered pixels between them; bins narrower than a pixel are drawn as the
/// bar of the pixel column they fall in, as tall as the tallest of them (the picture's envelope, as M4 keeps a
/// line's).
enum HistogramMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .histogram }

    /// The bins' edges along x, and the heights from 0.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        var fit = MarkFit(x: extent.x, y: extent.y)
        let forward = chart.x.function
        let edges = s.histogram.edges.filter(forward.admits).map { forward($0) }
        if let first = edges.first, let last = edges.last { fit.x = first...last }
        fit.zeroBaselineY = true
        if chart.axis(for: s).scale == .linear { fit.y = DataRange.union(extent.y, 0...0) ?? extent.y }
        return fit
    }

    /// A square, as a bar's.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        BarMark.legendSample(s, color: color.withAlpha(color.alpha * s.histogram.opacity), in: rect, type: type)
    }

    /// Outlined around a light fill, as bars.
    static func repeatedLook(_ s: Series, background: Color) -> Series { s.outlinedLook(background: background) }

    /// The bin whose bar contains `pixel` (of bins sharing a pixel column, the tallest).
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        bars(context.series, layout: context.layout).first { $0.rect.contains(pixel) }?.bin
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let s = context.series, scale = context.layout.typography.scale
        let border = s.outline.color.flatMap { s.outline.width > 0 ? RectBorder(width: s.outline.width * scale, color: $0) : nil }
        let fill = context.color.withAlpha(context.color.alpha * s.histogram.opacity)
        let rects = bars(s, layout: context.layout).map { RectShape($0.rect, fill, border: border) }
        return [SceneCommand(.rects(rects), clip: context.layout.plotClip)]
    }

    /// What a histogram leaves out: values outside its bins, and gaps.
    static func notices(_ s: Series, index: Int) -> [String] {
        let h = s.histogram
        var left: [String] = []
        if h.outside > 0 { left.append("\(h.outside) value\(h.outside == 1 ? "" : "s") outside its bins") }
        if h.nonFinite > 0 { left.append("\(h.nonFinite) NaN or infinite value\(h.nonFinite == 1 ? "" : "s")") }
        return left.isEmpty ? [] : ["series[\(index)]: the histogram did not count " + left.joined(separator: " and ")]
    }

    /// The bars of `s` under `layout`, in device pixels, each with the bin it shows (value labels stand on them): a bar per run of bins that ends on a new pixel edge
    /// (one bin, unless bins are narrower than a pixel), as tall as the run's tallest bin; none for runs of height 0.
    static func bars(_ s: Series, layout: ChartLayout) -> [(rect: Rect, bin: Int)] {
        let edges = s.histogram.edges
        let transform = layout.transform(for: s), fx = transform.forwardX, fy = transform.forwardY
        let n = min(s.y.count, edges.count - 1)
        guard n > 0 else { return [] }
        // Positions far outside the image are pulled in to just outside it: the same pixels, small numbers.
        func near(_ v: Double, _ size: Int) -> Double { min(max(v, -GuardBand.margin), Double(size) + GuardBand.margin) }
        func column(_ edge: Double) -> Double? {
            fx.admits(edge) ? near(transform.apply(fx(edge), 0).x, layout.imageWidth).rounded() : nil
        }
        let base = near(transform.apply(0, layout.barBaseline(for: s)).y, layout.imageHeight)
        var bars: [(rect: Rect, bin: Int)] = []
        var start: Double?, top = base, tallest = 0
        for i in 0..<n {
            guard let left = column(edges[i]), let right = column(edges[i + 1]) else { continue }
            if start == nil { (start, top, tallest) = (left, base, i) }
            if fy.admits(s.y[i]) {
                let y = near(transform.apply(0, fy(s.y[i])).y, layout.imageHeight)
                if y < top { (top, tallest) = (y, i) }
            }
            guard let x0 = start, right > x0 else { continue }
            if top < base { bars.append((Rect(x: x0, y: top, width: right - x0, height: base - top), tallest)) }
            start = nil
        }
        return bars
    }
}
