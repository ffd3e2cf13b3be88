import GlintCore

/// `"facet"`: small multiples — the chart drawn once per distinct value of a column of its series' CSV, each panel
/// the rows of one value, in ascending order of the values, titled by it; a figure of panels sharing both axes.
extension ChartSpec {
    static let facetKeys = ["column", "columns"]

    /// The column `root` facets by, if it does.
    static func facetColumn(_ root: SpecObject) throws -> String? {
        guard let facet = try root.object("facet", allowed: facetKeys) else { return nil }
        guard let column = try facet.string("column") else {
            throw GlintError.badValue(path: facet.childPath("column"), message: "missing; name the CSV column whose values make the panels")
        }
        return column
    }

    /// Asks `sources` for the facet column of the series `o` from its `data.csv`; a series that reads columns handed
    /// over with the spec needs no asking. A faceted series must read one or the other.
    static func requestFacetColumn(_ o: SpecObject, column: String, from sources: inout CSVSources) throws {
        let data = try o.object("data", allowed: dataKeys)
        if let data, let file = try data.string("csv") {
            sources.requestText(column, of: file, specPath: o.childPath("data"))
        } else if !(data.map(readsSupplied) == true && (!sources.supplied.isEmpty || data?.has("npz") == true)), data?.has("columns") != true {
            throw GlintError.badValue(path: o.childPath("data"), message: "a faceted chart's series read data.csv, data.npz, data.columns or columns handed over with "
                                      + "the spec, whose column \"\(column)\" makes the panels")
        }
    }

    /// `s` (of the object `o`, with the table's `rows` it kept) in one part per value of the facet `column`: each
    /// part's series and the table rows it holds; `s` whole, under no value, when the chart is not faceted.
    static func facetParts(_ s: Series, _ o: SpecObject, sources: CSVSources, rows: [Int]?, column: String?) throws
        -> [(value: String?, series: Series, rows: [Int]?)] {
        guard let column else { return [(nil, s, rows)] }
        guard [.rows, .periods].contains(s.pointOrigin) else {
            throw GlintError.badValue(path: o.childPath("type"), message: "a \(s.kind.rawValue)'s points are not the table's rows; facet lines, dots, "
                                      + "bars, areas and candles (give a panel per group instead)")
        }
        let all = try sources.texts(column, file: try o.object("data", allowed: dataKeys)?.string("csv"), path: o.childPath("data"))
        let keys = rows.map { $0.map { $0 < all.count ? all[$0] : nil } } ?? all
        // Counted before any part is made: a column of a million distinct values is refused at once.
        let values = Set(keys.compactMap { $0 }).count
        guard values <= PanelGrid.maximumPanels else {
            throw GlintError.badValue(path: "facet.column", message: "makes \(values) panels; a figure has at most \(PanelGrid.maximumPanels) "
                                      + "(filter the rows first)")
        }
        return Series.groups(of: keys, count: min(s.x.count, s.y.count)).map { group in
            (group.key, s.gathered(rows: group.rows), rows.map { kept in group.rows.map { kept[$0] } } ?? group.rows)
        }
    }

    /// The faceted chart as a figure: a panel per facet value (ascending), each the chart `template` with the series of
    /// that value and the value as its title, both axes shared by all, in `columns` (about square without).
    static func facetFigure(_ template: Chart, parts: [(value: String?, series: Series)], root: SpecObject) throws -> Chart {
        let facet = try root.object("facet", allowed: facetKeys)
        var values: [String] = [], seen: Set<String> = []
        for case let (value?, _) in parts where seen.insert(value).inserted { values.append(value) }
        values = Series.groups(of: values, count: values.count).map(\.key)
        guard values.count <= PanelGrid.maximumPanels else {
            throw GlintError.badValue(path: facet?.childPath("column") ?? "facet", message: "makes \(values.count) panels; a figure has at most "
                                      + "\(PanelGrid.maximumPanels) (filter the rows first)")
        }
        var figure = template
        (figure.series, figure.legends, figure.references, figure.annotations) = ([], [], [], [])
        (figure.x, figure.y, figure.y2) = (Axis(), Axis(), Axis(grid: false))
        let panels = values.map { value -> Panel in
            var chart = template
            chart.title = value
            chart.series = parts.filter { $0.value == value }.map(\.series)
            return Panel(chart)
        }
        figure.panels = PanelGrid(panels, columns: try facet.flatMap { try count($0, "columns") } ?? count(root, "columns"),
                                  rows: try count(root, "rows"), shareX: .all, shareY: .all)
        if let share = try root.object("share", allowed: shareKeys) {
            figure.panels?.shareX = try share.choice("x", as: AxisSharing.self) ?? .all
            figure.panels?.shareY = try share.choice("y", as: AxisSharing.self) ?? .all
        }
        return figure
    }
}
