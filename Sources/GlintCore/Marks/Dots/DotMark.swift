/// A dot at each point (`"type": "dots"`, or a line's `markers`), its radius scaled by the point's size within
/// the series' radius range, filled with the series' colour (or each point's, from a colour scale) and stroked.
enum DotMark: Mark {
    static func draws(_ series: Series) -> Bool { series.drawsDots }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let layout = context.layout
        return [SceneCommand(.dots(shape(context.series, color: context.color, transform: layout.transform(for: context.series),
                                         scale: layout.typography.scale)),
                             clip: layout.plotClip)]
    }

    /// The dot shape of a series, sizes mapped onto its radius range at `scale`.
    static func shape(_ s: Series, color: Color, transform: DataTransform, scale: Double) -> DotShape {
        let sizeRange = s.sizeRange ?? s.size.flatMap(DataRange.finite) ?? 0...0
        var shape = DotShape(x: s.x, y: s.y, size: s.size, transform: transform,
                             radius: (s.radius.lowerBound * scale)...(s.radius.upperBound * scale),
                             sizeRange: sizeRange, fill: color, stroke: s.strokeColor ?? .clear,
                             strokeWidth: s.strokeColor == nil ? 0 : s.strokeWidth * scale)
        shape.radiusScale = s.radiusScale
        if let colors = s.pointColors {
            shape.colors = (colors.values, ColorLookup(colors.scale.resolved(for: colors.values)))
        }
        return shape
    }
}
