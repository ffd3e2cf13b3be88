import GlintCore

/// A pie series' keys (`"type": "pie"`): its values are its `y` (inline, or a CSV column), its slices named by
/// `labels`, `inner` makes it a donut, `startAngle` turns it, `sliceLabels` says what its slices' text shows.
extension ChartSpec {
    /// Keys of other marks that a pie has no use for (it has no axes, lines, sizes or bars).
    static let notForPies = ["x", "size", "stack", "orientation", "barWidth", "step", "markers", "normalize", "errorBars", "band", "axis",
                             "baseline", "edge", "fillOpacity", "valueLabels", "radius", "sizeRange", "radiusScale", "dash", "width",
                             "join", "cap", "miterLimit", "decimate", "antialias", "rasterize"]

    /// The pie keys of `o` (a series of `kind`): refused on other series, and the keys of other marks refused on a pie.
    static func pieStyle(_ o: SpecObject, kind: SeriesKind) throws -> PieStyle {
        guard kind == .pie else { return PieStyle() }
        let dataX = try o.object("data", allowed: dataKeys).flatMap { $0.has("x") ? "data.x" : nil }
        if let key = notForPies.first(where: o.has) ?? dataX {
            throw GlintError.badValue(path: o.childPath(key), message: "a pie takes no \"\(key.replacing("data.", with: ""))\": "
                                      + "its slices are its y values, named by its labels, drawn without axes")
        }
        if case .string? = o.raw("color") {
            throw GlintError.badValue(path: o.childPath("color"), message: "a pie's slices take the palette in order, or a colour each: "
                                      + "{\"categories\": [...], \"palette\": ...} or {\"column\": ..., \"palette\": ...}")
        }
        var pie = PieStyle()
        if let inner = try o.number("inner") {
            guard inner >= 0, inner < 1 else {
                throw GlintError.badValue(path: o.childPath("inner"), message: "expected the hole's share of the radius, from 0 up to 1 "
                                          + "(0.6 for a donut), found \(inner)")
            }
            pie.inner = inner
        }
        if let angle = try o.number("startAngle") { pie.startAngle = try SpecObject.finite(angle, path: o.childPath("startAngle")) }
        pie.labels = try o.choice("sliceLabels", as: SliceLabelContent.self) ?? .percent
        return pie
    }
}
