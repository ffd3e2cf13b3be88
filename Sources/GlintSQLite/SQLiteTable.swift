import CSQLite
import GlintCore
import GlintDatabase

extension SQLiteSession {
    func columnNames(_ rows: DatabaseSource.Rows) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT * FROM \(SQLText.from(rows))", -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DatabaseError.query(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        return (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
    }

    /// Each column is numbers while every value in it is an integer, a real or NULL; a text (or blob) value makes
    /// it texts, its numbers written as whole numbers where they are ("3"). A name that is not a column of the rows
    /// is refused first: SQLite would read a double-quoted name it cannot find as a string.
    func table(_ rows: DatabaseSource.Rows, columns names: [String], orderedBy: String?) throws -> DatabaseTable {
        let columns = Set(try columnNames(rows).map { $0.lowercased() } + ["rowid", "oid", "_rowid_"])
        if let missing = (names + (orderedBy.map { [$0] } ?? [])).first(where: { !columns.contains($0.lowercased()) }) {
            throw DatabaseError.query("no such column: \(missing)")
        }
        var numbers = names.map { _ in [Double]() }, texts: [[String?]?] = names.map { _ in nil }
        let order = orderedBy.map { " ORDER BY \(SQLText.identifier($0))" } ?? ""
        try each("SELECT \(names.map(SQLText.identifier).joined(separator: ", ")) FROM \(SQLText.from(rows))\(order)") { statement in
            for c in names.indices {
                let index = Int32(c)
                let type = sqlite3_column_type(statement, index)
                if texts[c] == nil, type == SQLITE_TEXT || type == SQLITE_BLOB {
                    texts[c] = numbers[c].map { $0.isNaN ? nil : SQLiteSession.text(of: $0) }
                }
                if texts[c] != nil {
                    switch type {
                    case SQLITE_NULL: texts[c]!.append(nil)
                    case SQLITE_INTEGER, SQLITE_FLOAT: texts[c]!.append(SQLiteSession.text(of: sqlite3_column_double(statement, index)))
                    default: texts[c]!.append(sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "")
                    }
                } else {
                    numbers[c].append(type == SQLITE_NULL ? .nan : sqlite3_column_double(statement, index))
                }
            }
        }
        return DatabaseTable(columns: names.indices.map { c in (names[c], texts[c].map { .texts($0) } ?? .numbers(numbers[c])) })
    }

    /// A number as text: whole numbers without a fraction ("3"), others as they read back.
    static func text(of value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
