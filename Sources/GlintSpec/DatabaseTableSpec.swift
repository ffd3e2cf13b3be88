import GlintCore
import GlintDatabase

/// A database series that names columns beyond x, y and size — a colour's `column`, `split`, `data.labels`, error
/// bars' reaches, a band's bounds, a filter's column, the facet's, its kind's value columns (a hexbin's `value`,
/// candles' prices) — or that lacks an x or a y (a pie's slices, a histogram's values), or whose rows are
/// transformed in memory (`rowTransformKeys`), reads its rows whole when the spec is read: the columns it names are
/// its table, which every such key reads as it reads a `.npz` archive's arrays or the columns handed over with the
/// spec. It is drawn from those rows in memory, not reduced in the database. A series of x and y (and size) alone
/// is read at render time, reduced there as the picture needs (`DatabaseReading`).
extension ChartSpec {
    /// What the series' rows are called while finding the columns it names, as a CSV file's would be asked for.
    private static let probedRows = "\u{0}database rows"

    /// The keys of a series object whose work is done on its rows when the spec is read: filters, splits, buckets,
    /// sorting, rolling windows, trends and density curves.
    static let rowTransformKeys = ["filter", "split", "bin", "sort", "rolling", "trend", "density"]

    /// Series `o` as a series reading its table (its data object without the database keys), and that table read
    /// from its database through `access` (relative SQLite paths from `directory`); nil when `o` does not read a
    /// database or is read at render time (x and y, and size, alone). The facet's `column` and the axes' `categories`
    /// are the chart's.
    static func databaseTable(_ o: SpecObject, facet: String?, categories: AxisCategories, access: DatabaseAccess, directory: String) throws
        -> (object: SpecObject, table: SuppliedColumns)? {
        guard let data = try o.object("data", allowed: dataKeys), readsDatabase(data) else { return nil }
        let tabled = databaseKeys.reduce(data) { $0.with($1, nil) }
        let reading = o.with("data", tabled.value)
        var probe = CSVSources(files: .none)
        let probed = o.with("data", tabled.with("csv", .string(probedRows)).value)
        try requestColumns(probed, from: &probe, textX: categories.x.isActive, dates: nil, textY: categories.y.isActive)
        try requestSplitColumn(probed, from: &probe)
        if let facet { try requestFacetColumn(probed, column: facet, from: &probe) }
        let named = probe.requestedColumns(of: probedRows)
        let points = Set(["x", "y", "size"].map(data.childPath))
        let readLater = data.has("x") && data.has("y") && named.allSatisfy { points.contains($0.specPath) } && !rowTransformKeys.contains(where: o.has)
        guard !readLater else { return nil }
        let (rows, database) = try databaseRows(data, access: access, directory: directory)
        let read: DatabaseTable
        do {
            let session = try database.open()
            let columns = try session.columnNames(rows)
            if let (column, path) = named.first(where: { !columns.contains($0.column) }) {
                throw SuppliedColumns.missing(column, among: columns, path: path, listed: "the columns of its \(rows.key == "sql" ? "query" : "table") are")
            }
            read = try session.table(rows, columns: named.map(\.column))
        } catch let DatabaseError.unreachable(message) {
            throw GlintError.sourceUnavailable("\(data.childPath("db")): cannot reach \(database.displayName): \(message)")
        } catch let DatabaseError.query(message) {
            throw GlintError.badValue(path: data.childPath(rows.key), message: "\(message) (\(database.displayName))")
        }
        var table = SuppliedColumns()
        for (name, values) in read.columns {
            switch values {
            case let .numbers(numbers): try table.add(name, .numbers(Column(numbers)), path: data.childPath(rows.key))
            case let .texts(texts): try table.add(name, SuppliedColumns.Values(categoriesOf: texts.map { $0 ?? "" }), path: data.childPath(rows.key))
            }
        }
        return (reading, table)
    }
}
