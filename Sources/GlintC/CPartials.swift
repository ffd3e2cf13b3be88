import Glint

// Partial aggregates of a part of a source's rows (a partition of a distributed frame, on the worker that holds
// it), in exactly the arithmetic of a render: they add up, in any order and grouping, to what the render would
// compute from all the rows. A `glint_source`'s callbacks combine them (include/glint.h).

/// The numbers of one `glint_column` (numbers or datetimes as epoch milliseconds; categories refused).
private func numbers(_ column: UnsafeRawPointer?, _ role: String) throws -> Column {
    guard let column else { throw CArgumentError("\(role) is null") }
    let supplied = try CColumns.read(column, count: 1)
    switch supplied[supplied.names[0]] {
    case let .numbers(values)?, let .datetimes(values)?: return values
    default: throw CArgumentError("\(role) holds categories, not numbers")
    }
}

/// The columns `x` and `y`, of equal length.
private func pair(_ x: UnsafeRawPointer?, _ y: UnsafeRawPointer?) throws -> (Column, Column) {
    let (xs, ys) = (try numbers(x, "x"), try numbers(y, "y"))
    guard xs.count == ys.count else { throw CArgumentError("x holds \(xs.count) values and y \(ys.count)") }
    return (xs, ys)
}

/// Calls `row` with each row of `x` and `y` that has a finite x, its y nil for a gap (not finite, or not above 0
/// when `positive`): the rows a database reads (`DatabaseSession`).
@inline(__always)
private func forEachRow(_ x: UnsafeRawPointer?, _ y: UnsafeRawPointer?, positive: Int32, _ row: (Double, Double?) -> Void) throws {
    let (xs, ys) = try pair(x, y)
    xs.withUnsafeDoubles { xv in
        ys.withUnsafeDoubles { yv in
            for i in 0..<xv.count where xv[i].isFinite {
                let v = yv[i]
                row(xv[i], !v.isFinite || (positive != 0 && v <= 0) ? nil : v)
            }
        }
    }
}

@_cdecl("glint_source_extent_add")
public func glint_source_extent_add(_ x: UnsafeRawPointer?, _ y: UnsafeRawPointer?, _ positiveY: Int32, _ extent: UnsafeMutableRawPointer?) -> Int32 {
    status {
        guard let extent else { throw CArgumentError("glint_source_extent_add: extent is null") }
        var sum = CSourceLayout.Extent(extent)
        let given = sum.count > 0 ? sum.bounds : [.infinity, -.infinity, .infinity, -.infinity]
        var (xLow, xHigh, yLow, yHigh) = (given[0], given[1], given[2], given[3])
        try forEachRow(x, y, positive: positiveY) { u, v in
            guard let v else { sum.gaps += 1; return }
            sum.count += 1
            (xLow, xHigh, yLow, yHigh) = (min(xLow, u), max(xHigh, u), min(yLow, v), max(yHigh, v))
        }
        if sum.count > 0 { sum.bounds = [xLow, xHigh, yLow, yHigh] }
        sum.store(extent)
        return 0
    }
}

@_cdecl("glint_density_count")
public func glint_density_count(_ cells: UnsafeRawPointer?, _ x: UnsafeRawPointer?, _ y: UnsafeRawPointer?,
                                _ counts: UnsafeMutablePointer<UInt64>?) -> Int32 {
    status {
        guard let cells, let counts else { throw CArgumentError("glint_density_count: a null pointer") }
        let grid = try CSourceLayout.cells(cells)
        let (xs, ys) = try pair(x, y)
        for (i, n) in DensityGrid.counts(x: xs, y: ys, cells: grid, threads: 1).enumerated() where n > 0 { counts[i] += UInt64(n) }
        return 0
    }
}

@_cdecl("glint_m4_add")
public func glint_m4_add(_ buckets: UnsafeRawPointer?, _ x: UnsafeRawPointer?, _ y: UnsafeRawPointer?, _ positiveY: Int32,
                         _ extremes: UnsafeMutableRawPointer?) -> Int32 {
    status {
        guard let buckets, let extremes else { throw CArgumentError("glint_m4_add: a null pointer") }
        let b = try CSourceLayout.buckets(buckets)
        var accumulator = M4Accumulator(buckets: b, splitAt: nil)
        try forEachRow(x, y, positive: positiveY) { accumulator.add(x: $0, y: $1) }
        for e in accumulator.extremes { merge(e, into: extremes + e.bucket * CSourceLayout.extremesSize) }
        return 0
    }
}

@_cdecl("glint_m4_merge")
public func glint_m4_merge(_ buckets: UnsafeRawPointer?, _ into: UnsafeMutableRawPointer?, _ from: UnsafeRawPointer?) -> Int32 {
    status {
        guard let buckets, let into, let from else { throw CArgumentError("glint_m4_merge: a null pointer") }
        for b in 0..<(try CSourceLayout.buckets(buckets)).count {
            if let e = CSourceLayout.extremes(from + b * CSourceLayout.extremesSize, bucket: b) { merge(e, into: into + b * CSourceLayout.extremesSize) }
        }
        return 0
    }
}

/// Merges `e` into the extremes at `p`, by `M4Accumulator`'s tie rules: the first point takes the lower y among
/// equal x, the last the higher; the lowest and highest take the lower x among equal y.
private func merge(_ e: BucketExtremes, into p: UnsafeMutableRawPointer) {
    guard var m = CSourceLayout.extremes(p, bucket: e.bucket) else {
        CSourceLayout.store(e, p)
        return
    }
    m.rows += e.rows
    if e.gaps > 0 { m.firstGap = m.gaps > 0 ? min(m.firstGap, e.firstGap) : e.firstGap }
    m.gaps += e.gaps
    if (e.first.x, e.first.y) < (m.first.x, m.first.y) { m.first = e.first }
    if (e.last.x, e.last.y) > (m.last.x, m.last.y) { m.last = e.last }
    if (e.low.y, e.low.x) < (m.low.y, m.low.x) { m.low = e.low }
    if e.high.y > m.high.y || (e.high.y == m.high.y && e.high.x < m.high.x) { m.high = e.high }
    CSourceLayout.store(m, p)
}

@_cdecl("glint_source_rows")
public func glint_source_rows(_ buckets: UnsafeRawPointer?, _ only: UnsafePointer<UInt8>?, _ x: UnsafeRawPointer?, _ y: UnsafeRawPointer?,
                              _ positiveY: Int32, _ outX: UnsafeMutablePointer<Double>?, _ outY: UnsafeMutablePointer<Double>?,
                              _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    status {
        guard let outX, let outY, let count else { throw CArgumentError("glint_source_rows: a null pointer") }
        guard (buckets == nil) == (only == nil) else { throw CArgumentError("glint_source_rows: give both buckets and only, or neither") }
        let b = try buckets.map(CSourceLayout.buckets)
        var n = 0
        try forEachRow(x, y, positive: positiveY) { u, v in
            if let b, let only, only[b.bucket(u)] == 0 { return }
            (outX[n], outY[n]) = (u, v ?? .nan)
            n += 1
        }
        count.pointee = n
        return 0
    }
}
