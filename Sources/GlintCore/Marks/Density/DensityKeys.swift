extension DensityKind {
    /// `reduce` (`count` by default), `geometry` (`points`), `normalize` (a name: `eq_hist` by default), `spread`
    /// (pixels); a `value` per point for `sum`, `mean`, `min` and `max`, a `category` per point for `count_by`
    /// (inline, or columns of the series' table); `color`: a continuous scale or palette, or for `count_by` a
    /// categorical palette or a colour per category and their `order`.
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        var style = DensityStyle()
        style.reduction = try keys.choice("reduce", as: DensityReduction.self) ?? .count
        style.geometry = try keys.choice("geometry", as: DensityGeometry.self) ?? .points
        if keys.has("normalize") {
            guard keys.isText("normalize") else {
                throw ChartError.invalidValue(path: keys.childPath("normalize"), reason: "a density normalizes by \"eq_hist\", \"linear\", \"log\" or \"cbrt\"")
            }
            style.normalization = try keys.choice("normalize", as: DensityNormalization.self) ?? .eqHist
        }
        style.spread = try keys.integer("spread", within: .densitySpread) ?? 0
        let key = style.reduction == .countBy ? "category" : "value", other = key == "value" ? "category" : "value"
        if keys.givesColumn(other) {
            throw ChartError.invalidValue(path: keys.columnPath(other), reason: style.reduction == .countBy
                                          ? "count_by counts a category per point; give \"category\", not \"value\""
                                          : "only count_by reads a category; \"\(style.reduction.rawValue)\" reads \"value\"")
        }
        if style.reduction == .countBy {
            if keys.isText("color") {
                throw ChartError.invalidValue(path: keys.childPath("color"), reason: "count_by colours each category: {\"palette\": \"tableau10\"} "
                                              + "or a colour per category name, {\"palette\": {\"a\": \"#1f77b4\"}}")
            }
            guard let names = try keys.texts("category") else {
                throw ChartError.invalidValue(path: keys.childPath("category"), reason: "missing; count_by counts a category per point (inline, or data.category)")
            }
            let colors = try keys.categoryColors(names, of: "category", atMost: DensityStyle.maximumCategories, counting: "count_by counts")
            (style.values, style.scale) = (Column(colors.values), colors.scale)
        } else {
            if style.reduction != .count {
                guard let values = try keys.column("value", what: "values") else {
                    throw ChartError.invalidValue(path: keys.childPath("value"), reason: "missing; \"\(style.reduction.rawValue)\" reduces a value per point (inline, or data.value)")
                }
                style.values = values
            } else if keys.givesColumn("value") {
                throw ChartError.invalidValue(path: keys.columnPath("value"), reason: "\"count\" counts points and reads no value; give \"reduce\": \"sum\", \"mean\", \"min\" or \"max\"")
            }
            if let scale = try keys.colorScale(for: "a density", allowsColor: false) { style.scale = scale }
        }
        if let values = style.values, values.count != series.x.count {
            throw ChartError.invalidValue(path: keys.columnPath(key), reason: "has \(values.count) entries but the series has \(series.x.count) points")
        }
        series.density = style
    }
}
