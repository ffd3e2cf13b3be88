/// The options of one kind's marks kept in a series (`Series.styles`), found by their type: a kind added under
/// `Marks/` keeps its options here instead of in a field of `Series` of its own.
public protocol MarkStyle: Sendable {
    /// The options at their defaults.
    init()
}

/// Options of marks by their type, each at its default until set.
public struct MarkStyles: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// No options set: each at its default.
    public init() {}

    /// The options of type `S`: those set, or the defaults.
    public subscript<S: MarkStyle>(_ type: S.Type) -> S {
        get { values[ObjectIdentifier(type)] as? S ?? S() }
        set { values[ObjectIdentifier(type)] = newValue }
    }

    /// The options of type `S` when set, nil otherwise (options that are off until given, as error bars are);
    /// setting nil removes them.
    public subscript<S: Sendable>(ifSet type: S.Type) -> S? {
        get { values[ObjectIdentifier(type)] as? S }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}
