/// How a rolling window combines its values.
public enum RollingOp: String, CaseIterable, Sendable {
    case mean, sum, min, max, median
}

/// A trailing rolling window over a series' y (`"rolling": {"window": 30, "op": "mean"}`), as pandas'
/// `Series.rolling(window).op()` computes it: point i takes the window's `op` of the values of points i − window + 1
/// … i, and is a gap until the window holds `window` values (the first window − 1 points, and any window with a gap).
extension Series {
    /// The most points a window spans.
    public static let maximumRollingWindow = 1_000_000

    /// The series with each y replaced by its trailing window's `op` (`window` from 1 to `maximumRollingWindow`).
    public func rolling(window: Int, op: RollingOp) -> Series {
        var s = self
        s.y = Column(Rolling.apply(y.doubles, window: max(1, min(window, Series.maximumRollingWindow)), op: op))
        return s
    }
}

enum Rolling {
    /// Each value's trailing window of `window` values combined by `op`; NaN where the window is short or has a gap.
    static func apply(_ values: [Double], window: Int, op: RollingOp) -> [Double] {
        let n = values.count
        var out = [Double](repeating: .nan, count: n)
        // Gaps in the window, counted as it slides: a window with one has no value.
        var gaps = 0
        // mean, sum: a compensated running sum of the window's values.
        var sum = 0.0, carry = 0.0
        func add(_ v: Double) {
            let y = v - carry, t = sum + y
            carry = (t - sum) - y
            sum = t
        }
        // min, max: a queue of indices whose values only rise (min) or fall (max); the window's extreme at its head.
        var queue: [Int] = [], head = 0
        // median: the window's values counted by rank.
        var ranked = op == .median ? RankCounts(values) : nil
        for i in 0..<n {
            let v = values[i]
            if v.isFinite {
                switch op {
                case .mean, .sum: add(v)
                case .min, .max:
                    while queue.count > head, let last = queue.last, op == .min ? values[last] >= v : values[last] <= v { queue.removeLast() }
                    queue.append(i)
                case .median: ranked!.add(i, 1)
                }
            } else {
                gaps += 1
            }
            if i >= window {
                let old = values[i - window]
                if old.isFinite {
                    switch op {
                    case .mean, .sum: add(-old)
                    case .min, .max: break
                    case .median: ranked!.add(i - window, -1)
                    }
                } else {
                    gaps -= 1
                }
                while head < queue.count, queue[head] <= i - window { head += 1 }
            }
            guard i >= window - 1, gaps == 0 else { continue }
            switch op {
            case .sum: out[i] = sum
            case .mean: out[i] = sum / Double(window)
            case .min, .max: out[i] = values[queue[head]]
            case .median:
                let upper = ranked!.value(ranked: window / 2 + 1)
                out[i] = window % 2 == 1 ? upper : ranked!.value(ranked: window / 2) / 2 + upper / 2
            }
        }
        return out
    }
}

/// A multiset of some of a column's finite values, by rank: each value's rank among the column's distinct values,
/// and a count per rank in a Fenwick tree. Adding or removing a value and finding the k-th smallest each take
/// O(log n), so a rolling median costs O(n log n) whatever its window (a sorted window costs O(window) a step).
struct RankCounts {
    /// The column's distinct finite values, ascending.
    private let distinct: [Double]
    /// Each value's index in `distinct` (-1 for a value that is not finite).
    private let ranks: [Int]
    /// Fenwick tree of the counts per rank, 1-based.
    private var tree: [Int32]

    init(_ values: [Double]) {
        var sorted = values.filter(\.isFinite)
        sorted.sort()
        var distinct: [Double] = []
        distinct.reserveCapacity(sorted.count)
        for v in sorted where distinct.last != v { distinct.append(v) }
        ranks = values.map { v in v.isFinite ? RankCounts.firstIndex(notBelow: v, in: distinct) : -1 }
        self.distinct = distinct
        tree = [Int32](repeating: 0, count: distinct.count + 1)
    }

    /// Counts the value at `index` of the column `delta` more times.
    mutating func add(_ index: Int, _ delta: Int32) {
        var k = ranks[index] + 1
        while k < tree.count {
            tree[k] += delta
            k += k & -k
        }
    }

    /// The `k`-th smallest value counted (1-based; `k` at most the number counted).
    func value(ranked k: Int) -> Double {
        var position = 0, left = Int32(k)
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            if position + step < tree.count, tree[position + step] < left {
                position += step
                left -= tree[position]
            }
            step /= 2
        }
        return distinct[position]
    }

    /// The first place in `sorted` whose value is not below `v`.
    static func firstIndex(notBelow v: Double, in sorted: [Double]) -> Int {
        var (lo, hi) = (0, sorted.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
