/// The area between a line and its baseline (`"type": "area"`): one fill path per series, so a translucent fill
/// composites once however its outlines overlap, and the line drawn over it. A long line is reduced as a line is
/// (M4 over the plot's pixel columns: each column keeps its reach), so a long area costs what a long line does.
enum AreaMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .area && series.polarDrawing == nil }

    /// The points' extent and a constant baseline (a log axis's baseline ≤ 0 is its bottom edge instead).
    static func fit(_ series: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        var fit = MarkFit(x: extent.x, y: extent.y)
        let axis = series.axis == .y2 ? chart.y2 : chart.y
        // The extent is in the axis's scale space (decades on a log axis), and so is the baseline it must hold.
        if case let .value(b) = series.area.baseline, case let u = axis.function(b), u.isFinite {
            fit.y = DataRange.union(fit.y, u...u) ?? fit.y
        }
        return fit
    }

    /// A long line's M4 points (as `LineMark`), otherwise all of them.
    static func reduce(_ context: MarkContext) -> MarkPoints {
        let s = context.series
        let shape = LineMark.shape(s, color: context.color, layout: context.layout)
        if s.line.decimate, let result = LineMark.decimation(of: shape, plot: context.layout.plotClip, threads: context.threads) {
            return MarkPoints(x: result.x, y: result.y)
        }
        return MarkPoints(x: s.x, y: s.y)
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let layout = context.layout, s = context.series
        var transform = layout.transform(for: s)
        if points.inScaleSpace { transform = transform.scaleSpace }
        let fill = s.area.fill(context.color)
        var outlines: [[Point]]
        if let bases = context.bases, points.x.count != s.x.count {
            // A long stacked area: along its reduced line, back along the reduced line of its bases.
            var below = LineMark.shape(s, color: context.color, layout: layout)
            below.y = Column(bases)
            let reduced = LineMark.decimation(of: below, plot: layout.plotClip, threads: context.threads)
            outlines = self.outlines(points, along: MarkPoints(x: reduced?.x ?? s.x, y: reduced?.y ?? below.y), transform: transform,
                                     bottom: layout.plot.maxY + 1)
        } else {
            outlines = self.outlines(points, baseline: baseline(s, context, transform: transform), transform: transform)
        }
        if context.zoomed {
            let box = GuardBand.box(width: layout.imageWidth, height: layout.imageHeight, margin: GuardBand.margin)
            outlines = outlines.map { GuardBand.cutOutline($0, box) }.filter { $0.count >= 3 }
        }
        var commands = [SceneCommand(.paths([PathShape(outlines: outlines, color: fill)]), clip: layout.plotClip)]
        if s.area.edge && s.line.width > 0 { commands += LineMark.emit(points, context) }
        return commands
    }

    /// The pixel y of the baseline under point i at data x: its stack base, a constant baseline's row, or the
    /// baseline series' y there; nil where the baseline series has no value (outside its x span, or at its gaps).
    /// A base with no place on a log axis (≤ 0) is the plot's bottom edge.
    static func baseline(_ s: Series, _ context: MarkContext, transform: DataTransform) -> (Int, Double) -> Double? {
        let mapping = PixelMapping(transform), bottom = context.layout.plot.maxY + 1
        func row(_ x: Double, _ y: Double) -> Double { transform.forwardY(y).isFinite ? Double(mapping.y(y)) : bottom }
        if let bases = context.bases { return { i, x in i < bases.count ? row(x, bases[i]) : nil } }
        switch s.area.baseline {
        case let .value(b):
            let constant = row(0, b)
            return { _, _ in constant }
        case .series:
            guard let other = context.baseline else { return { _, _ in nil } }
            return { _, x in Interpolation.linear(at: x, xs: other.x, ys: other.y).map { row(x, $0) } }
        }
    }

    /// One closed outline per run of points without a gap: along the line, then back along the baseline.
    static func outlines(_ points: MarkPoints, baseline: (Int, Double) -> Double?, transform: DataTransform) -> [[Point]] {
        let mapping = PixelMapping(transform)
        var outlines: [[Point]] = [], top: [Point] = [], bottom: [Point] = []
        func close() {
            if top.count >= 2 { outlines.append(top + bottom.reversed()) }
            (top, bottom) = ([], [])
        }
        for i in 0..<min(points.x.count, points.y.count) {
            let x = points.x[i]
            guard let p = mapping.point(x, points.y[i]), let base = baseline(i, x) else {
                close()
                continue
            }
            top.append(Point(Double(p.x), Double(p.y)))
            bottom.append(Point(Double(p.x), base))
        }
        close()
        return outlines
    }

    /// One closed outline per run of points without a gap, sorted by x: along the line, then back along the
    /// polyline `below` over the run's x span (read between its points at the run's ends); a base with no place on a
    /// log axis is `bottom`.
    static func outlines(_ points: MarkPoints, along below: MarkPoints, transform: DataTransform, bottom: Double) -> [[Point]] {
        let mapping = PixelMapping(transform)
        func pixel(_ x: Double, _ y: Double) -> Point? {
            guard let p = mapping.point(x, y) else { return mapping.point(x, 1).map { Point(Double($0.x), bottom) } }
            return Point(Double(p.x), Double(p.y))
        }
        var outlines: [[Point]] = [], run: [(x: Double, p: Point)] = []
        func close() {
            defer { run = [] }
            guard run.count >= 2, let first = run.first?.x, let last = run.last?.x else { return }
            var back: [Point] = []
            if let y = Interpolation.linear(at: last, xs: below.x, ys: below.y), let p = pixel(last, y) { back.append(p) }
            // The points of `below` strictly inside the run's span, last first (both are sorted by x).
            // Empty for a run whose ends share an x (repeated positions), where the first index past `first` lies beyond it.
            let inside = Range(checked: Interpolation.firstIndex(past: first, in: below.x), Interpolation.firstIndex(atOrPast: last, in: below.x))
            for k in inside.reversed() {
                if let p = pixel(below.x[k], below.y[k]) { back.append(p) }
            }
            if let y = Interpolation.linear(at: first, xs: below.x, ys: below.y), let p = pixel(first, y) { back.append(p) }
            outlines.append(run.map(\.p) + back)
        }
        for i in 0..<min(points.x.count, points.y.count) {
            guard let p = mapping.point(points.x[i], points.y[i]) else {
                close()
                continue
            }
            run.append((points.x[i], Point(Double(p.x), Double(p.y))))
        }
        close()
        return outlines
    }

    /// A filled square under a line across it, as the area and its edge.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let side = (rect.height * 0.8).rounded(), c = rect.center
        let square = Rect(x: rect.x, y: (c.y - side / 2).rounded(), width: rect.width, height: side)
        var commands = [SceneCommand(.rects([RectShape(square, s.area.fill(color))]))]
        if s.area.edge {
            let width = min(s.line.width * type.scale, side / 2)
            commands.append(SceneCommand(.line(LineShape(x: [square.x, square.maxX], y: [square.y + width / 2, square.y + width / 2],
                                                         transform: .identity, color: color, width: width, cap: .butt))))
        }
        return commands
    }
}

/// Values of a line read between its points.
enum Interpolation {
    /// The y of the polyline (`xs`, `ys`, sorted by x) at `x`, linearly between the points either side; nil outside
    /// its x span or next to a gap.
    static func linear(at x: Double, xs: Column, ys: Column) -> Double? {
        let n = min(xs.count, ys.count)
        guard n > 0, x.isFinite else { return nil }
        let low = firstIndex(atOrPast: x, in: xs)
        guard low < n else { return nil }
        if xs[low] == x { return ys[low].isFinite ? ys[low] : nil }
        guard low > 0 else { return nil }
        let (x0, x1, y0, y1) = (xs[low - 1], xs[low], ys[low - 1], ys[low])
        guard y0.isFinite, y1.isFinite, x1 > x0 else { return nil }
        return y0 + (y1 - y0) * ((x - x0) / (x1 - x0))
    }

    /// The index of the first of the sorted `xs` that is x or more (`xs.count` when none is).
    static func firstIndex(atOrPast x: Double, in xs: Column) -> Int { partition(xs) { $0 < x } }

    /// The index of the first of the sorted `xs` that is more than x (`xs.count` when none is).
    static func firstIndex(past x: Double, in xs: Column) -> Int { partition(xs) { $0 <= x } }

    /// The number of leading values of `xs` for which `before` holds (binary search: it holds for a prefix).
    private static func partition(_ xs: Column, _ before: (Double) -> Bool) -> Int {
        var (low, high) = (0, xs.count)
        while low < high {
            let mid = (low + high) / 2
            if before(xs[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
