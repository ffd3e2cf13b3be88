import Glint
import GlintData

/// A `POST /render` (or `/layout`) body of `multipart/form-data`: a part named `spec` holding the JSON spec, and a
/// part per column its `data` objects name, each one of
///
/// - a `.npy` file (numpy's `save`; recognised by its magic bytes): the header says the type and length;
/// - raw little-endian values with `Content-Type: application/vnd.glint.TYPE`, TYPE one of `float64`, `float32`,
///   `int64`, `datetime64-ms`, `datetime64-us`, `datetime64-ns`;
/// - `Content-Type: text/plain`: one category name per line (an empty line is a gap), for a category axis.
///
/// Each numeric column is copied once, into memory of its own that its `Column` views (aligned, so float64 is read
/// in place from there on).
struct ColumnParts {
    let spec: [UInt8]
    let columns: SuppliedColumns

    /// The raw types a part may declare, by their media type's suffix.
    static let rawTypes: [String: NpyHeader.ValueType] = ["float64": .float64, "float32": .float32, "int64": .int64,
                                                          "datetime64-ms": .datetimeMs, "datetime64-us": .datetimeUs,
                                                          "datetime64-ns": .datetimeNs]
    static let rawMediaPrefix = "application/vnd.glint."

    init(_ body: [UInt8], boundary: String) throws {
        let multipart = try MultipartBody(body, boundary: boundary)
        guard let specPart = multipart.parts.first(where: { $0.name == "spec" }) else {
            throw GlintError.badData("multipart body: no part named \"spec\" (the JSON spec); parts: "
                                     + multipart.parts.prefix(20).map { "\"\(BoundedText.line($0.name, limit: 64))\"" }.joined(separator: ", "))
        }
        spec = Array(body[specPart.bytes])
        var columns = SuppliedColumns()
        for part in multipart.parts where part.name != "spec" {
            let path = "part \"\(BoundedText.line(part.name, limit: 64))\""
            try columns.add(part.name, try ColumnParts.values(body, part: part, path: path), path: path)
        }
        self.columns = columns
    }

    /// The values of one column part.
    private static func values(_ body: [UInt8], part: MultipartBody.Part, path: String) throws -> SuppliedColumns.Values {
        let mediaType = part.headers["content-type"]?.split(separator: ";").first.map { BoundedText.trimmingSpaces(String($0)).lowercased() } ?? ""
        let bytes = body[part.bytes]
        if bytes.starts(with: [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59]) {
            let header: NpyHeader
            do {
                header = try bytes.withUnsafeBytes { try NpyHeader($0) }
            } catch let problem as NpyHeader.Problem {
                throw GlintError.badData("\(path): \(problem)")
            }
            return numbers(bytes.dropFirst(header.dataOffset).prefix(header.count * header.type.size), type: header.type)
        }
        if mediaType == "text/plain" {
            var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
            // A final line end closes the last name rather than starting an empty one.
            if bytes.last == 0x0A { lines.removeLast() }
            return SuppliedColumns.Values(categoriesOf: lines)
        }
        guard mediaType.hasPrefix(rawMediaPrefix), let type = rawTypes[String(mediaType.dropFirst(rawMediaPrefix.count))] else {
            throw GlintError.badData("\(path): give a .npy file, raw values with Content-Type application/vnd.glint.TYPE (TYPE: "
                                     + rawTypes.keys.sorted().joined(separator: ", ") + "), or text/plain category names; found Content-Type "
                                     + "'\(BoundedText.line(mediaType, limit: 64))'")
        }
        guard bytes.count % type.size == 0 else {
            throw GlintError.badData("\(path): \(bytes.count) bytes are not a whole number of \(type.size)-byte \(type) values")
        }
        return numbers(bytes, type: type)
    }

    /// `bytes` (little-endian values of `type`) as a column, copied once into memory of its own that floating-point
    /// columns view; integers and datetimes converted.
    private static func numbers(_ bytes: ArraySlice<UInt8>, type: NpyHeader.ValueType) -> SuppliedColumns.Values {
        let owned = bytes.withUnsafeBytes { OwnedBytes(copying: $0) }
        let read = type.column(at: UnsafeRawPointer(owned.base), count: bytes.count / type.size, stride: type.size, owner: owned)
        return SuppliedColumns.Values(read.column, isDatetime: read.isDatetime)
    }
}

/// Bytes copied into memory of their own, aligned for any value, freed with the last column that views them.
final class OwnedBytes: @unchecked Sendable {
    let base: UnsafeMutableRawPointer

    init(copying bytes: UnsafeRawBufferPointer) {
        base = .allocate(byteCount: max(bytes.count, 1), alignment: 16)
        if let source = bytes.baseAddress { base.copyMemory(from: source, byteCount: bytes.count) }
    }

    deinit { base.deallocate() }
}
