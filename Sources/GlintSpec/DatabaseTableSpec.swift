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

    /// Series `o` as a series reading its table (its data object without the database keys), that table read from
    /// its database through `access` (relative SQLite paths from `directory`), and what the read may leave out
    /// (`Database.caveat`); nil when `o` does not read a database, or is read at render time (x and y, and size,
    /// alone). A source that gives x, y and size only (`Database.readsTables`) refuses the rest. The facet's `column`
    /// and the axes' `categories` are the chart's.
    static func databaseTable(_ o: SpecObject, facet: String?, categories: AxisCategories, access: DatabaseAccess, directory: String) throws
        -> (object: SpecObject, table: SuppliedColumns, caveat: String?)? {
        guard let data = try o.object("data", allowed: dataKeys), readsDatabase(data) else { return nil }
        let (rows, database) = try databaseRows(data, access: access, directory: directory)
        let tabled = databaseKeys.reduce(data) { $0.with($1, nil) }
        var probe = CSVSources(files: .none)
        let probed = o.with("data", tabled.with("csv", .string(probedRows)).value)
        try requestColumns(probed, from: &probe, textX: categories.x.isActive, dates: nil, textY: categories.y.isActive)
        try requestSplitColumn(probed, from: &probe)
        if let facet { try requestFacetColumn(probed, column: facet, from: &probe) }
        let points = Set(["x", "y", "size"].map(data.childPath))
        let readLater = data.has("x") && data.has("y") && probe.askingPaths(of: probedRows).allSatisfy(points.contains)
            && !rowTransformKeys.contains(where: o.has)
        guard !readLater else { return nil }
        guard database.readsTables else {
            let key = rowTransformKeys.first(where: o.has).map(o.childPath) ?? probe.askingPaths(of: probedRows).first { !points.contains($0) } ?? data.path
            throw GlintError.badValue(path: key, message: "\(database.displayName) gives x, y and size only, read when the chart is drawn; "
                                      + "work the rest out in the source")
        }
        let named = probe.requestedColumns(of: probedRows)
        let read = try readTable(named, of: rows, in: database, data: data)
        var table = SuppliedColumns()
        for (name, values) in read.columns {
            try table.add(name, suppliedValues(values), path: data.childPath(rows.key))
        }
        return (o.with("data", tabled.value), table, database.caveat.map { "\(o.path): \($0)" })
    }

    /// The columns `named` (each with the spec path that named it) of every row of `rows` in `database`: a table's
    /// in x order when `data` names an x column (a table has no order of its own), a query's in its own order. A name
    /// the rows lack is an error at its path listing their columns; the database's errors are at `data`'s paths.
    private static func readTable(_ named: [(column: String, specPath: String)], of rows: DatabaseSource.Rows, in database: any Database,
                                  data: SpecObject) throws -> DatabaseTable {
        do {
            let session = try database.open()
            do {
                let order: String? = if case .table = rows { try data.string("x") } else { nil }
                return try session.table(rows, columns: named.map(\.column), orderedBy: order)
            } catch let error as DatabaseError {
                // A column the rows lack is named, with theirs; the engine's own message otherwise.
                let columns = try session.columnNames(rows)
                guard let (column, path) = named.first(where: { !columns.contains($0.column) }) else { throw error }
                throw SuppliedColumns.missing(column, among: columns, path: path, listed: "the columns of its \(rows.key == "sql" ? "query" : "table") are")
            }
        } catch let DatabaseError.unreachable(message) {
            throw GlintError.sourceUnavailable("\(data.childPath("db")): cannot reach \(database.displayName): \(message)")
        } catch let DatabaseError.query(message) {
            throw GlintError.badValue(path: data.childPath(rows.key), message: "\(message) (\(database.displayName))")
        }
    }

    /// A column read from a database as the spec's tables hold it: numbers (dates and times as epoch milliseconds, as
    /// a series read when drawn takes them, on whatever axis the spec gives); text as
    /// numbers where every value reads as one (a SQLite column of numbers written as text, as a CSV file's cells), else
    /// as categories by name.
    private static func suppliedValues(_ values: DatabaseTable.Values) -> SuppliedColumns.Values {
        switch values {
        case let .numbers(numbers): return .numbers(Column(numbers))
        case let .texts(texts):
            let numbers = texts.map { $0.map { Double(BoundedText.trimmingSpaces($0)) } ?? .some(.nan) }
            if texts.contains(where: { $0 != nil }), numbers.allSatisfy({ $0 != nil }) { return .numbers(Column(numbers.map { $0! })) }
            return SuppliedColumns.Values(categoriesOf: texts.map { $0 ?? "" })
        }
    }
}
