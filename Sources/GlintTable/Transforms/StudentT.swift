import Glibc

/// Student's t distribution: the quantile a confidence band of a fit needs (scipy's `t.ppf`).
package enum StudentT {
    /// The value t with P(T ≤ t) = `p` for `freedom` degrees of freedom (p in (0, 1), freedom ≥ 1), to about 1e-14
    /// relative: the distribution function by the regularized incomplete beta function, inverted by bisection.
    package static func quantile(_ p: Double, freedom: Int) -> Double {
        guard p > 0, p < 1, freedom >= 1 else { return .nan }
        guard p != 0.5 else { return 0 }
        guard p > 0.5 else { return -quantile(1 - p, freedom: freedom) }
        var (lo, hi) = (0.0, 1.0)
        while cdf(hi, freedom: freedom) < p, hi < 1e300 { (lo, hi) = (hi, hi * 2) }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            guard mid > lo, mid < hi else { break }
            if cdf(mid, freedom: freedom) < p { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// P(T ≤ t) for t ≥ 0: 1 − I_x(ν/2, 1/2) / 2 with x = ν / (ν + t²), or near the middle (t² < ν, where x rounds
    /// towards 1) 1/2 + I_y(1/2, ν/2) / 2 with y = t² / (ν + t²).
    static func cdf(_ t: Double, freedom: Int) -> Double {
        let nu = Double(freedom), t2 = t * t
        if t2 < nu { return 0.5 + 0.5 * incompleteBeta(t2 / (nu + t2), 0.5, nu / 2) }
        return 1 - 0.5 * incompleteBeta(nu / (nu + t2), nu / 2, 0.5)
    }

    /// The regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz), on the side
    /// where it converges fast.
    static func incompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        var sign: Int32 = 0
        let front = exp(lgamma_r(a + b, &sign) - lgamma_r(a, &sign) - lgamma_r(b, &sign) + a * log(x) + b * log1p(-x))
        if x < (a + 1) / (a + b + 2) { return front * fraction(x, a, b) / a }
        return 1 - front * fraction(1 - x, b, a) / b
    }

    /// The continued fraction of I_x(a, b) (Numerical Recipes' betacf).
    private static func fraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0, d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...10_000 {
            let m = Double(m), m2 = 2 * m
            var aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
            d = 1 + aa * d; if abs(d) < tiny { d = tiny }
            c = 1 + aa / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
            d = 1 + aa * d; if abs(d) < tiny { d = tiny }
            c = 1 + aa / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-16 { break }
        }
        return h
    }
}
