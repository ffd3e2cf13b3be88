import Dispatch

/// The passes over a histogram's values: their finite extent, and their counts per bin, each split into one part
/// per thread with counts of its own, summed at the end.
enum HistogramScan {
    /// The smallest and largest finite value, and how many values are finite and how many are not.
    static func extent(_ values: Column, threads: Int) -> (low: Double, high: Double, finite: Int, nonFinite: Int) {
        let parts = split(values.count, threads: threads)
        var found = [(low: Double, high: Double, finite: Int)](repeating: (.infinity, -.infinity, 0), count: parts.count)
        values.withUnsafeDoubles { v in
            found.withUnsafeMutableBufferPointer { out in
                DispatchQueue.concurrentPerform(iterations: parts.count) { k in
                    var (low, high, finite) = (Double.infinity, -Double.infinity, 0)
                    for i in parts[k] where v[i].isFinite {
                        low = min(low, v[i])
                        high = max(high, v[i])
                        finite += 1
                    }
                    out[k] = (low, high, finite)
                }
            }
        }
        let finite = found.reduce(0) { $0 + $1.finite }
        return (found.map(\.low).min() ?? .infinity, found.map(\.high).max() ?? -.infinity, finite, values.count - finite)
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
    private static func count<Bins: HistogramBinner>(_ values: Column, into bins: Bins, threads: Int) -> (counts: [Int], total: Int) {
        let parts = split(values.count, threads: threads), n = bins.count
        var partial = [[Int]](repeating: [], count: parts.count)
        values.withUnsafeDoubles { v in
            partial.withUnsafeMutableBufferPointer { out in
                DispatchQueue.concurrentPerform(iterations: parts.count) { k in
                    var counts = [Int](repeating: 0, count: n)
                    counts.withUnsafeMutableBufferPointer { c in
                        for i in parts[k] {
                            if let b = bins.bin(of: v[i]) { c[b] += 1 }
                        }
                    }
                    out[k] = counts
                }
            }
        }
        var counts = [Int](repeating: 0, count: n)
        for part in partial {
            for b in 0..<n { counts[b] += part[b] }
        }
        return (counts, counts.reduce(0, +))
    }

    /// `count` values in about equal parts, one per thread (at least one part, possibly empty).
    static func split(_ count: Int, threads: Int) -> [Range<Int>] {
        let parts = max(1, min(threads, count))
        return (0..<parts).map { k in (k * count / parts)..<((k + 1) * count / parts) }
    }
}

/// Which bin a value falls in.
protocol HistogramBinner {
    /// The number of bins.
    var count: Int { get }
    /// The bin of `v`; nil when it lies outside the edges (or is not finite).
    func bin(of v: Double) -> Int?
}

/// Equal bins, found as numpy finds them: the index from the value's offset over the span (divided, then
/// multiplied by the bin count), moved down one where the value lies below that bin's left edge, up one where it
/// lies at or past the next edge (but never past the last bin, which is closed on the right).
struct EqualBins: HistogramBinner {
    let edges: UnsafeBufferPointer<Double>
    var count: Int { edges.count - 1 }

    @inline(__always)
    func bin(of v: Double) -> Int? {
        let bins = edges.count - 1, first = edges[0], last = edges[bins]
        guard v >= first, v <= last else { return nil }
        var index = Int((v - first) / (last - first) * Double(bins))
        if index >= bins { index = bins - 1 }
        if v < edges[index] {
            index -= 1
        } else if index != bins - 1, v >= edges[index + 1] {
            index += 1
        }
        return index
    }
}

/// Bins between increasing edges of any widths: the number of edges at or below the value, less one (the last
/// bin closed on the right).
struct SearchedBins: HistogramBinner {
    let edges: UnsafeBufferPointer<Double>
    var count: Int { edges.count - 1 }

    @inline(__always)
    func bin(of v: Double) -> Int? {
        let bins = edges.count - 1
        guard v >= edges[0], v <= edges[bins] else { return nil }
        var (lo, hi) = (0, bins + 1)
        while lo < hi {
            let mid = (lo + hi) / 2
            if edges[mid] <= v { lo = mid + 1 } else { hi = mid }
        }
        return min(lo - 1, bins - 1)
    }
}
