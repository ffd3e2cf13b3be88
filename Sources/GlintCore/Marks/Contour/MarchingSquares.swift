/// Marching squares on a `ContourGrid`: the lines where the values cross a level, joined cell to cell, and the
/// region at or above a level as polygons. A crossing lies on a cell's edge where linear interpolation between its
/// corners reaches the level (as contourpy places it); a saddle cell is joined through its centre when the mean
/// of its corners is at or above the level. Cells with a corner that is not finite are left out.
enum MarchingSquares {
    /// The corners of cell (c, r), counter-clockwise from the lower left, as (column, row).
    private static func corners(_ c: Int, _ r: Int) -> [(Int, Int)] { [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)] }

    /// The crossing of `level` on the edge between corners `a` and `b` (interpolated from the lower-numbered end,
    /// so both cells sharing the edge find the same point).
    private static func crossing(_ g: ContourGrid, _ a: (Int, Int), _ b: (Int, Int), _ level: Double) -> Point {
        let (p, q) = a.1 < b.1 || (a.1 == b.1 && a.0 < b.0) ? (a, b) : (b, a)
        let (zp, zq) = (g.value(p.0, p.1), g.value(q.0, q.1))
        let t = (level - zp) / (zq - zp)
        return Point(g.x[p.0] + t * (g.x[q.0] - g.x[p.0]), g.y[p.1] + t * (g.y[q.1] - g.y[p.1]))
    }

    /// An id for the edge between two neighbouring corners.
    private static func edge(_ g: ContourGrid, _ a: (Int, Int), _ b: (Int, Int)) -> Int {
        let (p, q) = a.1 < b.1 || (a.1 == b.1 && a.0 < b.0) ? (a, b) : (b, a)
        return (p.1 * g.x.count + p.0) * 2 + (q.1 == p.1 ? 0 : 1)
    }

    /// The pairs of edges (as corner indices 0–3: edge k runs from corner k to k + 1) the level's line crosses in a
    /// cell whose corners `above` say which are at or above it.
    private static func segments(_ above: [Bool], centreAbove: Bool) -> [(Int, Int)] {
        let index = (above[0] ? 1 : 0) | (above[1] ? 2 : 0) | (above[2] ? 4 : 0) | (above[3] ? 8 : 0)
        switch index {
        case 1, 14: return [(3, 0)]
        case 2, 13: return [(0, 1)]
        case 3, 12: return [(3, 1)]
        case 4, 11: return [(1, 2)]
        case 6, 9: return [(0, 2)]
        case 7, 8: return [(3, 2)]
        case 5: return centreAbove ? [(0, 1), (2, 3)] : [(3, 0), (1, 2)]
        case 10: return centreAbove ? [(3, 0), (1, 2)] : [(0, 1), (2, 3)]
        default: return []
        }
    }

    /// The cell's corner values, nil when one is not finite.
    private static func cell(_ g: ContourGrid, _ c: Int, _ r: Int) -> [Double]? {
        let z = corners(c, r).map { g.value($0.0, $0.1) }
        return z.allSatisfy(\.isFinite) ? z : nil
    }

    /// Which of the cells of row `r` have corners on both sides of `level` (`crossed`) and which lie wholly at or
    /// above it with finite corners (`whole`), read without allocating: most cells of a large grid are neither's
    /// business past this test.
    @inline(__always)
    private static func classify(_ z: UnsafeBufferPointer<Double>, columns: Int, row r: Int, _ c: Int, level: Double) -> (crossed: Bool, whole: Bool) {
        let (b, t) = (r * columns + c, (r + 1) * columns + c)
        let (z0, z1, z2, z3) = (z[b], z[b + 1], z[t + 1], z[t])
        let above = (z0 >= level ? 1 : 0) + (z1 >= level ? 1 : 0) + (z2 >= level ? 1 : 0) + (z3 >= level ? 1 : 0)
        let finite = (z0 + z1 + z2 + z3).isFinite || (z0.isFinite && z1.isFinite && z2.isFinite && z3.isFinite)
        return (above > 0 && above < 4 && finite, above == 4 && finite)
    }

    /// How many cells `level` crosses, and how many lie wholly at or above it.
    static func count(_ g: ContourGrid, level: Double) -> (crossed: Int, whole: Int) {
        guard g.x.count > 1, g.y.count > 1 else { return (0, 0) }
        var (crossed, whole) = (0, 0)
        g.z.withUnsafeBufferPointer { z in
            for r in 0..<(g.y.count - 1) {
                for c in 0..<(g.x.count - 1) {
                    let kind = classify(z, columns: g.x.count, row: r, c, level: level)
                    if kind.crossed { crossed += 1 } else if kind.whole { whole += 1 }
                }
            }
        }
        return (crossed, whole)
    }

    /// The lines where the values cross `level`, each a polyline through the crossings of neighbouring cells; a
    /// closed line ends at its first point.
    static func lines(_ g: ContourGrid, level: Double) -> [[Point]] {
        guard g.x.count > 1, g.y.count > 1 else { return [] }
        var points: [Int: Point] = [:], pieces: [(Int, Int)] = [], byEdge: [Int: [Int]] = [:]
        var crossed: [(Int, Int)] = []
        g.z.withUnsafeBufferPointer { z in
            for r in 0..<(g.y.count - 1) {
                for c in 0..<(g.x.count - 1) where classify(z, columns: g.x.count, row: r, c, level: level).crossed { crossed.append((c, r)) }
            }
        }
        for (c, r) in crossed {
            guard let z = cell(g, c, r) else { continue }
            let above = z.map { $0 >= level }
            guard above.contains(true), above.contains(false) else { continue }
            let k = corners(c, r)
            for (e, f) in segments(above, centreAbove: z.reduce(0, +) / 4 >= level) {
                let ids = [e, f].map { edge(g, k[$0], k[($0 + 1) % 4]) }
                for (id, side) in zip(ids, [e, f]) where points[id] == nil {
                    points[id] = crossing(g, k[side], k[(side + 1) % 4], level)
                }
                byEdge[ids[0], default: []].append(pieces.count)
                byEdge[ids[1], default: []].append(pieces.count)
                pieces.append((ids[0], ids[1]))
            }
        }
        // Walk the pieces into polylines: from an end that only one piece reaches where there is one, else anywhere.
        var used = [Bool](repeating: false, count: pieces.count), lines: [[Point]] = []
        func walk(from start: Int, piece first: Int) -> [Int] {
            var chain = [start], at = start, piece: Int? = first
            while let p = piece {
                used[p] = true
                at = pieces[p].0 == at ? pieces[p].1 : pieces[p].0
                chain.append(at)
                piece = byEdge[at]?.first { !used[$0] }
            }
            return chain
        }
        let ends = byEdge.filter { $0.value.count == 1 }.keys.sorted()
        for start in ends where !used[byEdge[start]![0]] { lines.append(walk(from: start, piece: byEdge[start]![0]).map { points[$0]! }) }
        for p in pieces.indices where !used[p] { lines.append(walk(from: pieces[p].0, piece: p).map { points[$0]! }) }
        return lines
    }

    /// The region where the values are at or above `level`, as polygons: a run of whole cells in a row as one
    /// rectangle, each cell the level crosses as its part (split at a saddle as its lines are).
    static func above(_ g: ContourGrid, level: Double) -> [[Point]] {
        guard g.x.count > 1, g.y.count > 1 else { return [] }
        var polygons: [[Point]] = []
        for r in 0..<(g.y.count - 1) {
            var run: Int? = nil
            func closeRun(_ end: Int) {
                guard let start = run else { return }
                polygons.append([Point(g.x[start], g.y[r]), Point(g.x[end], g.y[r]), Point(g.x[end], g.y[r + 1]), Point(g.x[start], g.y[r + 1])])
                run = nil
            }
            for c in 0..<(g.x.count - 1) {
                let kind = g.z.withUnsafeBufferPointer { classify($0, columns: g.x.count, row: r, c, level: level) }
                if kind.whole {
                    if run == nil { run = c }
                    continue
                }
                closeRun(c)
                guard kind.crossed, let z = cell(g, c, r) else { continue }
                let above = z.map { $0 >= level }
                let k = corners(c, r), corner = k.map { Point(g.x[$0.0], g.y[$0.1]) }
                let centreAbove = z.reduce(0, +) / 4 >= level
                let split = above == [true, false, true, false] || above == [false, true, false, true]
                if split && !centreAbove {
                    // Each corner above on its own: a triangle cut off by its line.
                    for i in 0..<4 where above[i] {
                        let before = (i + 3) % 4
                        polygons.append([corner[i], crossing(g, k[i], k[(i + 1) % 4], level), crossing(g, k[before], k[i], level)])
                    }
                    continue
                }
                // The square clipped to the side at or above the level (Sutherland–Hodgman).
                var polygon: [Point] = []
                for i in 0..<4 {
                    let j = (i + 1) % 4
                    if above[i] { polygon.append(corner[i]) }
                    if above[i] != above[j] { polygon.append(crossing(g, k[i], k[j], level)) }
                }
                polygons.append(polygon)
            }
            closeRun(g.x.count - 1)
        }
        return polygons
    }
}
