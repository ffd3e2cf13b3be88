import Dispatch

/// M4 decimation (Jugel et al., VLDB 2014) of a line whose x values are sorted: per pixel column, only
/// the first, last, lowest and highest point are kept. Lines drawn from the result are pixel-identical
/// to the raw line when vertices snap to pixel centres (`LineShape.antialias == false`, round joins),
/// and within the painters' parity bound when anti-aliased.
public enum M4Decimation {
    /// Sub-columns per pixel column for anti-aliased lines. Aliased lines are exact with one; anti-aliased
    /// edges also depend on where inside a column the dropped points lie, and 16 sub-columns keep the
    /// picture within the painters' parity bound (measured by `DecimationTests`: ≥ 99.97 % of pixels
    /// within 8/255 against 98 % with one).
    public static let antialiasedSubdivisions = 16

    /// The decimated points, in index order; gaps (NaN y) are kept as NaN separators.
    public struct Result: Sendable {
        public let x: [Double]
        public let y: [Double]
    }

    /// Decimates onto the pixel columns `columns` of `mapping` (columns beyond get one bucket per side),
    /// each split into `subdivisions` equal sub-columns. Returns nil when x is not finite and non-decreasing
    /// (the caller then draws the raw points). Reads each x and y once, on `threads` threads.
    public static func decimate(x: [Double], y: [Double], mapping: PixelMapping, columns: Range<Int>,
                                subdivisions: Int = 1, threads: Int = System.coreCount) -> Result? {
        let n = min(x.count, y.count)
        guard n > 0, !columns.isEmpty else { return nil }
        return x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                decimate(xs, ys, n: n, mapping: mapping, columns: columns, subdivisions: max(1, subdivisions), threads: threads)
            }
        }
    }

    private static func decimate(_ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, n: Int,
                                 mapping: PixelMapping, columns: Range<Int>, subdivisions: Int, threads: Int) -> Result? {
        // First index at or past each column boundary, by binary search (valid only if x is sorted,
        // which the scan below checks in the same pass that reads y).
        let k = Float(subdivisions)
        let column = { (i: Int) -> Int in
            let p = mapping.x(xs[i]) * k
            return p.isNaN ? Int.max : Int(max(min(p.rounded(.down), 1e9), -1e9))
        }
        let columns = (columns.lowerBound * subdivisions)..<(columns.upperBound * subdivisions)
        func firstIndex(atOrPast c: Int) -> Int {
            var lo = 0, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2
                if column(mid) < c { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        // Bucket k covers indices bounds[k]..<bounds[k+1]: bucket 0 is everything left of the columns,
        // the last bucket everything right of them.
        let bounds = [0] + columns.map(firstIndex(atOrPast:)) + [firstIndex(atOrPast: columns.upperBound), n]
        let buckets = bounds.count - 1
        let parts = max(1, min(threads, buckets))
        var pieces = [[Int]](repeating: [], count: parts)
        var sorted = [Bool](repeating: true, count: parts)
        pieces.withUnsafeMutableBufferPointer { out in
            sorted.withUnsafeMutableBufferPointer { ok in
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    let b0 = part * buckets / parts, b1 = (part + 1) * buckets / parts
                    var kept: [Int] = []
                    kept.reserveCapacity((b1 - b0) * 4 + 8)
                    var monotone = true
                    for b in b0..<b1 {
                        let lo = bounds[b], hi = bounds[b + 1]
                        guard lo < hi else { continue }
                        let edge = b == 0 || b == buckets - 1
                        monotone = scan(xs, ys, lo, hi, keepExtremes: !edge, into: &kept) && monotone
                    }
                    out[part] = kept
                    ok[part] = monotone
                }
            }
        }
        guard sorted.allSatisfy({ $0 }) else { return nil }
        // The scans checked order inside buckets; check across bucket boundaries too.
        for b in 1..<buckets where bounds[b] > 0 && bounds[b] < n {
            if !(xs[bounds[b] - 1] <= xs[bounds[b]]) { return nil }
        }
        var rx: [Double] = [], ry: [Double] = []
        let total = pieces.reduce(0) { $0 + $1.count }
        rx.reserveCapacity(total)
        ry.reserveCapacity(total)
        for piece in pieces {
            for i in piece {
                if i < 0 {
                    rx.append(.nan)
                    ry.append(.nan)
                } else {
                    rx.append(xs[i])
                    ry.append(ys[i])
                }
            }
        }
        return Result(x: rx, y: ry)
    }

    /// Scans indices lo..<hi of one bucket: checks x is finite and non-decreasing, and appends the
    /// indices of the first, lowest, highest and last point of each run between gaps (a gap appends -1).
    /// Buckets outside the columns keep only first and last. Returns false when x is out of order.
    @inline(__always)
    private static func scan(_ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, _ lo: Int, _ hi: Int,
                             keepExtremes: Bool, into kept: inout [Int]) -> Bool {
        var previousX = -Double.infinity
        var first = -1, last = -1, low = -1, high = -1
        var lowY = Double.infinity, highY = -Double.infinity
        func flush() {
            guard first >= 0 else { return }
            var run = [first, last]
            if keepExtremes { run += [low, high] }
            run.sort()
            var previous = -1
            for i in run where i != previous {
                kept.append(i)
                previous = i
            }
            first = -1
        }
        for i in lo..<hi {
            let xv = xs[i]
            if !(xv >= previousX) || !xv.isFinite { return false }
            previousX = xv
            let yv = ys[i]
            if yv.isNaN || yv.isInfinite {
                flush()
                if kept.last != -1 { kept.append(-1) }
                continue
            }
            if first < 0 {
                (first, low, high, lowY, highY) = (i, i, i, yv, yv)
            } else if yv < lowY {
                (low, lowY) = (i, yv)
            } else if yv > highY {
                (high, highY) = (i, yv)
            }
            last = i
        }
        flush()
        return true
    }
}
