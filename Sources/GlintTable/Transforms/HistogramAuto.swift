import FoundationEssentials
import Glibc

/// numpy's `"auto"` bin width (numpy 2.1 and later): the narrower of Sturges' width (the span over log2 n + 1) and
/// the Freedman–Diaconis width (2 IQR n^(-1/3)), the latter no narrower than half the square-root rule's (the span
/// over √n), which keeps a long tail from asking for millions of bins. The interquartile range is numpy's
/// `percentile` with linear interpolation, from exact order statistics found without sorting or copying the values:
/// a parallel pass counts them into 65,536 buckets of equal width, and only the values of the buckets that hold the
/// ranks wanted are gathered and selected among.
package enum HistogramAuto {
    /// Buckets of the order-statistic pass.
    static let buckets = 1 << 16

    /// The width for the finite values of `values` — only those within `first…last` when the range was `limited`
    /// by the caller — or 0 when there are none (one bin, as numpy gives). Read on `threads` threads.
    static func width(_ values: Column, first: Double, last: Double, limited: Bool, threads: Int) -> Double {
        let keep = Kept(first: limited ? first : -.infinity, last: limited ? last : .infinity)
        let parts = HistogramScan.perPart(values, threads: threads) { v, part in
            var (low, high, count) = (Double.infinity, -Double.infinity, 0)
            for i in part where keep.contains(v[i]) {
                (low, high, count) = (min(low, v[i]), max(high, v[i]), count + 1)
            }
            return (low: low, high: high, count: count)
        }
        let count = parts.reduce(0) { $0 + $1.count }
        guard count > 0, let low = parts.map(\.low).min(), let high = parts.map(\.high).max() else { return 0 }
        let n = Double(count), span = high - low
        let sturges = span / (log2(n) + 1)
        let root = span / n.squareRoot()
        let q = quartiles(values, keep: keep, low: low, high: high, count: count, threads: threads)
        let fd = 2.0 * (q.upper - q.lower) * pow(n, -1.0 / 3.0)
        return min(max(fd, root / 2), sturges)
    }

    /// numpy's 25th and 75th percentiles (linear interpolation) of the `count` kept values, which span low…high.
    static func quartiles(_ values: Column, keep: Kept, low: Double, high: Double, count: Int, threads: Int) -> (lower: Double, upper: Double) {
        // numpy's virtual index (n − 1) q, the ranks either side of it, and the weight between them.
        let points = [0.25, 0.75].map { q -> (rank: Int, next: Int, t: Double) in
            let index = Double(count - 1) * q, rank = Int(index.rounded(.down))
            return (rank, min(rank + 1, count - 1), index - Double(rank))
        }
        let ranked = orderStatistics(points.flatMap { [$0.rank, $0.next] }, values, keep: keep, low: low, high: high, threads: threads)
        func lerp(_ k: Int) -> Double {
            let (a, b, t) = (ranked[2 * k], ranked[2 * k + 1], points[k].t)
            return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t
        }
        return (lerp(0), lerp(1))
    }

    /// The kept values of the given ranks (0-based, ascending order): the bucket and the rank within it of each, from
    /// the buckets' counts; then the values of those buckets, gathered, and the rank selected among them.
    static func orderStatistics(_ ranks: [Int], _ values: Column, keep: Kept, low: Double, high: Double, threads: Int) -> [Double] {
        guard high > low else { return ranks.map { _ in low } }
        let bucketing = RankBuckets(keep: keep, low: low, span: high - low)
        let counts = HistogramScan.count(values, into: bucketing, threads: threads).counts
        var starts = [Int](repeating: 0, count: buckets + 1)
        for b in 0..<buckets { starts[b + 1] = starts[b] + counts[b] }
        // The bucket holding each rank: the last whose start is at or below it.
        let holding = ranks.map { rank -> Int in
            var (lo, hi) = (0, buckets)
            while lo + 1 < hi {
                let mid = (lo + hi) / 2
                if starts[mid] <= rank { lo = mid } else { hi = mid }
            }
            return lo
        }
        let wanted = Array(Set(holding))
        let gathered = HistogramScan.perPart(values, threads: threads) { v, part in
            var found = [[Double]](repeating: [], count: wanted.count)
            for i in part {
                let b = bucketing.bin(of: v[i])
                if b < buckets, let k = wanted.firstIndex(of: b) { found[k].append(v[i]) }
            }
            return found
        }
        var inBucket = wanted.indices.map { k in gathered.flatMap { $0[k] } }
        return zip(ranks, holding).map { rank, b in
            let k = wanted.firstIndex(of: b) ?? 0
            return select(rank - starts[b], in: &inBucket[k])
        }
    }

    /// The k-th smallest of `values` (0-based), which are reordered so that it sits at k with none larger before it
    /// and none smaller after it: quickselect with Hoare's partitions and pivots from a fixed pseudo-random sequence
    /// (no input makes it quadratic by design).
    package static func select(_ k: Int, in values: inout [Double]) -> Double {
        var (lo, hi) = (0, values.count - 1)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return values.withUnsafeMutableBufferPointer { v in
            while lo < hi {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let pivot = v[lo + Int((state >> 33) % UInt64(hi - lo + 1))]
                // Hoare's partition: afterwards v[lo...j] ≤ pivot, v[i...hi] ≥ pivot, and what lies between equals it
                // (runs of equal values split evenly, so they cost no extra passes).
                var (i, j) = (lo, hi)
                while i <= j {
                    while v[i] < pivot { i += 1 }
                    while v[j] > pivot { j -= 1 }
                    if i <= j {
                        v.swapAt(i, j)
                        (i, j) = (i + 1, j - 1)
                    }
                }
                if k <= j { hi = j } else if k >= i { lo = i } else { return v[k] }
            }
            return v[k]
        }
    }

    /// The values `auto` estimates from: finite, within first…last.
    struct Kept {
        let first: Double, last: Double

        @inline(__always)
        func contains(_ v: Double) -> Bool { v.isFinite && v >= first && v <= last }
    }

    /// Kept values into `buckets` equal buckets over low…low + span, by a mapping that never decreases with the
    /// value (so every value of a lower bucket is below every value of a higher one); the rest into the slot past them.
    struct RankBuckets: HistogramBinner {
        let keep: Kept, low: Double, span: Double
        var count: Int { HistogramAuto.buckets }

        @inline(__always)
        func bin(of v: Double) -> Int {
            guard keep.contains(v) else { return HistogramAuto.buckets }
            return min(max(Int(saturating: (v - low) / span * Double(HistogramAuto.buckets)), 0), HistogramAuto.buckets - 1)
        }
    }
}
