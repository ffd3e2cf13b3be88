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
        // median: the window's values in order.
        var sorted: [Double] = []
        for i in 0..<n {
            let v = values[i]
            if v.isFinite {
                switch op {
                case .mean, .sum: add(v)
                case .min, .max:
                    while queue.count > head, let last = queue.last, op == .min ? values[last] >= v : values[last] <= v { queue.removeLast() }
                    queue.append(i)
                case .median: sorted.insert(v, at: insertionIndex(v, in: sorted))
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
                    case .median: sorted.remove(at: insertionIndex(old, in: sorted))
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
            case .median: out[i] = window % 2 == 1 ? sorted[window / 2] : sorted[window / 2 - 1] / 2 + sorted[window / 2] / 2
            }
        }
        return out
    }

    /// The first place in `sorted` whose value is not below `v`.
    static func insertionIndex(_ v: Double, in sorted: [Double]) -> Int {
        var (lo, hi) = (0, sorted.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
