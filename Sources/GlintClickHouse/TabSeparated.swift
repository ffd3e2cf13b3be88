/// ClickHouse's `TabSeparated` text: a row per line, fields between tabs, `\N` for NULL, and a backslash before
/// a tab, newline, carriage return, backslash, quote, NUL, backspace or form feed inside a field.
enum TabSeparated {
    /// The rows of `body`, each field unescaped; nil for NULL.
    static func rows(_ body: UnsafeRawBufferPointer) -> [[String?]] {
        var rows: [[String?]] = [], row: [String?] = [], field: [UInt8] = []
        var escaped = false, null = false
        func endField() {
            row.append(null && field.isEmpty ? nil : String(decoding: field, as: UTF8.self))
            (field, null) = ([], false)
        }
        for byte in body {
            if escaped {
                escaped = false
                switch byte {
                case UInt8(ascii: "N") where field.isEmpty: null = true
                case UInt8(ascii: "t"): field.append(9)
                case UInt8(ascii: "n"): field.append(10)
                case UInt8(ascii: "r"): field.append(13)
                case UInt8(ascii: "0"): field.append(0)
                case UInt8(ascii: "b"): field.append(8)
                case UInt8(ascii: "f"): field.append(12)
                default: field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\\"): escaped = true
            case 9: endField()
            case 10:
                endField()
                rows.append(row)
                row = []
            default: field.append(byte)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            endField()
            rows.append(row)
        }
        return rows
    }
}
