import Foundation

/// One axis after layout: its data domain, ticks and their labels.
public struct AxisLayout: Sendable {
    /// The data range the axis spans.
    public let domain: ClosedRange<Double>
    /// Tick values inside the domain.
    public let ticks: [Double]
    /// One label per tick.
    public let labels: [String]
    /// Positions of unlabelled minor grid lines (a log axis's 2…9 × each decade); empty on a linear axis.
    public let minorTicks: [Double]

    /// Ticks for `domain` with about one tick per `spacing` pixels of `length`; on a log axis the domain is in
    /// log space and so are the ticks (`LogScale`).
    /// `format`, when given, writes the labels (of the values, on a log axis).
    init(domain: ClosedRange<Double>, length: Double, spacing: Double, scale: AxisScale = .linear, format: NumberFormat? = nil,
         timeZone: String = "UTC") {
        self.domain = domain
        // Beyond ±8.64e15 ms (±100 million days, JavaScript's date range) calendars give no meaningful dates: such
        // a time axis is labelled with plain numbers.
        if scale == .time, max(abs(domain.lowerBound), abs(domain.upperBound)) <= TimeScale.calendarLimit {
            let zone = TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)!
            (ticks, labels) = TimeScale.ticks(domain: domain, length: length, spacing: spacing, timeZone: zone)
            minorTicks = []
            return
        }
        if scale == .log {
            var plain: [String]
            (ticks, minorTicks, plain) = LogScale.ticks(domain: domain, length: length, spacing: spacing)
            if let format {
                let values = ticks.map { pow(10, $0) }
                plain = format.labels(for: values, step: values.first ?? 1)
            }
            labels = plain
            return
        }
        let target = max(2, Int(saturating: length / spacing))
        ticks = NiceTicks.ticks(in: domain, target: target)
        let step = NiceTicks.step(over: domain, target: target)
        labels = format?.labels(for: ticks, step: step) ?? NiceTicks.labels(for: ticks, step: step)
        minorTicks = []
    }

    /// A category axis: a tick at each category's slot centre (0, 1, 2, …) inside `domain`, labelled with its name.
    init(categories: [String], domain: ClosedRange<Double>) {
        self.domain = domain
        let inside = categories.indices.filter { domain.contains(Double($0)) }
        ticks = inside.map(Double.init)
        labels = inside.map { categories[$0] }
        minorTicks = []
    }

    /// `domain` widened, if needed, so that the data extent keeps `radius` pixels of room on both sides of an
    /// axis `length` pixels long; a zero baseline stays at zero.
    static func fit(_ domain: ClosedRange<Double>, data: ClosedRange<Double>, radius: Double, length: Double,
                    baselineZero: Bool) -> ClosedRange<Double> {
        let halfSpan = SafeSpan.half(data.lowerBound, data.upperBound)
        guard radius > 0, halfSpan > 0, length > 2 * radius + 2 else { return domain }
        let margin = halfSpan * (2 * radius / (length - 2 * radius))
        var lower = min(domain.lowerBound, SafeSpan.finite(data.lowerBound - margin))
        var upper = max(domain.upperBound, SafeSpan.finite(data.upperBound + margin))
        if baselineZero && domain.lowerBound == 0 { lower = 0 }
        if baselineZero && domain.upperBound == 0 { upper = 0 }
        return lower...upper
    }

    /// The domain of an axis: its explicit range, else the data's extent padded by 4 % each side
    /// (bars keep their baseline 0 unpadded), else 0...1 when there is no finite data.
    static func domain(explicit: ClosedRange<Double>?, data: ClosedRange<Double>?, baselineZero: Bool) -> ClosedRange<Double> {
        if let explicit { return explicit }
        guard let data else { return 0...1 }
        var padded = DataRange.padded(data, by: 0.04)
        if baselineZero {
            if data.lowerBound >= 0 { padded = 0...padded.upperBound }
            if data.upperBound <= 0 { padded = padded.lowerBound...0 }
        }
        return padded
    }
}
