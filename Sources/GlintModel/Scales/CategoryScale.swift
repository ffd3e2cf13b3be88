import GlintScales

/// Named slots: category i sits at position i, its slot one unit wide, its name the tick label.
public struct CategoryScale: Scale {
    /// The slots' names, in order.
    public var names: [String]

    /// A scale over the slots `names`.
    public init(names: [String]) { self.names = names }

    public var function: ScaleFunction { .identity }

    /// A tick at the centre of each slot inside `domain`, labelled with its name (length and spacing do not thin them).
    public func ticks(for domain: ClosedRange<Double>, length: Double, spacing: Double) -> AxisTicks {
        let inside = names.indices.filter { domain.contains(Double($0)) }
        return AxisTicks(major: inside.map(Double.init), labels: inside.map { names[$0] })
    }
}
