import GlintScales

/// How an axis turns data values into positions and back, and which ticks and labels it shows.
///
/// An axis is laid out in its scale's space: `function` maps data values there (the identity on a linear axis,
/// base-10 logarithms on a log axis), the domain and ticks are scale-space values, and everything that reads
/// data (extents, M4, the guard band, hit testing, both painters) applies `function` to each value as it reads
/// it, through the layout's `DataTransform`. Conformers: `LinearScale`, `LogScale`, `TimeScale`, `CategoryScale`;
/// `Axis.resolvedScale` picks the axis's.
public protocol Scale: Sendable {
    /// Data values to scale space, and back.
    var function: ScaleFunction { get }
    /// Ticks for a scale-space `domain` about one per `spacing` pixels of an axis `length` pixels long.
    func ticks(for domain: ClosedRange<Double>, length: Double, spacing: Double) -> AxisTicks
}

extension Scale {
    /// The position of data value `v` in scale space (NaN where the scale has none).
    public func forward(_ v: Double) -> Double { function(v) }
    /// The data value at scale-space position `u`.
    public func inverse(_ u: Double) -> Double { function.inverse(u) }
}

/// An axis's ticks: positions in scale space, one label per major tick.
public struct AxisTicks: Sendable, Equatable {
    /// Labelled tick positions.
    public var major: [Double]
    /// Unlabelled minor grid positions (a log axis's 2…9 × each decade).
    public var minor: [Double]
    /// One label per major tick.
    public var labels: [String]

    /// Ticks from their parts.
    public init(major: [Double], minor: [Double] = [], labels: [String]) {
        (self.major, self.minor, self.labels) = (major, minor, labels)
    }
}

extension Axis {
    /// The scale this axis's kind, format, time zone and categories make.
    public var resolvedScale: any Scale {
        if let categories { return CategoryScale(names: categories) }
        switch scale {
        case .linear: return LinearScale(format: format)
        case .log: return LogScale(format: format)
        case .time: return TimeScale(timeZone: timeZone, format: format, dateFormat: dateFormat)
        }
    }

    /// Data values to this axis's scale space: its scale's function.
    public var function: ScaleFunction { resolvedScale.function }
}
