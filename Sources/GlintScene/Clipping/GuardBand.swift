import GlintScales
import GlintTable

/// Clips lines whose points lie far outside the image, in Double, before any painter sees them.
///
/// Painters convert data to Float32 relative to the axis origin: a point a million pixels away keeps
/// only a few significant bits near the image, and a GPU rasterising a segment from it can land pixels
/// off by many. Cutting such segments at a guard box around the image (wide enough that the cut ends,
/// their caps and joins stay outside it) keeps every visible pixel and every number small.
public enum GuardBand {
    /// Pixels beyond the image on every side, plus the stroke's own reach.
    package static let margin = 64.0

    /// The line with every segment that leaves the guard box cut at its edge (and a gap after the cut), its points
    /// in scale space (`DataTransform.scaleSpace`: a log axis's cut ends stay exact decades); the line itself when
    /// all its points are inside.
    public static func clip(_ line: LineShape, width: Int, height: Int) -> LineShape {
        let reach = line.miterReach + margin
        let box = (x0: -reach, y0: -reach, x1: Double(width) + reach, y1: Double(height) + reach)
        let t = line.transform
        let n = min(line.x.count, line.y.count)
        func position(_ i: Int) -> (x: Double, y: Double)? { t.forward(line.x[i], line.y[i]) }
        // Positions that overflow to ±∞ pixels (±1e308 at a zoomed scale) held at PixelMapping's ±1e30, where they
        // still cut exactly; an infinite end would make every cut NaN and keep the segment whole.
        func pixel(_ x: Double, _ y: Double) -> Point? {
            t.forward(x, y).map { let p = t.apply($0.x, $0.y); return Point(held(p.x), held(p.y)) }
        }
        func pixel(_ i: Int) -> Point? { pixel(line.x[i], line.y[i]) }
        func held(_ v: Double) -> Double { min(max(v, -PixelMapping.limit), PixelMapping.limit) }
        func inside(_ p: Point) -> Bool { p.x >= box.x0 && p.x <= box.x1 && p.y >= box.y0 && p.y <= box.y1 }
        // Read in place (a column's subscript costs a dispatch per value): the whole line is inside mostly.
        let leaves = line.x.withUnsafeDoubles(in: 0..<n) { xs in
            line.y.withUnsafeDoubles(in: 0..<n) { ys in
                guard t.forwardX == .identity && t.forwardY == .identity else {
                    return (0..<n).contains { i in pixel(xs[i], ys[i]).map { !inside($0) } ?? false }
                }
                // Linear axes: a pixel is a monotonic function of its value (each rounding step is), so the points
                // lie inside when the extreme values' pixels do. Gaps (a value not finite) are skipped as above.
                var (x0, x1, y0, y1) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
                for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
                    (x0, x1) = (min(x0, xs[i]), max(x1, xs[i]))
                    (y0, y1) = (min(y0, ys[i]), max(y1, ys[i]))
                }
                guard x0 <= x1, let a = pixel(x0, y0), let b = pixel(x1, y1) else { return false }
                return !inside(a) || !inside(b)
            }
        }
        guard leaves else { return line }

        var xs: [Double] = [], ys: [Double] = []
        var chainEnd: Point? = nil
        for i in 0..<max(n - 1, 0) {
            guard let a = pixel(i), let b = pixel(i + 1) else { continue }
            let kept: (Point, Point)
            if inside(a) && inside(b) {
                kept = (a, b)
            } else if let cut = cutSegment(a, b, box) {
                kept = cut
            } else {
                continue
            }
            // Unclipped ends keep their exact positions; cut ends are converted back from pixels.
            let start = kept.0 == a ? position(i)! : t.inverse(kept.0)
            let end = kept.1 == b ? position(i + 1)! : t.inverse(kept.1)
            if chainEnd != kept.0 || kept.0 != a {
                if !xs.isEmpty { xs.append(.nan); ys.append(.nan) }
                xs.append(start.0)
                ys.append(start.1)
            }
            xs.append(end.0)
            ys.append(end.1)
            chainEnd = kept.1 == b ? b : nil
        }
        var clipped = line
        (clipped.x, clipped.y, clipped.transform) = (Column(xs), Column(ys), t.scaleSpace)
        return clipped
    }

    /// The part of segment a→b inside the box (Liang–Barsky), nil when none; an end inside is returned as it is, and
    /// a cut end lies exactly on the edge that cut it (from ends 1e30 pixels away, `a + t × (b − a)` alone could
    /// miss the box by more than its size).
    public static func cutSegment(_ a: Point, _ b: Point, _ box: (x0: Double, y0: Double, x1: Double, y1: Double)) -> (Point, Point)? {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0, entry = -1, exit = -1
        let edges = [(-dx, a.x - box.x0), (dx, box.x1 - a.x), (-dy, a.y - box.y0), (dy, box.y1 - a.y)]
        for (edge, (p, q)) in edges.enumerated() {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0, r > t0 { (t0, entry) = (r, edge) } else if p > 0, r < t1 { (t1, exit) = (r, edge) }
            if t0 > t1 { return nil }
        }
        func cut(_ t: Double, on edge: Int) -> Point {
            var p = Point(a.x + t * dx, a.y + t * dy)
            switch edge {
            case 0: p.x = box.x0
            case 1: p.x = box.x1
            case 2: p.y = box.y0
            default: p.y = box.y1
            }
            return Point(min(max(p.x, box.x0), box.x1), min(max(p.y, box.y0), box.y1))
        }
        return (entry < 0 ? a : cut(t0, on: entry), exit < 0 ? b : cut(t1, on: exit))
    }

    /// `outline` cut to the box (Sutherland–Hodgman): the same filled area inside, nothing outside.
    public static func cutOutline(_ outline: [Point], _ box: (x0: Double, y0: Double, x1: Double, y1: Double)) -> [Point] {
        var points = outline
        let edges: [(Point) -> Double] = [{ $0.x - box.x0 }, { box.x1 - $0.x }, { $0.y - box.y0 }, { box.y1 - $0.y }]
        for inside in edges {
            guard let last = points.last else { break }
            var kept: [Point] = []
            kept.reserveCapacity(points.count + 4)
            var previous = last
            for p in points {
                let (dp, dq) = (inside(previous), inside(p))
                if (dp >= 0) != (dq >= 0) {
                    let t = dp / (dp - dq)
                    kept.append(Point(previous.x + (p.x - previous.x) * t, previous.y + (p.y - previous.y) * t))
                }
                if dq >= 0 { kept.append(p) }
                previous = p
            }
            points = kept
        }
        return points
    }

    /// The box of an image `width × height` grown by `margin` pixels each way.
    public static func box(width: Int, height: Int, margin: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        (-margin, -margin, Double(width) + margin, Double(height) + margin)
    }
}
