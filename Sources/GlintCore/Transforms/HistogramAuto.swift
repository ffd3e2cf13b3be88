import Foundation

/// numpy's `"auto"` bin width (numpy 2.1 and later): the narrower of Sturges' width (the span over log2 n + 1) and
/// the Freedman–Diaconis width (2 IQR n^(-1/3)), the latter no narrower than half the square-root rule's (the span
/// over √n), which keeps a long tail from asking for millions of bins. The interquartile range is numpy's
/// `percentile` with linear interpolation, its order statistics found by selection, not a sort.
enum HistogramAuto {
    /// The width for the finite values of `values` — only those within `first…last` when the range was `limited`
    /// by the caller — or 0 when there are none (one bin, as numpy gives).
    static func width(_ values: Column, first: Double, last: Double, limited: Bool) -> Double {
        var kept = values.filter { $0.isFinite && (!limited || ($0 >= first && $0 <= last)) }
        guard let low = kept.min(), let high = kept.max() else { return 0 }
        let n = Double(kept.count), span = high - low
        let sturges = span / (log2(n) + 1)
        let root = span / n.squareRoot()
        let iqr = percentile(0.75, of: &kept) - percentile(0.25, of: &kept)
        let fd = 2.0 * iqr * pow(n, -1.0 / 3.0)
        return min(max(fd, root / 2), sturges)
    }

    /// numpy's linear-interpolation percentile `q` (0…1) of `values` (reordered): the values at the virtual index
    /// (n − 1) q and the next, blended as numpy's `_lerp` blends them (from the upper one when the weight is ≥ ½).
    static func percentile(_ q: Double, of values: inout [Double]) -> Double {
        let index = Double(values.count - 1) * q
        guard index < Double(values.count - 1) else { return select(values.count - 1, in: &values) }
        let previous = Int(index.rounded(.down)), t = index - Double(previous)
        let a = select(previous, in: &values)
        let b = values[(previous + 1)...].min()!
        let d = b - a
        return t >= 0.5 ? b - d * (1 - t) : a + d * t
    }

    /// The k-th smallest of `values` (0-based), which are reordered so that it sits at k with none larger before it
    /// and none smaller after it: quickselect with three-way partitions (runs of equal values cost one pass) and
    /// pivots from a fixed pseudo-random sequence (no input makes it quadratic by design).
    static func select(_ k: Int, in values: inout [Double]) -> Double {
        var (lo, hi) = (0, values.count - 1)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return values.withUnsafeMutableBufferPointer { v in
            while lo < hi {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let pivot = v[lo + Int((state >> 33) % UInt64(hi - lo + 1))]
                // v[lo..<lt] < pivot, v[lt..<i] == pivot, v[gt+1...hi] > pivot.
                var (lt, i, gt) = (lo, lo, hi)
                while i <= gt {
                    if v[i] < pivot {
                        v.swapAt(lt, i)
                        (lt, i) = (lt + 1, i + 1)
                    } else if v[i] > pivot {
                        v.swapAt(i, gt)
                        gt -= 1
                    } else {
                        i += 1
                    }
                }
                if k < lt { hi = lt - 1 } else if k > gt { lo = gt + 1 } else { return pivot }
            }
            return v[k]
        }
    }
}
