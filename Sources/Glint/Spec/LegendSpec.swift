/// The `legend` object of the spec: the series legend's placement, entries, custom items and look.
extension ChartSpec {
    static let legendKeys = ["visible", "position", "orientation", "margins", "placement", "title", "markers", "checkboxes",
                             "source", "items", "width", "height", "columns", "style"]
    static let legendItemKeys = ["label", "color", "marker", "width", "radius"]
    static let legendStyleKeys = ["background", "border", "borderWidth", "padding", "textColor", "fontSize"]

    static func legend(_ o: SpecObject) throws -> Legend {
        var legend = Legend()
        legend.visible = try o.bool("visible") ?? true
        legend.position = try o.choice("position", as: LegendPosition.self) ?? legend.position
        legend.orientation = try o.choice("orientation", as: LegendOrientation.self) ?? legend.orientation
        if let m = o.raw("margins") { legend.margins = try margins(m, path: o.childPath("margins")) }
        legend.placement = try o.choice("placement", as: LegendPlacement.self) ?? .inside
        if legend.placement == .outside, legend.position == .center {
            throw GlintError.badData("\(o.childPath("position")): \"center\" has no outside; use placement \"inside\" or a side or corner")
        }
        legend.title = try o.string("title")
        legend.markers = try o.bool("markers") ?? true
        legend.checkboxes = try o.bool("checkboxes") ?? false
        legend.source = try o.choice("source", as: LegendSource.self) ?? .all
        legend.items = try (try o.array("items") ?? []).enumerated().map { i, value in
            try legendItem(SpecObject(value, path: o.childPath("items") + "[\(i)]", allowed: legendItemKeys))
        }
        if let w = try o.number("width") { legend.width = try positive(w, o.childPath("width")) }
        if let h = try o.number("height") { legend.height = try positive(h, o.childPath("height")) }
        if let c = try o.number("columns") {
            guard c >= 1, c == c.rounded(), c <= 1000 else {
                throw GlintError.badData("\(o.childPath("columns")): expected a whole number from 1 to 1000, found \(c)")
            }
            legend.columns = Int(c)
        }
        if let style = try o.object("style", allowed: legendStyleKeys) { legend.style = try legendStyle(style) }
        return legend
    }

    /// One of `legend.items`: a label with a marker of its own.
    static func legendItem(_ o: SpecObject) throws -> LegendItem {
        guard let label = try o.string("label") else { throw GlintError.badData("\(o.childPath("label")): missing; every item needs a label") }
        var item = LegendItem(label: label, color: try o.color("color") ?? Color(rgb: 0x555555),
                              marker: try o.choice("marker", as: LegendMarker.self) ?? .dot)
        if let w = try o.number("width") { item.width = try positive(w, o.childPath("width")) }
        if let r = try o.number("radius") { item.radius = try positive(r, o.childPath("radius")) }
        return item
    }

    /// `legend.style`: box and text look.
    static func legendStyle(_ o: SpecObject) throws -> LegendStyle {
        var style = LegendStyle(background: try o.color("background"), border: try o.color("border"),
                                textColor: try o.color("textColor"))
        if let w = try o.number("borderWidth") {
            guard w >= 0 else { throw GlintError.badData("\(o.childPath("borderWidth")): expected 0 or more pixels, found \(w)") }
            style.borderWidth = w
        }
        if let p = try o.number("padding") {
            guard p >= 0, p <= 200 else { throw GlintError.badData("\(o.childPath("padding")): expected 0 to 200 pixels, found \(p)") }
            style.padding = p
        }
        if let f = try o.number("fontSize") {
            guard f >= 4, f <= 200 else { throw GlintError.badData("\(o.childPath("fontSize")): expected 4 to 200 pixels, found \(f)") }
            style.fontSize = f
        }
        return style
    }
}
