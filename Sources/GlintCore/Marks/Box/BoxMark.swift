/// Box plots (`"type": "box"`): per group a box from the first to the third quartile in the series' colour, edged
/// and split at the median by a darker line, notched at the median's confidence interval when asked, whiskers with
/// caps out to their ends, and the outliers as rings. Edges, whiskers and caps are whole device pixels on whole
/// pixels; boxes of several series on a category axis stand side by side in their slot (`BarGroups`).
enum BoxMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .box }

    /// The boxes span their width across their positions and reach from the lowest whisker or outlier to the highest
    /// (outliers held even when not drawn, as docs/spec.md says).
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        let values = (s.box.summaries ?? []).flatMap { [$0.q1, $0.q3, $0.low, $0.high] + $0.outliers }
        var fit = MarkFit(x: extent.x, y: extent.y).holding(values, on: chart.axis(for: s).function)
        let half = width(s, forward: chart.x.function) / 2
        fit.x = (extent.x.lowerBound - half)...(extent.x.upperBound + half)
        return fit
    }

    /// A small box with its median, whiskers and caps.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let h = (rect.height * 0.8).rounded(), w = max(type.px(4), (h * 0.6).rounded()), c = rect.center, line = max(1, type.px(1).rounded())
        let top = (c.y - h / 2).rounded(), left = (c.x - w / 2).rounded()
        let box = Drawn(box: Rect(x: left, y: (c.y - h / 4).rounded(), width: w, height: (h / 2).rounded()), median: c.y.rounded(),
                        notch: nil, low: top + h, high: top, group: 0)
        return [SceneCommand(.rects(box.rects(fill: fill(color), edge: edge(s, color: color), line: line)))]
    }

    /// Outlined around a light fill.
    static func repeatedLook(_ s: Series, background: Color) -> Series { s.outlinedLook(background: background) }

    /// The group whose box or whiskers contain `pixel`.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        boxes(context.series, transform: context.layout.transform(for: context.series), slot: context.group, layout: context.layout)
            .first { $0.bounds.insetBy(-2).contains(pixel) }?.group
    }

    /// Every box's and whisker's rectangle, and a small square per outlier.
    static func occupied(_ s: Series, transform: DataTransform, slot: BarGroups.Slot, scale: Double) -> [Rect] {
        let drawn = boxes(s, transform: transform, slot: slot, layout: nil)
        let r = outlierRadius * scale
        return drawn.map(\.bounds) + outliers(s, transform: transform, slot: slot).map { Rect(x: $0.x - r, y: $0.y - r, width: 2 * r, height: 2 * r) }
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let s = context.series, layout = context.layout, t = layout.transform(for: s)
        let edge = edge(s, color: context.color), line = max(1, layout.typography.px(1).rounded())
        let drawn = boxes(s, transform: t, slot: context.group, layout: layout)
        var commands: [SceneCommand] = []
        let notched = drawn.compactMap { box in box.notch.map { (box, $0) } }
        if !notched.isEmpty {
            let paths = notched.map { PathShape(outlines: [$0.0.notchOutline($0.1)], color: fill(context.color)) }
            commands.append(SceneCommand(.paths(paths), clip: layout.plotClip))
            for (box, notch) in notched {
                var outline = box.notchOutline(notch)
                outline.append(outline[0])
                var shape = LineShape(x: Column(outline.map(\.x)), y: Column(outline.map(\.y)), transform: .identity, color: edge,
                                      width: line, join: .miter, cap: .butt)
                shape.miterLimit = 10
                commands.append(SceneCommand(.line(shape), clip: layout.plotClip))
            }
        }
        let rects = drawn.flatMap { $0.rects(fill: fill(context.color), edge: edge, line: line) }
        if !rects.isEmpty { commands.append(SceneCommand(.rects(rects), clip: layout.plotClip)) }
        let rings = outliers(s, transform: t, slot: context.group)
        if !rings.isEmpty {
            let r = outlierRadius * layout.typography.scale
            commands.append(SceneCommand(.dots(DotShape(x: Column(rings.map(\.x)), y: Column(rings.map(\.y)), size: nil, transform: .identity,
                                                        radius: r...r, sizeRange: 0...0, fill: .clear, stroke: edge, strokeWidth: line)),
                                         clip: layout.plotClip))
        }
        return commands
    }

    /// An outlier's ring radius, in logical pixels.
    static let outlierRadius = 3.0

    /// A box's fill: the series' colour let through at 60 %, lighter on a light plot and darker on a dark one, so
    /// that the edge and the median read against it.
    static func fill(_ color: Color) -> Color { color.withAlpha(color.alpha * 0.6) }

    /// The colour of a box's edge, median, whiskers and outliers: the series' outline, or its colour darkened.
    static func edge(_ s: Series, color: Color) -> Color {
        s.outline.color ?? color.mixed(with: .black, amount: 0.45)
    }

    /// A box's width in scale units: its share of the smallest distance between groups.
    static func width(_ s: Series, forward: ScaleFunction) -> Double {
        s.box.width * (DataRange.smallestGap(s.x, forward: forward) ?? 1)
    }

    /// One drawn box, in device pixels: the box from q3 (top) to q1, the median's row, the notch's rows, the
    /// whiskers' ends, and the group it shows.
    struct Drawn {
        let box: Rect, median: Double, notch: (top: Double, bottom: Double)?, low: Double, high: Double, group: Int

        /// The box with its whiskers.
        var bounds: Rect { Rect(x: box.x, y: high, width: box.width, height: max(low - high, box.height)).union(box) }

        /// The box (unless notched: its path is drawn apart) edged `line` wide, the median two lines thick, whiskers
        /// and caps half the box wide.
        func rects(fill: Color, edge: Color, line: Double) -> [RectShape] {
            let centre = (box.center.x - line / 2).rounded(), cap = (box.width / 2).rounded()
            var rects: [RectShape] = []
            if notch == nil { rects.append(RectShape(box, fill, border: RectBorder(width: line, color: edge))) }
            if high < box.y { rects.append(RectShape(Rect(x: centre, y: high, width: line, height: box.y - high), edge)) }
            if low > box.maxY { rects.append(RectShape(Rect(x: centre, y: box.maxY, width: line, height: low - box.maxY), edge)) }
            for end in [high, low] {
                rects.append(RectShape(Rect(x: (box.center.x - cap / 2).rounded(), y: (end - line / 2).rounded(), width: cap, height: line), edge))
            }
            let indent = notch == nil ? 0 : (box.width / 4).rounded()
            rects.append(RectShape(Rect(x: box.x + indent, y: (median - line).rounded(), width: box.width - 2 * indent, height: 2 * line), edge))
            return rects
        }

        /// The notched box's outline, clockwise from its bottom left: in to the median a quarter of the box's width
        /// on both sides. Notch ends beyond the quartiles are drawn at them.
        func notchOutline(_ notch: (top: Double, bottom: Double)) -> [Point] {
            let (l, r, indent) = (box.x, box.maxX, (box.width / 4).rounded())
            let top = max(notch.top, box.y), bottom = min(notch.bottom, box.maxY)
            return [Point(l, box.maxY), Point(l, bottom), Point(l + indent, median), Point(l, top), Point(l, box.y),
                    Point(r, box.y), Point(r, top), Point(r - indent, median), Point(r, bottom), Point(r, box.maxY)]
        }
    }

    /// The boxes of `s` (summarised) under `transform`, in `slot`; clamped near the image of `layout` when given.
    static func boxes(_ s: Series, transform t: DataTransform, slot: BarGroups.Slot, layout: ChartLayout?) -> [Drawn] {
        guard let summaries = s.box.summaries else { return [] }
        let width = width(s, forward: t.forwardX), half = width * slot.share / 2, shift = width * slot.offset
        let limit = layout.map { Double(max($0.imageWidth, $0.imageHeight)) + GuardBand.margin } ?? .greatestFiniteMagnitude
        func near(_ v: Double) -> Double { min(max(v, -limit), limit) }
        func py(_ v: Double) -> Double? { t.forwardY.admits(v) ? near(t.apply(0, t.forwardY(v)).y) : nil }
        return summaries.enumerated().compactMap { group, b in
            guard t.forwardX.admits(b.position), let q1 = py(b.q1), let q3 = py(b.q3), let median = py(b.median) else { return nil }
            let u = t.forwardX(b.position) + shift
            let left = near(t.apply(u - half, 0).x).rounded(), right = near(t.apply(u + half, 0).x).rounded()
            let box = Rect(x: min(left, right), y: q3.rounded(), width: max(abs(right - left), 1), height: max(q1.rounded() - q3.rounded(), 1))
            let notch = s.box.notch ? py(b.notchHigh).flatMap { top in py(b.notchLow).map { (top: top, bottom: $0) } } : nil
            return Drawn(box: box, median: median, notch: notch, low: (py(b.low) ?? q1).rounded(), high: (py(b.high) ?? q3).rounded(), group: group)
        }
    }

    /// The outliers' centres in device pixels, at their boxes' centres (none when `outliers` is off).
    static func outliers(_ s: Series, transform t: DataTransform, slot: BarGroups.Slot) -> [Point] {
        guard s.box.outliers, let summaries = s.box.summaries else { return [] }
        let shift = width(s, forward: t.forwardX) * slot.offset
        return summaries.flatMap { b -> [Point] in
            guard t.forwardX.admits(b.position) else { return [] }
            let u = t.forwardX(b.position) + shift
            return b.outliers.compactMap { v in t.forwardY.admits(v) ? t.apply(u, t.forwardY(v)) : nil }
        }
    }
}
