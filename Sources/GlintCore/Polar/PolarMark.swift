/// The lines, areas and bars of a polar chart, drawn from their points on the disc (`Series.polarDrawing`): a line
/// through them (closed over category names: a radar chart's), an area filled from the hole (or the centre) out to
/// its line, a bar a wedge from the hole (or its stack's base) out to its value, centred on its angle (a rose
/// chart's). Dots and a line's markers are the dots mark's, at the points' pixels.
enum PolarMark: Mark {
    static func draws(_ series: Series) -> Bool {
        series.polarDrawing != nil && [.line, .area, .bars].contains(series.kind)
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        guard let polar = context.series.polarDrawing else { return [] }
        let s = context.series, layout = context.layout, clip = layout.plotClip
        switch s.kind {
        case .bars:
            return [SceneCommand(.paths(wedges(s, polar, color: context.color)), clip: clip)]
        case .area:
            var commands = [SceneCommand(.paths([area(s, polar, color: s.area.fill(context.color))]), clip: clip)]
            if s.area.edge && s.line.width > 0 { commands.append(line(s, polar, context)) }
            return commands
        default:
            return [line(s, polar, context)]
        }
    }

    /// The series' line through its points' pixels, closed on its first point when the drawing is.
    static func line(_ s: Series, _ polar: PolarDrawing, _ context: MarkContext) -> SceneCommand {
        var shape = LineMark.shape(s, color: context.color, layout: context.layout)
        var (xs, ys) = (Array(s.x), Array(s.y))
        if polar.closed, let first = xs.indices.first(where: { xs[$0].isFinite && ys[$0].isFinite }), let last = xs.last, last.isFinite {
            xs.append(xs[first])
            ys.append(ys[first])
        }
        (shape.x, shape.y) = (Column(xs), Column(ys))
        return SceneCommand(.line(shape), clip: context.layout.plotClip)
    }

    /// The area inside the series' line: its points' outline (with the hole cut out), or, where the line does not
    /// close, its points and back along the hole's edge.
    static func area(_ s: Series, _ polar: PolarDrawing, color: Color) -> PathShape {
        let g = polar.geometry
        let points = s.x.indices.compactMap { i -> Point? in
            s.x[i].isFinite && s.y[i].isFinite ? Point(s.x[i], s.y[i]) : nil
        }
        let angles = polar.angles.filter(\.isFinite)
        guard let first = angles.first, let last = angles.last else { return PathShape(outlines: [], color: color) }
        if polar.closed {
            let hole = g.hole > 0 ? [g.arc(g.hole, from: 0, to: 2 * .pi)] : []
            return PathShape(outlines: [points] + hole, fillRule: .evenOdd, color: color)
        }
        return PathShape(outlines: [points + g.arc(g.hole, from: last, to: first)], color: color)
    }

    /// A wedge per bar, each its point's colour where the series has a colour per point.
    static func wedges(_ s: Series, _ polar: PolarDrawing, color: Color) -> [PathShape] {
        let colors = s.pointColors.map { ($0.values, $0.scale.resolved(for: $0.values)) }
        return polar.angles.indices.compactMap { i in
            guard let w = polar.wedge(i), w.outer > w.inner else { return nil }
            var fill = color
            if let (values, scale) = colors {
                guard i < values.count, let c = scale.color(for: values[i]) else { return nil }
                fill = c
            }
            let g = polar.geometry
            return PathShape(outlines: [g.arc(w.outer, from: w.from, to: w.to) + g.arc(w.inner, from: w.to, to: w.from)], color: fill)
        }
    }

    /// The bar whose wedge holds `pixel`.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        guard context.series.kind == .bars, let polar = context.series.polarDrawing else { return nil }
        return polar.angles.indices.last { polar.wedge($0, holds: pixel) }
    }
}
