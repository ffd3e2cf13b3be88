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

/// A y that is a gap: not finite, or not above 0 on a log axis.
private func isGap(_ y: Double, positive: Bool) -> Bool { !y.isFinite || (positive && y <= 0) }

@_cdecl("glint_source_extent_add")
public func glint_source_extent_add(_ x: UnsafeRawPointer?, _ y: UnsafeRawPointer?, _ positiveY: Int32, _ extent: UnsafeMutableRawPointer?) -> Int32 {
    status {
        guard let extent else { throw CArgumentError("glint_source_extent_add: extent is null") }
        let (xs, ys) = try pair(x, y)
        var count = Int(extent.load(as: Int64.self)), gaps = Int(extent.load(fromByteOffset: 8, as: Int64.self))
        let given = (0..<4).map { count > 0 ? extent.load(fromByteOffset: 16 + 8 * $0, as: Double.self) : ($0 % 2 == 0 ? .infinity : -.infinity) }
        var (xLow, xHigh, yLow, yHigh) = (given[0], given[1], given[2], given[3])
        xs.withUnsafeDoubles { xv in
            ys.withUnsafeDoubles { yv in
                for i in 0..<xv.count where xv[i].isFinite {
                    let (u, v) = (xv[i], yv[i])
                    if isGap(v, positive: positiveY != 0) { gaps += 1; continue }
                    count += 1
                    (xLow, xHigh, yLow, yHigh) = (min(xLow, u), max(xHigh, u), min(yLow, v), max(yHigh, v))
                }
            }
        }
        extent.storeBytes(of: Int64(count), as: Int64.self)
        extent.storeBytes(of: Int64(gaps), toByteOffset: 8, as: Int64.self)
        for (i, v) in [xLow, xHigh, yLow, yHigh].enumerated() where count > 0 { extent.storeBytes(of: v, toByteOffset: 16 + 8 * i, as: Double.self) }
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
        let (xs, ys) = try pair(x, y)
        var accumulator = M4Accumulator(buckets: b, splitAt: nil)
        xs.withUnsafeDoubles { xv in
            ys.withUnsafeDoubles { yv in
                for i in 0..<xv.count where xv[i].isFinite {
                    accumulator.add(x: xv[i], y: isGap(yv[i], positive: positiveY != 0) ? nil : yv[i])
                }
            }
        }
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
        let (xs, ys) = try pair(x, y)
        var n = 0
        xs.withUnsafeDoubles { xv in
            ys.withUnsafeDoubles { yv in
                for i in 0..<xv.count where xv[i].isFinite {
                    if let b, let only, only[b.bucket(xv[i])] == 0 { continue }
                    (outX[n], outY[n]) = (xv[i], isGap(yv[i], positive: positiveY != 0) ? .nan : yv[i])
                    n += 1
                }
            }
        }
        count.pointee = n
        return 0
    }
}
