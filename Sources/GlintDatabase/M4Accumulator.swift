import GlintCore

/// M4 over rows in any order: per bucket (or per run between gaps in a bucket), the first and last point by x, the
/// lowest and highest by y, the row count and the gaps. For engines that run Swift inside the database (a SQLite
/// aggregate function); the SQL of other engines computes the same values with the same tie rules: the first point
/// takes the lower y among equal x, the last the higher; the lowest and highest take the lower x among equal y.
public struct M4Accumulator {
    /// The buckets rows are sorted into.
    public let buckets: M4Buckets
    /// The gap positions runs are split at (see `DatabaseSession.reduce`); nil to count gaps per bucket.
    public let gaps: [Double]?
    /// The buckets taken in; nil for all.
    public let within: Set<Int>?
    private var byBucket: [Extremes]
    private var byRun: [Int: Extremes] = [:]

    /// An empty accumulator over `buckets` (only those `within`, when given), split into runs at `gaps` when given.
    public init(buckets: M4Buckets, within: Set<Int>? = nil, splitAt gaps: [Double]?) {
        (self.buckets, self.within, self.gaps) = (buckets, within, gaps)
        byBucket = [Extremes](repeating: Extremes(), count: gaps?.isEmpty == false ? 0 : buckets.count)
    }

    /// Adds a row with a finite `x`; a nil `y` is a gap.
    public mutating func add(x: Double, y: Double?) {
        let b = buckets.bucket(x)
        if let within, !within.contains(b) { return }
        guard let gaps, !gaps.isEmpty else {
            byBucket[b].add(x, y)
            return
        }
        guard let y else { return }
        let run = gaps.partitionIndex { $0 > x }
        byRun[b * (gaps.count + 1) + run, default: Extremes()].add(x, y)
    }

    /// The extremes of every bucket (or run) holding a row.
    public var extremes: [BucketExtremes] {
        if let gaps, !gaps.isEmpty {
            return byRun.map { key, e in e.result(bucket: key / (gaps.count + 1), run: key % (gaps.count + 1)) }
        }
        return byBucket.indices.filter { byBucket[$0].rows > 0 }.map { byBucket[$0].result(bucket: $0, run: 0) }
    }

    /// One bucket's (or run's) running extremes.
    private struct Extremes {
        var rows = 0, gaps = 0
        var firstGap = Double.infinity
        var first = SIMD2<Double>(.infinity, .infinity), last = SIMD2<Double>(-.infinity, -.infinity)
        var low = SIMD2<Double>(.infinity, .infinity), high = SIMD2<Double>(.infinity, -.infinity)

        mutating func add(_ x: Double, _ y: Double?) {
            rows += 1
            guard let y else {
                gaps += 1
                firstGap = min(firstGap, x)
                return
            }
            let p = SIMD2(x, y)
            if x < first.x || (x == first.x && y < first.y) { first = p }
            if x > last.x || (x == last.x && y > last.y) { last = p }
            if y < low.y || (y == low.y && x < low.x) { low = p }
            if y > high.y || (y == high.y && x < high.x) { high = p }
        }

        func result(bucket: Int, run: Int) -> BucketExtremes {
            var e = BucketExtremes(bucket: bucket, rows: rows, gaps: gaps, first: first, last: last, low: low, high: high)
            (e.run, e.firstGap) = (run, gaps > 0 ? firstGap : .nan)
            return e
        }
    }
}

extension Array where Element == Double {
    /// The index of the first element for which `belongs` holds, in an array where it holds for a suffix.
    func partitionIndex(where belongs: (Double) -> Bool) -> Int {
        var (lo, hi) = (0, count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if belongs(self[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
