import GlintScales

/// Equal steps of value are equal distances: ticks on 1-2-5 steps (`NiceTicks`), labelled with just enough
/// decimals, or by `format`.
public struct LinearScale: Scale {
    /// How labels show their values; nil for plain numbers.
    public var format: NumberFormat?

    /// A linear scale whose labels `format` writes (plain numbers when nil).
    public init(format: NumberFormat? = nil) { self.format = format }

    public var function: ScaleFunction { .identity }

    /// About one tick per `spacing` pixels of `length`; at least three where the axis is 1.5 spacings long or more (a
    /// finer step until there are: one tick on a 155-px axis tells the reader nothing of the scale).
    public func ticks(for domain: ClosedRange<Double>, length: Double, spacing: Double) -> AxisTicks {
        var target = max(2, Int(saturating: length / spacing))
        var ticks = NiceTicks.ticks(in: domain, target: target)
        while ticks.count < 3, length >= spacing * 1.5, target < 64 {
            target += 1
            ticks = NiceTicks.ticks(in: domain, target: target)
        }
        let step = NiceTicks.step(over: domain, target: target)
        return AxisTicks(major: ticks, labels: format?.labels(for: ticks, step: step) ?? NiceTicks.labels(for: ticks, step: step))
    }
}
