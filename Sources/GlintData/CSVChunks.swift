import CRaster
import Dispatch

/// The data rows of a CSV file dealt out in one chunk per thread. A chunk owns the rows that start after a
/// line end inside it (the first chunk also owns the first row). A first parallel pass counts, per chunk, its
/// quotes and its line ends both ways — as if the chunk started outside quotes and as if inside — so that once
/// the quote parity of the chunks before it is known, each chunk knows how many rows it owns and where its
/// rows go in the output, with no second look at the bytes.
struct CSVChunks {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Chunk boundaries: chunk k is `bounds[k]..<bounds[k + 1]`.
    let bounds: [Int]
    /// Whether chunk k starts inside a quoted field.
    let startsQuoted: [Bool]
    /// The output row of chunk k's first row; the last entry is the total.
    let firstRow: [Int]
    let dataStart: Int, dataEnd: Int

    /// Chunks smaller than this are not worth a thread.
    static let minimumChunk = 1 << 20

    var count: Int { bounds.count - 1 }
    var rows: Int { firstRow[count] }

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, threads: Int, minimumChunk: Int) {
        self.bytes = bytes
        (dataStart, dataEnd) = (start, end)
        let n = max(1, min(threads * 2, (end - start) / max(1, minimumChunk)))
        bounds = (0...n).map { start + (end - start) * $0 / n }
        var tallies = [LineTally](repeating: LineTally(), count: n)
        let bounds = self.bounds
        tallies.withUnsafeMutableBufferPointer { out in
            DispatchQueue.concurrentPerform(iterations: n) { k in
                out[k] = LineTally(bytes, bounds[k]..<bounds[k + 1])
            }
        }
        var quoted = false, row = 1  // the first row starts at `start`, after no line end
        var starts: [Bool] = [], firsts: [Int] = []
        for tally in tallies {
            starts.append(quoted)
            firsts.append(firsts.isEmpty ? 0 : row)
            row += quoted ? tally.lineEndsIfStartedQuoted : tally.lineEndsIfStartedOutside
            quoted = quoted != tally.oddQuotes
        }
        firsts.append(row)
        startsQuoted = starts
        firstRow = firsts
    }

    /// Parses the rows chunk `k` owns, writing each wanted column's value to its output at the row's index.
    /// Returns the first bad cell (or a row count that disagrees with the tally, which only a bug could cause).
    func parse(_ k: Int, slots: ColumnSlots, into outputs: [UnsafeMutablePointer<Double>]) -> CSVFailure? {
        let (start, end) = (bounds[k], bounds[k + 1])
        var position: Int
        if k == 0 {
            position = dataStart
        } else {
            // The first line end outside quotes in this chunk; the row after it is this chunk's first.
            var i = start, quoted = startsQuoted[k]
            while i < end, quoted || bytes[i] != CSVFile.newline {
                if bytes[i] == CSVFile.quote { quoted.toggle() }
                i += 1
            }
            guard i < end else { return nil }
            position = i + 1
        }
        return slots.byColumn.withUnsafeBufferPointer { byColumn in
            RecordParser.exactPowersOfTen.withUnsafeBufferPointer { powers in
                outputs.withUnsafeBufferPointer { outputs in
                    let parser = RecordParser(bytes: bytes, end: dataEnd, byColumn: byColumn, powersOfTen: powers, readers: slots.readers)
                    var row = firstRow[k]
                    while true {
                        guard row < firstRow[k + 1] else {
                            return CSVFailure(offset: position, field: nil, output: nil, overflow: false)
                        }
                        let (recordEnd, failure) = parser.parse(at: position, row: row, into: outputs)
                        if let failure { return failure }
                        row += 1
                        guard recordEnd < end, recordEnd < dataEnd else { break }
                        position = recordEnd + 1
                    }
                    return row == firstRow[k + 1] ? nil : CSVFailure(offset: position, field: nil, output: nil, overflow: false)
                }
            }
        }
    }
}

/// One chunk's quotes and line ends, counted both ways so that the chunk's starting state can be decided later:
/// `csv_tally` (Sources/CRaster), 32 bytes at a time where there is no quote.
struct LineTally {
    /// Line ends outside quotes if the chunk starts outside quotes.
    var lineEndsIfStartedOutside = 0
    /// Line ends outside quotes if the chunk starts inside a quoted field.
    var lineEndsIfStartedQuoted = 0
    /// Whether the chunk holds an odd number of quote characters.
    var oddQuotes = false

    init() {}

    /// Counts `range` of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        let tally = csv_tally(bytes.baseAddress! + range.lowerBound, range.count)
        (lineEndsIfStartedOutside, lineEndsIfStartedQuoted, oddQuotes) = (tally.endsIfStartedOutside, tally.endsIfStartedQuoted, tally.oddQuotes)
    }
}

/// Which output each CSV column feeds: `byColumn[c]` is the output index of column c, or -1; and the reader of
/// each output whose cells are not decimal numbers (dates), nil for numbers.
struct ColumnSlots {
    let byColumn: [Int]
    let readers: [CSVFile.CellReader?]

    /// Slots for distinct columns: output i is column `columnOfOutput[i]`, read by `readers[i]` when given.
    init(_ columnOfOutput: [Int], readers: [CSVFile.CellReader?]) {
        var byColumn = [Int](repeating: -1, count: (columnOfOutput.max() ?? -1) + 1)
        for (output, column) in columnOfOutput.enumerated() { byColumn[column] = output }
        self.byColumn = byColumn
        self.readers = readers
    }
}

/// Where parsing stopped: the row's start, and for a bad cell its field and output.
struct CSVFailure {
    let offset: Int
    let field: Range<Int>?
    let output: Int?
    let overflow: Bool
}

/// `[Double]` columns filled in place by parallel writers, with no copy.
enum ColumnArrays {
    /// `columns` arrays of `count` values, each created uninitialised and handed to `fill` as a pointer.
    static func make(count: Int, columns: Int, fill: ([UnsafeMutablePointer<Double>]) throws -> Void) throws -> [[Double]] {
        guard columns > 0 else {
            try fill([])
            return []
        }
        var rest: [[Double]] = []
        let first = try [Double](unsafeUninitializedCapacity: count) { buffer, initialised in
            rest = try make(count: count, columns: columns - 1) { others in
                try fill([buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!] + others)
            }
            initialised = count
        }
        return [first] + rest
    }
}
