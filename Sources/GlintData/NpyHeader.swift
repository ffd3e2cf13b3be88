/// The header of a numpy `.npy` file (format versions 1, 2 and 3): the magic `\x93NUMPY`, the version, the header's
/// length, then a Python dict literal such as `{'descr': '<f8', 'fortran_order': False, 'shape': (1000000,), }`.
/// Only one-dimensional arrays (or `(n, 1)`) of the types Glint reads are accepted; the values start at `dataOffset`.
public struct NpyHeader: Equatable, Sendable {
    /// The value types Glint reads from `.npy` files, little-endian (or one byte).
    public enum ValueType: String, Sendable, CaseIterable {
        case float64 = "f8", float32 = "f4", int64 = "i8", int32 = "i4", uint8 = "u1"
        case datetimeMs = "M8[ms]", datetimeUs = "M8[us]", datetimeNs = "M8[ns]"

        /// Bytes per value.
        public var size: Int {
            switch self {
            case .float64, .int64, .datetimeMs, .datetimeUs, .datetimeNs: return 8
            case .float32, .int32: return 4
            case .uint8: return 1
            }
        }
    }

    /// The type of every value.
    public let type: ValueType
    /// How many values.
    public let count: Int
    /// The byte at which the values start.
    public let dataOffset: Int

    /// The header of the `.npy` file whose bytes start at `bytes`; `NpyHeader.Problem` saying what is wrong otherwise.
    /// `bytes` must hold the whole file: the values must fit after the header.
    public init(_ bytes: UnsafeRawBufferPointer) throws {
        let (typeText, values, start) = try NpyHeader.layout(bytes)
        let order = typeText.first
        guard let parsed = ValueType(rawValue: String(typeText.dropFirst())), order == "<" || (order == "|" && parsed.size == 1) else {
            throw Problem("arrays of '\(typeText.prefix(20))' cannot be read; give little-endian float64, float32, int64, int32, uint8 or "
                          + "datetime64[ms|us|ns] ('<f8', '<f4', '<i8', '<i4', '|u1', '<M8[ns]')")
        }
        try NpyHeader.checkFits(values, parsed.size, bytes: bytes, dataOffset: start)
        (type, count, dataOffset) = (parsed, values, start)
    }

    /// The strings of a `.npy` array of numpy's fixed-width text (`'<U8'`: up to 8 UTF-32 code units each, padded
    /// with zeros), one per value; nil when the array holds another type. `NpyHeader.Problem` for a broken file.
    public static func texts(_ bytes: UnsafeRawBufferPointer) throws -> [String]? {
        let (typeText, count, dataOffset) = try layout(bytes)
        guard typeText.hasPrefix("<U"), let width = Int(typeText.dropFirst(2)), width >= 1 else { return nil }
        guard width <= 1 << 20 else { throw Problem("text of \(width) characters a value is more than Glint reads (1,048,576)") }
        try checkFits(count, width * 4, bytes: bytes, dataOffset: dataOffset)
        return (0..<count).map { i in
            var scalars = String.UnicodeScalarView()
            for k in 0..<width {
                let code = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: dataOffset + (i * width + k) * 4, as: UInt32.self))
                if code == 0 { break }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            }
            return String(scalars)
        }
    }

    /// The type text (`'<f8'` without quotes), the count of a one-dimensional array and where its values start.
    private static func layout(_ bytes: UnsafeRawBufferPointer) throws -> (type: String, count: Int, dataOffset: Int) {
        let magic: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59]
        guard bytes.count >= 10, Array(bytes[0..<6]) == magic else { throw Problem("not a .npy file (it does not start with \\x93NUMPY)") }
        let major = bytes[6]
        let lengthBytes = major == 1 ? 2 : 4
        guard (1...3).contains(major), bytes.count >= 8 + lengthBytes else { throw Problem(".npy format version \(major) is not one Glint reads (1, 2, 3)") }
        let length = (0..<lengthBytes).reversed().reduce(0) { $0 << 8 | Int(bytes[8 + $1]) }
        let start = 8 + lengthBytes
        guard length <= 65_536, start + length <= bytes.count else { throw Problem("the .npy header's length (\(length) bytes) runs past the file") }
        let text = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
        let descr = try NpyHeader.value(of: "descr", in: text)
        guard descr.count >= 3, descr.hasPrefix("'"), descr.hasSuffix("'") else { throw Problem("the .npy header's descr is not a type string: \(descr.prefix(40))") }
        let typeText = String(descr.dropFirst().dropLast())
        let shape = try NpyHeader.value(of: "shape", in: text)
        let dimensions = shape.split(whereSeparator: { "(), ".contains($0) }).map(String.init)
        guard shape.hasPrefix("("), let first = dimensions.first.flatMap({ Int($0) }), first >= 0,
              dimensions.count == 1 || (dimensions.count == 2 && dimensions[1] == "1") else {
            throw Problem("the array's shape is \(shape.prefix(40)); a column is one-dimensional")
        }
        return (typeText, first, start + length)
    }

    /// Throws unless `count` values of `size` bytes fit after `dataOffset`.
    private static func checkFits(_ count: Int, _ size: Int, bytes: UnsafeRawBufferPointer, dataOffset: Int) throws {
        let (bytesNeeded, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow, bytesNeeded <= bytes.count - dataOffset else {
            throw Problem("the .npy file holds \(bytes.count - dataOffset) bytes of values; its shape needs \(count) × \(size)")
        }
    }

    /// What is wrong with a `.npy` file.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The text of `key`'s value in the header's dict literal, up to the next top-level comma or the closing brace.
    private static func value(of key: String, in text: String) throws -> String {
        guard let found = text.firstRange(of: "'\(key)':") else { throw Problem("the .npy header has no '\(key)'") }
        var depth = 0, end = found.upperBound
        for index in text[found.upperBound...].indices {
            let c = text[index]
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if depth == 0 && (c == "," || c == "}") { break }
            end = text.index(after: index)
        }
        return String(text[found.upperBound..<end].drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
