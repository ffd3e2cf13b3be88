import CCairo
import Glint

/// Lines and dots as cairo strokes and discs, at the positions the raster painters draw them (`PixelMapping`, the
/// same Float32 pixels; an aliased line's vertices snapped to pixel centres).
struct CairoMarks {
    let cr: OpaquePointer
    let box: GuardBox

    /// A polyline as one stroke: its self-overlaps composite once, as on the raster painters. Gaps break it; a
    /// dashed line's dashes start afresh after each gap, and each piece cut at the guard box keeps its dash phase.
    func line(_ line: LineShape) {
        let pieces = self.pieces(of: line)
        guard !pieces.isEmpty, line.color.alpha > 0, line.width > 0 else { return }
        cairo_set_line_width(cr, line.width)
        // A dashed line's dashes end square at their lengths and its corners are round, whatever its cap and join
        // say (as on the raster painters, whose dash coverage is a box filter along the line).
        cairo_set_line_cap(cr, line.dash != nil ? CAIRO_LINE_CAP_BUTT : CairoMarks.cap(line.cap))
        cairo_set_line_join(cr, line.dash != nil ? CAIRO_LINE_JOIN_ROUND : CairoMarks.join(line.join))
        cairo_set_miter_limit(cr, max(line.miterLimit, 1))
        guard let dash = line.dash else {
            setSource(cr, line.color)
            cairo_new_path(cr)
            for piece in pieces { trace(piece.points) }
            cairo_stroke(cr)
            return
        }
        // Each piece's dash phase is its own, so each is its own stroke; a translucent line's strokes are drawn
        // opaque in a group that is composited once.
        let translucent = line.color.alpha < 1
        if translucent { cairo_push_group(cr) }
        setSource(cr, translucent ? line.color.withAlpha(1) : line.color)
        let lengths = [dash.lengths.x, dash.lengths.y, dash.lengths.z, dash.lengths.w].map(Double.init)
        for piece in pieces {
            cairo_set_dash(cr, lengths, Int32(lengths.count), piece.dashOffset)
            cairo_new_path(cr)
            trace(piece.points)
            cairo_stroke(cr)
        }
        cairo_set_dash(cr, nil, 0, 0)
        if translucent {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, line.color.alpha)
        }
    }

    /// A run of points drawn as one subpath, and how far along its dash pattern it starts.
    struct Piece {
        var points: [Point]
        var dashOffset: Double
    }

    /// The line's pixel points (on the vertex grid) cut at its gaps and at the guard box.
    func pieces(of line: LineShape) -> [Piece] {
        let mapping = PixelMapping(line.transform)
        let (xs, ys) = (line.x.doubles, line.y.doubles)
        let count = min(xs.count, ys.count)
        var pieces: [Piece] = [], current: Piece? = nil
        var previous: Point? = nil, along = 0.0
        func close() {
            if let piece = current, piece.points.count > 0 { pieces.append(piece) }
            current = nil
        }
        for i in 0..<count {
            guard let q = mapping.point(xs[i], ys[i]) else {
                close()
                (previous, along) = (nil, 0)
                continue
            }
            let p = line.antialias ? Point(CairoMarks.onGrid(q.x), CairoMarks.onGrid(q.y))
                                   : Point(Double(PixelSnap.centre(q.x)), Double(PixelSnap.centre(q.y)))
            if p == previous { continue }
            guard let a = previous else {
                previous = p
                if box.contains(p) { current = Piece(points: [p], dashOffset: 0) }
                continue
            }
            let length = ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot()
            if let (start, end) = box.clip(a, p) {
                if current == nil || start != a {
                    close()
                    let entered = ((start.x - a.x) * (start.x - a.x) + (start.y - a.y) * (start.y - a.y)).squareRoot()
                    current = Piece(points: [start], dashOffset: along + entered)
                }
                current?.points.append(end)
                if end != p { close() }
            } else {
                close()
            }
            along += length
            previous = p
        }
        close()
        return pieces
    }

    /// Vertices of a vector line lie on a grid of this many steps per pixel: 1/32 pixel from where the raster
    /// painters put them at most, far below what any rasteriser shows, with shorter numbers in an SVG; vertices that
    /// fall on one grid point are one (a 1e7-point walk at 1920×1080: 1.5 MB of SVG instead of 2.3 MB).
    static let gridSteps: Float = 16

    /// `v` on the vertex grid.
    static func onGrid(_ v: Float) -> Double { Double((v * gridSteps).rounded() / gridSteps) }

    /// Adds `points` to the path as one subpath (a lone point as a zero-length segment, which round and square
    /// caps draw).
    private func trace(_ points: [Point]) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        if points.count == 1 { cairo_line_to(cr, first.x, first.y) }
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
    }

    /// Each dot as a disc, its outline a ring inside its radius; another shape as its outline filled, its outline
    /// stroked inside its edge (clipped to the shape).
    func dots(_ dots: DotShape) {
        let mapping = PixelMapping(dots.transform)
        let (xs, ys, sizes) = (dots.x.doubles, dots.y.doubles, dots.size?.doubles)
        let (r0, r1) = (dots.radius.lowerBound, dots.radius.upperBound)
        for i in 0..<min(xs.count, ys.count) {
            guard let q = mapping.point(xs[i], ys[i]), let f = dots.sizeFraction(i, sizes: sizes) else { continue }
            let p = Point(Double(q.x), Double(q.y)), r = r0 + Double(f) * (r1 - r0)
            guard r > 0, box.reaches(p, radius: r * dots.marker.reach) else { continue }
            var fill = dots.fill
            if let packed = dots.ownFill(i) { fill = CairoMarks.color(packed) }
            let ring = min(max(dots.strokeWidth, 0), r)
            guard dots.marker == .circle else {
                shape(dots.marker.outline(p, radius: r), fill: fill, ring: ring, stroke: dots.stroke)
                continue
            }
            if ring < r && fill.alpha > 0 {
                setSource(cr, fill)
                cairo_new_path(cr)
                cairo_arc(cr, p.x, p.y, r - ring, 0, 2 * Double.pi)
                cairo_fill(cr)
            }
            if ring > 0 && dots.stroke.alpha > 0 {
                setSource(cr, dots.stroke)
                cairo_set_line_width(cr, ring)
                cairo_new_path(cr)
                cairo_arc(cr, p.x, p.y, r - ring / 2, 0, 2 * Double.pi)
                cairo_stroke(cr)
            }
        }
    }

    /// A marker's `outline` filled in `fill`, with a ring `ring` wide inside its edge in `stroke`.
    private func shape(_ outline: [Point], fill: Color, ring: Double, stroke: Color) {
        func trace() {
            cairo_new_path(cr)
            for (k, v) in outline.enumerated() { k == 0 ? cairo_move_to(cr, v.x, v.y) : cairo_line_to(cr, v.x, v.y) }
            cairo_close_path(cr)
        }
        if fill.alpha > 0 {
            setSource(cr, fill)
            trace()
            cairo_fill(cr)
        }
        guard ring > 0, stroke.alpha > 0 else { return }
        cairo_save(cr)
        trace()
        cairo_clip(cr)
        setSource(cr, stroke)
        cairo_set_line_width(cr, 2 * ring)
        trace()
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// A straight-alpha colour from premultiplied RGBA bytes (red in the low byte).
    static func color(_ packed: UInt32) -> Color {
        let a = Double(packed >> 24) / 255
        guard a > 0 else { return .clear }
        func channel(_ shift: UInt32) -> Double { min(Double((packed >> shift) & 0xFF) / 255 / a, 1) }
        return Color(red: channel(0), green: channel(8), blue: channel(16), alpha: a)
    }

    static func cap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: return CAIRO_LINE_CAP_BUTT
        case .round: return CAIRO_LINE_CAP_ROUND
        case .square: return CAIRO_LINE_CAP_SQUARE
        }
    }

    static func join(_ join: LineJoin) -> cairo_line_join_t {
        switch join {
        case .round: return CAIRO_LINE_JOIN_ROUND
        case .miter: return CAIRO_LINE_JOIN_MITER
        case .bevel: return CAIRO_LINE_JOIN_BEVEL
        }
    }
}
