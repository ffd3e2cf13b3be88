/// A bar per point (`"type": "bars"`): vertical from the baseline (0, a log axis's bottom, or its base in a stack)
/// to y, or horizontal from x = 0; `barWidth` of the smallest gap between positions wide, side by side in a group,
/// outlined when it has a stroke colour.
enum BarMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .bars && series.polarDrawing == nil }

    /// Bars span their width across their position and reach their value from 0.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        let half = BarGeometry.width(s, forward: BarGeometry.positionScale(s, in: chart)) / 2
        var fit = MarkFit(x: extent.x, y: extent.y)
        if s.bars.orientation == .horizontal {
            fit.y = (extent.y.lowerBound - half)...(extent.y.upperBound + half)
            fit.zeroBaselineX = true
            if chart.x.scale == .linear { fit.x = DataRange.union(extent.x, 0...0) ?? extent.x }
        } else {
            fit.x = (extent.x.lowerBound - half)...(extent.x.upperBound + half)
            fit.zeroBaselineY = true
            if chart.axis(for: s).scale == .linear { fit.y = DataRange.union(extent.y, 0...0) ?? extent.y }
        }
        return fit
    }

    /// A square, bordered by the series' outline.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let side = (rect.height * 0.8).rounded(), c = rect.center
        let square = Rect(x: (c.x - side / 2).rounded(), y: (c.y - side / 2).rounded(), width: side, height: side)
        let border = s.outline.color.map { RectBorder(width: s.outline.width * type.scale, color: $0) }
        return [SceneCommand(.rects([RectShape(square, color, border: border)]))]
    }

    /// Outlined around a light fill.
    static func repeatedLook(_ s: Series, background: Color) -> Series { s.outlinedLook(background: background) }

    /// The bar that contains `pixel`.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        let s = context.series
        let geometry = BarGeometry(s, layout: context.layout, group: context.group, bases: context.bases)
        for i in 0..<min(s.x.count, s.y.count) {
            guard let (a, b) = geometry.corners(i) else { continue }
            if pixel.x >= min(a.x, b.x), pixel.x <= max(a.x, b.x), pixel.y >= min(a.y, b.y), pixel.y <= max(a.y, b.y) { return i }
        }
        return nil
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let s = context.series, layout = context.layout
        let baseline = s.isHorizontalBars ? layout.horizontalBarBaseline : layout.barBaseline(for: s)
        return [SceneCommand(.rects(rects(s, color: context.color, transform: layout.transform(for: s), baseline: baseline,
                                          group: context.group, bases: context.bases,
                                          image: (layout.imageWidth, layout.imageHeight), scale: layout.typography.scale)),
                             clip: layout.plotClip)]
    }

    /// One rectangle per finite point, from `baseline` (0, or the bottom of a log axis; or the bar's own base in a
    /// stack) to y, `barWidth` wide, centred on x.
    /// With an outline colour, each bar also gets an outline `strokeWidth` wide inside its edges.
    static func rects(_ s: Series, color: Color, transform: DataTransform, baseline: Double, group: BarGroups.Slot = .whole,
                      bases: [Double]? = nil, image: (width: Int, height: Int), scale: Double) -> [RectShape] {
        let geometry = BarGeometry(s, transform: transform, baseline: baseline, group: group, bases: bases)
        let colors = s.pointColors.map { ($0.values, $0.scale.resolved(for: $0.values)) }
        var rects: [RectShape] = []
        for i in s.x.indices where i < s.y.count {
            guard let (a, b) = geometry.corners(i) else { continue }
            var fill = color
            if let (values, scale) = colors {
                guard let c = scale.color(for: values[i]) else { continue }
                fill = c
            }
            // Edges far outside the image are pulled in to just outside it: the same pixels, small numbers.
            func near(_ v: Double, _ size: Int) -> Double { min(max(v, -GuardBand.margin), Double(size) + GuardBand.margin) }
            let x0 = near(min(a.x, b.x), image.width), x1 = near(max(a.x, b.x), image.width)
            let y0 = near(min(a.y, b.y), image.height), y1 = near(max(a.y, b.y), image.height)
            let bar = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            let border = s.outline.color.flatMap { s.outline.width > 0 ? RectBorder(width: s.outline.width * scale, color: $0) : nil }
            rects.append(RectShape(bar, fill, border: border))
        }
        return rects
    }
}
