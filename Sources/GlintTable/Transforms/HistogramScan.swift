import Dispatch
import GlintScales

/// The passes over a histogram's values: their finite extent, and their counts per bin, each split into one part
/// per thread with counts of its own, summed at the end.
enum HistogramScan {
    /// The smallest and largest finite value, and how many values are finite and how many are not.
    static func extent(_ values: Column, threads: Int) -> (low: Double, high: Double, finite: Int, nonFinite: Int) {
        let found = perPart(values, threads: threads) { v, part in
            v.baseAddress.map { SIMDScan.finiteValues($0, part.lowerBound, part.upperBound) } ?? (.infinity, -.infinity, 0)
        }
        let finite = found.reduce(0) { $0 + $1.finite }
        return (found.map(\.low).min() ?? .infinity, found.map(\.high).max() ?? -.infinity, finite, values.count - finite)
    }

    /// `body`'s result for each of about equal parts of `values` (one per thread, at least one), read in parallel.
    static func perPart<T>(_ values: Column, threads: Int, _ body: (UnsafeBufferPointer<Double>, Range<Int>) -> T) -> [T] {
        let parts = EvenParts.split(values.count, threads: threads)
        var results = [T?](repeating: nil, count: parts.count)
        values.withUnsafeDoubles { v in
            results.withUnsafeMutableBufferPointer { out in
                DispatchQueue.concurrentPerform(iterations: parts.count) { k in out[k] = body(v, parts[k]) }
            }
        }
        return results.compactMap { $0 }
    }

    /// `numpy.linspace(first, last, bins + 1)`: edge i is i × step + first, the last edge `last` itself.
    static func linspace(_ first: Double, _ last: Double, bins: Int) -> [Double] {
        let delta = last - first, step = delta / Double(bins)
        var edges = (0...bins).map { i in step == 0 ? Double(i) / Double(bins) * delta + first : Double(i) * step + first }
        edges[bins] = last
        return edges
    }

    /// Counts in equal bins between `edges` (from `linspace`), as numpy finds each value's bin (`EqualBins`).
    static func countEqual(_ values: Column, edges: [Double], threads: Int) -> (counts: [Int], total: Int) {
        edges.withUnsafeBufferPointer { count(values, into: EqualBins(edges: $0), threads: threads) }
    }

    /// Counts between increasing `edges`, each value's bin by binary search (`SearchedBins`).
    static func count(_ values: Column, edges: [Double], threads: Int) -> (counts: [Int], total: Int) {
        edges.withUnsafeBufferPointer { count(values, into: SearchedBins(edges: $0), threads: threads) }
    }

    /// Counts of the bins `bins` puts each value in, read on `threads` threads.
    static func count<Bins: HistogramBinner>(_ values: Column, into bins: Bins, threads: Int) -> (counts: [Int], total: Int) {
        let n = bins.count
        let partial = perPart(values, threads: threads) { v, part in
            // One slot past the bins for the values left out, so the loop has no branch for them.
            var counts = [Int](repeating: 0, count: n + 1)
            counts.withUnsafeMutableBufferPointer { c in
                for i in part { c[bins.bin(of: v[i])] += 1 }
            }
            return counts
        }
        var counts = [Int](repeating: 0, count: n)
        for part in partial {
            for b in 0..<n { counts[b] += part[b] }
        }
        return (counts, counts.reduce(0, +))
    }
}

/// Which bin a value falls in.
protocol HistogramBinner {
    /// The number of bins.
    var count: Int { get }
    /// The bin of `v`; `count` when it lies outside the edges (or is not finite).
    func bin(of v: Double) -> Int
}

/// Equal bins, found as numpy finds them: the index from the value's offset over the span, moved down one where
/// the value lies below that bin's left edge, up one where it lies at or past the next edge (but never past the last
/// bin, which is closed on the right). Without branches: the values arrive in no order.
struct EqualBins: HistogramBinner {
    let edges: UnsafeBufferPointer<Double>
    let first: Double, last: Double, perUnit: Double
    var count: Int { edges.count - 1 }

    /// The bins between `edges` (equal, from `linspace`).
    init(edges: UnsafeBufferPointer<Double>) {
        self.edges = edges
        (first, last) = (edges[0], edges[edges.count - 1])
        perUnit = Double(edges.count - 1) / (last - first)
    }

    @inline(__always)
    func bin(of v: Double) -> Int {
        let bins = edges.count - 1
        let inside = v >= first && v <= last
        // numpy divides by the span, then multiplies by the bin count; a multiply by their ratio is at most an ulp
        // away, and the corrections below give each value the bin its edges say either way.
        // Saturating: over a span of a few subnormals the bin count per unit is infinite (and 0 × ∞ is NaN).
        var index = min(max(Int(saturating: inside ? (v - first) * perUnit : 0), 0), bins - 1)
        index -= edges[index] > v ? 1 : 0
        let below = index < bins - 1, next = edges[below ? index + 1 : index]
        index += below && v >= next ? 1 : 0
        return inside ? index : bins
    }
}

/// Bins between increasing edges of any widths: the number of edges at or below the value, less one (the last
/// bin closed on the right).
struct SearchedBins: HistogramBinner {
    let edges: UnsafeBufferPointer<Double>
    var count: Int { edges.count - 1 }

    @inline(__always)
    func bin(of v: Double) -> Int {
        let bins = edges.count - 1
        guard v >= edges[0], v <= edges[bins] else { return bins }
        var (lo, hi) = (0, bins + 1)
        while lo < hi {
            let mid = (lo + hi) / 2
            if edges[mid] <= v { lo = mid + 1 } else { hi = mid }
        }
        return min(lo - 1, bins - 1)
    }
}

