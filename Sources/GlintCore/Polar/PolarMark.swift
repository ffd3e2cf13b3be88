import Glibc

/// The lines, areas and bars of a polar chart, drawn from their points on the disc (`Series.polarDrawing`): a line
/// through them (closed over category names: a radar chart's), an area filled from the hole (or the centre) out to
/// its line, a bar a wedge from the hole (or its stack's base) out to its value, centred on its angle (a rose
/// chart's). Dots and a line's markers are the dots mark's, at the points' pixels.
enum PolarMark: Mark {
    static func draws(_ series: Series) -> Bool {
        series.polarDrawing != nil && [.line, .area, .wedges].contains(series.polarShape)
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        guard let polar = context.series.polarDrawing else { return [] }
        let s = context.series, layout = context.layout, clip = layout.plotClip
        switch s.polarShape {
        case .wedges:
            return [SceneCommand(.paths(wedges(s, polar, color: context.color)), clip: clip)]
        case .area:
            var commands = [SceneCommand(.paths([area(s, polar, color: s.area.fill(context.color))]), clip: clip)]
            if s.area.edge && s.line.width > 0 { commands.append(line(s, polar, context)) }
            return commands
        case .line, .dots, nil:
            return [line(s, polar, context)]
        }
    }

    /// The series' line through its points' pixels, closed on its first point when the drawing is and both ends have
    /// a value.
    static func line(_ s: Series, _ polar: PolarDrawing, _ context: MarkContext) -> SceneCommand {
        var shape = LineMark.shape(s, color: context.color, layout: context.layout)
        let path = self.path(polar, gaps: true)
        (shape.x, shape.y) = (Column(path.map(\.x)), Column(path.map(\.y)))
        return SceneCommand(.line(shape), clip: context.layout.plotClip)
    }

    /// The points in pixels, in order: with `gaps`, NaN pairs where values are missing and back to the first point
    /// when the drawing closes and both ends have a value; without, the missing ones passed over and, when the drawing
    /// closes, back to the first that has one. With a hole, each step between two points runs evenly in angle and
    /// distance (the short way round), so that no edge cuts into the hole; without one, edges are straight.
    static func path(_ polar: PolarDrawing, gaps: Bool) -> [Point] {
        let g = polar.geometry
        let has = { (i: Int) in polar.angles[i].isFinite && polar.distances[i].isFinite }
        var indices = gaps ? Array(polar.angles.indices) : polar.angles.indices.filter(has)
        if polar.closed, indices.count > 2, let first = indices.first, let last = indices.last, has(first), has(last) { indices.append(first) }
        var path: [Point] = [], previous: (angle: Double, distance: Double)?
        for i in indices {
            guard has(i) else {
                if path.last.map({ $0.x.isFinite }) ?? false { path.append(Point(.nan, .nan)) }
                previous = nil
                continue
            }
            let (a, d) = (polar.angles[i], polar.distances[i])
            if g.hole > 0, let (a0, d0) = previous {
                // The short way round from the previous point, in steps of at most 2°.
                let turn = remainder(a - a0, 2 * .pi), steps = max(1, Int((abs(turn) / (.pi / 90)).rounded(.up)))
                for k in 1..<steps {
                    let t = Double(k) / Double(steps)
                    path.append(g.point(angle: a0 + turn * t, distance: d0 + (d - d0) * t))
                }
            }
            path.append(g.point(angle: a, distance: d))
            previous = (a, d)
        }
        return path
    }

    /// The area inside the series' line: its points' outline (with the hole cut out), or, where the line does not
    /// close, its points and back along the hole's edge (or through the centre) the way they came; a gap is filled
    /// across.
    static func area(_ s: Series, _ polar: PolarDrawing, color: Color) -> PathShape {
        let g = polar.geometry, outline = path(polar, gaps: false)
        let finite = polar.angles.indices.filter { polar.angles[$0].isFinite && polar.distances[$0].isFinite }
        guard outline.count >= 2, let first = finite.first else { return PathShape(outlines: [], color: color) }
        if polar.closed {
            let hole = g.hole > 0 ? [g.arc(g.hole, from: 0, to: 2 * .pi)] : []
            return PathShape(outlines: [outline] + hole, fillRule: .evenOdd, color: color)
        }
        // The angle travelled from the first point to the last, each step the short way round.
        var travelled = 0.0
        for (a, b) in zip(finite, finite.dropFirst()) { travelled += remainder(polar.angles[b] - polar.angles[a], 2 * .pi) }
        let end = polar.angles[first] + travelled
        return PathShape(outlines: [outline + g.arc(g.hole, from: end, to: polar.angles[first])], color: color)
    }

    /// A wedge per bar, each its point's colour where the series has a colour per point.
    static func wedges(_ s: Series, _ polar: PolarDrawing, color: Color) -> [PathShape] {
        let colors = s.pointColors.map { ($0.values, $0.scale.resolved(for: $0.values)) }
        return polar.angles.indices.compactMap { i in
            // Beyond the plot's farthest corner nothing shows: a wedge reaching further ends there.
            let g = polar.geometry
            guard let w = polar.wedge(i), min(w.outer, g.reach) > w.inner else { return nil }
            var fill = color
            if let (values, scale) = colors {
                guard i < values.count, let c = scale.color(for: values[i]) else { return nil }
                fill = c
            }
            return PathShape(outlines: [g.arc(min(w.outer, g.reach), from: w.from, to: w.to) + g.arc(w.inner, from: w.to, to: w.from)],
                             color: fill)
        }
    }

    /// The bar whose wedge holds `pixel`.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        guard context.series.polarShape == .wedges, let polar = context.series.polarDrawing else { return nil }
        return polar.angles.indices.last { polar.wedge($0, holds: pixel) }
    }
}
