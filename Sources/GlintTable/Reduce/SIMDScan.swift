/// Vectorised reductions over Double buffers, the inner loops of range finding and decimation.
/// (Masked `replace` compiles to vector compares and blends; `pointwiseMin` does not, measured 3x slower.)
package enum SIMDScan {
    @inline(__always)
    static func load(_ p: UnsafePointer<Double>, _ i: Int) -> SIMD4<Double> {
        UnsafeRawPointer(p + i).loadUnaligned(as: SIMD4<Double>.self)
    }

    /// Smallest and largest y of lo..<hi, whether x never decreases there, and whether any y is NaN.
    /// Infinite y show up as infinite extremes.
    @inline(__always)
    static func extremes(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ lo: Int, _ hi: Int)
        -> (low: Double, high: Double, ordered: Bool, hasNaN: Bool) {
        var vLow = SIMD4<Double>(repeating: .infinity), vHigh = SIMD4<Double>(repeating: -.infinity)
        var disorder = SIMDMask<SIMD4<Int64>>(repeating: false), nan = SIMDMask<SIMD4<Int64>>(repeating: false)
        var i = lo
        while i + 5 <= hi {
            let x0 = load(xs, i), x1 = load(xs, i + 1), y = load(ys, i)
            disorder .|= .!(x1 .>= x0)
            nan .|= y .!= y
            vLow.replace(with: y, where: y .< vLow)
            vHigh.replace(with: y, where: y .> vHigh)
            i += 4
        }
        var low = vLow.min(), high = vHigh.max()
        var ordered = !any(disorder), hasNaN = any(nan)
        while i < hi {
            let y = ys[i]
            if i + 1 < hi && !(xs[i + 1] >= xs[i]) { ordered = false }
            if y != y { hasNaN = true }
            if y < low { low = y }
            if y > high { high = y }
            i += 1
        }
        return (low, high, ordered, hasNaN)
    }

    /// The first index in lo..<hi whose y equals `value`.
    @inline(__always)
    static func firstIndex(of value: Double, _ ys: UnsafePointer<Double>, _ lo: Int, _ hi: Int) -> Int {
        var i = lo
        while i < hi && ys[i] != value { i += 1 }
        return i
    }

    /// Finite extent of the points whose x and y are both finite, over lo..<hi:
    /// (smallest x, largest x, smallest y, largest y); infinities when there is none.
    @inline(__always)
    static func finiteExtent(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ lo: Int, _ hi: Int)
        -> (Double, Double, Double, Double) {
        let inf = SIMD4<Double>(repeating: .infinity)
        var x0 = inf, x1 = -inf, y0 = inf, y1 = -inf
        var i = lo
        while i + 4 <= hi {
            let x = load(xs, i), y = load(ys, i)
            // A point counts when both coordinates are finite (NaN fails the comparison too).
            let ok = (x .< inf) .& (x .> -inf) .& (y .< inf) .& (y .> -inf)
            x0.replace(with: x, where: ok .& (x .< x0))
            x1.replace(with: x, where: ok .& (x .> x1))
            y0.replace(with: y, where: ok .& (y .< y0))
            y1.replace(with: y, where: ok .& (y .> y1))
            i += 4
        }
        var r = (x0.min(), x1.max(), y0.min(), y1.max())
        while i < hi {
            let x = xs[i], y = ys[i]
            if abs(x) < .infinity && abs(y) < .infinity {
                r = (min(r.0, x), max(r.1, x), min(r.2, y), max(r.3, y))
            }
            i += 1
        }
        return r
    }

    /// The smallest and largest finite value of lo..<hi, and how many values there are finite;
    /// (+Inf, -Inf, 0) when none is.
    @inline(__always)
    static func finiteValues(_ v: UnsafePointer<Double>, _ lo: Int, _ hi: Int) -> (low: Double, high: Double, finite: Int) {
        let inf = SIMD4<Double>(repeating: .infinity)
        var low = inf, high = -inf, finite = SIMD4<Int64>(repeating: 0)
        var i = lo
        while i + 4 <= hi {
            let x = load(v, i)
            let ok = (x .< inf) .& (x .> -inf)
            low.replace(with: x, where: ok .& (x .< low))
            high.replace(with: x, where: ok .& (x .> high))
            finite.replace(with: finite &+ 1, where: ok)
            i += 4
        }
        var r = (low.min(), high.max(), Int(finite.wrappedSum()))
        while i < hi {
            if abs(v[i]) < .infinity { r = (min(r.0, v[i]), max(r.1, v[i]), r.2 + 1) }
            i += 1
        }
        return r
    }

    /// How many values of lo..<hi are finite and not positive (what a log axis leaves out).
    package static func finiteNonPositive(_ v: UnsafePointer<Double>, _ lo: Int, _ hi: Int) -> Int {
        let zero = SIMD4<Double>(repeating: 0), negativeInfinity = SIMD4<Double>(repeating: -.infinity)
        var count = SIMD4<Int64>(repeating: 0)
        var i = lo
        while i + 4 <= hi {
            let x = load(v, i)
            count.replace(with: count &+ 1, where: (x .<= zero) .& (x .> negativeInfinity))
            i += 4
        }
        var r = Int(count.wrappedSum())
        while i < hi {
            if v[i] <= 0, v[i] > -.infinity { r += 1 }
            i += 1
        }
        return r
    }
}
