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
    /// it texts, the numbers before it written as SQLite writes them.
    func table(_ rows: DatabaseSource.Rows, columns names: [String]) throws -> DatabaseTable {
        var numbers = names.map { _ in [Double]() }, texts: [[String?]?] = names.map { _ in nil }
        try each("SELECT \(names.map(SQLText.identifier).joined(separator: ", ")) FROM \(SQLText.from(rows))") { statement in
            for c in names.indices {
                let index = Int32(c)
                let type = sqlite3_column_type(statement, index)
                if texts[c] == nil, type == SQLITE_TEXT || type == SQLITE_BLOB {
                    texts[c] = numbers[c].map { $0.isNaN ? nil : SQLiteSession.text(of: $0) }
                }
                if texts[c] != nil {
                    texts[c]!.append(type == SQLITE_NULL ? nil : sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "")
                } else {
                    numbers[c].append(type == SQLITE_NULL ? .nan : sqlite3_column_double(statement, index))
                }
            }
        }
        return DatabaseTable(columns: names.indices.map { c in (names[c], texts[c].map { .texts($0) } ?? .numbers(numbers[c])) })
    }

    /// A number as SQLite writes it as text: whole numbers without a fraction ("3"), others as they read back.
    static func text(of value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
