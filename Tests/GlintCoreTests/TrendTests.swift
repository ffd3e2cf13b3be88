@testable import GlintCore
import Testing

/// Trend lines against their judges (Tests/References/trend_reference.py writes TrendReference.swift): numpy's
/// polyfit for the regressions, numpy with scipy's t for the band of the fitted mean, statsmodels' lowess for loess;
/// each within 1e-9 relative.
@Suite struct TrendTests {
    /// The points the reference script makes, in the same integer arithmetic.
    static let points: Series = {
        let x = (0..<60).map { Double($0) * 0.5 + 1 }
        let y = (0..<60).map { i -> Double in
            let noise = Double((i * 7919) % 101 - 50) / 25
            return 3 + 0.8 * x[i] + noise + Double((i * i) % 7) / 10
        }
        return Series(kind: .line, name: "points", x: Column(x), y: Column(y))
    }()

    static func trend(_ method: TrendMethod, _ configure: (inout Trend) -> Void = { _ in }) -> Series {
        var trend = Trend(method)
        trend.points = 25
        configure(&trend)
        return points.trend(trend)
    }

    /// The largest difference between `values` and `reference`, relative to the reference (absolute below 1: a fit
    /// of 1e-16 where the judge says 1e-15 is the same zero).
    static func worst(_ values: Column, _ reference: [Double]) -> Double {
        guard values.count == reference.count else { return .infinity }
        return zip(values, reference).map { abs($0 - $1) / max(abs($1), 1) }.max() ?? 0
    }

    @Test(arguments: [(TrendMethod.linear, TrendReference.linear), (.exp, TrendReference.exp), (.log, TrendReference.log),
                      (.power, TrendReference.power)])
    func regressionsMatchNumpysPolyfit(method: TrendMethod, reference: [Double]) {
        let s = Self.trend(method)
        #expect(Self.worst(s.y, reference) < 1e-9, "\(method): \(Self.worst(s.y, reference))")
        #expect(s.x.first == 1 && s.x.last == 30.5 && s.x.count == 25 && s.band == nil)
    }

    @Test func aPolynomialMatchesPolyfitAndItsBandNumpyAndScipy() {
        #expect(Self.worst(Self.trend(.poly) { $0.degree = 3 }.y, TrendReference.poly3) < 1e-9)
        let banded = Self.trend(.poly) { ($0.degree, $0.band) = (2, 0.9) }
        let band = try? #require(banded.band)
        #expect(Self.worst(band?.lower ?? [], TrendReference.poly2Band90Lower) < 1e-9)
        #expect(Self.worst(band?.upper ?? [], TrendReference.poly2Band90Upper) < 1e-9)
    }

    @Test func loessMatchesStatsmodelsLowess() {
        let s = Self.trend(.loess)
        #expect(Self.worst(s.y, TrendReference.loess) < 1e-9, "\(Self.worst(s.y, TrendReference.loess))")
        #expect(s.x == Self.points.x, "a loess is drawn at its points' x")
        let quick = Self.trend(.loess) { ($0.span, $0.iterations) = (0.3, 0) }
        #expect(Self.worst(quick.y, TrendReference.loessSpan03It0) < 1e-9)
        // Its band holds the fit.
        let banded = Self.trend(.loess) { $0.band = 0.95 }
        let band = try? #require(banded.band)
        #expect(zip(banded.y, zip(band?.lower ?? [], band?.upper ?? [])).allSatisfy { $1.0 < $0 && $0 < $1.1 })
    }

    @Test func loessMatchesStatsmodelsOnAnOutlierAndTies() {
        var line = Series(kind: .line, name: "", x: Column((0..<20).map(Double.init)), y: Column((0..<20).map { $0 == 10 ? 100 : Double($0) }))
        var trend = Trend(.loess)
        trend.span = 0.5
        #expect(Self.worst(line.trend(trend).y, TrendReference.loessOutlier) < 1e-9, "\(line.trend(trend).y.doubles)")
        line.x = [0, 1, 1, 1, 2, 3, 3, 4, 5, 6, 6, 7]
        line.y = [1, 2, 5, 3, 4, 8, 6, 7, 9, 8, 12, 11]
        (trend.span, trend.iterations) = (0.4, 2)
        #expect(Self.worst(line.trend(trend).y, TrendReference.loessTies) < 1e-9, "\(line.trend(trend).y.doubles)")
    }

    @Test func studentsQuantilesMatchScipy() {
        let values = [1, 2, 5, 30, 1000].map { StudentT.quantile(0.975, freedom: $0) }
        #expect(zip(values, TrendReference.t975).allSatisfy { abs($0 - $1) / $1 < 1e-12 }, "\(values)")
        #expect(StudentT.quantile(0.5, freedom: 3) == 0 && StudentT.quantile(0.025, freedom: 5) == -StudentT.quantile(0.975, freedom: 5))
    }

    @Test func pointsAMethodCannotTakeAreLeftOutAndTooFewDrawNothing() {
        var s = Series(kind: .line, name: "few", x: [3, 1, 2, .nan, 4], y: [-1, 2, 4, 5, .infinity])
        // exp leaves out y ≤ 0, and the NaN and infinite rows: (1, 2), (2, 4) remain, a line through them.
        let exp = s.trend(Trend(.exp))
        #expect(exp.x.first == 1 && exp.x.last == 2 && abs(exp.y.last! - 4) < 1e-12 && abs(exp.y.first! - 2) < 1e-12)
        var cubic = Trend(.poly)
        cubic.degree = 3
        #expect(s.trend(cubic).x.isEmpty, "three points, four coefficients: nothing")
        s.x = [1, 1, 1]
        s.y = [1, 2, 3]
        #expect(s.trend(Trend(.linear)).x.isEmpty, "one x: no line")
        // Six points at three x: a cubic has four coefficients and no fit (numpy warns of the rank and answers anyway).
        (s.x, s.y) = ([0, 0, 1, 1, 3, 3], [1, 2, 2, 3, 5, 4])
        #expect(s.trend(cubic).x.isEmpty)
        var quadratic = Trend(.poly)
        (quadratic.degree, quadratic.band, quadratic.span) = (2, .nan, .nan)
        #expect(s.trend(quadratic).x.count == 200 && s.trend(quadratic).band == nil, "three x fit a quadratic; a NaN band is none")
        var loess = Trend(.loess)
        (loess.span, loess.band) = (.nan, 0.5)
        #expect(s.trend(loess).x.count == 6)
        #expect(StudentT.quantile(.nan, freedom: 3).isNaN && StudentT.quantile(1, freedom: 3).isNaN)
        // Near the middle the quantile keeps its digits (scipy: t.ppf(0.5 + 5e-10, 1) = 1.5707964430879836e-09).
        #expect(abs(StudentT.quantile(0.5 + 5e-10, freedom: 1) / 1.5707964430879836e-09 - 1) < 1e-6)
    }
}
