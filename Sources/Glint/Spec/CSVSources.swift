import Foundation
import GlintData

/// The CSV columns a spec's series name, read so that each file is mapped and parsed once, in one parallel
/// pass for all the columns asked of it, however many series use it. `-` is standard input, read once.
struct CSVSources {
    /// Which files may be read, and where relative paths start.
    let files: DataFiles
    /// Per file as the spec names it: the columns asked for, each with the first spec path that asked.
    private var requests: [String: [(column: String, specPath: String)]] = [:]
    private var loaded: [String: [String: [Double]]] = [:]
    /// Per file: the text columns asked for (labels, names, dates), with the first spec path that asked and whether
    /// the column is read as numbers when every cell is one (a time axis's epoch numbers).
    private var textRequests: [String: [(column: String, specPath: String, numbersFirst: Bool)]] = [:]
    private var loadedTexts: [String: [String: [String?]]] = [:]

    init(files: DataFiles) {
        self.files = files
    }

    /// Notes that `specPath` asks for `column` of `file`.
    mutating func request(_ column: String, of file: String, specPath: String) {
        guard !(requests[file]?.contains { $0.column == column } ?? false) else { return }
        requests[file, default: []].append((column, specPath))
    }

    /// Notes that `specPath` asks for `column` of `file` as text; with `numbersFirst`, as numbers (in parallel, no
    /// `String` per cell) when every cell is a number, and as text otherwise.
    mutating func requestText(_ column: String, of file: String, specPath: String, numbersFirst: Bool = false) {
        guard !(textRequests[file]?.contains { $0.column == column } ?? false) else { return }
        textRequests[file, default: []].append((column, specPath, numbersFirst))
    }

    /// A column asked for with `numbersFirst` that held only numbers; nil when it held text (see `texts`).
    func numbers(_ name: String, of file: String) -> [Double]? {
        guard textRequests[file]?.contains(where: { $0.column == name && $0.numbersFirst }) == true else { return nil }
        return loaded[file]?[name]
    }

    /// A text column read by `load()`; nil when it was not asked for.
    func texts(_ name: String, of file: String) -> [String?]? {
        loadedTexts[file]?[name]
    }

    /// Reads every file asked of, each once. Errors are `GlintError.badData` naming the file, the line and
    /// column of a bad cell, or the spec path of a column that is not there.
    mutating func load() throws {
        for file in Set(requests.keys).union(textRequests.keys).sorted() {
            let asked = requests[file] ?? [], askedTexts = textRequests[file] ?? []
            let names = asked.map(\.column)
            // Named by the `csv` key of the first series asking (`series[0].data.x` → `series[0].data.csv`).
            let column = asked.first?.specPath ?? askedTexts.first?.specPath ?? "series"
            let csvPath = (column.range(of: ".data.", options: .backwards).map { String(column[..<$0.lowerBound]) } ?? column) + ".data.csv"
            let resolved = try files.resolve(file, specPath: csvPath)
            do {
                let csv = file == "-" ? try CSVFile(standardInputNamed: "-")
                                      : try CSVFile(path: resolved, displayPath: file)
                // Columns that may be numbers join the one numeric pass; one that holds text leaves it (the pass is
                // tried again without it) and is read as text.
                var maybe = askedTexts.filter(\.numbersFirst).map(\.column).filter { !names.contains($0) }
                while true {
                    do {
                        loaded[file] = Dictionary(uniqueKeysWithValues: zip(names + maybe, try csv.columns(names + maybe)))
                        break
                    } catch let CSVError.badCell(_, _, column, _, _) where maybe.contains(column) {
                        maybe.removeAll { $0 == column }
                    }
                }
                for request in askedTexts where !(request.numbersFirst && loaded[file]?[request.column] != nil) {
                    loadedTexts[file, default: [:]][request.column] = try csv.texts(request.column)
                }
            } catch let error as CSVError {
                if case let .missingColumn(name, _, _) = error,
                   let request = asked.first(where: { $0.column == name }).map(\.specPath)
                       ?? askedTexts.first(where: { $0.column == name }).map(\.specPath) {
                    throw GlintError.badData("\(request): \(error)")
                }
                throw GlintError.badData(error.description)
            }
        }
    }

    /// A column read by `load()`; empty when it was not asked for.
    func column(_ name: String, of file: String) -> [Double] {
        loaded[file]?[name] ?? []
    }

}
