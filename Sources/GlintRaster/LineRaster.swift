import GlintCore

/// A series' stroke: segment and join coverage combined with MAX into a coverage buffer, then the
/// colour composited once (segment.*, join.*, composite.* shaders).
enum LineRaster {
    /// The line's points in pixels, as the shaders see them (snapped to pixel centres when aliased), mapped once
    /// per paint for the binning and every band; a gap is `PixelGap.marker`.
    struct Points {
        let line: LineShape
        let xs: [Float], ys: [Float]
        var count: Int { xs.count }

        init(_ line: LineShape) {
            self.line = line
            let mapping = PixelMapping(line.transform)
            let (x, y) = (line.x.doubles, line.y.doubles)
            let count = min(x.count, y.count)
            var xs = [Float](repeating: PixelGap.marker, count: count), ys = xs
            for i in 0..<count {
                guard let p = mapping.point(x[i], y[i]) else { continue }
                (xs[i], ys[i]) = line.antialias ? p : (PixelSnap.centre(p.x), PixelSnap.centre(p.y))
            }
            (self.xs, self.ys) = (xs, ys)
        }

        @inline(__always)
        func callAsFunction(_ i: Int) -> (x: Float, y: Float)? {
            guard i >= 0 && i < xs.count, !PixelGap.isGap(xs[i]) else { return nil }
            return (xs[i], ys[i])
        }
    }

    /// The pixel rows segment i (from point i to i + 1) can touch, for binning.
    static func segmentRows(_ points: Points, _ i: Int) -> (Int, Int)? {
        guard let a = points(i), let b = points(i + 1) else { return nil }
        return rows(min(a.y, b.y), max(a.y, b.y), reach: Float(points.line.width / 2) + 2)
    }

    /// The pixel rows the join at point i can touch (miters reach at most the limit), for binning.
    static func joinRows(_ points: Points, _ i: Int) -> (Int, Int)? {
        guard i > 0, let p = points(i) else { return nil }
        return rows(p.y, p.y, reach: Float(points.line.miterReach) + 2)
    }

    private static func rows(_ top: Float, _ bottom: Float, reach: Float) -> (Int, Int)? {
        guard !top.isNaN, !bottom.isNaN, !reach.isNaN else { return nil }
        return (PixelWindow.below(top - reach), PixelWindow.above(bottom + reach))
    }

    /// The source bytes of the line's colour at each coverage byte 0...255, made once per paint for every band.
    static func shades(_ line: LineShape) -> [Band.Source] {
        let color = ShaderColor(line.color)
        return (0...255).map { Band.Source(color.scaled(Float($0) / 255)) }
    }

    /// Draws the listed segments and joins (ascending indices) of the line inside `area`, into `coverage` (one
    /// byte per pixel of the band's rows, all zero on entry and again on return), then composites the colour once
    /// over the pixels the stroke touched, its bytes looked up in `shades` (`shades(_:)`).
    static func draw(_ points: Points, shades: [Band.Source], segments: [Int32], joins: [Int32], area: PixelRect, band: Band,
                     coverage: UnsafeMutablePointer<UInt8>) {
        let line = points.line
        guard points.count >= 2, !segments.isEmpty else { return }
        let hw = Float(line.width / 2)
        let cap = StrokeEnd(cap: line.cap)
        // A dashed line's corners are round: its segments' discs carry the pattern round the corner.
        let shared = line.dash == nil ? StrokeEnd(join: line.join) : .round
        let distances = line.dash == nil ? [] : line.arcLengths()
        let hard = !line.antialias
        var touched: PixelWindow?
        for index in segments {
            let i = Int(index)
            guard let a = points(i), let b = points(i + 1) else { continue }
            let ends = (points(i - 1) == nil ? cap : shared, points(i + 2) == nil ? cap : shared)
            let dash = line.dash.map { ($0, distances[i]) }
            let window = segment(a, b, ends: ends, dash: dash, hw: hw, hard: hard, area: area, band: band, coverage: coverage)
            touched = PixelWindow.union(touched, window)
        }
        if line.join != .round && line.dash == nil {
            for index in joins {
                let i = Int(index)
                guard let p0 = points(i - 1), let p1 = points(i), let p2 = points(i + 1) else { continue }
                let window = join(p0, p1, p2, bevel: line.join == .bevel, miterLimit: Float(line.miterLimit), hw: hw,
                                  hard: hard, area: area, band: band, coverage: coverage)
                touched = PixelWindow.union(touched, window)
            }
        }
        guard let touched else { return }
        for y in touched.y0..<touched.y1 {
            let row = coverage + (y - band.top) * band.width
            var x = touched.x0
            while x < touched.x1 {
                // A stroke covers few pixels of a row: skip empty coverage eight bytes at a time.
                if x + 8 <= touched.x1 && UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == 0 {
                    x += 8
                    continue
                }
                if row[x] > 0 {
                    band.blend(x, y, shades[Int(row[x])])
                    row[x] = 0
                }
                x += 1
            }
        }
    }

    /// Keeps the larger coverage; with `hard`, coverage is 0 or 1 (the threshold of the aliased shaders).
    @inline(__always)
    private static func store(_ coverage: Float, hard: Bool, _ x: Int, _ y: Int, band: Band, coverage buffer: UnsafeMutablePointer<UInt8>) {
        let c: Float = hard ? (coverage >= 0.5 ? 1 : 0) : coverage
        guard c > 0 else { return }
        let cell = buffer + (y - band.top) * band.width + x
        let value = Coverage.byte(c)
        if value > cell.pointee { cell.pointee = value }
    }

    @inline(__always)
    private static func endCover(_ mode: StrokeEnd, _ t: Float, _ fx: Float, _ fy: Float, hw: Float) -> Float {
        if mode == .round { return t > 0 ? Coverage.cover((fx * fx + fy * fy).squareRoot(), hw) : 1 }
        if mode == .cut { return t <= 0 ? 1 : 0 }
        let extent: Float = mode == .square ? hw : 0
        return Coverage.unit(extent - t + 0.5)
    }

    /// `dash`: the pattern and the distance of `a` along the line, for a dashed line.
    private static func segment(_ a: (x: Float, y: Float), _ b: (x: Float, y: Float), ends: (StrokeEnd, StrokeEnd),
                                dash: (pattern: DashPattern, start: Float)?, hw: Float, hard: Bool,
                                area: PixelRect, band: Band, coverage: UnsafeMutablePointer<UInt8>) -> PixelWindow? {
        let isCapsule = ends == (.round, .round) && dash == nil && !hard
        // A capsule covers nothing of a pixel whose centre is hw + 0.5 or more from it along either axis (in Float32
        // at most a rounding error's worth, which stores as 0); other ends keep a pixel's margin.
        let reach = hw + (isCapsule ? 0.5 : 1)
        guard let window = PixelWindow(minX: min(a.x, b.x) - reach, maxX: max(a.x, b.x) + reach,
                                       minY: min(a.y, b.y) - reach, maxY: max(a.y, b.y) + reach,
                                       limit: area, band: band) else { return nil }
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        let (ux, uy): (Float, Float) = len > 0 ? (dx / len, dy / len) : (1, 0)
        if isCapsule {
            capsule(a, b, len: len, u: (ux, uy), hw: hw, window: window, band: band, coverage: coverage)
            return window
        }
        for y in window.y0..<window.y1 {
            let py = Float(y) + 0.5
            for x in window.x0..<window.x1 {
                let px = Float(x) + 0.5
                let qx = px - a.x, qy = py - a.y
                let t = qx * ux + qy * uy
                let across = -qx * uy + qy * ux
                var c = Coverage.cover(abs(across), hw)
                if ends.0 == .round && t < 0 { c = 1 }
                if ends.1 == .round && t > len { c = 1 }
                c *= endCover(ends.0, -t, qx, qy, hw: hw)
                c *= endCover(ends.1, t - len, px - b.x, py - b.y, hw: hw)
                if let dash { c *= dash.pattern.cover(dash.start + t) }
                store(c, hard: hard, x, y, band: band, coverage: coverage)
            }
        }
        return window
    }

    /// A segment with round ends on both sides (round caps or joins, no dash), anti-aliased: the general
    /// formula's products collapse to the coverage of the distance to the nearer end point beyond the segment,
    /// or across it in between — the same Float32 values, chosen without branches.
    @inline(__always)
    private static func capsule(_ a: (x: Float, y: Float), _ b: (x: Float, y: Float), len: Float, u: (x: Float, y: Float),
                                hw: Float, window: PixelWindow, band: Band, coverage: UnsafeMutablePointer<UInt8>) {
        for y in window.y0..<window.y1 {
            let py = Float(y) + 0.5
            for x in window.x0..<window.x1 {
                let px = Float(x) + 0.5
                let qx = px - a.x, qy = py - a.y
                let t = qx * u.x + qy * u.y
                let across = -qx * u.y + qy * u.x
                let before = t < 0, beyond = t > len
                let ex = before ? qx : px - b.x, ey = before ? qy : py - b.y
                let toEnd = (ex * ex + ey * ey).squareRoot()  // computed always: a select, not a branch
                let d = before || beyond ? toEnd : abs(across)
                store(Coverage.cover(d, hw), hard: false, x, y, band: band, coverage: coverage)
            }
        }
    }

    private static func join(_ prev: (x: Float, y: Float), _ cur: (x: Float, y: Float), _ next: (x: Float, y: Float),
                             bevel forced: Bool, miterLimit: Float, hw: Float, hard: Bool,
                             area: PixelRect, band: Band, coverage: UnsafeMutablePointer<UInt8>) -> PixelWindow? {
        let l1 = ((cur.x - prev.x) * (cur.x - prev.x) + (cur.y - prev.y) * (cur.y - prev.y)).squareRoot()
        let l2 = ((next.x - cur.x) * (next.x - cur.x) + (next.y - cur.y) * (next.y - cur.y)).squareRoot()
        guard l1 > 0, l2 > 0 else { return nil }
        let d1 = ((cur.x - prev.x) / l1, (cur.y - prev.y) / l1), d2 = ((next.x - cur.x) / l2, (next.y - cur.y) / l2)
        let sinHalf = max(0, (1 + d1.0 * d2.0 + d1.1 * d2.1) * 0.5).squareRoot()
        let bevel = forced || sinHalf * miterLimit < 1
        let reach = (bevel ? hw : hw * min(miterLimit, 1 / max(sinHalf, 1e-6))) + 1
        guard let window = PixelWindow(minX: cur.x - reach, maxX: cur.x + reach, minY: cur.y - reach, maxY: cur.y + reach,
                                       limit: area, band: band) else { return nil }
        let n1 = (-d1.1, d1.0), n2 = (-d2.1, d2.0)
        let side: Float = (d2.0 * n1.0 + d2.1 * n1.1) > 0 ? -1 : 1
        var outward = (side * (n1.0 + n2.0) + 1e-12, side * (n1.1 + n2.1) + 1e-12)
        let norm = (outward.0 * outward.0 + outward.1 * outward.1).squareRoot()
        outward = (outward.0 / norm, outward.1 / norm)
        let edge = hw * (side * n1.0 * outward.0 + side * n1.1 * outward.1)
        for y in window.y0..<window.y1 {
            let qy = Float(y) + 0.5 - cur.y
            for x in window.x0..<window.x1 {
                let qx = Float(x) + 0.5 - cur.x
                if qx * d1.0 + qy * d1.1 < 0 || qx * d2.0 + qy * d2.1 > 0 { continue }
                var c = min(Coverage.cover(abs(qx * n1.0 + qy * n1.1), hw), Coverage.cover(abs(qx * n2.0 + qy * n2.1), hw))
                if bevel { c = min(c, Coverage.unit(edge - (qx * outward.0 + qy * outward.1) + 0.5)) }
                store(c, hard: hard, x, y, band: band, coverage: coverage)
            }
        }
        return window
    }
}
