import Foundation

/// Logarithmic axes (base 10). A chart with a log axis is laid out and drawn in log space: its data, explicit
/// range and references on that axis are replaced by their base-10 logarithms (values ≤ 0 become gaps and are
/// counted for a notice), so every linear piece downstream — ranges, M4, the guard band, both painters — works
/// unchanged; only the ticks and labels know the axis is logarithmic. The data are copied once per log axis.
public enum LogScale {
    /// `chart` with every log axis moved into log space, and a notice per axis that dropped values.
    public static func applied(to chart: Chart) -> (chart: Chart, notices: [String]) {
        var chart = chart
        var notices: [String] = []
        for (axis, name) in [(Reference.Axis.x, "x"), (.y, "y"), (.y, "y2")] {
            let scale = name == "x" ? chart.x.scale : name == "y" ? chart.y.scale : chart.y2.scale
            guard scale == .log else { continue }
            var dropped = 0
            for i in chart.series.indices {
                if axis == .x {
                    chart.series[i].x = logarithms(chart.series[i].x, dropped: &dropped)
                } else if chart.series[i].axis.rawValue == name {
                    chart.series[i].y = logarithms(chart.series[i].y, dropped: &dropped)
                }
            }
            if name != "y2" {
                chart.references = chart.references.compactMap { r in
                    guard r.axis == axis else { return r }
                    guard r.values.lowerBound > 0 else { return nil }
                    var moved = r
                    moved.values = log10(r.values.lowerBound)...log10(r.values.upperBound)
                    return moved
                }
            }
            let logRange = { (r: ClosedRange<Double>?) in r.map { log10($0.lowerBound)...log10($0.upperBound) } }
            switch name {
            case "x": chart.x.range = logRange(chart.x.range)
            case "y": chart.y.range = logRange(chart.y.range)
            default: chart.y2.range = logRange(chart.y2.range)
            }
            if dropped > 0 {
                notices.append("\(dropped) value\(dropped == 1 ? "" : "s") ≤ 0 on the log \(name) axis "
                               + "\(dropped == 1 ? "is" : "are") left out (drawn as gaps)")
            }
        }
        return (chart, notices)
    }

    /// Base-10 logarithms; values ≤ 0 (counted in `dropped`) and non-finite ones become NaN.
    static func logarithms(_ values: [Double], dropped: inout Int) -> [Double] {
        var count = 0
        let result = values.map { v -> Double in
            guard v > 0 else {
                if v.isFinite { count += 1 }
                return .nan
            }
            return log10(v)
        }
        dropped += count
        return result
    }

    /// Ticks for a log-space `domain` about one per `spacing` pixels of `length` (decades up to 0.6 × `spacing`
    /// apart): whole decades (every second, fifth, tenth … when there are too many), minor ticks at 2…9 × each decade when decades are at
    /// least `spacing` apart; a domain narrower than a decade gets 1-2-5 ticks of the values themselves.
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
        let every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].first { decades / Double($0) <= Double(decadeTarget) } ?? 1000
        let major = stride(from: first, through: last, by: 1).filter { Int(saturating: $0).isMultiple(of: every) }
        let pixelsPerDecade = length / (domain.upperBound - domain.lowerBound)
        var minor: [Double] = []
        if every == 1 && pixelsPerDecade >= spacing {
            for decade in stride(from: first - 1, through: last, by: 1) {
                minor += (2...9).map { decade + log10(Double($0)) }.filter { domain.contains($0) }
            }
        }
        return (major, minor, major.map(label))
    }

    /// The label of the decade `exponent`: plain digits from 0.001 to 100000, `1e-5`, `1e6` beyond.
    static func label(_ exponent: Double) -> String {
        let k = Int(saturating: exponent)
        switch k {
        case 0...5: return "1" + String(repeating: "0", count: k)
        case -3 ..< 0: return "0." + String(repeating: "0", count: -k - 1) + "1"
        default: return "1e\(k)"
        }
    }
}
