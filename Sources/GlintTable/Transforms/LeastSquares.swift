import Glibc

/// A linear least-squares fit by Householder QR: the coefficients c minimising ‖A c − b‖ for an n × p matrix A
/// (n ≥ p, full rank), and what a confidence band needs — the residual variance and R, whose (RᵀR)⁻¹ is the
/// coefficients' covariance up to that variance. QR on the columns as given, without forming AᵀA, keeps the
/// accuracy of numpy's `lstsq` on polynomial bases (polyfit's), whose normal equations square the condition number.
package struct LeastSquares {
    /// The coefficients.
    let coefficients: [Double]
    /// The upper-triangular R of A = QR, row-major p × p.
    let r: [Double]
    /// The residual sum of squares and its degrees of freedom (n − p).
    package let residualSquares: Double, freedom: Int

    /// The fit of `b` by the columns of `a` (`rows` rows of `columns` values, row-major); nil when there are fewer
    /// rows than columns or the columns are dependent (a zero pivot).
    package init?(_ a: [Double], rows n: Int, columns p: Int, _ b: [Double]) {
        guard n >= p, p > 0 else { return nil }
        var m = a, rhs = b
        for k in 0..<p {
            // The Householder reflection that zeroes column k below the diagonal.
            var norm = 0.0
            for i in k..<n { norm = hypot(norm, m[i * p + k]) }
            guard norm > 0, norm.isFinite else { return nil }
            let alpha = m[k * p + k] > 0 ? -norm : norm
            var v = [Double](repeating: 0, count: n - k)
            for i in k..<n { v[i - k] = m[i * p + k] }
            v[0] -= alpha
            let vv = v.reduce(0) { $0 + $1 * $1 }
            guard vv > 0 else { return nil }
            for j in k..<p {
                var dot = 0.0
                for i in k..<n { dot += v[i - k] * m[i * p + j] }
                let f = 2 * dot / vv
                for i in k..<n { m[i * p + j] -= f * v[i - k] }
            }
            var dot = 0.0
            for i in k..<n { dot += v[i - k] * rhs[i] }
            let f = 2 * dot / vv
            for i in k..<n { rhs[i] -= f * v[i - k] }
        }
        // A pivot tiny beside the largest is a rank-deficient basis (numpy warns of it): no fit.
        let largest = (0..<p).map { abs(m[$0 * p + $0]) }.max() ?? 0
        guard (0..<p).allSatisfy({ abs(m[$0 * p + $0]) > Double(n) * .ulpOfOne * largest }) else { return nil }
        var c = [Double](repeating: 0, count: p)
        for k in stride(from: p - 1, through: 0, by: -1) {
            var s = rhs[k]
            for j in (k + 1)..<p { s -= m[k * p + j] * c[j] }
            guard m[k * p + k] != 0 else { return nil }
            c[k] = s / m[k * p + k]
        }
        var rss = 0.0
        for i in p..<n { rss += rhs[i] * rhs[i] }
        coefficients = c
        r = (0..<(p * p)).map { $0 / p <= $0 % p ? m[$0] : 0 }
        (residualSquares, freedom) = (rss, n - p)
    }

    /// The fitted value at the basis row `basis` (p values).
    package func value(_ basis: [Double]) -> Double {
        zip(basis, coefficients).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// basisᵀ (RᵀR)⁻¹ basis: the variance of the fitted value at `basis`, in units of the residual variance
    /// (‖R⁻ᵀ basis‖², by forward substitution).
    package func leverage(_ basis: [Double]) -> Double {
        let p = coefficients.count
        var z = [Double](repeating: 0, count: p)
        for i in 0..<p {
            var s = basis[i]
            for k in 0..<i { s -= r[k * p + i] * z[k] }
            z[i] = s / r[i * p + i]
        }
        return z.reduce(0) { $0 + $1 * $1 }
    }
}
