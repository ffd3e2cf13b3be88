import FoundationEssentials
import Glibc

/// Tick positions on 1-2-5 steps, and their labels.
public enum NiceTicks {
    /// The 1-2-5 step (…, 0.1, 0.2, 0.5, 1, 2, 5, 10, …) giving about `target` intervals over `range`
    /// (any finite range: its span may exceed the largest Double).
    public static func step(over range: ClosedRange<Double>, target: Int) -> Double {
        decimalStep(over: range, target: target).map { Double("\($0.digit)e\($0.exponent)")! } ?? 1
    }

    /// The step as a digit (1, 2 or 5) and a power of ten; nil for an empty range.
    static func decimalStep(over range: ClosedRange<Double>, target: Int) -> (digit: Int, exponent: Int)? {
        let halfSpan = SafeSpan.half(range.lowerBound, range.upperBound)
        guard halfSpan > 0, halfSpan.isFinite else { return nil }
        let raw = halfSpan / Double(max(target, 1)) * 2
        var exponent = Int(saturating: floor(log10(raw)))
        let fraction = raw / pow(10, Double(exponent))
        var digit = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10
        if digit == 10 { (digit, exponent) = (1, exponent + 1) }
        return (digit, exponent)
    }

    /// Multiples of `step(over:target:)` inside `range`, ends included. Each tick is the Double nearest the
    /// decimal value its label shows (`k × digit` e `exponent`, parsed), never a product that drifts from it
    /// (5 × 2e29 is 9.999999999999999e29 in floating point; the tick is 1e30).
    public static func ticks(in range: ClosedRange<Double>, target: Int) -> [Double] {
        guard let (digit, exponent) = decimalStep(over: range, target: target) else { return [] }
        let step = Double("\(digit)e\(exponent)")!
        let first = (range.lowerBound / step).rounded(.up)
        let last = (range.upperBound / step).rounded(.down)
        guard first <= last, last - first < 1000 else { return [] }
        return stride(from: first, through: last, by: 1).map { k in
            // Far from zero in step units (beyond Int's reach), the product is as exact as the decimal anyway.
            k == 0 ? 0 : abs(k) < 1e15 ? Double("\(Int(k) * digit)e\(exponent)")! : k * step
        }.filter { range.contains($0) }
    }

    /// Labels for ticks that are `step` apart, as `ReadableNumbers` writes them: just enough digits to tell them apart.
    public static func labels(for ticks: [Double], step: Double) -> [String] {
        ReadableNumbers.labels(for: ticks, step: step)
    }
}
