import Glibc

/// How a trend is fitted to a series' points (`Series.trend`).
public enum TrendMethod: String, CaseIterable, Sendable {
    /// y = a + b x, least squares (numpy's `polyfit(x, y, 1)`).
    case linear
    /// y = Σ cₖ xᵏ up to `degree`, least squares (`polyfit(x, y, degree)`).
    case poly
    /// y = a e^(b x): a line through (x, ln y) (`polyfit(x, log(y), 1)`); points with y ≤ 0 are left out.
    case exp
    /// y = a + b ln x (`polyfit(log(x), y, 1)`); points with x ≤ 0 are left out.
    case log
    /// y = a x^b: a line through (ln x, ln y) (`polyfit(log(x), log(y), 1)`); points with x or y ≤ 0 are left out.
    case power
    /// Cleveland's robust locally weighted linear regression, as statsmodels' `lowess(y, x, frac=span, it=iterations)`
    /// computes it: fitted at each point's x.
    case loess
}

/// A trend: the method, its settings, and the confidence band to draw around it.
public struct Trend: Equatable, Sendable {
    /// The most points a trend curve is sampled at.
    public static let maximumPoints = 100_000
    /// The highest polynomial degree.
    public static let maximumDegree = 10
    /// The most steps a loess may take: each of its points fitted from its neighbours (`loessSteps`), every pass.
    public static let maximumLoessSteps = 100_000_000

    /// The steps of one pass of a loess of `points` points: each fitted from ⌊span × points⌋ neighbours.
    public static func loessSteps(points: Int, span: Double) -> Int {
        let product = points.multipliedReportingOverflow(by: min(points, max(2, Int(clampedSpan(span) * Double(points) + 1e-10))))
        return product.overflow ? .max : product.partialValue
    }

    /// A span within 0…1 (NaN: the default 2/3).
    static func clampedSpan(_ span: Double) -> Double { span.isNaN ? 2.0 / 3 : Swift.min(Swift.max(span, 0), 1) }

    public var method: TrendMethod
    /// The polynomial degree of `poly`, 1 to `maximumDegree`.
    public var degree = 2
    /// The confidence level of a band around the fit (0.95: a 95 % band of the mean; for exp and power the band of
    /// ln y's mean, mapped back: a band of the geometric mean), nil for none.
    public var band: Double?
    /// How many x the curve is sampled at, evenly from the points' least to greatest x (regressions; a loess is
    /// drawn at its points' x): 2 to `maximumPoints`.
    public var points = 200
    /// loess: the fraction of the points each local fit uses (statsmodels' `frac`), above 0 to 1.
    public var span = 2.0 / 3
    /// loess: the robustifying iterations (statsmodels' `it`), 0 to 10.
    public var iterations = 3

    /// A trend by `method`, its settings at their defaults.
    public init(_ method: TrendMethod) { self.method = method }
}

extension Series {
    /// The series replaced by its `trend`: the fitted curve as its points, and with `trend.band` the band of the
    /// fitted mean at that confidence level (Student's t on the residuals' degrees of freedom) as its band. Points
    /// without a finite x and y, and those the method cannot take (`TrendMethod`), are left out; a fit that has too
    /// few points (fewer distinct x than its coefficients, or two points for a loess) draws nothing, and so does a loess of more than
    /// `Trend.maximumLoessSteps` steps a pass (a spec is refused instead).
    public func trend(_ trend: Trend) -> Series {
        var trend = trend
        // Settings out of range are taken to their nearest allowed value; a band level outside (0, 1) draws none.
        trend.band = trend.band.flatMap { $0 > 0 && $0 < 1 ? $0 : nil }
        var s = self
        // The fit's points replace the series' own: nothing per point of those stays.
        (s.size, s.labels, s.pointColors, s.errorBars) = (nil, nil, nil, nil)
        var points: [(x: Double, y: Double)] = []
        for i in 0..<min(x.count, y.count) where x[i].isFinite && y[i].isFinite {
            switch trend.method {
            case .exp where y[i] <= 0, .log where x[i] <= 0, .power where x[i] <= 0 || y[i] <= 0: continue
            default: points.append((x[i], y[i]))
            }
        }
        let fitted: TrendCurve
        if trend.method == .loess {
            fitted = Trend.loessSteps(points: points.count, span: trend.span) <= Trend.maximumLoessSteps ? Loess.fit(points, trend) : TrendCurve()
        } else {
            fitted = Regression.fit(points, trend)
        }
        (s.x, s.y, s.xIsSorted) = (Column(fitted.x), Column(fitted.y), DataRange.isSortedFinite(fitted.x))
        s.band = fitted.lower.map { BandStyle(lower: Column($0), upper: Column(fitted.upper ?? [])) }
        return s
    }
}

/// A fitted curve: x ascending, y, and the band's edges when asked for.
struct TrendCurve {
    var x: [Double] = [], y: [Double] = []
    var lower: [Double]?, upper: [Double]?
}

/// The least-squares trends: a polynomial in u = x or ln x fitted to v = y or ln y.
enum Regression {
    static func fit(_ points: [(x: Double, y: Double)], _ trend: Trend) -> TrendCurve {
        let logX = trend.method == .log || trend.method == .power, logY = trend.method == .exp || trend.method == .power
        let degree = trend.method == .poly ? max(1, min(trend.degree, Trend.maximumDegree)) : 1
        let p = degree + 1
        guard points.count >= p, let low = points.map(\.x).min(), let high = points.map(\.x).max() else { return TrendCurve() }
        let u = points.map { logX ? Glibc.log($0.x) : $0.x }, v = points.map { logY ? Glibc.log($0.y) : $0.y }
        // A polynomial of degree d needs d + 1 distinct positions.
        guard Set(u).count >= p, let uLow = u.min(), let uHigh = u.max() else { return TrendCurve() }
        // The basis in t = (u - centre) / scale, which keeps the columns of similar size (polyfit scales its columns
        // too); the fitted values are the same polynomial. Halves first, so that no sum overflows.
        let centre = uLow / 2 + uHigh / 2
        let scale = max(uHigh - centre, centre - uLow)
        guard scale > 0, scale.isFinite else { return TrendCurve() }
        let basis = { (u: Double) -> [Double] in
            let t = (u - centre) / scale
            var row = [Double](repeating: 1, count: p)
            for k in 1..<p { row[k] = row[k - 1] * t }
            return row
        }
        guard let fit = LeastSquares(u.flatMap(basis), rows: u.count, columns: p, v) else { return TrendCurve() }
        let n = max(2, min(trend.points, Trend.maximumPoints))
        var curve = TrendCurve()
        let quantile = trend.band.flatMap { level in
            fit.freedom > 0 ? StudentT.quantile((1 + level) / 2, freedom: fit.freedom) : nil
        }
        let sigma = (fit.residualSquares / Double(max(fit.freedom, 1))).squareRoot()
        if quantile != nil { (curve.lower, curve.upper) = ([], []) }
        for k in 0..<n {
            // Evenly from the least to the greatest x, both ends exact.
            let f = Double(k) / Double(n - 1)
            let x = k == n - 1 ? high : min(max(low * (1 - f) + high * f, low), high)
            let row = basis(logX ? Glibc.log(x) : x)
            let value = fit.value(row)
            curve.x.append(x)
            curve.y.append(logY ? Glibc.exp(value) : value)
            if let quantile {
                let half = quantile * sigma * fit.leverage(row).squareRoot()
                curve.lower!.append(logY ? Glibc.exp(value - half) : value - half)
                curve.upper!.append(logY ? Glibc.exp(value + half) : value + half)
            }
        }
        return curve
    }
}
