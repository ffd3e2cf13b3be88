import Dispatch
import GlintCore

/// A CSV file with a header row, read for numeric columns at memory speed: the file is mapped (not copied),
/// split into one chunk per thread, and only the columns asked for are parsed, straight into `[Double]` — no
/// `String` per row or cell. Quoted fields (`"a, b"`, `"say ""hi"""`, line breaks inside quotes) are handled
/// in parallel: a first pass counts each chunk's quotes and row ends, so every chunk knows whether it starts
/// inside a quoted field and which rows are its own.
///
/// Rows end with LF or CRLF; a UTF-8 byte-order mark is skipped; blank lines before the header are skipped;
/// a blank line among the data is a row of empty cells (a gap); a row with fewer cells than the header has
/// gaps in the missing ones. Line numbers are counted only when a bad cell is reported.
public final class CSVFile: @unchecked Sendable {
    /// The file's name as the user wrote it, for messages.
    public let displayPath: String
    /// The header's column names, spaces around them removed.
    public let header: [String]

    private let source: MappedBytes
    /// Where the first data row starts, and where the data ends (trailing line ends excluded).
    private let dataStart: Int, dataEnd: Int

    /// Maps the file at `path`. Throws `CSVError.unreadable` or `.empty`.
    public convenience init(path: String, displayPath: String) throws {
        try self.init(source: MappedBytes(path: path, displayPath: displayPath), displayPath: displayPath)
    }

    /// Reads standard input to its end, once.
    public convenience init(standardInputNamed displayPath: String = "-") throws {
        try self.init(source: MappedBytes(descriptor: 0, displayPath: displayPath), displayPath: displayPath)
    }

    private init(source: MappedBytes, displayPath: String) throws {
        self.source = source
        self.displayPath = displayPath
        let bytes = source.bytes
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, bytes[start] == CSVFile.newline || bytes[start] == CSVFile.carriageReturn { start += 1 }
        var end = bytes.count
        while end > start, bytes[end - 1] == CSVFile.newline || bytes[end - 1] == CSVFile.carriageReturn { end -= 1 }
        guard start < end else { throw CSVError.empty(file: displayPath) }
        var fields: [Range<Int>] = []
        let headerEnd = CSVFile.scanRecord(bytes, from: start, to: end) { fields.append($0) }
        header = fields.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[CSVFile.unquoted(bytes, $0)]), as: UTF8.self) }
        dataStart = min(headerEnd + 1, end)
        dataEnd = end
    }

    /// Reads the cells of a column that does not hold decimal numbers (dates) from their bytes, in the same
    /// parallel pass as the numbers: no `String` per cell.
    public struct CellReader: Sendable {
        /// The value of a cell's bytes (quotes and surrounding spaces removed, never empty); nil when it is bad.
        public let read: @Sendable (UnsafeBufferPointer<UInt8>) -> Double?
        /// What a good cell looks like, for the error naming a bad one ("a date (2012-01-01 …)").
        public let expected: String

        /// A reader and the words for what it reads.
        public init(expected: String, read: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Double?) {
            self.read = read
            self.expected = expected
        }
    }

    /// The values of the named columns, in the order asked, one `[Double]` each with one value per data row;
    /// gaps are NaN (or ±infinity for infinite cells). A column with a reader in `readers` is read by it.
    /// Throws `CSVError.missingColumn` for a name not in the header and `CSVError.badCell` for the first cell (in
    /// file order) that is not a decimal number (or that its reader refuses). Chunks are parsed on `threads` threads.
    public func columns(_ names: [String], readers: [String: CellReader] = [:], threads: Int) throws -> [[Double]] {
        try columns(names, readers: readers, threads: threads, minimumChunk: CSVChunks.minimumChunk)
    }

    /// `columns(_:readers:threads:)` with chunks as small as `minimumChunk` bytes (tests split small files this way).
    func columns(_ names: [String], readers: [String: CellReader] = [:], threads: Int, minimumChunk: Int) throws -> [[Double]] {
        var distinct: [String] = []
        for name in names where !distinct.contains(name) { distinct.append(name) }
        let indices = try distinct.map { name -> Int in
            guard let index = header.firstIndex(of: name) else {
                throw CSVError.missingColumn(name: name, file: displayPath, columns: header)
            }
            return index
        }
        guard dataStart < dataEnd else { return names.map { _ in [] } }
        let chunks = CSVChunks(source.bytes, from: dataStart, to: dataEnd, threads: threads, minimumChunk: minimumChunk)
        let slots = ColumnSlots(indices, readers: distinct.map { readers[$0] })
        let parsed = try ColumnArrays.make(count: chunks.rows, columns: distinct.count) { outputs in
            var failures = [CSVFailure?](repeating: nil, count: chunks.count)
            failures.withUnsafeMutableBufferPointer { failed in
                DispatchQueue.concurrentPerform(iterations: chunks.count) { k in
                    failed[k] = chunks.parse(k, slots: slots, into: outputs)
                }
            }
            if let first = failures.compactMap({ $0 }).min(by: { $0.offset < $1.offset }) {
                throw report(first, names: distinct, readers: readers)
            }
        }
        return names.map { parsed[distinct.firstIndex(of: $0)!] }
    }

    /// The cells of column `name` as text (quotes removed, doubled quotes undone, spaces around trimmed), one per
    /// data row; an empty cell or a row without it gives nil. For labels: read serially, a `String` per cell.
    public func texts(_ name: String) throws -> [String?] {
        guard let column = header.firstIndex(of: name) else {
            throw CSVError.missingColumn(name: name, file: displayPath, columns: header)
        }
        let bytes = source.bytes
        var texts: [String?] = []
        var position = dataStart
        while position < dataEnd {
            var index = 0
            var cell: String? = nil
            let end = CSVFile.scanRecord(bytes, from: position, to: dataEnd) { field in
                defer { index += 1 }
                guard index == column else { return }
                var content = CSVFile.unquoted(bytes, field)
                let quoted = content.lowerBound > field.lowerBound && bytes[content.lowerBound - 1] == CSVFile.quote
                if quoted { content = CSVFile.trimmed(bytes, content) }
                guard !content.isEmpty else { return }
                // Trimmed and checked as bytes: one String per cell, made once.
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[content]), as: UTF8.self)
                cell = quoted ? text.replacingDoubledQuotes() : text
            }
            texts.append(cell)
            position = end + 1
        }
        return texts
    }

    /// Turns a failure found while parsing into the error a user reads, counting lines only now.
    private func report(_ failure: CSVFailure, names: [String], readers: [String: CellReader]) -> CSVError {
        let bytes = source.bytes
        var line = 1
        for i in 0..<failure.offset where bytes[i] == CSVFile.newline { line += 1 }
        guard let field = failure.field, let output = failure.output else {
            return .inconsistentRows(file: displayPath, line: line)
        }
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[CSVFile.trimmed(bytes, field)]), as: UTF8.self)
        if text.count > 60 { text = String(text.prefix(60)) + "…" }
        if let reader = readers[names[output]] {
            return .badValue(file: displayPath, line: line, column: names[output], text: text, expected: reader.expected)
        }
        return .badCell(file: displayPath, line: line, column: names[output], text: text, overflow: failure.overflow)
    }

    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")

    /// Walks one record from `start`, calling `field` with each field's byte range (quotes included), and
    /// returns where the record ends: the index of its line end, or `end`. A quote toggles "inside quotes"
    /// wherever it is, as the chunk counting does, so both agree on every file, well-formed or not.
    @inline(__always)
    static func scanRecord(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                           field: (Range<Int>) -> Void) -> Int {
        var i = start, fieldStart = start, quoted = false
        while i < end {
            let b = bytes[i]
            if b == quote {
                quoted.toggle()
            } else if !quoted && (b == comma || b == newline) {
                field(fieldStart..<i)
                if b == newline { return i }
                fieldStart = i + 1
            }
            i += 1
        }
        field(fieldStart..<end)
        return end
    }

    /// `range` without the spaces and tabs around it.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        return lower..<upper
    }

    /// A field's content: without a trailing CR, spaces around it and the quotes that enclose it.
    static func unquoted(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var upper = range.upperBound
        if upper > range.lowerBound, bytes[upper - 1] == carriageReturn { upper -= 1 }
        let content = trimmed(bytes, range.lowerBound..<upper)
        var lower = content.lowerBound
        upper = content.upperBound
        if upper - lower >= 2, bytes[lower] == quote, bytes[upper - 1] == quote { (lower, upper) = (lower + 1, upper - 1) }
        return lower..<upper
    }
}

extension String {
    /// The string with each `""` (a quote inside a quoted CSV field) made one `"`.
    func replacingDoubledQuotes() -> String {
        var result = ""
        var previousQuote = false
        for c in self {
            if c == "\"" && previousQuote {
                previousQuote = false
                continue
            }
            previousQuote = c == "\""
            result.append(c)
        }
        return result
    }
}
