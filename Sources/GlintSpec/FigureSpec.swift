import GlintCore
import GlintDatabase

/// A figure: several charts in one image (`"panels"`), each panel object a chart spec of its own (series, axes,
/// references, legends, title) with where it goes in the grid; the figure's size, scale, theme, font, title and
/// legend (the one legend of series that repeat by name) at the top level.
extension ChartSpec {
    static let figureKeys = ["panels", "columns", "rows", "share", "facet"]
    static let panelPlaceKeys = ["row", "column", "rowSpan", "columnSpan"]
    /// A panel's keys: a chart's, less what the figure decides for all of them.
    static let panelKeys = topKeys.filter { !["width", "height", "scale", "theme", "font", "follow"].contains($0) } + panelPlaceKeys
    static let shareKeys = ["x", "y"]

    /// The figure of `root`: its own options read as a chart's (with no series), its panels as charts under
    /// `panels[i]`.
    static func figure(_ root: SpecObject, sources: CSVSources, databases: DatabaseAccess, threads: Int) throws -> Chart {
        if let key = ["series", "x", "y", "y2", "references", "annotations", "legends", "facet", "polar"].first(where: root.has) {
            throw GlintError.badValue(path: key, message: key == "facet" ? "a facet makes the panels itself; give either \"facet\" or \"panels\""
                                      : "a figure's \(key) belong in its panels (\"panels\": [{\"\(key)\": ...}, ...])")
        }
        var figure = try chart(root, sources: sources, databases: databases, threads: threads)
        guard case let .array(items)? = root.raw("panels") else {
            throw SpecObject.mismatch("panels", expected: "an array of charts", found: root.raw("panels") ?? .null)
        }
        var grid = PanelGrid([])
        for (i, item) in items.enumerated() {
            let o = try SpecObject(item, path: "panels[\(i)]", allowed: panelKeys)
            var panel = Panel(try chart(o, sources: sources, databases: databases, threads: threads))
            (panel.row, panel.column) = (try count(o, "row"), try count(o, "column"))
            (panel.rowSpan, panel.columnSpan) = (try count(o, "rowSpan") ?? 1, try count(o, "columnSpan") ?? 1)
            grid.panels.append(panel)
        }
        (grid.columns, grid.rows) = (try count(root, "columns"), try count(root, "rows"))
        if let share = try root.object("share", allowed: shareKeys) {
            grid.shareX = try share.choice("x", as: AxisSharing.self) ?? .none
            grid.shareY = try share.choice("y", as: AxisSharing.self) ?? .none
        }
        figure.panels = grid
        return figure
    }

    /// A whole number of rows, columns or cells at `key` (checked against the grid's bounds when the figure is laid out).
    static func count(_ o: SpecObject, _ key: String) throws -> Int? {
        guard let n = try o.number(key) else { return nil }
        guard n == n.rounded(), n >= 0, n <= 1e6 else {
            throw GlintError.badValue(path: o.childPath(key), message: "expected a whole number, found \(n)")
        }
        return Int(n)
    }
}
