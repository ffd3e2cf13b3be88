/// A heatmap (`"type": "heatmap"`): its cells as one sampled image (`ImageShape.sampled`), each cell in its value's
/// colour through the series' colour scale — the scale a colour bar naming the series draws — and a missing cell
/// (NaN) left empty. Cells span half-way to their neighbours on linear, time or category axes.
enum HeatmapMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .heatmap }

    /// The cells' extent, half a cell beyond the outer positions (at most to the largest Double), unpadded.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        let (w, h) = (s.heatmap.cellWidth / 2, s.heatmap.cellHeight / 2)
        func widened(_ r: ClosedRange<Double>, _ by: Double) -> ClosedRange<Double> {
            SafeSpan.finite(r.lowerBound - by)...SafeSpan.finite(r.upperBound + by)
        }
        var fit = MarkFit(x: widened(extent.x, w), y: widened(extent.y, h))
        fit.tight = true
        return fit
    }

    /// A square in the scale's middle colour.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        BarMark.legendSample(s, color: s.pointColors?.scale.resolved(for: s.pointColors?.values ?? []).sampleColor ?? color, in: rect, type: type)
    }

    /// The cell under `pixel`.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        guard let image = image(context.series, layout: context.layout) else { return nil }
        let b = image.bounds
        guard b.contains(pixel) else { return nil }
        let column = Int(saturating: ((pixel.x - b.x) / image.cellWidth).rounded(.down))
        let row = Int(saturating: ((b.maxY - pixel.y) / image.cellHeight).rounded(.down))
        guard (0..<image.columns).contains(column), (0..<image.rows).contains(row) else { return nil }
        let index = row * image.columns + column, cells = image.packed ?? []
        return index < cells.count && cells[index] != 0 ? index : nil
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        guard let image = image(context.series, layout: context.layout) else { return [] }
        return [SceneCommand(.image(image), clip: context.layout.plotClip)]
    }

    /// The cells as an image on `layout`: its lowest-left cell's corner, rows upward; nil without cells.
    static func image(_ s: Series, layout: ChartLayout) -> ImageShape? {
        guard let (corner, size) = placement(s, layout: layout), let colors = s.pointColors else { return nil }
        let lookup = ColorLookup(colors.scale.resolved(for: colors.values))
        var image = ImageShape(origin: corner, cellWidth: size.width, cellHeight: size.height, columns: s.heatmap.columns,
                               rows: s.heatmap.rows, rowsUpward: true, packed: colors.values.map { lookup.packed($0) ?? 0 })
        image.sampled = true
        return image
    }

    /// Where the grid lies on `layout`: the lowest-left cell's outer corner and a cell's size, in device pixels.
    static func placement(_ s: Series, layout: ChartLayout) -> (corner: Point, size: (width: Double, height: Double))? {
        let grid = s.heatmap
        guard grid.columns > 0, grid.rows > 0, s.x.count >= grid.columns * grid.rows, s.y.count == s.x.count else { return nil }
        let t = layout.transform(for: s)
        let corner = t.apply(s.x[0] - grid.cellWidth / 2, s.y[0] - grid.cellHeight / 2)
        let far = t.apply(s.x[0] + grid.cellWidth / 2, s.y[0] + grid.cellHeight / 2)
        return (corner, (far.x - corner.x, corner.y - far.y))
    }
}
