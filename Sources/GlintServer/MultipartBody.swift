import FoundationEssentials
import Glibc
import Glint

/// A `multipart/form-data` body (RFC 7578) split into its parts: each part's name (from `Content-Disposition`), its
/// headers (names lowercased) and the range of its bytes in the body. Nothing is copied; every malformation is a
/// `GlintError.badData` saying what is wrong, never a trap.
struct MultipartBody {
    struct Part {
        let name: String
        let headers: [String: String]
        let bytes: Range<Int>
    }

    /// The most parts a body may have.
    static let maxParts = 1024

    let parts: [Part]

    /// The boundary of a `Content-Type` value such as `multipart/form-data; boundary=XyZ` (quoted or not); nil when
    /// the value is not multipart/form-data or has no usable boundary.
    static func boundary(ofContentType value: String) -> String? {
        let fields = value.split(separator: ";").map { BoundedText.trimmingSpaces(String($0)) }
        guard fields.first?.lowercased() == "multipart/form-data" else { return nil }
        for field in fields.dropFirst() {
            guard let equals = field.firstIndex(of: "="), field[..<equals].lowercased() == "boundary" else { continue }
            var boundary = String(field[field.index(after: equals)...])
            if boundary.count >= 2, boundary.hasPrefix("\""), boundary.hasSuffix("\"") { boundary = String(boundary.dropFirst().dropLast()) }
            return (1...70).contains(boundary.utf8.count) ? boundary : nil
        }
        return nil
    }

    /// The parts of `body` delimited by `boundary`.
    init(_ body: [UInt8], boundary: String) throws {
        let delimiter = Array("--\(boundary)".utf8)
        func problem(_ message: String) -> GlintError { .badData("multipart body: \(message)") }
        guard var at = MultipartBody.find(delimiter, in: body, from: 0) else {
            throw problem("no boundary line (--\(BoundedText.line(boundary, limit: 70))) found")
        }
        var parts: [Part] = []
        while true {
            at += delimiter.count
            // "--" after a delimiter ends the body.
            if body.count - at >= 2, body[at] == 0x2D, body[at + 1] == 0x2D { break }
            guard let lineEnd = MultipartBody.find([0x0D, 0x0A], in: body, from: at) else { throw problem("a boundary line does not end") }
            let headersStart = lineEnd + 2
            guard let headersEnd = MultipartBody.find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: headersStart - 2) else {
                throw problem("part \(parts.count)'s headers do not end with an empty line")
            }
            let headers = try MultipartBody.headers(body[headersStart..<max(headersStart, headersEnd)], part: parts.count)
            let contentStart = headersEnd + 4
            guard let next = MultipartBody.find([0x0D, 0x0A] + delimiter, in: body, from: contentStart - 2) else {
                throw problem("part \(parts.count) is not closed by a boundary line")
            }
            guard let name = MultipartBody.name(headers["content-disposition"]) else {
                throw problem("part \(parts.count) has no Content-Disposition: form-data; name=\"...\"")
            }
            parts.append(Part(name: name, headers: headers, bytes: contentStart..<max(contentStart, next)))
            guard parts.count <= MultipartBody.maxParts else { throw problem("more than \(MultipartBody.maxParts) parts") }
            at = next + 2
        }
        self.parts = parts
    }

    /// The headers of one part, names lowercased.
    private static func headers(_ bytes: ArraySlice<UInt8>, part: Int) throws -> [String: String] {
        var headers: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false) where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                throw GlintError.badData("multipart body: part \(part) has a header line without a colon: \(BoundedText.line(String(line), limit: 80))")
            }
            headers[BoundedText.trimmingSpaces(String(line[..<colon])).lowercased()] = BoundedText.trimmingSpaces(String(line[line.index(after: colon)...]))
        }
        return headers
    }

    /// The `name` parameter of a `form-data` Content-Disposition.
    private static func name(_ disposition: String?) -> String? {
        guard let disposition else { return nil }
        let fields = disposition.split(separator: ";").map { BoundedText.trimmingSpaces(String($0)) }
        guard fields.first?.lowercased() == "form-data" else { return nil }
        for field in fields.dropFirst() where field.lowercased().hasPrefix("name=") {
            var name = String(field.dropFirst(5))
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// The first index at or after `start` where `needle` lies in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0, haystack.count >= needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { h -> Int? in
            var i = start
            let last = h.count - needle.count
            while i <= last {
                guard let base = h.baseAddress,
                      let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + index, needle, needle.count) == 0 { return index }
                i = index + 1
            }
            return nil
        }
    }
}
