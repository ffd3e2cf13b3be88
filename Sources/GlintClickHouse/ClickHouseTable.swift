import GlintCore
import GlintDatabase

extension ClickHouseSession {
    func columnNames(_ rows: DatabaseSource.Rows) throws -> [String] {
        try connection.columns(of: "SELECT * FROM \(ClickHouseSQL.from(rows)) LIMIT 0").map(\.name)
    }

    /// Numbers, dates and times are read as Float64 (dates and times as epoch milliseconds), every other type as
    /// its text; all in `TabSeparated` text, whose Float64 digits read back exactly.
    func table(_ rows: DatabaseSource.Rows, columns names: [String], orderedBy: String?) throws -> DatabaseTable {
        let from = ClickHouseSQL.from(rows)
        let types = try connection.types(of: "SELECT \(names.map(ClickHouseSQL.identifier).joined(separator: ", ")) FROM \(from) LIMIT 0")
        guard types.count == names.count else {
            throw DatabaseError.query("the server described \(types.count) columns where \(names.count) were asked for")
        }
        // A column of a type Float64 cannot hold is read as text.
        let numbers = names.indices.map { c in try? ClickHouseSQL.double(ClickHouseSQL.identifier(names[c]), type: types[c], column: names[c]) }
        let selected = names.indices.map { c in numbers[c] ?? "toString(\(ClickHouseSQL.identifier(names[c])))" }
        let order = orderedBy.map { " ORDER BY \(ClickHouseSQL.identifier($0))" } ?? ""
        let result = try connection.texts("SELECT \(selected.joined(separator: ", ")) FROM \(from)\(order)")
        if let short = result.rows.first(where: { $0.count != names.count }) {
            throw DatabaseError.query("the server's answer ended inside a row: \(ClickHouseError.message(short.compactMap { $0 }.joined(separator: " ")))")
        }
        let columns = names.indices.map { c -> (name: String, values: DatabaseTable.Values) in
            let texts = result.rows.map { $0[c] }
            return (names[c], numbers[c] != nil ? .numbers(texts.map { $0.flatMap(Double.init) ?? .nan }) : .texts(texts))
        }
        return DatabaseTable(columns: columns, bytes: result.bytes)
    }
}
