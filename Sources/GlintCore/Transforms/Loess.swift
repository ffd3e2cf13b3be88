/// Cleveland's robust locally weighted regression (LOWESS), computed as statsmodels'
/// `nonparametric.lowess(y, x, frac=span, it=iterations, delta=0)` computes it, and fitted at each point's x:
/// - the points sorted by x (equal x in their order; statsmodels' unstable sort may order them otherwise, which
///   changes a fit only where equal x straddle a window's end); a point tied with the one before takes its fit; each fit uses the k = ⌊span × n + 1e-10⌋ (2 ≤ k ≤ n) points of a window that slides
///   right while the point lies past the middle of its two ends;
/// - weights tricube(|xⱼ − x| / radius) (radius: the farther end of the window) times the robustness weights,
///   normalised to sum 1; fewer than two above 1e-12 and the fit is the point's own y;
/// - a weighted linear fit: ŷ = Σ wⱼ (1 + (x − x̄)(xⱼ − x̄) / max(Σ wⱼ (xⱼ − x̄)², 1e-12)) yⱼ;
/// - then `iterations` times: residuals scaled by 6 × their median and clipped at 1 (with a median of 0: 1 for a
///   point off the fit, 0 on it) give the robustness weights bisquare(r) = (1 − r²)² (statsmodels 0.14 and later;
///   earlier releases stopped when the median was at most 1e-7).
///
/// The band (with `Trend.band`) treats the last pass as the linear smoother it is, ŷ = L y: the fitted value's
/// variance σ² Σⱼ Lᵢⱼ², σ² the residual sum of squares over δ = n − 2 tr L + tr LᵀL (Cleveland and Devlin's δ₁),
/// and Student's t on round(δ) degrees of freedom — an approximation, as loess bands are.
enum Loess {
    static func fit(_ points: [(x: Double, y: Double)], _ trend: Trend) -> TrendCurve {
        let sorted = points.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element)
        let n = sorted.count
        guard n >= 2 else { return TrendCurve() }
        let x = sorted.map(\.x), y = sorted.map(\.y)
        let k = min(n, max(2, Int(Trend.clampedSpan(trend.span) * Double(n) + 1e-10)))
        var robustness = [Double](repeating: 1, count: n)
        var fitted = [Double](repeating: 0, count: n)
        // Per point: Σⱼ Lᵢⱼ² and Lᵢᵢ of the last pass, for the band.
        var squares = [Double](repeating: 0, count: n), diagonal = [Double](repeating: 0, count: n)
        let iterations = max(0, min(trend.iterations, 10))
        for pass in 0...iterations {
            var left = 0, right = k
            var weights = [Double](repeating: 0, count: n)
            for i in 0..<n {
                // A point tied with the one before takes its fit, as statsmodels copies it (the window would be the same).
                if i > 0, x[i] == x[i - 1] {
                    (fitted[i], squares[i], diagonal[i]) = (fitted[i - 1], squares[i - 1], diagonal[i - 1])
                    continue
                }
                let xi = x[i]
                while right < n && xi > (x[left] + x[right]) / 2 { (left, right) = (left + 1, right + 1) }
                let radius = max(xi - x[left], x[right - 1] - xi)
                var sum = 0.0, nonzero = 0
                for j in left..<right {
                    let d = abs(x[j] - xi) / radius
                    let c = 1 - d * d * d
                    weights[j] = c * c * c * robustness[j]
                    sum += weights[j]
                }
                for j in left..<right where weights[j] > 1e-12 { nonzero += 1 }
                guard nonzero >= 2 else {
                    (fitted[i], squares[i], diagonal[i]) = (y[i], 1, 1)
                    continue
                }
                var mean = 0.0, spread = 0.0
                for j in left..<right {
                    weights[j] /= sum
                    mean += weights[j] * x[j]
                }
                for j in left..<right { spread += weights[j] * (x[j] - mean) * (x[j] - mean) }
                spread = max(spread, 1e-12)
                var value = 0.0, square = 0.0
                for j in left..<right {
                    let l = weights[j] * (1 + (xi - mean) * (x[j] - mean) / spread)
                    value += l * y[j]
                    square += l * l
                    if j == i { diagonal[i] = l }
                }
                (fitted[i], squares[i]) = (value, square)
            }
            guard pass < iterations else { break }
            let residuals = (0..<n).map { abs(y[$0] - fitted[$0]) }
            let median = Loess.median(residuals)
            robustness = residuals.map { r in
                // A median of 0: every point off the fit weighs 0, the rest 1.
                let u = median == 0 ? (r > 0 ? 1 : 0) : min(r / (6 * median), 1)
                return (1 - u * u) * (1 - u * u)
            }
        }
        var curve = TrendCurve(x: x, y: fitted)
        if let level = trend.band {
            let rss = (0..<n).reduce(0.0) { $0 + (y[$1] - fitted[$1]) * (y[$1] - fitted[$1]) }
            let delta = Double(n) - 2 * diagonal.reduce(0, +) + squares.reduce(0, +)
            // δ is at most n for a smoother; values past that come from a degenerate window (a tiny spread).
            if delta >= 1, delta <= Double(n) {
                let t = StudentT.quantile((1 + level) / 2, freedom: Int(delta.rounded()))
                let sigma = (rss / delta).squareRoot()
                curve.lower = (0..<n).map { fitted[$0] - t * sigma * squares[$0].squareRoot() }
                curve.upper = (0..<n).map { fitted[$0] + t * sigma * squares[$0].squareRoot() }
            }
        }
        return curve
    }

    /// numpy's median: the middle value, or the mean of the two middle values.
    static func median(_ values: [Double]) -> Double {
        let s = values.sorted(), n = s.count
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }
}
