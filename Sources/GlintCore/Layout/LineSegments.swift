/// The straight pieces of a chart's lines in image pixels, binned in 32-pixel cells so that a box is tested against
/// the pieces near it only: what text keeps clear of beside a line (a label struck through by a line reads as
/// crossed out), and what `Collisions` reports text crossing. At most `limit` pieces are kept, so that a long line
/// cannot stall a render (text may then cross the pieces past the first `limit`).
struct LineSegments {
    /// Pieces kept, over all lines.
    static let limit = 100_000
    private static let cell = 32.0

    private var pieces: [(a: Point, b: Point)] = []
    private var cells: [SIMD2<Int32>: [Int32]] = [:]

    /// No pieces.
    init() {}

    /// The lines `chart`'s visible line series draw on `layout` (through their points, stepped as they step), a
    /// gap (a point that is not finite) breaking a line.
    init(_ chart: Chart, layout: ChartLayout) {
        for s in chart.series where s.visible && s.kind == .line && s.line.width > 0 {
            let transform = layout.transform(for: s), n = min(s.x.count, s.y.count)
            var x = [Double](), y = [Double]()
            x.reserveCapacity(n)
            y.reserveCapacity(n)
            for i in 0..<n {
                let p = transform.forward(s.x[i], s.y[i]).map { transform.apply($0, $1) }
                x.append(p?.x ?? .nan)
                y.append(p?.y ?? .nan)
            }
            var points = MarkPoints(x: Column(x), y: Column(y))
            if let mode = s.line.step { points = StepPoints.stepped(points, mode) }
            add(x: points.x.doubles, y: points.y.doubles)
        }
    }

    /// Adds the polyline through the points (`x[i]`, `y[i]`); a point that is not finite breaks it.
    mutating func add(x: [Double], y: [Double]) {
        for i in 1..<max(1, min(x.count, y.count)) where pieces.count < LineSegments.limit {
            let a = Point(x[i - 1], y[i - 1]), b = Point(x[i], y[i])
            guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
            let index = Int32(pieces.count)
            pieces.append((a, b))
            for key in LineSegments.keys(Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))) {
                cells[key, default: []].append(index)
            }
        }
    }

    /// Whether a piece runs through `box` (more than touching it: the box is taken a pixel in from its edges).
    func crosses(_ box: Rect) -> Bool {
        let inner = box.insetBy(1)
        guard inner.width > 0, inner.height > 0, !cells.isEmpty else { return false }
        return LineSegments.keys(inner).contains { key in
            cells[key]?.contains { LineSegments.intersects(pieces[Int($0)].a, pieces[Int($0)].b, inner) } ?? false
        }
    }

    /// The cells a box touches (none for a box with no finite corner, at most a 256 × 256 block).
    private static func keys(_ box: Rect) -> [SIMD2<Int32>] {
        func index(_ v: Double) -> Int32 { Int32(clamping: Int(saturating: (v / cell).rounded(.down))) }
        guard box.x.isFinite, box.y.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return [] }
        let (x0, x1, y0, y1) = (index(box.x), index(box.maxX), index(box.y), index(box.maxY))
        guard Int(x1) - Int(x0) < 256, Int(y1) - Int(y0) < 256 else { return [] }
        return (y0...y1).flatMap { y in (x0...x1).map { SIMD2($0, y) } }
    }

    /// Whether the segment from `a` to `b` meets `r` (Liang–Barsky: the segment clipped to the box is not empty).
    static func intersects(_ a: Point, _ b: Point, _ r: Rect) -> Bool {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        var (t0, t1) = (0.0, 1.0)
        for (p, q) in [(-dx, a.x - r.x), (dx, r.maxX - a.x), (-dy, a.y - r.y), (dy, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return false }
            }
        }
        return true
    }
}
