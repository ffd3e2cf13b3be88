/// A pie or donut (`"type": "pie"`): a slice per point, its angle its value's share of the total, clockwise from
/// `PieStyle.startAngle`, in the colour of its category (the palette's, or the series' per-point colours), each
/// slice one fill path; neighbouring slices parted by the series' outline (the plot's background colour, 1 px).
/// A pie takes no axes: the disc is centred in the plot (`ChartLayout` lays a chart of pies out without axes).
enum PieMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .pie }

    /// The unit square, exactly: a pie's points are not positions, and the layout draws no axes for it.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        var fit = MarkFit(x: 0...1, y: 0...1)
        fit.tight = true
        return fit
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let s = context.series, pie = PieGeometry(s, layout: context.layout), clip = context.layout.plotClip
        let color = sliceColors(s)
        let fills = pie.slices.compactMap { slice in color(slice.index).map { PathShape(outlines: [pie.outline(slice)], color: $0) } }
        var commands = [SceneCommand(.paths(fills), clip: clip)]
        if pie.slices.count > 1, let edge = s.outline.color, edge.alpha > 0, s.outline.width > 0 {
            // A radial line at each slice's start, from the hole (or the centre) to just past the rim.
            var (xs, ys) = ([Double](), [Double]())
            for slice in pie.slices {
                let (a, b) = (pie.point(slice.start, pie.hole), pie.point(slice.start, pie.radius + 1))
                xs += [a.x, b.x, .nan]
                ys += [a.y, b.y, .nan]
            }
            let line = LineShape(x: Column(xs), y: Column(ys), transform: .identity, color: edge,
                                 width: s.outline.width * context.layout.typography.scale, cap: .butt)
            commands.append(SceneCommand(.line(line), clip: clip))
        }
        return commands
    }

    /// The slice under `pixel`.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        PieGeometry(context.series, layout: context.layout).slice(at: pixel)?.index
    }

    /// Values that are not numbers have no slice.
    static func notices(_ s: Series, index: Int) -> [String] {
        let missing = s.y.reduce(0) { $0 + ($1.isNaN || $1.isInfinite ? 1 : 0) }
        return missing == 0 ? [] : ["series[\(index)]: \(missing) of the pie's \(s.y.count) values \(missing == 1 ? "is" : "are") not "
                                    + "finite; \(missing == 1 ? "its slice is" : "their slices are") left out"]
    }

    /// The colour of the slice of each point: its category's (`Theme.styled` gives a pie without per-point colours
    /// the palette, a category per point), nil for a point whose colour value is a gap.
    static func sliceColors(_ s: Series) -> (Int) -> Color? {
        guard let colors = s.pointColors else { return { _ in s.color } }
        let scale = colors.scale.resolved(for: colors.values)
        return { i in i < colors.values.count ? scale.color(for: colors.values[i]) : nil }
    }

    /// The name of each slice: the series' label for its point, else its number from 1.
    static func names(_ s: Series) -> [String] {
        s.y.indices.map { i in s.labels.flatMap { i < $0.count ? $0[i] : nil } ?? "\(i + 1)" }
    }
}
