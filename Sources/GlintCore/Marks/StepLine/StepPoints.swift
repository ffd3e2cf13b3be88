/// The vertices of the polyline that steps through points (the corners; the points themselves where they are
/// corners). A vertex made from a gap (a non-finite x or y) is a gap, so a step never reaches across one.
enum StepPoints {
    /// The stepped polyline of `points` in `mode`:
    /// - pre: p0, (x0, y1), p1, (x1, y2), p2, …
    /// - post: p0, (x1, y0), p1, (x2, y1), p2, …
    /// - mid: p0, (m01, y0), (m01, y1), (m12, y1), (m12, y2), …, p(n-1), where m01 is halfway from x0 to x1.
    static func stepped(_ points: MarkPoints, _ mode: StepMode) -> MarkPoints {
        let n = min(points.x.count, points.y.count)
        guard n > 1 else { return points }
        let xs = points.x, ys = points.y
        var x: [Double] = [], y: [Double] = []
        x.reserveCapacity(2 * n)
        y.reserveCapacity(2 * n)
        func vertex(_ vx: Double, _ vy: Double) {
            if vx.isFinite && vy.isFinite {
                x.append(vx)
                y.append(vy)
            } else {
                x.append(.nan)
                y.append(.nan)
            }
        }
        for i in 0..<n {
            if mode != .mid || i == 0 || i == n - 1 { vertex(xs[i], ys[i]) }
            guard i + 1 < n else { break }
            switch mode {
            case .pre:
                vertex(xs[i], ys[i + 1])
            case .post:
                vertex(xs[i + 1], ys[i])
            case .mid:
                let m = xs[i] + (xs[i + 1] - xs[i]) / 2
                vertex(m, ys[i])
                vertex(m, ys[i + 1])
            }
        }
        var stepped = MarkPoints(x: Column(x), y: Column(y))
        stepped.inScaleSpace = points.inScaleSpace
        return stepped
    }
}
