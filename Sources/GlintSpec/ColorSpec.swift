import GlintCore
/// Colour scales and per-point colours in the spec: `"color": {...}` on a series, `scale` on a colour-bar legend.
extension ChartSpec {
    static let pointColorKeys = ["values", "column", "scale", "palette", "categories", "order"]
    static let scaleKeys = ["stops", "palette", "range", "steps"]
    /// The keys of a `color` object colouring values through a scale (a heatmap's, a density's).
    static let valueColorKeys = ["scale", "palette"]
    /// The keys of a `color` object colouring categories (a density's `count_by`).
    static let categoryColorKeys = ["palette", "order"]

    /// A series' `color` when it is an object (per-point colours); nil when it is a plain colour or absent.
    static func pointColorObject(_ o: SpecObject) throws -> SpecObject? {
        guard case .object? = o.raw("color") else { return nil }
        return try o.object("color", allowed: pointColorKeys)
    }

    /// Colours by category for `names` (a name per point), as the colour object `c` gives them: categories in its
    /// `order`, then as they first appear; a categorical `palette` by name (tableau10 without one, Tableau 20's
    /// light colours after its ten past ten categories), or a colour per category name.
    static func categoryColors(_ names: [String?], _ c: SpecObject?) throws -> PointColors {
        let order = try c?.strings("order").map { $0.compactMap { $0 } }
        guard let c, case .object? = c.raw("palette") else {
            let palette = try c.flatMap { try paletteName($0, as: CategoricalPalette.self) } ?? .tableau10
            let count = Set(names.compactMap { $0 } + (order ?? [])).count
            return PointColors(categories: names, order: order, colors: palette.colors(for: count))
        }
        let all = Set(names.compactMap { $0 } + (order ?? []))
        let map = try SpecObject(c.raw("palette")!, path: c.childPath("palette"), allowed: Array(all))
        var named: [String: Color] = [:]
        for name in all where map.has(name) { named[name] = try map.color(name) }
        return PointColors(categories: names, order: order, named: named)
    }

    /// Whether a per-point colour object colours by category (names) rather than by number.
    static func colorsByCategory(_ c: SpecObject) -> Bool {
        if c.has("categories") { return true }
        switch c.raw("palette") {
        case .object?: return true
        case let .string(name)?: return CategoricalPalette(rawValue: name) != nil
        default: return false
        }
    }

    /// Asks `sources` for the CSV column of a per-point colour object.
    static func requestColorColumn(_ o: SpecObject, file: String, from sources: inout CSVSources) throws {
        guard let c = try pointColorObject(o), let name = try c.string("column") else { return }
        if colorsByCategory(c) {
            sources.requestText(name, of: file, specPath: c.childPath("column"))
        } else {
            sources.request(name, of: file, specPath: c.childPath("column"))
        }
    }

    /// The per-point colours of a series: numbers through a scale, or names through a categorical palette.
    static func pointColors(_ c: SpecObject, sources: CSVSources, file: String?) throws -> PointColors {
        let column = try c.string("column")
        if colorsByCategory(c) {
            let names: [String?]
            if let column {
                names = try sources.texts(column, file: file, path: c.childPath("column"))
            } else {
                guard let given = try c.strings("categories") else {
                    throw GlintError.badValue(path: c.path, message: "give the categories (one name per point) or a column")
                }
                names = given
            }
            return try categoryColors(names, c)
        }
        let values: [Double]
        if let column {
            values = try sources.numbers(column, file: file, path: c.childPath("column"),
                                         what: "colour values (give a categorical palette to colour by names)").doubles
        } else {
            guard let given = try c.numbers("values") else {
                throw GlintError.badValue(path: c.path, message: "give the values (one number per point) or a column")
            }
            values = given
        }
        if let scale = try c.object("scale", allowed: scaleKeys) {
            return PointColors(values: values, scale: try colorScale(scale))
        }
        guard let palette = try paletteName(c, as: ContinuousPalette.self) else {
            throw GlintError.badValue(path: c.path, message: "give a scale or a palette for the values")
        }
        return PointColors(values: values, scale: ColorScale(palette: palette))
    }

    /// A `ColorScale`: `stops` (`[[value, colour], ...]`, increasing values) or a `palette`, with an optional
    /// `range` and `steps`.
    static func colorScale(_ o: SpecObject) throws -> ColorScale {
        var scale: ColorScale
        if let raw = o.raw("stops") {
            guard case let .array(items) = raw, items.count >= 2 else {
                throw GlintError.badValue(path: o.childPath("stops"), message: "expected at least two [value, colour] pairs")
            }
            var stops: [(Double, Color)] = []
            for (i, item) in items.enumerated() {
                let path = o.childPath("stops") + "[\(i)]"
                guard case let .array(pair) = item, pair.count == 2, case let .number(v) = pair[0], case let .string(text) = pair[1] else {
                    throw GlintError.badValue(path: path, message: "expected [value, colour], such as [0, \"#440154\"]")
                }
                guard let color = Color(parsing: text) else { throw GlintError.badValue(path: "\(path)[1]", message: "\"\(text)\" is not a colour") }
                if let last = stops.last, v <= last.0 {
                    throw GlintError.badValue(path: "\(path)[0]", message: "stop values must increase, found \(v) after \(last.0)")
                }
                stops.append((try SpecObject.finite(v, path: path + "[0]"), color))
            }
            scale = ColorScale(values: stops)
        } else if let palette = try paletteName(o, as: ContinuousPalette.self) {
            scale = ColorScale(palette: palette)
        } else {
            throw GlintError.badValue(path: o.path, message: "give stops or a palette (\(ContinuousPalette.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let (lo, hi) = try o.pair("range") {
            guard lo < hi else { throw GlintError.badValue(path: o.childPath("range"), message: "expected [low, high] with low < high") }
            if o.has("stops") {
                throw GlintError.badValue(path: o.childPath("range"), message: "stops at values set the range themselves; give one or the other")
            }
            scale.range = lo...hi
        }
        if let n = try o.number("steps") {
            guard n >= 2, n <= 256, n == n.rounded() else {
                throw GlintError.badValue(path: o.childPath("steps"), message: "expected a whole number of classes from 2 to 256, found \(n)")
            }
            scale.steps = Int(n)
        }
        return scale
    }

    /// A palette name of the given kind; an unknown name is an error listing the valid ones.
    static func paletteName<P: RawRepresentable & CaseIterable>(_ o: SpecObject, as: P.Type) throws -> P? where P.RawValue == String {
        guard let name = try o.string("palette") else { return nil }
        guard let palette = P(rawValue: name) else {
            let valid = P.allCases.map(\.rawValue)
            let hint = SpecObject.closest(name, in: valid).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw GlintError.badValue(path: o.childPath("palette"), message: "unknown palette \"\(name)\"\(hint); valid: \(valid.joined(separator: ", "))")
        }
        return palette
    }
}
