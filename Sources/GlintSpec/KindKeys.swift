import GlintCore

/// The keys that only some kinds of series take (each kind lists its own, `SeriesKind.keys`), refused on the others;
/// and the keys every series takes that a kind has no use for (`SeriesKind.unusedKeys`), refused on it.
extension ChartSpec {
    /// Every kind's own keys, once each, in the registry's order.
    static let seriesKindKeys = SeriesKind.allCases.flatMap(\.keys).uniqued()

    /// Refuses a key of `o` (a series of `kind`) that other kinds take and `kind` does not, naming who takes it:
    /// `only histograms take "bins"; this series is a line ("type": "histogram")`.
    static func refuseOtherKindsKeys(_ o: SpecObject, kind: SeriesKind) throws {
        for key in seriesKindKeys where o.has(key) && !kind.keys.contains(key) {
            let takers = SeriesKind.allCases.filter { $0.keys.contains(key) }
            let hint = takers.count == 1 ? " (\"type\": \"\(takers[0].rawValue)\")" : ""
            let listed = SeriesKind.listed { $0.keys.contains(key) }
            throw GlintError.badValue(path: o.childPath(key), message: "only \(listed) take \"\(key)\"; this series is a \(kind.rawValue)\(hint)")
        }
    }

    /// Refuses a key of `o` that every series takes but a series of `kind` has no use for, saying why:
    /// `a pie takes no "x": its slices are its y values, …`. A key under `data.` is one of the data object's.
    static func refuseUnusedKeys(_ o: SpecObject, kind: SeriesKind) throws {
        guard !kind.unusedKeys.isEmpty else { return }
        let data = try o.object("data", allowed: dataKeys)
        for key in kind.unusedKeys {
            // A key of the data object, or of the series itself.
            let inData = key.hasPrefix("data."), name = inData ? String(key.dropFirst("data.".count)) : key
            if inData ? data?.has(name) == true : o.has(name) {
                throw GlintError.badValue(path: o.childPath(key), message: "a \(kind.rawValue) takes no \"\(name)\": \(kind.unusedKeysReason)")
            }
        }
    }
}

