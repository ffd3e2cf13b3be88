/// A stem from the baseline to each point (`"type": "stem"`, a lollipop chart; `DotMark` draws the heads over
/// them): a vertical line in the series' colour, width and dashes, cut square at both ends, none at a gap.
enum StemMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .stem }

    /// The points and the baseline, where it has a place on the axis; a baseline of 0 on a linear axis starts the
    /// domain at zero, as bars do.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        var fit = MarkFit(x: extent.x, y: extent.y)
        let axis = chart.axis(for: s), b = axis.function(s.stemStyle.baseline)
        if b.isFinite { fit.y = DataRange.union(fit.y, b...b) ?? fit.y }
        fit.zeroBaselineY = s.stemStyle.baseline == 0 && axis.scale == .linear
        return fit
    }

    /// A stem rising to the middle of the sample, where the head's dot sits.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let c = rect.center, width = min(s.line.width * type.scale, rect.width * 0.3)
        return [SceneCommand(.line(LineShape(x: [c.x, c.x], y: [rect.maxY, c.y], transform: .identity, color: color, width: width, cap: .butt)))]
    }

    /// Outlined heads around a light fill, as dots.
    static func repeatedLook(_ s: Series, background: Color) -> Series { s.outlinedLook(background: background) }

    /// One line of the stems in pixels, a gap between each: from the baseline's row (the plot's bottom edge where
    /// the baseline has no place on the axis) to the point's.
    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let layout = context.layout, s = context.series
        var shape = LineMark.shape(s, color: context.color, layout: layout)
        let mapping = PixelMapping(shape.transform), baseline = s.stemStyle.baseline
        let foot = mapping.forwardY(baseline).isFinite ? Double(mapping.y(baseline)) : layout.plot.maxY + 1
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(points.x.count * 3)
        ys.reserveCapacity(points.x.count * 3)
        for i in 0..<min(points.x.count, points.y.count) {
            guard let p = mapping.point(points.x[i], points.y[i]) else { continue }
            xs += [Double(p.x), Double(p.x), .nan]
            ys += [foot, Double(p.y), .nan]
        }
        (shape.x, shape.y, shape.transform, shape.cap) = (Column(xs), Column(ys), .identity, .butt)
        return [SceneCommand(.line(shape), clip: layout.plotClip)]
    }
}
