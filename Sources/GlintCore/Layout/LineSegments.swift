/// The straight pieces of a chart's lines in image pixels, clipped to the rectangle they are drawn in and binned in
/// 32-pixel cells, so that a box is tested against the pieces near it only: what text keeps clear of beside a line
/// (a label struck through by a line reads as crossed out), and what `Collisions` reports text crossing. A cell
/// that more than `densest` pieces run through (a long line's dense band) keeps only the box its pieces span there,
/// crossed wherever a box meets that, so that a test costs a bounded number of pieces; at most `limit` pieces are
/// kept over all lines.
struct LineSegments {
    /// Pieces kept, over all lines.
    static let limit = 100_000
    /// The most pieces a cell lists before it keeps only the box they span.
    static let densest = 48
    /// The side of a cell, in pixels.
    static let cell = 32.0

    private var pieces: [(a: Point, b: Point)] = []
    private var cells: [SIMD2<Int32>: [Int32]] = [:]
    /// The dense cells, each with the box its pieces span within it.
    private var dense: [SIMD2<Int32>: Rect] = [:]

    /// No pieces.
    init() {}

    /// The lines `chart`'s visible line series draw on `layout` (through their points, stepped as they step, within
    /// the plot), a gap (a point that is not finite) breaking a line. A line `decimated` gives (its M4 result, by
    /// series index) is read through those points, as it is drawn: a long line costs its pixel columns, and its far
    /// end is kept within `limit`.
    init(_ chart: Chart, layout: ChartLayout, decimated: [Int: M4Decimation.Result]) {
        for (index, s) in chart.series.enumerated() where s.visible && s.cover.tracesSegments && s.line.width > 0 {
            let (xs, ys) = decimated[index].map { ($0.x, $0.y) } ?? (s.x, s.y)
            let transform = layout.transform(for: s), n = min(xs.count, ys.count)
            var x = [Double](), y = [Double]()
            x.reserveCapacity(n)
            y.reserveCapacity(n)
            for i in 0..<n {
                let p = transform.forward(xs[i], ys[i]).map { transform.apply($0, $1) }
                x.append(p?.x ?? .nan)
                y.append(p?.y ?? .nan)
            }
            var points = MarkPoints(x: Column(x), y: Column(y))
            if let mode = s.line.step { points = StepPoints.stepped(points, mode) }
            add(x: points.x.doubles, y: points.y.doubles, within: layout.plot)
        }
    }

    /// Adds the polyline through the points (`x[i]`, `y[i]`), clipped to `clip`; a point that is not finite breaks it.
    mutating func add(x: [Double], y: [Double], within clip: Rect) {
        for i in 1..<max(1, min(x.count, y.count)) where pieces.count < LineSegments.limit {
            guard let (a, b) = LineSegments.clipped(Point(x[i - 1], y[i - 1]), Point(x[i], y[i]), to: clip) else { continue }
            let index = Int32(pieces.count)
            pieces.append((a, b))
            let keys = LineSegments.cells(along: a, b)
            let span = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
            for key in keys {
                if let box = dense[key] {
                    dense[key] = LineSegments.within(key, span).map(box.union) ?? box
                    continue
                }
                cells[key, default: []].append(index)
                if cells[key]!.count > LineSegments.densest {
                    let spans = cells[key]!.compactMap { i -> Rect? in
                        let (p, q) = pieces[Int(i)]
                        return LineSegments.within(key, Rect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y)))
                    }
                    dense[key] = spans.dropFirst().reduce(spans.first ?? LineSegments.bounds(key), { $0.union($1) })
                    cells[key] = nil
                }
            }
        }
    }

    /// The cell `key`'s square of pixels.
    private static func bounds(_ key: SIMD2<Int32>) -> Rect {
        Rect(x: Double(key.x) * cell, y: Double(key.y) * cell, width: cell, height: cell)
    }

    /// The part of `box` (a piece's span) within the cell `key`; nil where it does not reach it.
    private static func within(_ key: SIMD2<Int32>, _ box: Rect) -> Rect? { bounds(key).intersection(box) }

    /// Whether a piece runs through `box` (more than touching it: the box is taken a pixel in from its edges).
    func crosses(_ box: Rect) -> Bool {
        let inner = box.insetBy(1)
        guard inner.width > 0, inner.height > 0, !cells.isEmpty || !dense.isEmpty else { return false }
        return LineSegments.keys(inner).contains { key in
            dense[key].map { $0.intersection(inner) != nil } ?? false
                || (cells[key]?.contains { LineSegments.clipped(pieces[Int($0)].a, pieces[Int($0)].b, to: inner) != nil } ?? false)
        }
    }

    /// The cells the segment from `a` to `b` runs through, found a cell's length at a time (each part's box touches
    /// at most four cells).
    static func cells(along a: Point, _ b: Point) -> Set<SIMD2<Int32>> {
        let length = max(abs(b.x - a.x), abs(b.y - a.y)), parts = max(1, Int((length / cell).rounded(.up)))
        var keys = Set<SIMD2<Int32>>()
        for k in 0..<parts {
            let (t0, t1) = (Double(k) / Double(parts), Double(k + 1) / Double(parts))
            let p = Point(a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0), q = Point(a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1)
            keys.formUnion(LineSegments.keys(Rect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))))
        }
        return keys
    }

    /// The cells a box touches (none for a box with a coordinate that is not finite, at most a 256 × 256 block).
    static func keys(_ box: Rect) -> [SIMD2<Int32>] {
        func index(_ v: Double) -> Int32 { Int32(clamping: Int(saturating: (v / cell).rounded(.down))) }
        guard box.x.isFinite, box.y.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return [] }
        let (x0, x1, y0, y1) = (index(box.x), index(box.maxX), index(box.y), index(box.maxY))
        guard Int(x1) - Int(x0) < 256, Int(y1) - Int(y0) < 256 else { return [] }
        return (y0...y1).flatMap { y in (x0...x1).map { SIMD2($0, y) } }
    }

    /// The part of the segment from `a` to `b` inside `r` (Liang–Barsky); nil where none is, or a coordinate is not
    /// finite.
    static func clipped(_ a: Point, _ b: Point, to r: Rect) -> (Point, Point)? {
        fractions(a, b, within: r).map { t0, t1 in
            (Point(a.x + t0 * (b.x - a.x), a.y + t0 * (b.y - a.y)), Point(a.x + t1 * (b.x - a.x), a.y + t1 * (b.y - a.y)))
        }
    }

    /// The part of the segment from `a` to `b` inside `r` as fractions along it, from 0 at `a` to 1 at `b`; nil where
    /// none is (a segment touching `r` has a part of no length), or a coordinate is not finite.
    static func fractions(_ a: Point, _ b: Point, within r: Rect) -> (Double, Double)? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        var (t0, t1) = (0.0, 1.0)
        for (p, q) in [(-dx, a.x - r.x), (dx, r.maxX - a.x), (-dy, a.y - r.y), (dy, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        return (t0, t1)
    }
}
