import GlintCore

/// Pieces of standard SQL the drivers build their queries from.
public enum SQLText {
    /// `name` as a quoted identifier: `"name"`, inner quotes doubled.
    public static func identifier(_ name: String) -> String {
        "\"" + BoundedText.replacing("\"", with: "\"\"", in: name) + "\""
    }

    /// Whole numbers (bucket numbers) as the items of an SQL `IN (...)` list, ascending.
    public static func list(_ values: Set<Int>) -> String { values.sorted().map(String.init).joined(separator: ", ") }

    /// The `FROM` item of a request's rows: the user's query as a subquery (trailing semicolons dropped), or the
    /// table, each dot-separated part quoted by `quoting` (`schema.table`).
    public static func from(_ rows: DatabaseSource.Rows, quoting: (String) -> String = identifier) -> String {
        switch rows {
        case let .sql(query):
            var text = Substring(query)
            while let last = text.last, last == ";" || last.isWhitespace { text = text.dropLast() }
            return "(\(text)) AS glint_rows"
        case let .table(name):
            return name.split(separator: ".", omittingEmptySubsequences: false).map { quoting(String($0)) }.joined(separator: ".")
        }
    }
}
