/// A kernel density estimate drawn as a curve (`Series.densityCurve`): Vega-Lite's `density` transform.
public struct DensityEstimate: Equatable, Sendable {
    /// The most points a curve is sampled at.
    public static let maximumPoints = 100_000
    /// The most kernel evaluations one curve (or a spec's series object, all its groups' curves) may take: values
    /// × points, about two seconds on one core.
    public static let maximumSteps = 200_000_000

    /// The kernel's width.
    public var bandwidth: KernelBandwidth = .scott
    /// How many bandwidths the curve reaches past the lowest and highest value (seaborn's `cut`), 0 to 10.
    public var cut = 3.0
    /// How many evenly spaced points the curve is sampled at, 2 to `maximumPoints`.
    public var points = 200
    /// Whether the curve is scaled by the number of values (Vega-Lite's `counts`): an expected count per unit of x
    /// rather than a probability density, so that groups of different sizes compare.
    public var counts = false
    /// Whether the curve is the cumulative distribution (0 to 1, or to the count with `counts`) instead.
    public var cumulative = false

    /// Scott's bandwidth, cut 3, 200 points, a probability density.
    public init() {}
}

extension Series {
    /// The series replaced by the kernel density of its finite y values (as `scipy.stats.gaussian_kde` estimates it):
    /// the values along x, from `estimate.cut` bandwidths below the lowest to as far above the highest, the density
    /// (or with `cumulative` the distribution) as y. Nothing per point stays. Values without spread under a rule
    /// (Scott's, Silverman's) have no bandwidth and draw nothing, and so does an estimate of more than
    /// `DensityEstimate.maximumSteps` evaluations (a spec is refused instead).
    public func densityCurve(_ estimate: DensityEstimate) -> Series {
        var s = self
        (s.size, s.labels, s.pointColors, s.errorBars, s.band) = (nil, nil, nil, nil, nil)
        let values = y.filter(\.isFinite)
        let points = max(2, min(estimate.points, DensityEstimate.maximumPoints))
        let steps = values.count.multipliedReportingOverflow(by: points)
        let cut = estimate.cut.isNaN ? 3 : min(max(estimate.cut, 0), 10)
        guard !values.isEmpty, !steps.overflow, steps.partialValue <= DensityEstimate.maximumSteps,
              let curve = KernelDensity(values, bandwidth: estimate.bandwidth).curve(points: points, cut: cut, cumulative: estimate.cumulative) else {
            (s.x, s.y, s.xIsSorted) = (Column([Double]()), Column([Double]()), true)
            return s
        }
        let scale = estimate.counts ? Double(values.count) : 1
        (s.x, s.y, s.xIsSorted) = (Column(curve.x), Column(curve.density.map { $0 * scale }), true)
        return s
    }
}
