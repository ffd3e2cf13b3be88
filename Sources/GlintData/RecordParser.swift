/// Parses one CSV row's wanted cells in a single walk over its bytes. A plain decimal cell (optional sign, at
/// most 19 digits with at most one point, no exponent, a value up to 2^53 with at most 22 decimals) is read
/// while its end is being found and converted with one correctly rounded division (Clinger's fast path: both
/// operands are exact doubles); every other cell — quoted, with an exponent, a gap word, a bad one — goes to
/// `DecimalParser`. Columns not wanted are skipped without being looked at.
///
/// Quotes toggle "inside quotes" wherever they are, exactly as `LineTally` counts them, so the row ends found
/// here are the ones the chunk tallies counted.
struct RecordParser {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the data ends.
    let end: Int
    /// The output of each column, or -1 for columns not wanted.
    let byColumn: UnsafeBufferPointer<Int>
    /// 10^0 … 10^22, every one an exact double.
    let powersOfTen: UnsafeBufferPointer<Double>
    /// The reader of each output whose cells are not decimal numbers (dates), nil for numbers.
    let readers: [CSVFile.CellReader?]

    /// 10^0 … 10^22, every one an exact double.
    static let exactPowersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// Parses the row starting at `start`, writing row `row` of each wanted output (NaN for cells the row
    /// lacks). Returns where the row ends (its line end, or `end`) and the first bad cell, if any.
    @inline(__always)
    func parse(at start: Int, row: Int, into outputs: UnsafeBufferPointer<UnsafeMutablePointer<Double>>) -> (end: Int, failure: CSVFailure?) {
        var i = start, column = 0
        var failure: CSVFailure? = nil
        while true {
            let output = column < byColumn.count ? byColumn[column] : -1
            if output >= 0, let reader = readers[output] {
                // A cell read by its column's reader from its bytes (quotes and spaces removed); empty is a gap.
                let fieldEnd = skipField(from: i)
                let content = CSVFile.trimmed(bytes, CSVFile.unquoted(bytes, i..<fieldEnd))
                if content.isEmpty {
                    outputs[output][row] = .nan
                } else if let value = reader.read(UnsafeBufferPointer(rebasing: bytes[content])) {
                    outputs[output][row] = value
                } else {
                    failure = failure ?? CSVFailure(offset: start, field: i..<fieldEnd, output: output, overflow: false)
                }
                i = fieldEnd
            } else if output >= 0 {
                if let (value, next) = plainNumber(from: i) {
                    outputs[output][row] = value
                    i = next
                } else {
                    let fieldEnd = skipField(from: i)
                    let content = CSVFile.unquoted(bytes, i..<fieldEnd)
                    switch DecimalParser.parse(UnsafeBufferPointer(rebasing: bytes[content])) {
                    case let .number(v), let .gap(v):
                        outputs[output][row] = v
                    case .overflow:
                        failure = failure ?? CSVFailure(offset: start, field: i..<fieldEnd, output: output, overflow: true)
                    case .invalid:
                        failure = failure ?? CSVFailure(offset: start, field: i..<fieldEnd, output: output, overflow: false)
                    }
                    i = fieldEnd
                }
            } else if column >= byColumn.count {
                // Past the last wanted column: only the row's end matters.
                i = skipToRowEnd(from: i)
            } else {
                i = skipField(from: i)
            }
            if i >= end || bytes[i] == CSVFile.newline { break }
            i += 1
            column += 1
        }
        for c in (column + 1)..<max(column + 1, byColumn.count) where byColumn[c] >= 0 {
            outputs[byColumn[c]][row] = .nan
        }
        return (i, failure)
    }

    /// A plain decimal cell at `start` and the index of the delimiter after it; nil when the cell is anything else.
    @inline(__always)
    private func plainNumber(from start: Int) -> (Double, Int)? {
        var i = start
        while i < end, bytes[i] == 0x20 { i += 1 }
        var negative = false
        if i < end, bytes[i] == 0x2D || bytes[i] == 0x2B {
            negative = bytes[i] == 0x2D
            i += 1
        }
        var mantissa: UInt64 = 0, digits = 0, decimals = 0, point = false
        while i < end {
            let digit = bytes[i] &- 0x30
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
                if point { decimals += 1 }
            } else if bytes[i] == 0x2E && !point {
                point = true
            } else {
                break
            }
            i += 1
        }
        while i < end, bytes[i] == 0x20 || bytes[i] == CSVFile.carriageReturn { i += 1 }
        guard digits > 0, digits <= 19, decimals <= 22, mantissa <= 1 << 53,
              i == end || bytes[i] == CSVFile.comma || bytes[i] == CSVFile.newline else { return nil }
        let magnitude = Double(mantissa) / powersOfTen[decimals]
        return (negative ? -magnitude : magnitude, i)
    }

    /// The index of the delimiter (comma or line end outside quotes) that ends the field at `start`, or `end`.
    @inline(__always)
    private func skipField(from start: Int) -> Int { skip(from: start, toComma: true) }

    /// The index of the line end outside quotes that ends the row, or `end`.
    @inline(__always)
    private func skipToRowEnd(from start: Int) -> Int { skip(from: start, toComma: false) }

    @inline(__always)
    private func skip(from start: Int, toComma: Bool) -> Int {
        var i = start, quoted = false
        while i < end {
            let b = bytes[i]
            if b == CSVFile.quote {
                quoted.toggle()
            } else if !quoted && (b == CSVFile.newline || (toComma && b == CSVFile.comma)) {
                return i
            }
            i += 1
        }
        return end
    }
}
