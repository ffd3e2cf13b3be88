import FoundationEssentials
import Glibc

/// One axis after layout: its data domain, ticks and their labels.
public struct AxisLayout: Sendable {
    /// The data range the axis spans.
    public let domain: ClosedRange<Double>
    /// Tick values inside the domain.
    public let ticks: [Double]
    /// One label per tick.
    public let labels: [String]
    /// Positions of unlabelled minor grid lines (a log axis's 2…9 × each decade); empty on a linear axis.
    /// Domain and ticks are in the axis's scale space (decades on a log axis; see `Scale`).
    public let minorTicks: [Double]

    /// `scale`'s ticks for a scale-space `domain`, about one per `spacing` pixels of an axis `length` pixels long.
    init(domain: ClosedRange<Double>, length: Double, spacing: Double, scale: any Scale) {
        self.domain = domain
        let ticks = scale.ticks(for: domain, length: length, spacing: spacing)
        (self.ticks, labels, minorTicks) = (ticks.major, ticks.labels, ticks.minor)
    }

    /// An axis with the given ticks and their labels, and no minor ticks (a polar chart's angle axis).
    init(domain: ClosedRange<Double>, ticks: [Double], labels: [String]) {
        (self.domain, self.ticks, self.labels, minorTicks) = (domain, ticks, labels, [])
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

    /// The domain of an axis: its explicit range, else the data's extent padded by `padding` (4 %) each side
    /// (bars keep their baseline 0 unpadded), else 0...1 when there is no finite data.
    static func domain(explicit: ClosedRange<Double>?, data: ClosedRange<Double>?, baselineZero: Bool, padding: Double = 0.04) -> ClosedRange<Double> {
        if let explicit { return explicit }
        guard let data else { return 0...1 }
        var padded = DataRange.padded(data, by: padding)
        if baselineZero {
            if data.lowerBound >= 0 { padded = 0...padded.upperBound }
            if data.upperBound <= 0 { padded = padded.lowerBound...0 }
        }
        return padded
    }
}
