/// The kinds of series are the registry's (`MarkRegistry.kinds`): only the names it lists exist.
extension SeriesKind: RawRepresentable, CaseIterable {
    /// The registered kind of that name; nil for a name no kind has.
    public init?(rawValue: String) {
        guard let kind = MarkRegistry.kinds.first(where: { $0.kind.rawValue == rawValue })?.kind else { return nil }
        self = kind
    }

    /// Every registered kind, in the registry's order.
    public static var allCases: [SeriesKind] { MarkRegistry.kinds.map { $0.kind } }

    /// What the registry knows of the kind.
    var definition: any MarkDefinition.Type {
        MarkRegistry.definitions[self] ?? LineKind.self
    }

    /// Whether the kind's points sit at x positions of their own (lines, dots, bars, areas, stems): what buckets
    /// gather and sorting reorders.
    public var hasPositions: Bool { definition.hasPositions }

    /// The keys of a series object in the spec that this kind takes and kinds that do not list them refuse.
    public var keys: [String] { definition.keys }

    /// The keys every series takes that this kind refuses (`MarkDefinition.unusedKeys`).
    public var unusedKeys: [String] { definition.unusedKeys }

    /// Why it refuses its `unusedKeys` ("its slices are its y values, …").
    public var unusedKeysReason: String { definition.unusedKeysReason }

    /// The kind in the plural, for messages ("only stems take …").
    public var plural: String { definition.plural }

    /// The registered kinds `included` holds, by their plurals in the registry's order, as a message lists them:
    /// "lines, dots and bars". A message naming the kinds that take something builds its list here, so a new kind
    /// cannot make it stale.
    public static func listed(where included: (SeriesKind) -> Bool) -> String {
        let names = allCases.filter(included).map(\.plural)
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Reads the keys only this kind takes from a series' object in the spec into `series`.
    public func read(_ keys: any MarkKeys, into series: inout Series) throws {
        // A kind names what is wrong with a `ChartError` at the key's path; a spec's reader says it as a bad value.
        do {
            try definition.read(keys, into: &series)
        } catch let error as ChartError {
            throw error.glintError
        }
    }
}
