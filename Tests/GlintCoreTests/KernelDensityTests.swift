@testable import GlintCore
import Testing

/// Violins' kernel density against its judge (Tests/References/kde_reference.py writes KernelDensityReference.swift):
/// `scipy.stats.gaussian_kde` with Scott's and Silverman's bandwidths and a given width, within 1e-9 relative.
@Suite struct KernelDensityTests {
    /// The values the reference script makes, in the same arithmetic.
    static let values: [Double] = (0..<200).map { i -> Double in
        let cluster: Double = i % 3 == 0 ? 25 : 0
        return Double((i * 7919) % 1009) / 100 + cluster
    }

    static func worst(_ kde: KernelDensity, _ reference: [Double]) -> Double {
        zip(KernelDensityReference.at, reference).map { abs(kde.density(at: $0) - $1) / max(abs($1), 1e-300) }.max() ?? .infinity
    }

    @Test func scottsSilvermansAndAGivenBandwidthMatchScipy() {
        let scott = KernelDensity(Self.values, bandwidth: .scott)
        #expect(abs(scott.bandwidth - KernelDensityReference.scottBandwidth) <= 1e-12 * KernelDensityReference.scottBandwidth)
        #expect(Self.worst(scott, KernelDensityReference.scott) < 1e-9, "\(Self.worst(scott, KernelDensityReference.scott))")
        let silverman = KernelDensity(Self.values, bandwidth: .silverman)
        #expect(Self.worst(silverman, KernelDensityReference.silverman) < 1e-9)
        #expect(Self.worst(KernelDensity(Self.values, bandwidth: .given(1.5)), KernelDensityReference.given) < 1e-9)
    }

    @Test func theCurveReachesCutBandwidthsPastTheValuesAndValuesWithoutSpreadHaveNone() throws {
        let kde = KernelDensity(Self.values, bandwidth: .given(2))
        let curve = try #require(kde.curve(points: 64, cut: 2))
        #expect(curve.x.count == 64 && curve.x[0] == Self.values.min()! - 4 && curve.x[63] == Self.values.max()! + 4)
        // A density integrates to about 1 over its curve (the tails past 2 bandwidths hold about 2.3 %).
        let step = curve.x[1] - curve.x[0], area = curve.density.reduce(0, +) * step
        #expect(area > 0.97 && area < 1.0, "\(area)")
        #expect(KernelDensity([3, 3, 3], bandwidth: .scott).curve(points: 64, cut: 2) == nil)
        #expect(KernelDensity([3], bandwidth: .silverman).bandwidth == 0)
    }

    @Test func theCumulativeDistributionMatchesScipyAndADensityCurveReplacesThePoints() throws {
        let scott = KernelDensity(Self.values, bandwidth: .scott)
        let worst = zip(KernelDensityReference.at, KernelDensityReference.scottCumulative)
            .map { abs(scott.cumulative(at: $0) - $1) / max(abs($1), 1e-300) }.max() ?? .infinity
        #expect(worst < 1e-9, "\(worst)")
        var estimate = DensityEstimate()
        (estimate.points, estimate.cut, estimate.counts) = (37, 1, true)
        var s = Series(kind: .area, x: Column((0..<200).map(Double.init)), y: Column(Self.values + [.nan]))
        s.size = Column([Double](repeating: 2, count: 201))
        let curve = s.densityCurve(estimate)
        #expect(curve.x.count == 37 && curve.size == nil && curve.xIsSorted)
        #expect(curve.x[0] == Self.values.min()! - scott.bandwidth && curve.x[36] == Self.values.max()! + scott.bandwidth)
        // Counts: the density times the 200 finite values.
        #expect(abs(curve.y[18] - 200 * scott.density(at: curve.x[18])) <= 1e-9 * curve.y[18])
        estimate.cumulative = true
        estimate.counts = false
        let cumulative = s.densityCurve(estimate)
        #expect(cumulative.y[0] > 0 && cumulative.y[0] < 0.05 && cumulative.y[36] > 0.95 && cumulative.y[36] < 1, "\(cumulative.y[0]) \(cumulative.y[36])")
        #expect(Series(kind: .line, x: Column([1.0, 2]), y: Column([3.0, 3])).densityCurve(DensityEstimate()).x.isEmpty)
    }
}
