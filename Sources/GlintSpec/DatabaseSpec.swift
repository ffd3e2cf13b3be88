import GlintDatabase
import GlintCore

extension ChartSpec {
    /// The keys of a series' `data` object that read a database.
    static let databaseKeys = ["sql", "table", "db", "pushdown"]

    /// Whether a series' `data` object reads a database (`sql` or `table`) rather than a CSV file.
    static func readsDatabase(_ data: SpecObject) -> Bool { data.has("sql") || data.has("table") }

    /// The database source of a `data` object with `sql` or `table`: its rows and database (`databaseRows`), and
    /// its `x` and `y` (and `size`) columns, named.
    static func databaseSource(_ data: SpecObject, access: DatabaseAccess, directory: String) throws -> DatabaseSource {
        let (rows, database) = try databaseRows(data, access: access, directory: directory)
        guard let x = try data.string("x") else { throw GlintError.badValue(path: data.childPath("x"), message: "missing; name the x column") }
        guard let y = try data.string("y") else { throw GlintError.badValue(path: data.childPath("y"), message: "missing; name the y column") }
        var source = DatabaseSource(database: database, rows: rows, x: x, y: y, size: try data.string("size"))
        source.pushdown = try data.bool("pushdown") ?? true
        return source
    }

    /// The rows a `data` object with `sql` or `table` reads and their database: checked (one of the two, `db`
    /// named, no other table: a CSV, `.npz`, `.npy` or binary file, a grid) and the database found through `access`.
    static func databaseRows(_ data: SpecObject, access: DatabaseAccess, directory: String) throws -> (DatabaseSource.Rows, any Database) {
        guard !(data.has("sql") && data.has("table")) else {
            throw GlintError.badValue(path: data.path, message: "give either sql or table, not both")
        }
        if let key = ["csv", "npz", "binary", "grid", "columns"].first(where: data.has) ?? (readsNpy(data) ? "x" : nil) {
            throw GlintError.badValue(path: data.childPath(key), message: "not with a database source (sql or table)\(key == "x" ? ": a .npy file is a table of its own" : "")")
        }
        let rows: DatabaseSource.Rows
        if let sql = try data.string("sql") {
            guard !sql.allSatisfy(\.isWhitespace) else { throw GlintError.badValue(path: data.childPath("sql"), message: "empty query") }
            rows = .sql(sql)
        } else {
            let table = try data.string("table") ?? ""
            guard !table.isEmpty else { throw GlintError.badValue(path: data.childPath("table"), message: "empty table name") }
            rows = .table(table)
        }
        guard let db = try data.string("db") else {
            throw GlintError.badValue(path: data.childPath("db"), message: "missing; name the database (sqlite:FILE or postgresql://...)")
        }
        return (rows, try access.database(db, relativeTo: directory, specPath: data.childPath("db")))
    }
}
