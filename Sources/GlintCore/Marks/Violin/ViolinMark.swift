import Glibc

/// Violin plots (`"type": "violin"`): per group the kernel density of its values mirrored about its x, filled in the
/// series' colour as a box is and edged in the darker (or, on a dark plot, lighter) edge colour, with the values'
/// whiskers as a thin line, their quartiles as a thick one and their median as a white dot inside. Every violin of
/// a series is drawn to one density scale (each encloses the same area); the widest is `width` of the distance
/// between groups, shared with the violins of other series on a category axis (`BarGroups`).
enum ViolinMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .violin }

    /// The violins reach from the lowest point of any curve to the highest, and span their width across their x.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        let reach = (s.violin.violins ?? []).flatMap { v -> [Double] in [v.summary.low, v.summary.high] + (v.y.isEmpty ? [] : [v.y[0], v.y[v.y.count - 1]]) }
        var fit = MarkFit(x: extent.x, y: extent.y).holding(reach, on: chart.axis(for: s).function)
        let half = width(s, forward: chart.x.function) / 2
        fit.x = (extent.x.lowerBound - half)...(extent.x.upperBound + half)
        return fit
    }

    /// A small violin: a diamond-like curve with its quartile bar.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let h = (rect.height * 0.8).rounded(), w = max(type.px(4), (h * 0.6).rounded()), c = rect.center
        let ys = (0...16).map { c.y + h / 2 - h * Double($0) / 16 }
        let widths = (0...16).map { k -> Double in let t = Double(k) / 16 - 0.5; return w / 2 * exp(-8 * t * t) }
        let outline = zip(ys, widths).map { Point(c.x + $1, $0) } + zip(ys, widths).reversed().map { Point(c.x - $1, $0) }
        let edge = BoxMark.edge(s, color: color), line = max(1, type.px(1).rounded())
        return [SceneCommand(.paths([PathShape(outlines: [outline], color: BoxMark.fill(color))])),
                SceneCommand(.rects([RectShape(Rect(x: (c.x - line).rounded(), y: (c.y - h / 5).rounded(), width: 2 * line, height: (2 * h / 5).rounded()), edge)]))]
    }

    /// Outlined around a light fill.
    static func repeatedLook(_ s: Series, background: Color) -> Series { s.outlinedLook(background: background) }

    /// The group whose violin's box contains `pixel`.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        violins(context.series, transform: context.layout.transform(for: context.series), slot: context.group).first { $0.bounds.contains(pixel) }?.group
    }

    /// Every violin's bounding rectangle.
    static func occupied(_ s: Series, transform: DataTransform, slot: BarGroups.Slot, scale: Double) -> [Rect] {
        violins(s, transform: transform, slot: slot).map(\.bounds)
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let s = context.series, layout = context.layout
        let drawn = violins(s, transform: layout.transform(for: s), slot: context.group)
        let edge = BoxMark.edge(s, color: context.color), line = max(1, layout.typography.px(1).rounded()), clip = layout.plotClip
        var commands: [SceneCommand] = []
        let shapes = drawn.filter { $0.outline.count >= 3 }
        if !shapes.isEmpty {
            commands.append(SceneCommand(.paths(shapes.map { PathShape(outlines: [$0.outline], color: BoxMark.fill(context.color)) }), clip: clip))
            for violin in shapes {
                let closed = violin.outline + [violin.outline[0]]
                commands.append(SceneCommand(.line(LineShape(x: Column(closed.map(\.x)), y: Column(closed.map(\.y)), transform: .identity, color: edge,
                                                             width: line, join: .round, cap: .butt)), clip: clip))
            }
        }
        // Inside: the whiskers' span thin, the quartiles' thick, the median a white dot.
        let rects = drawn.flatMap { v -> [RectShape] in
            let centre = v.centre.rounded()
            return [RectShape(Rect(x: (centre - line / 2).rounded(), y: v.high, width: line, height: max(v.low - v.high, line)), edge),
                    RectShape(Rect(x: centre - 2 * line, y: v.q3, width: 4 * line, height: max(v.q1 - v.q3, line)), edge)]
        }
        if !rects.isEmpty { commands.append(SceneCommand(.rects(rects), clip: clip)) }
        if !drawn.isEmpty {
            let r = 2.5 * layout.typography.scale
            commands.append(SceneCommand(.dots(DotShape(x: Column(drawn.map { $0.centre.rounded() }), y: Column(drawn.map(\.median)), size: nil,
                                                        transform: .identity, radius: r...r, sizeRange: 0...0, fill: .white)), clip: clip))
        }
        return commands
    }

    /// The least distance in device pixels between the outline's points.
    static let outlineStep = 2.0

    /// The widest violin's width in scale units: its share of the smallest distance between groups.
    static func width(_ s: Series, forward: ScaleFunction) -> Double {
        s.violin.width * (DataRange.smallestGap(s.x, forward: forward) ?? 1)
    }

    /// One drawn violin in device pixels: its outline (empty where the values have no spread), its centre's column,
    /// the rows of its whiskers' ends, quartiles and median, and the group it shows.
    struct Drawn {
        let outline: [Point], centre: Double, low: Double, high: Double, q1: Double, q3: Double, median: Double, group: Int

        /// The box the outline and the inner lines fill.
        var bounds: Rect {
            let xs = outline.map(\.x) + [centre - 2, centre + 2], ys = outline.map(\.y) + [low, high]
            let (x0, x1, y0, y1) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// The violins of `s` (summarised) under `transform`, in `slot`: one density scale for all of them.
    static func violins(_ s: Series, transform t: DataTransform, slot: BarGroups.Slot) -> [Drawn] {
        guard let violins = s.violin.violins else { return [] }
        let width = width(s, forward: t.forwardX), half = width * slot.share / 2, shift = width * slot.offset
        let peak = violins.flatMap(\.density).filter(\.isFinite).max() ?? 0
        let limit = 1e7
        func py(_ v: Double) -> Double? { t.forwardY.admits(v) ? min(max(t.apply(0, t.forwardY(v)).y, -limit), limit) : nil }
        return violins.enumerated().compactMap { group, v in
            let b = v.summary
            guard t.forwardX.admits(b.position), let q1 = py(b.q1), let q3 = py(b.q3), let median = py(b.median) else { return nil }
            let u = t.forwardX(b.position) + shift
            let centre = t.apply(u, 0).x, reach = abs(t.apply(u + half, 0).x - centre)
            var right: [Point] = [], left: [Point] = []
            if peak > 0 {
                // A point at least `outlineStep` px from the last kept (and the last point): smooth at any size, and
                // few enough pieces for layout to test text against.
                for (k, (y, d)) in zip(v.y, v.density).enumerated() where d.isFinite {
                    guard let row = py(y) else { continue }
                    let p = Point(centre + reach * d / peak, row)
                    if let last = right.last, max(abs(p.x - last.x), abs(p.y - last.y)) < outlineStep, k < v.y.count - 1 { continue }
                    right.append(p)
                    left.append(Point(2 * centre - p.x, row))
                }
            }
            return Drawn(outline: right + left.reversed(), centre: centre, low: (py(b.low) ?? q1).rounded(), high: (py(b.high) ?? q3).rounded(),
                         q1: q1.rounded(), q3: q3.rounded(), median: median, group: group)
        }
    }
}
