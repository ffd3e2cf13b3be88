/// The options of one kind's marks kept in a series (`Series.styles`), found by their type: a kind added under
/// `Marks/` keeps its options here instead of in a field of `Series` of its own.
public protocol MarkStyle: Sendable {
    /// The options at their defaults.
    init()
}

/// Options of marks by their type, each at its default until set; also what a mark keeps of its last drawing of the
/// series (`ifSet:`, a density's cells), which goes with the series when it is copied.
public struct MarkStyles: Sendable {
    @usableFromInline var values: [ObjectIdentifier: any Sendable] = [:]

    /// No options set: each at its default.
    public init() {}

    /// The options of type `S`: those set, or the defaults.
    @inlinable public subscript<S: MarkStyle>(_ type: S.Type) -> S {
        get { values[ObjectIdentifier(type)] as? S ?? S() }
        set { values[ObjectIdentifier(type)] = newValue }
    }

    /// The value of type `S` when set, nil otherwise: options that are off until given (error bars, bands, candles)
    /// and what a mark keeps of its last drawing (a density's cells, a polar series' pixels). Setting nil removes it.
    @inlinable public subscript<S: Sendable>(ifSet type: S.Type) -> S? {
        get { values[ObjectIdentifier(type)] as? S }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}
