import Dispatch
import GlintScales

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

    /// The decimated points, in index order; gaps (NaN y) are kept as NaN separators, one between two runs.
    public struct Result: Sendable {
        /// X values in data units (NaN at gaps).
        public let x: Column
        /// Y values in data units (NaN at gaps).
        public let y: Column
    }

    /// Decimates onto the pixel columns `columns` of `mapping` (columns beyond get one bucket per side),
    /// each split into `subdivisions` equal sub-columns. Returns nil when x is not finite and non-decreasing, or
    /// has a value without a position on a log x axis (the caller then draws the raw points). On a log y axis,
    /// values ≤ 0 are gaps. The scales are monotonic, so the extremes of the data are those of their positions:
    /// M4 reads the data as they are and moves only bucket bounds through the scale. Reads each x and y once, on `threads` threads.
    /// `within` restricts it to those indices (a view's window of a long line), read in place.
    public static func decimate(x: Column, y: Column, mapping: PixelMapping, columns: Range<Int>,
                                subdivisions: Int = 1, threads: Int, within: Range<Int>? = nil) -> Result? {
        decimate(x: x, y: y, buckets: M4Buckets(mapping: mapping, columns: columns, subdivisions: subdivisions),
                 threads: threads, within: within)
    }

    /// Decimates into `buckets`; see `decimate(x:y:mapping:columns:subdivisions:threads:within:)`.
    public static func decimate(x: Column, y: Column, buckets: M4Buckets, threads: Int,
                                within: Range<Int>? = nil) -> Result? {
        let range = (within ?? 0..<min(x.count, y.count)).clamped(to: 0..<min(x.count, y.count))
        guard !range.isEmpty, !buckets.columns.isEmpty else { return nil }
        if let memo = M4Memo.current, let xs = x.ring, let ys = y.ring {
            return memo.decimate(x: xs, y: ys, window: range, buckets: buckets, threads: threads)
        }
        return x.withUnsafeDoubles(in: range) { xs in
            y.withUnsafeDoubles(in: range) { ys in
                decimate(xs, ys, n: range.count, plan: buckets, threads: threads)
            }
        }
    }

    /// The first index in `start..<n` whose sub-column (`column`, non-decreasing) is at least `c`, n when none:
    /// galloping from `start`, then bisection.
    @inline(__always)
    static func firstIndex(from start: Int, to n: Int, atOrPast c: Int, column: (Int) -> Int) -> Int {
        var lo = start, step = 1
        while lo < n && column(lo) < c {
            let probe = min(n, lo + step)
            if probe == n || column(probe) >= c {
                var (a, b) = (lo + 1, probe)
                while a < b {
                    let mid = (a + b) / 2
                    if column(mid) < c { a = mid + 1 } else { b = mid }
                }
                return a
            }
            lo = probe
            step *= 2
        }
        return lo
    }

    private static func decimate(_ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, n: Int,
                                 plan: M4Buckets, threads: Int) -> Result? {
        // Bucket b covers the indices from bound(b) to bound(b + 1): bucket 0 is everything left of the
        // columns, the last bucket everything right of them. Bounds come from x by search, valid only if x
        // is sorted, which the scans check in the same pass that reads y.
        let column = { (i: Int) -> Int in plan.subColumn(xs[i]) }
        let first = plan.firstSubColumn
        let buckets = plan.count
        let forwardY = plan.mapping.forwardY
        // Sorted x has a position on a log axis everywhere when its first value has one.
        guard plan.mapping.forwardX.admits(xs[0]) else { return nil }
        func bound(_ b: Int, from start: Int) -> Int {
            b == 0 ? 0 : b == buckets ? n : firstIndex(from: start, to: n, atOrPast: first + b - 1, column: column)
        }
        let ranges = EvenParts.split(buckets, threads: threads), parts = ranges.count
        var pieces = [[Int]](repeating: [], count: parts)
        var sorted = [Bool](repeating: true, count: parts)
        pieces.withUnsafeMutableBufferPointer { out in
            sorted.withUnsafeMutableBufferPointer { ok in
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    let (b0, b1) = (ranges[part].lowerBound, ranges[part].upperBound)
                    var kept: [Int] = []
                    kept.reserveCapacity((b1 - b0) * 4 + 8)
                    var monotone = true
                    var lo = bound(b0, from: 0)
                    for b in b0..<b1 {
                        let hi = bound(b + 1, from: lo)
                        if lo < hi {
                            // The scan checks order inside the bucket; check where it meets the one before too.
                            if lo > 0 && !(xs[lo - 1] <= xs[lo]) { monotone = false }
                            let edge = b == 0 || b == buckets - 1
                            monotone = scan(xs, ys, lo, hi, keepExtremes: !edge, forwardY: forwardY, into: &kept) && monotone
                        }
                        lo = hi
                    }
                    out[part] = kept
                    ok[part] = monotone
                }
            }
        }
        guard sorted.allSatisfy({ $0 }) else { return nil }
        var rx: [Double] = [], ry: [Double] = []
        let total = pieces.reduce(0) { $0 + $1.count }
        rx.reserveCapacity(total)
        ry.reserveCapacity(total)
        for piece in pieces {
            for i in piece {
                if i < 0 {
                    // One NaN between runs, never two in a row: two pieces' gaps may meet.
                    guard rx.last?.isNaN != true else { continue }
                    rx.append(.nan)
                    ry.append(.nan)
                } else {
                    rx.append(xs[i])
                    ry.append(ys[i])
                }
            }
        }
        return Result(x: Column(rx), y: Column(ry))
    }

    /// Scans indices lo..<hi of one bucket: checks x is non-decreasing and finite, and appends the indices
    /// of the first, lowest, highest and last point of each run between gaps (a gap appends -1).
    /// Buckets outside the columns keep only first and last. A y without a position under `forwardY` is a gap.
    /// Returns false when x is out of order.
    @inline(__always)
    static func scan(_ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, _ lo: Int, _ hi: Int,
                             keepExtremes: Bool, forwardY: ScaleFunction, into kept: inout [Int]) -> Bool {
        // Fast path: one vectorised pass for order, extremes and gaps; the bucket is then in cache to find
        // where the extremes are.
        let xp = xs.baseAddress!, yp = ys.baseAddress!
        let scan = SIMDScan.extremes(xp, yp, lo, hi)
        guard scan.ordered, xs[lo].isFinite, xs[hi - 1].isFinite else { return false }
        if !scan.hasNaN && forwardY.admits(scan.low) && scan.high.isFinite {
            let low = SIMDScan.firstIndex(of: scan.low, yp, lo, hi), high = SIMDScan.firstIndex(of: scan.high, yp, lo, hi)
            append(first: lo, low: low, high: high, last: hi - 1, keepExtremes: keepExtremes, into: &kept)
            return true
        }
        scanRuns(ys, lo, hi, keepExtremes: keepExtremes, forwardY: forwardY, into: &kept)
        return true
    }

    /// The first, lowest, highest and last index of each run between gaps of lo..<hi.
    private static func scanRuns(_ ys: UnsafeBufferPointer<Double>, _ lo: Int, _ hi: Int, keepExtremes: Bool,
                                 forwardY: ScaleFunction, into kept: inout [Int]) {
        var first = -1, low = -1, high = -1
        var lowY = 0.0, highY = 0.0
        for i in lo..<hi {
            let yv = ys[i]
            if !forwardY.admits(yv) {
                if first >= 0 { append(first: first, low: low, high: high, last: i - 1, keepExtremes: keepExtremes, into: &kept) }
                first = -1
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
        }
        if first >= 0 { append(first: first, low: low, high: high, last: hi - 1, keepExtremes: keepExtremes, into: &kept) }
    }

    /// Appends the distinct indices of a run's first, extremes and last point, in index order.
    @inline(__always)
    private static func append(first: Int, low: Int, high: Int, last: Int, keepExtremes: Bool, into kept: inout [Int]) {
        kept.append(first)
        if keepExtremes {
            let (a, b) = low < high ? (low, high) : (high, low)
            if a != first && a != last { kept.append(a) }
            if b != first && b != last && b != a { kept.append(b) }
        }
        if last != first { kept.append(last) }
    }
}
