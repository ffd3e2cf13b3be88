/// One box of a box plot: the quartiles of a group's values, where its whiskers end, its notch and its outliers.
public struct BoxSummary: Equatable, Sendable {
    /// The group's position on the x axis (a category's index on a category axis).
    public var position: Double
    /// The number of finite values in the group.
    public var count: Int
    /// The first quartile, the median and the third quartile (numpy's `percentile`, linear method).
    public var q1: Double, median: Double, q3: Double
    /// The whiskers' ends: the lowest and highest values within the fences (or the extremes, `BoxWhiskers.range`).
    public var low: Double, high: Double
    /// The notch's ends: median ∓ 1.57 · IQR / √count (McGill, Tukey and Larsen; matplotlib's notch).
    public var notchLow: Double, notchHigh: Double
    /// The values beyond the whiskers, in the order they were given.
    public var outliers: [Double]
}

/// How far a box plot's whiskers reach (the spec's `"whiskers"`).
public enum BoxWhiskers: Equatable, Sendable {
    /// To the furthest value within `factor` × IQR of the box (Tukey's 1.5 by default); values beyond are outliers.
    case interquartile(Double)
    /// To the lowest and highest values: nothing is an outlier.
    case range

    /// Tukey's fences, 1.5 × IQR beyond the quartiles.
    public static let tukey = BoxWhiskers.interquartile(1.5)
    /// The largest IQR factor the spec takes.
    public static let maximumFactor = 100.0
}

/// The statistics of a box plot (and of a violin's inner box), from raw values grouped by their x.
enum BoxStatistics {
    /// One summary per distinct finite x of `x` (in ascending order), of the finite `y` values at it; whiskers as
    /// `whiskers` says.
    static func summaries(x: Column, y: Column, whiskers: BoxWhiskers) -> [BoxSummary] {
        groups(x: x, y: y).map { summary(of: $0.values, at: $0.position, whiskers: whiskers) }
    }

    /// The finite `y` values at each distinct finite x, by ascending x (−0 and 0 one group). Whole x in a span of
    /// at most `directSpan` (a category axis's indices) find their group by index, others by hashing.
    static func groups(x: Column, y: Column) -> [(position: Double, values: [Double])] {
        let xs = x.doubles, ys = y.doubles, n = min(xs.count, ys.count)
        var lo = Double.infinity, hi = -Double.infinity, whole = true
        for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
            (lo, hi) = (Swift.min(lo, xs[i]), Swift.max(hi, xs[i]))
            whole = whole && xs[i] == xs[i].rounded()
        }
        guard lo <= hi else { return [] }
        var groups: [[Double]] = [], positions: [Double] = []
        func add(_ value: Double, at position: Double) -> Int {
            groups.append([value])
            positions.append(position)
            return groups.count - 1
        }
        if whole && hi - lo < Double(directSpan) {
            var groupAt = [Int](repeating: -1, count: Int(hi - lo) + 1)
            for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
                let k = Int(xs[i] - lo)
                if groupAt[k] >= 0 { groups[groupAt[k]].append(ys[i]) } else { groupAt[k] = add(ys[i], at: xs[i] == 0 ? 0 : xs[i]) }
            }
        } else {
            var groupOf: [Double: Int] = [:]
            for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
                let key = xs[i] == 0 ? 0 : xs[i]
                if let g = groupOf[key] { groups[g].append(ys[i]) } else { groupOf[key] = add(ys[i], at: key) }
            }
        }
        return positions.indices.sorted { positions[$0] < positions[$1] }.map { (positions[$0], groups[$0]) }
    }

    /// The widest span of whole x grouped by index rather than by hashing.
    static let directSpan = 1 << 20

    /// The summary of `values` (finite, at least one) at `position`.
    static func summary(of values: [Double], at position: Double, whiskers: BoxWhiskers) -> BoxSummary {
        var sorted = values
        let (q1, median, q3) = (percentile(25, of: &sorted), percentile(50, of: &sorted), percentile(75, of: &sorted))
        let iqr = q3 - q1, count = values.count
        var low = q1, high = q3, outliers: [Double] = []
        switch whiskers {
        case .range:
            (low, high) = (values.min()!, values.max()!)
        case .interquartile(let factor):
            let (lowFence, highFence) = (q1 - factor * iqr, q3 + factor * iqr)
            var lowest = Double.infinity, highest = -Double.infinity
            for v in values {
                if v < lowFence || v > highFence {
                    outliers.append(v)
                } else {
                    (lowest, highest) = (Swift.min(lowest, v), Swift.max(highest, v))
                }
            }
            // matplotlib's rule: a whisker never reaches into the box (no value between fence and quartile).
            (low, high) = (Swift.min(lowest, q1), Swift.max(highest, q3))
        }
        let half = 1.57 * iqr / Double(count).squareRoot()
        return BoxSummary(position: position, count: count, q1: q1, median: median, q3: q3, low: low, high: high,
                          notchLow: median - half, notchHigh: median + half, outliers: outliers)
    }

    /// The `p`th percentile (0…100) of `values` (non-empty, finite) as numpy's `percentile` computes it by its default
    /// linear method: at virtual index (n − 1)·p/100, between its two neighbours in sorted order. `values` is
    /// reordered (a selection, not a sort: linear time on any input, `HistogramAuto.select`).
    static func percentile(_ p: Double, of values: inout [Double]) -> Double {
        let n = values.count, q = p / 100
        // numpy's `_compute_virtual_index` with alpha = beta = 1, written as it writes it, for the same rounding.
        let index = Double(n) * q + (1 + q * (1 - 1 - 1)) - 1
        let lower = Swift.min(Swift.max(Int(index.rounded(.down)), 0), n - 1), upper = Swift.min(lower + 1, n - 1)
        let t = index - Double(lower)
        let a = HistogramAuto.select(lower, in: &values)
        // The next value up is the least of those after it (they are all at least `a`).
        let b = upper == lower ? a : values[upper...].min()!
        // numpy's `_lerp`: from the nearer end, so that t = 1 gives b exactly.
        // At a whole index the value itself, even where b − a overflows (numpy's NaN there).
        let d = b - a
        guard t > 0 else { return a }
        return t >= 0.5 ? b - d * (1 - t) : a + d * t
    }
}
