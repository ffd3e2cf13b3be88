/// A dot at each point (`"type": "dots"`, or a line's `markers`), its radius scaled by the point's size within
/// the series' radius range, in its shape (`DotStyle.marker`), filled with the series' colour (or each point's, from a
/// colour scale) and stroked.
enum DotMark: Mark {
    static func draws(_ series: Series) -> Bool { series.drawsDots }

    /// One dot of the series' largest radius in its shape, kept readable: at least 3 px, at most what the row
    /// holds (the shape's reach included).
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let r = min(max(s.radius.upperBound * type.scale, type.px(3)), (rect.height / 2 - type.px(1)) / s.dots.marker.reach), c = rect.center
        let stroke = s.outline.dotStroke(scale: type.scale)
        var sample = DotShape(x: [c.x], y: [c.y], size: nil, transform: .identity, radius: r...r, sizeRange: 0...0,
                              fill: color, stroke: stroke.color, strokeWidth: stroke.width)
        sample.marker = s.dots.marker
        return [SceneCommand(.dots(sample))]
    }

    /// Outlined around a light fill.
    static func repeatedLook(_ s: Series, background: Color) -> Series { s.outlinedLook(background: background) }

    /// Points with a position but no size (null, NaN or infinite) are not drawn: said once per series, counted.
    static func notices(_ s: Series, index: Int) -> [String] {
        guard let size = s.size else { return [] }
        let n = min(s.x.count, s.y.count)
        // One pass over the sizes alone; positions are read only where a size is missing (rare).
        let missing = size.withUnsafeDoubles { sizes in
            var count = 0
            for i in 0..<min(n, sizes.count) where !sizes[i].isFinite && s.x[i].isFinite && s.y[i].isFinite { count += 1 }
            for i in min(n, sizes.count)..<n where s.x[i].isFinite && s.y[i].isFinite { count += 1 }
            return count
        }
        guard missing > 0 else { return [] }
        return ["series[\(index)]: \(missing) of \(n) points have no size (null or not finite) and are not drawn; "
                + "give each a size, or leave out \"size\" for dots of one radius"]
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let layout = context.layout
        return [SceneCommand(.dots(shape(context.series, color: context.color, transform: layout.transform(for: context.series),
                                         scale: layout.typography.scale)),
                             clip: layout.plotClip)]
    }

    /// The dot shape of a series, sizes mapped onto its radius range at `scale`.
    static func shape(_ s: Series, color: Color, transform: DataTransform, scale: Double) -> DotShape {
        let sizeRange = s.dots.sizeRange ?? s.size.flatMap(DataRange.finite) ?? 0...0, stroke = s.outline.dotStroke(scale: scale)
        var shape = DotShape(x: s.x, y: s.y, size: s.size, transform: transform,
                             radius: (s.radius.lowerBound * scale)...(s.radius.upperBound * scale),
                             sizeRange: sizeRange, fill: color, stroke: stroke.color, strokeWidth: stroke.width)
        shape.radiusScale = s.dots.radiusScale
        shape.marker = s.dots.marker
        shape.rasterize = s.rasterize
        if let colors = s.pointColors {
            shape.colors = (colors.values, ColorLookup(colors.scale.resolved(for: colors.values)))
        }
        return shape
    }
}
