import GlintCore
import FoundationEssentials
import Glibc
import GlintData

/// The CSV columns a spec's series name, read so that each file is mapped and parsed once, in one parallel
/// pass for all the columns asked of it, however many series use it. `-` is standard input, read once.
struct CSVSources {
    /// Which files may be read, and where relative paths start.
    let files: DataFiles
    /// Per file as the spec names it: the columns asked for, each with the first spec path that asked.
    private var requests: [String: [(column: String, specPath: String)]] = [:]
    private var loaded: [String: [String: [Double]]] = [:]
    /// Per file: the text columns asked for (labels, names), with the first spec path that asked.
    private var textRequests: [String: [(column: String, specPath: String)]] = [:]
    /// Per file: the columns read by a cell reader (a time axis's dates and epoch numbers) in the numeric pass.
    private var readerRequests: [String: [(column: String, specPath: String, reader: CSVFile.CellReader)]] = [:]
    private var loadedTexts: [String: [String: [String?]]] = [:]
    /// Per file: every spec path that asked for a column of it, a column asked twice included.
    private var askers: [String: [String]] = [:]
    /// Files read as a grid (a heatmap's matrix): the column naming the rows, and the spec path that asked.
    private var gridRequests: [String: (column: String, specPath: String)] = [:]
    private var loadedGrids: [String: (rows: [String?], columns: [String], values: [[Double]])] = [:]

    /// Columns handed over with the spec, which `data` objects naming no file read (or, for a series reading a
    /// `.npz` archive, its arrays: `supplying(_:)`).
    private(set) var supplied: SuppliedColumns

    init(files: DataFiles, supplied: SuppliedColumns = SuppliedColumns()) {
        (self.files, self.supplied) = (files, supplied)
    }

    /// The same sources with `table` in place of the columns handed over: what a series whose `data` names a table of
    /// its own (a `.npz` archive) reads every column key from.
    func supplying(_ table: SuppliedColumns) -> CSVSources {
        var sources = self
        sources.supplied = table
        return sources
    }

    /// Notes that `specPath` asks for `column` of `file`.
    mutating func request(_ column: String, of file: String, specPath: String) {
        askers[file, default: []].append(specPath)
        guard !(requests[file]?.contains { $0.column == column } ?? false) else { return }
        requests[file, default: []].append((column, specPath))
    }

    /// Notes that `specPath` asks for `column` of `file` as text (one `String` per cell).
    mutating func requestText(_ column: String, of file: String, specPath: String) {
        askers[file, default: []].append(specPath)
        guard !(textRequests[file]?.contains { $0.column == column } ?? false) else { return }
        textRequests[file, default: []].append((column, specPath))
    }

    /// Notes that `specPath` asks for `column` of `file` read by `reader` (dates), in the one parallel pass.
    mutating func request(_ column: String, of file: String, specPath: String, reader: CSVFile.CellReader) {
        askers[file, default: []].append(specPath)
        guard !(readerRequests[file]?.contains { $0.column == column } ?? false) else { return }
        readerRequests[file, default: []].append((column, specPath, reader))
    }

    /// Every spec path that asked for a column of `file`, whichever column (one asked already included).
    func askingPaths(of file: String) -> [String] { askers[file] ?? [] }

    /// Every column asked of `file` (as numbers, text, dates or a grid's row names), once each, with the first spec
    /// path that asked.
    func requestedColumns(of file: String) -> [(column: String, specPath: String)] {
        let asked = (requests[file] ?? []) + (textRequests[file] ?? []) + (readerRequests[file] ?? []).map { ($0.column, $0.specPath) }
        return asked.reduce(into: []) { columns, request in
            if !columns.contains(where: { $0.column == request.column }) { columns.append(request) }
        }
    }

    /// Asks for `file` as a grid: the text column `column` names the rows, every other column is a column of numbers
    /// named by its header.
    mutating func requestGrid(rowNames column: String, of file: String, specPath: String) {
        gridRequests[file] = (column, specPath)
        requestText(column, of: file, specPath: specPath)
    }

    /// A grid read by `load()`: the row names, the other columns' names and their values (a column each); nil when it
    /// was not asked for.
    func grid(of file: String) -> (rows: [String?], columns: [String], values: [[Double]])? {
        loadedGrids[file]
    }

    /// A text column read by `load()`; nil when it was not asked for.
    func texts(_ name: String, of file: String) -> [String?]? {
        loadedTexts[file]?[name]
    }

    /// Reads every file asked of, each once. Errors are `GlintError.badData` naming the file, the line and
    /// column of a bad cell, or the spec path of a column that is not there. Each file is parsed on `threads` threads.
    mutating func load(threads: Int) throws {
        for file in Set(requests.keys).union(textRequests.keys).union(readerRequests.keys).sorted() {
            let asked = requests[file] ?? [], askedTexts = textRequests[file] ?? [], askedReaders = readerRequests[file] ?? []
            let specPaths = asked.map(\.specPath) + askedTexts.map(\.specPath) + askedReaders.map(\.specPath)
            // Named by the `csv` key of the first series asking (`series[0].data.x` → `series[0].data.csv`).
            let column = specPaths.first ?? "series"
            let csvPath = (column.ranges(of: ".data.").last.map { String(column[..<$0.lowerBound]) } ?? column) + ".data.csv"
            let resolved = try files.resolve(file, specPath: csvPath)
            do {
                let csv = file == "-" ? try CSVFile(standardInputNamed: "-")
                                      : try CSVFile(path: resolved, displayPath: file)
                // Numbers and reader columns in one parallel pass; text columns after, a `String` per cell.
                // A grid's cell columns are every column but its row names', read in the same pass.
                let gridCells = gridRequests[file].map { grid in csv.header.filter { $0 != grid.column } } ?? []
                let wanted = asked.map(\.column) + askedReaders.map(\.column) + gridCells
                let names = wanted.indices.filter { !wanted[..<$0].contains(wanted[$0]) }.map { wanted[$0] }
                let readers = Dictionary(askedReaders.map { ($0.column, $0.reader) }, uniquingKeysWith: { a, _ in a })
                loaded[file] = Dictionary(uniqueKeysWithValues: zip(names, try csv.columns(names, readers: readers, threads: threads)))
                if let grid = gridRequests[file] {
                    loadedGrids[file] = (try csv.texts(grid.column), gridCells, gridCells.map { loaded[file]?[$0] ?? [] })
                }
                for request in askedTexts {
                    loadedTexts[file, default: [:]][request.column] = try csv.texts(request.column)
                }
            } catch let error as CSVError {
                if case let .missingColumn(name, _, _) = error,
                   let request = asked.first(where: { $0.column == name }).map(\.specPath)
                       ?? askedTexts.first(where: { $0.column == name }).map(\.specPath)
                       ?? askedReaders.first(where: { $0.column == name }).map(\.specPath) {
                    throw GlintError.badValue(path: request, message: "\(error)")
                }
                if case let .badCell(_, _, name, text, false) = error, let request = asked.first(where: { $0.column == name }) {
                    throw GlintError.badData(error.description + CSVSources.hint(for: request.specPath, cell: text))
                }
                throw GlintError.badData(error.description)
            }
        }
    }

    /// What to do about a cell that is not a number, by what asked for the column: a colour column of names wants
    /// categories; dates on x want a time axis. Empty when there is nothing to suggest.
    static func hint(for specPath: String, cell: String) -> String {
        if specPath.hasSuffix(".color.column") {
            return "; to colour by the names in a column, give a categorical palette (\"palette\": \"tableau10\") or the "
                + "\"categories\" in the series' \"color\""
        }
        if specPath.hasSuffix(".data.x"), cell.prefixMatch(of: #/\d{4}[-\/]\d{1,2}[-\/]\d{1,2}/#) != nil {
            return "; dates on x need a time axis: \"x\": {\"type\": \"time\"}"
        }
        return ""
    }

    /// A column read by `load()`; empty when it was not asked for.
    func column(_ name: String, of file: String) -> [Double] {
        loaded[file]?[name] ?? []
    }

    /// The numbers of the column `name` that the key at `path` names: a column of the series' CSV `file`, or without
    /// one a column handed over with the spec (`what` the key wants, for its error: "error bars", ...). Every key that
    /// names a column of numbers reads it here, so it works from either source.
    func numbers(_ name: String, file: String?, path: String, what: String) throws -> Column {
        guard let file else { return try supplied.numbers(name, path: path, what: what) }
        return Column(column(name, of: file))
    }

    /// The names (one per row) of the column `name` that the key at `path` names: a text column of the series' CSV
    /// `file`, or without one a column handed over with the spec (categories, or numbers named by their values).
    func texts(_ name: String, file: String?, path: String) throws -> [String?] {
        guard let file else { return try supplied.texts(name, path: path) }
        return texts(name, of: file) ?? []
    }

}
