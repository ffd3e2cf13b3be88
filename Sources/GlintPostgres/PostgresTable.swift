import CPostgres
import GlintCore
import GlintDatabase

extension PostgresSession {
    func columnNames(_ rows: DatabaseSource.Rows) throws -> [String] {
        let probe = try execute("SELECT * FROM \(SQLText.from(rows)) LIMIT 0")
        defer { PQclear(probe) }
        return (0..<PQnfields(probe)).map { String(cString: PQfname(probe, $0)) }
    }

    /// Numbers and timestamps are read as float8 (timestamps and dates as epoch milliseconds), every other type as
    /// its text; in PostgreSQL's text form, whose float8 digits read back exactly.
    func table(_ rows: DatabaseSource.Rows, columns names: [String], orderedBy: String?) throws -> DatabaseTable {
        let from = SQLText.from(rows)
        let probe = try execute("SELECT \(names.map(SQLText.identifier).joined(separator: ", ")) FROM \(from) LIMIT 0")
        let types = names.indices.map { PQftype(probe, Int32($0)) }
        PQclear(probe)
        // A column of a type float8 cannot hold is read as text.
        let numbers = names.indices.map { c in try? PostgresSQL.double(SQLText.identifier(names[c]), type: types[c], column: names[c]) }
        let selected = names.indices.map { c in numbers[c] ?? "CAST(\(SQLText.identifier(names[c])) AS text)" }
        let order = orderedBy.map { " ORDER BY \(SQLText.identifier($0))" } ?? ""
        let result = try execute("SELECT \(selected.joined(separator: ", ")) FROM \(from)\(order)", binary: false)
        defer { PQclear(result) }
        let count = PQntuples(result)
        var bytes = 0
        let columns = names.indices.map { c -> (name: String, values: DatabaseTable.Values) in
            let field = Int32(c)
            let texts = (0..<count).map { row -> String? in
                guard PQgetisnull(result, row, field) == 0, let value = PQgetvalue(result, row, field) else { return nil }
                bytes += Int(PQgetlength(result, row, field))
                return String(cString: value)
            }
            return (names[c], numbers[c] != nil ? .numbers(texts.map { $0.flatMap(Double.init) ?? .nan }) : .texts(texts))
        }
        return DatabaseTable(columns: columns, bytes: bytes)
    }
}
