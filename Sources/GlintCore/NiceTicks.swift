import Foundation

/// Tick positions on 1-2-5 steps, and their labels.
public enum NiceTicks {
    /// The 1-2-5 step (…, 0.1, 0.2, 0.5, 1, 2, 5, 10, …) giving about `target` intervals over `span`.
    public static func step(span: Double, target: Int) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / Double(max(target, 1))
        let magnitude = pow(10, floor(log10(raw)))
        let fraction = raw / magnitude
        let nice: Double = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10
        return nice * magnitude
    }

    /// Multiples of `step(span:target:)` inside `range`, ends included.
    public static func ticks(in range: ClosedRange<Double>, target: Int) -> [Double] {
        let step = step(span: range.upperBound - range.lowerBound, target: target)
        let first = (range.lowerBound / step).rounded(.up)
        let last = (range.upperBound / step).rounded(.down)
        guard first <= last, last - first < 1000 else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// Labels for ticks that are `step` apart: just enough decimals to tell them apart.
    public static func labels(for ticks: [Double], step: Double) -> [String] {
        let decimals = max(0, Int(-floor(log10(step) + 1e-9)))
        return ticks.map { value in
            if abs(value) >= 1e16 { return String(format: "%g", value) }
            let text = String(format: "%.\(decimals)f", value)
            return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
        }
    }
}
