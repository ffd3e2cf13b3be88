import Glibc

/// How wide a kernel density estimate's Gaussian kernel is (the spec's `"bandwidth"`).
public enum KernelBandwidth: Equatable, Sendable {
    /// Scott's rule: the values' standard deviation × n^(−1/5) (scipy's `gaussian_kde` default).
    case scott
    /// Silverman's rule: the standard deviation × (3n/4)^(−1/5).
    case silverman
    /// A kernel standard deviation in data units.
    case given(Double)

    /// The bandwidth a spec's `key` gives: `"scott"`, `"silverman"` or a kernel standard deviation in data units
    /// above 0; nil when absent.
    public static func read(_ keys: any MarkKeys, _ key: String) throws -> KernelBandwidth? {
        guard keys.has(key) else { return nil }
        if let name = try? keys.string(key) {
            switch name {
            case "scott": return .scott
            case "silverman": return .silverman
            default: throw GlintError.badValue(path: keys.childPath(key),
                                               message: "expected \"scott\", \"silverman\" or a kernel width in data units, found \"\(name)\"")
            }
        }
        return try keys.number(key, within: .bandwidth).map { .given($0) }
    }
}

/// A Gaussian kernel density estimate of one group of values, as `scipy.stats.gaussian_kde` computes it: the
/// mean of a normal density of standard deviation `bandwidth` centred on each value.
struct KernelDensity {
    /// The values.
    let values: [Double]
    /// The kernel's standard deviation; 0 where the values have no spread (one value, or all equal).
    let bandwidth: Double

    /// The estimate of `values` (finite, at least one) with the kernel `rule` gives.
    init(_ values: [Double], bandwidth rule: KernelBandwidth) {
        self.values = values
        let n = Double(values.count)
        switch rule {
        case .given(let sigma): bandwidth = sigma
        case .scott: bandwidth = Self.standardDeviation(values) * pow(n, -0.2)
        case .silverman: bandwidth = Self.standardDeviation(values) * pow(n * 3 / 4, -0.2)
        }
    }

    /// The sample standard deviation (n − 1 in the denominator, numpy's `cov`), 0 for a single value.
    static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = values.reduce(0) { $0 + $1 / Double(values.count) }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// The density at `x`; NaN where the kernel has no width.
    func density(at x: Double) -> Double {
        guard bandwidth > 0, bandwidth.isFinite else { return .nan }
        let scale = 1 / (bandwidth * (2 * Double.pi).squareRoot() * Double(values.count))
        var sum = 0.0
        for v in values {
            let z = (x - v) / bandwidth
            sum += exp(-0.5 * z * z)
        }
        return sum * scale
    }

    /// The estimate's cumulative distribution at `x`: the mean of the kernels' normal distributions there (scipy's
    /// `integrate_box_1d(-inf, x)`); NaN where the kernel has no width.
    func cumulative(at x: Double) -> Double {
        guard bandwidth > 0, bandwidth.isFinite else { return .nan }
        var sum = 0.0
        for v in values { sum += 0.5 * erfc((v - x) / (bandwidth * 2.0.squareRoot())) }
        return sum / Double(values.count)
    }

    /// The density at `count` evenly spaced points from `cut` bandwidths below the lowest value to as far above the
    /// highest (seaborn's `cut`), the last exactly there — or with `cumulative` the cumulative distribution there; nil
    /// where the kernel has no width.
    func curve(points count: Int, cut: Double, cumulative: Bool = false) -> (x: [Double], density: [Double])? {
        guard bandwidth > 0, bandwidth.isFinite, let lo = values.min(), let hi = values.max() else { return nil }
        let (start, end) = (lo - cut * bandwidth, hi + cut * bandwidth)
        guard start.isFinite, end.isFinite, end > start else { return nil }
        let xs = KernelDensity.evenly(from: start, to: end, count: count)
        return (xs, xs.map(cumulative ? self.cumulative(at:) : density(at:)))
    }

    /// `count` (at least 2) evenly spaced values from `start` to `end`, the last exactly `end`: where a density is
    /// evaluated.
    static func evenly(from start: Double, to end: Double, count: Int) -> [Double] {
        (0..<count).map { k in k == count - 1 ? end : start + (end - start) * Double(k) / Double(count - 1) }
    }
}
