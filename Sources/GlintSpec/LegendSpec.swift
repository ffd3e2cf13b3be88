import GlintCore
/// The `legend` object of the spec (the series legend's placement, entries, custom items and look) and the
/// `legends` array (more legends of every kind, each with an id).
extension ChartSpec {
    static let boxKeys = ["visible", "position", "orientation", "margins", "placement", "title", "width", "height", "columns", "style"]
    static let legendKeys = boxKeys + ["markers", "checkboxes", "source", "items"]
    /// The keys each kind adds to `id`, `kind` and `boxKeys` in `legends`.
    static let kindKeys: [String: [String]] = [
        "series": ["markers", "checkboxes", "source", "items"],
        "colorbar": ["series", "scale", "thickness", "length", "ends", "every", "values", "labels", "normalized", "format", "units"],
        "points": ["series", "items", "radius"],
        "sizes": ["series", "count", "format"],
    ]
    static let unitKeys = ["quantity", "base", "display"]
    static let legendItemKeys = ["label", "color", "marker", "width", "radius"]
    static let legendStyleKeys = ["background", "border", "borderWidth", "padding", "textColor", "fontSize", "cornerRadius"]

    /// `legends`: each entry's kind picks the keys it may have; ids must differ from each other and from the
    /// series legend's (`"series"`).
    static func legends(_ items: [JSONValue], seriesNames: [String], path legendsPath: String = "legends") throws -> LegendSet {
        var set = LegendSet()
        var ids: Set<String> = ["series"]
        for (i, item) in items.enumerated() {
            let path = "\(legendsPath)[\(i)]"
            let all = ["id", "kind"] + boxKeys + Array(Set(kindKeys.values.joined()))
            let o = try SpecObject(item, path: path, allowed: all)
            let kind = try o.string("kind") ?? "series"
            guard let own = kindKeys[kind] else {
                throw GlintError.badValue(path: o.childPath("kind"), message: "expected one of \(kindKeys.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(kind)\"")
            }
            for key in all where o.has(key) && !(["id", "kind"] + boxKeys + own).contains(key) {
                throw GlintError.badValue(path: o.childPath(key), message: "not a key of a \(kind) legend; its own keys: \(own.sorted().joined(separator: ", "))")
            }
            var legend = try self.legend(o)
            legend.id = try o.string("id") ?? "\(kind)-\(i)"
            guard ids.insert(legend.id).inserted else {
                throw GlintError.badValue(path: o.childPath("id"), message: "\"\(legend.id)\" is already the id of another legend")
            }
            legend.kind = try legendKind(kind, o, items: legend.items, seriesNames: seriesNames)
            // A points legend's items are its categories, not custom entries after series.
            if kind != "series" { legend.items = [] }
            // A colour bar above or below the plot runs along it unless told otherwise.
            if kind == "colorbar", !o.has("orientation"), legend.position == .top || legend.position == .bottom {
                legend.orientation = .horizontal
            }
            set.add(legend)
        }
        return set
    }

    /// A legend's `series`: the index of a series, or the name of exactly one.
    static func seriesIndex(_ o: SpecObject, names: [String]) throws -> Int? {
        let path = o.childPath("series")
        if case let .string(name)? = o.raw("series") {
            let matches = names.indices.filter { names[$0] == name }
            guard matches.count == 1 else {
                let named = names.filter { !$0.isEmpty }.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
                throw GlintError.badValue(path: path, message: matches.isEmpty
                    ? "no series is named \"\(BoundedText.line(name, limit: 64))\" (names: \(named.isEmpty ? "none" : named)); give a name or an index"
                    : "\(matches.count) series are named \"\(BoundedText.line(name, limit: 64))\"; give the index of one (\(matches.map(String.init).joined(separator: ", ")))")
            }
            return matches[0]
        }
        return try o.number("series").map { n -> Int in
            guard n >= 0, n == n.rounded(), n < Double(names.count) else {
                throw GlintError.badValue(path: path, message: "expected a series name or the index of a series (0 to \(names.count - 1)), found \(n)")
            }
            return Int(n)
        }
    }

    /// The kind-specific part of a `legends` entry.
    /// `items` are the entry's `items`, already read; `seriesNames` the chart's series' names, in order.
    static func legendKind(_ kind: String, _ o: SpecObject, items: [LegendItem], seriesNames: [String]) throws -> LegendKind {
        let series = try seriesIndex(o, names: seriesNames)

        switch kind {
        case "colorbar": return .colorBar(try colorBar(o, series: series))
        case "points":
            var points = PointsLegend(items: items, series: series)
            if let r = try o.number("radius", within: .markerRadius) { points.radius = r }
            guard !points.items.isEmpty || series != nil else {
                throw GlintError.badValue(path: o.path, message: "a points legend needs items or a series coloured by categories")
            }
            return .points(points)
        case "sizes":
            guard let series else { throw GlintError.badValue(path: o.childPath("series"), message: "missing; name the radius-scaled series") }
            var sizes = SizesLegend(series: series)
            if let n = try o.number("count") {
                guard n >= 2, n <= 10, n == n.rounded() else { throw GlintError.badValue(path: o.childPath("count"), message: "expected 2 to 10, found \(n)") }
                sizes.count = Int(n)
            }
            if let text = try o.string("format") { sizes.format = try numberFormat(text, path: o.childPath("format")) }
            return .sizes(sizes)
        default:
            return .series
        }
    }

    static func legend(_ o: SpecObject) throws -> Legend {
        var legend = Legend()
        legend.visible = try o.bool("visible") ?? true
        // `"visible": true` asks for the legend even of a lone series.
        legend.showsLoneSeries = try o.bool("visible") == true
        if let position = try o.choice("position", as: LegendPosition.self) { legend.position = position }
        legend.orientation = try o.choice("orientation", as: LegendOrientation.self) ?? legend.orientation
        if let m = o.raw("margins") { legend.margins = try margins(m, path: o.childPath("margins")) }
        if let placement = try o.choice("placement", as: LegendPlacement.self) { legend.placement = placement }
        if legend.placement == .outside, legend.position == .center || legend.position == .best {
            throw GlintError.badValue(path: o.childPath("position"), message: "\"\(legend.position.rawValue)\" has no outside; use placement \"inside\" or a side or corner")
        }
        legend.title = try o.string("title")
        legend.markers = try o.bool("markers") ?? true
        legend.checkboxes = try o.bool("checkboxes") ?? false
        legend.source = try o.choice("source", as: LegendSource.self) ?? .all
        legend.items = try (try o.array("items") ?? []).enumerated().map { i, value in
            try legendItem(SpecObject(value, path: o.childPath("items") + "[\(i)]", allowed: legendItemKeys))
        }
        if let w = try o.number("width", within: .boxLength) { legend.width = w }
        if let h = try o.number("height", within: .boxLength) { legend.height = h }
        if let c = try o.number("columns") {
            guard c >= 1, c == c.rounded(), c <= 1000 else {
                throw GlintError.badValue(path: o.childPath("columns"), message: "expected a whole number from 1 to 1000, found \(c)")
            }
            legend.columns = Int(c)
        }
        if let style = try o.object("style", allowed: legendStyleKeys) { legend.style = try legendStyle(style) }
        return legend
    }

    /// One of `legend.items`: a label with a marker of its own.
    static func legendItem(_ o: SpecObject) throws -> LegendItem {
        guard let label = try o.string("label") else { throw GlintError.badValue(path: o.childPath("label"), message: "missing; every item needs a label") }
        var item = LegendItem(label: label, color: try o.color("color") ?? Color(rgb: 0x555555),
                              marker: try o.choice("marker", as: LegendMarker.self) ?? .dot)
        if let w = try o.number("width", within: .strokeWidth) { item.width = w }
        if let r = try o.number("radius", within: .markerRadius) { item.radius = r }
        return item
    }

    /// `legend.style`: box and text look.
    static func legendStyle(_ o: SpecObject) throws -> LegendStyle {
        var style = LegendStyle(background: try o.color("background"), border: try o.color("border"),
                                textColor: try o.color("textColor"))
        if let w = try o.number("borderWidth", within: .borderWidth) { style.borderWidth = w }
        if let p = try o.number("padding", within: .padding) { style.padding = p }
        if let r = try o.number("cornerRadius", within: .cornerRadius) { style.cornerRadius = r }
        if let f = try o.number("fontSize", within: .fontSize) { style.fontSize = f }
        return style
    }
}
