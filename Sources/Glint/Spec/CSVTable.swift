import Foundation

/// A CSV file with a header row, read for numeric columns. Quoted fields ("a, b", "say ""hi""") are supported.
struct CSVTable {
    /// Where the file was read from, for messages.
    let path: String
    /// Header names in order.
    let header: [String]
    /// Data rows, each with its 1-based line number in the file.
    let rows: [(line: Int, cells: [String])]

    /// Reads and splits a CSV file; throws `GlintError.badData` when it is missing or has no header.
    init(path: String, displayPath: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GlintError.badData("\(displayPath): CSV file not found or not readable")
        }
        self.path = displayPath
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // a byte-order mark is not part of the first column's name
        var lines = CSVTable.split(text)
        lines.removeAll { $0.cells.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
        guard let first = lines.first else { throw GlintError.badData("\(displayPath): the CSV file is empty (a header row is needed)") }
        header = first.cells.map { $0.trimmingCharacters(in: .whitespaces) }
        rows = Array(lines.dropFirst())
    }

    /// Cell words that mean "no value here": a gap in the series. Infinities are gaps when drawn, so they are
    /// accepted as such too.
    static let gapWords: [String: Double] = ["": .nan, "nan": .nan, "null": .nan, "na": .nan, "n/a": .nan,
                                             "inf": .infinity, "+inf": .infinity, "infinity": .infinity,
                                             "-inf": -.infinity, "-infinity": -.infinity]

    /// The numbers of column `name`: decimal numbers (`DecimalNumber`); empty cells, `NaN`, `NA`, `null` and
    /// infinities are gaps. `specPath` names the spec key asking.
    func column(_ name: String, specPath: String) throws -> [Double] {
        guard let c = header.firstIndex(of: name) else {
            throw GlintError.badData("\(specPath): column '\(name)' is not in \(path); its columns are: \(header.joined(separator: ", "))")
        }
        return try rows.map { row in
            let cell = c < row.cells.count ? row.cells[c].trimmingCharacters(in: .whitespaces) : ""
            if let gap = CSVTable.gapWords[cell.lowercased()] { return gap }
            let place = "\(path) line \(row.line), column '\(name)'"
            guard let value = DecimalNumber.parse(cell[...]) else {
                throw GlintError.badData("\(place): '\(cell)' is not a decimal number")
            }
            guard value.isFinite else {
                throw GlintError.badData("\(place): '\(cell)' is too large for a number (beyond ±1.8e308)")
            }
            return value
        }
    }

    /// Splits CSV text into records with their starting line numbers (quoted fields may span lines).
    static func split(_ text: String) -> [(line: Int, cells: [String])] {
        var records: [(line: Int, cells: [String])] = []
        var cells: [String] = [], field = "", quoted = false, line = 1, recordLine = 1
        var chars = text.makeIterator()
        var pending: Character? = nil
        while let ch = pending ?? chars.next() {
            pending = nil
            if quoted {
                if ch == "\"" {
                    if let next = chars.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else { quoted = false }
                } else {
                    if ch == "\n" || ch == "\r\n" { line += 1 }
                    field.append(ch)
                }
                continue
            }
            switch ch {
            case "\"": quoted = true
            case ",": cells.append(field); field = ""
            case "\n", "\r\n", "\r":
                cells.append(field)
                records.append((recordLine, cells))
                cells = []; field = ""
                line += 1
                recordLine = line
            default: field.append(ch)
            }
        }
        if !field.isEmpty || !cells.isEmpty {
            cells.append(field)
            records.append((recordLine, cells))
        }
        return records
    }
}

/// The CSV files of one spec, each read and split once, and each column parsed once, however many series use them.
struct CSVTables {
    /// The folder relative paths start from (the spec file's).
    let directory: String
    private var read: [String: CSVTable] = [:]
    private var columns: [String: [String: [Double]]] = [:]

    init(directory: String) {
        self.directory = directory
    }

    /// The table of `file` as the spec names it, read on first use.
    mutating func table(_ file: String) throws -> CSVTable {
        let full = path(file)
        if let table = read[full] { return table }
        let table = try CSVTable(path: full, displayPath: file)
        read[full] = table
        return table
    }

    /// The numbers of column `name` of `file` (see `CSVTable.column`), parsed on first use.
    mutating func column(_ name: String, of file: String, specPath: String) throws -> [Double] {
        if let values = columns[path(file)]?[name] { return values }
        let values = try table(file).column(name, specPath: specPath)
        columns[path(file), default: [:]][name] = values
        return values
    }

    private func path(_ file: String) -> String {
        file.hasPrefix("/") ? file : (directory as NSString).appendingPathComponent(file)
    }
}
