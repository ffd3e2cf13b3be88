import GlintCore

/// A density series' keys: `geometry` (`points`, or `lines`: the points a polyline, NaN between runs), `reduce` (`count` by default; `sum`, `mean`, `min`, `max` of a `value` per point;
/// `count_by` a `category` per point), `normalize` (`eq_hist` by default, `linear`, `log`, `cbrt`), `spread`
/// (pixels, 0–16), and `color`: a continuous `scale` or `palette` for counts and values, a categorical `palette`
/// (a name, or a colour per category) and an `order` for `count_by`. Values and categories are inline arrays, or
/// columns where the points' are (`data.value`, `data.category`): of the series' CSV file, `.npy` files, a binary
/// file, or columns handed over with the spec (`ViewedColumns`).
extension ChartSpec {
    static let densityColorKeys = ["scale", "palette", "order"]

    /// The density style of `o` (a `"type": "density"` series of `points` points); CSV columns from `file`, or the
    /// columns `viewed` where the points' were viewed.
    static func densityStyle(_ o: SpecObject, points: Int, sources: CSVSources, file: String?, data: SpecObject?,
                             viewed: ViewedColumns?) throws -> DensityStyle {
        var style = DensityStyle()
        style.reduction = try o.choice("reduce", as: DensityReduction.self) ?? .count
        style.geometry = try o.choice("geometry", as: DensityGeometry.self) ?? .points
        if o.has("normalize") {
            guard case .string? = o.raw("normalize") else {
                throw GlintError.badValue(path: o.childPath("normalize"), message: "a density normalizes by \"eq_hist\", \"linear\", \"log\" or \"cbrt\"")
            }
            style.normalization = try o.choice("normalize", as: DensityNormalization.self) ?? .eqHist
        }
        style.spread = try o.integer("spread", within: .densitySpread) ?? 0
        let key = style.reduction == .countBy ? "category" : "value"
        let other = key == "value" ? "category" : "value"
        if o.has(other) || data?.has(other) == true {
            throw GlintError.badValue(path: o.has(other) ? o.childPath(other) : data!.childPath(other),
                                      message: style.reduction == .countBy ? "count_by counts a category per point; give \"category\", not \"value\""
                                                                           : "only count_by reads a category; \"\(style.reduction.rawValue)\" reads \"value\"")
        }
        let column = viewed != nil ? nil : try data?.string(key).map { name -> String in
            guard file != nil else { throw GlintError.badValue(path: data!.childPath(key), message: "names a column of the series' data.csv; give data.csv") }
            return name
        }
        let colors = try o.object("color", allowed: densityColorKeys)
        if style.reduction == .countBy {
            let names: [String?]
            if let given = viewed?.category {
                names = given
            } else if let column, let file { names = sources.texts(column, of: file) ?? [] } else if let given = try o.strings("category") { names = given } else {
                throw GlintError.badValue(path: o.childPath("category"), message: "missing; count_by counts a category per point (inline, or data.category)")
            }
            let categorical = try categoryColors(names, colors)
            if let categories = categorical.scale.categories, categories.count > DensityStyle.maximumCategories {
                let ordered = colors?.has("order") == true
                throw GlintError.badValue(path: ordered ? colors!.childPath("order") : o.childPath("category"),
                                          message: "count_by counts at most \(DensityStyle.maximumCategories) categories, found "
                                          + "\(categories.count)\(ordered ? " (the points' names and the order's)" : "")")
            }
            (style.values, style.scale) = (Column(categorical.values), categorical.scale)
        } else {
            if style.reduction != .count {
                if let given = viewed?.value {
                    style.values = given
                } else if let column, let file { style.values = Column(sources.column(column, of: file)) } else if let given = try o.numbers("value") {
                    style.values = Column(given)
                } else {
                    throw GlintError.badValue(path: o.childPath("value"), message: "missing; \"\(style.reduction.rawValue)\" reduces a value per point (inline, or data.value)")
                }
            } else if o.has("value") || data?.has("value") == true {
                throw GlintError.badValue(path: o.has("value") ? o.childPath("value") : data!.childPath("value"),
                                          message: "\"count\" counts points and reads no value; give \"reduce\": \"sum\", \"mean\", \"min\" or \"max\"")
            }
            if let colors {
                if colors.has("order") { throw GlintError.badValue(path: colors.childPath("order"), message: "orders the categories of count_by") }
                if let scale = try colors.object("scale", allowed: scaleKeys) {
                    style.scale = try colorScale(scale)
                } else if let palette = try paletteName(colors, as: ContinuousPalette.self) {
                    style.scale = ColorScale(palette: palette)
                }
            }
        }
        if let values = style.values, values.count != points {
            throw GlintError.badValue(path: o.has(key) ? o.childPath(key) : data!.childPath(key),
                                      message: "has \(values.count) entries but the series has \(points) points")
        }
        return style
    }
}
