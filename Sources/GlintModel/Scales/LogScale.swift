import FoundationEssentials
import Glibc
import GlintScales
import GlintTable

/// Logarithmic axes (base 10): equal ratios are equal distances. The axis is laid out in decades — its domain and
/// ticks are base-10 logarithms — and each point is moved there as it is read (`ScaleFunction.log10`), so no
/// series is copied; values ≤ 0 have no logarithm and are gaps, counted for a notice.
public struct LogScale: Scale {
    /// How labels show their values (the decades' values, not their exponents); nil for plain decade labels.
    public var format: NumberFormat?

    /// A log scale whose labels `format` writes (decade labels when nil).
    public init(format: NumberFormat? = nil) { self.format = format }

    public var function: ScaleFunction { .log10 }

    public func ticks(for domain: ClosedRange<Double>, length: Double, spacing: Double) -> AxisTicks {
        var (major, minor, labels) = LogScale.ticks(domain: domain, length: length, spacing: spacing)
        if let format {
            let values = major.map { pow(10, $0) }
            labels = format.labels(for: values, step: values.first ?? 1)
        }
        return AxisTicks(major: major, minor: minor, labels: labels)
    }

    /// A notice per log axis of `chart` on which some finite values ≤ 0 are left out.
    public static func notices(for chart: Chart) -> [String] {
        var notices: [String] = []
        for (axis, name) in [(chart.x, "x"), (chart.y, "y"), (chart.y2, "y2")] where axis.scale == .log {
            var dropped = 0
            for s in chart.series where name == "x" || s.axis.rawValue == name {
                let values = name == "x" ? s.x : s.y
                dropped += values.withContiguousStorageIfAvailable { v in v.isEmpty ? 0 : SIMDScan.finiteNonPositive(v.baseAddress!, 0, v.count) }
                    ?? values.lazy.filter { $0.isFinite && $0 <= 0 }.count
            }
            if dropped > 0 {
                notices.append("\(dropped) value\(dropped == 1 ? "" : "s") ≤ 0 on the log \(name) axis "
                               + "\(dropped == 1 ? "is" : "are") left out (drawn as gaps)")
            }
        }
        return notices
    }

    /// Ticks for a log-space `domain` about one per `spacing` pixels of `length` (decades up to 0.6 × `spacing`
    /// apart): whole decades (every second, third — 1, 1k, 1M —, fifth, tenth … when there are too many), minor
    /// ticks at 2…9 × each decade when decades are at least `spacing` apart; a domain narrower than a decade gets
    /// 1-2-5 ticks of the values themselves.
    /// Tick positions are in log space; labels show the values.
    static func ticks(domain: ClosedRange<Double>, length: Double, spacing: Double)
        -> (major: [Double], minor: [Double], labels: [String]) {
        let target = max(2, Int(saturating: length / spacing))
        // Decade labels are short: they may sit closer than other ticks (0.6 × the spacing).
        let decadeTarget = max(2, Int(saturating: length / (spacing * 0.6)))
        let first = domain.lowerBound.rounded(.up), last = domain.upperBound.rounded(.down)
        let decades = last - first + 1
        guard decades >= 2, first.isFinite, last.isFinite else {
            // Less than a decade: nice steps of the values, placed at their logarithms.
            let lo = pow(10, domain.lowerBound), hi = pow(10, domain.upperBound)
            let values = NiceTicks.ticks(in: lo...hi, target: target).filter { $0 > 0 }
            let step = NiceTicks.step(over: lo...hi, target: target)
            return (values.map(log10), [], NiceTicks.labels(for: values, step: step))
        }
        // The finest step whose multiples within the domain are few enough (counted, not estimated from the span:
        // seventeen decades on a short axis hold three multiples of five, -5, 0 and 5).
        let steps = [1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000]
        func multiples(_ every: Int) -> Int {
            Int(saturating: (last / Double(every)).rounded(.down) - (first / Double(every)).rounded(.up)) + 1
        }
        let every = steps.first { multiples($0) <= decadeTarget } ?? 1000
        let major = stride(from: first, through: last, by: 1).filter { Int(saturating: $0).isMultiple(of: every) }
        let pixelsPerDecade = length / (domain.upperBound - domain.lowerBound)
        var minor: [Double] = []
        if every == 1 && pixelsPerDecade >= spacing {
            for decade in stride(from: first - 1, through: last, by: 1) {
                minor += (2...9).map { decade + log10(Double($0)) }.filter { domain.contains($0) }
            }
        }
        return (major, minor, labels(major))
    }

    /// The labels of the decades `exponents`, all in one notation: from 0.001 to 1000 in plain digits and up to 100T
    /// with the short scale's suffixes (`10k`, `1M`, as `ReadableNumbers` writes linear axes; a thousand as `1k`
    /// beside them); when any decade lies beyond those, every one as a power of ten in superscript (`10⁻⁶ … 10⁶`).
    static func labels(_ exponents: [Double]) -> [String] {
        let powers = exponents.map { Int(saturating: $0) }
        guard powers.allSatisfy(ReadableNumbers.decadesWithoutExponent.contains) else { return powers.map { "10" + superscript($0) } }
        // A thousand is "1k" beside "10k" and up, "1000" below them.
        let suffixed = powers.contains { $0 >= 4 }
        return powers.map { k in
            switch k {
            case 3 where suffixed: return "1k"
            case 0...3: return "1" + String(repeating: "0", count: k)
            case -3 ..< 0: return "0." + String(repeating: "0", count: -k - 1) + "1"
            default: return "1" + String(repeating: "0", count: k % 3) + ReadableNumbers.suffixes[k / 3]
            }
        }
    }

    /// `k` in superscript digits, with a superscript minus: `⁻¹²`.
    static func superscript(_ k: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return (k < 0 ? "⁻" : "") + String(String(k.magnitude).map { digits[Int(String($0))!] })
    }
}
