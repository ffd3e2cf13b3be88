/// Why a CSV file cannot give the columns asked for. Each message names the file and, for a bad cell, its line
/// and column.
public enum CSVError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case unreadable(file: String, reason: String)
    /// The file has no header row.
    case empty(file: String)
    /// A column asked for is not in the header.
    case missingColumn(name: String, file: String, columns: [String])
    /// A cell of a column asked for is not a decimal number (`overflow`: it is one, but beyond ±1.8e308).
    case badCell(file: String, line: Int, column: String, text: String, overflow: Bool)
    /// A cell of a column read by a `CSVFile.CellReader` is not what it reads (`expected` says what would be).
    case badValue(file: String, line: Int, column: String, text: String, expected: String)
    /// The rows could not be split the same way twice: a fault of the reader, never of the file (the fuzz
    /// tests look for it).
    case inconsistentRows(file: String, line: Int)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): CSV file not found or not readable (\(reason))"
        case let .empty(file):
            return "\(file): the CSV file is empty (a header row is needed)"
        case let .missingColumn(name, file, columns):
            return "column '\(name)' is not in \(file); its columns are: \(columns.joined(separator: ", "))"
        case let .badCell(file, line, column, text, overflow):
            return "\(file) line \(line), column '\(column)': '\(text)' is "
                + (overflow ? "too large for a number (beyond ±1.8e308)" : "not a decimal number")
        case let .badValue(file, line, column, text, expected):
            return "\(file) line \(line), column '\(column)': '\(text)' is not \(expected)"
        case let .inconsistentRows(file, line):
            return "\(file) line \(line): internal error: the reader split the rows inconsistently"
        }
    }
}
