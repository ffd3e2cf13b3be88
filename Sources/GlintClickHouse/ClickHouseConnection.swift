import CHTTPClient
import GlintCore
import GlintDatabase

/// Queries posted to a ClickHouse server's HTTP interface, one at a time, on one kept-alive connection.
final class ClickHouseConnection {
    private let endpoint: ClickHouseEndpoint
    private let client: OpaquePointer

    /// A connection to `endpoint` (nothing is sent yet); `DatabaseError.unreachable` when out of memory.
    init(_ endpoint: ClickHouseEndpoint) throws {
        guard let client = glint_http_client_open(endpoint.connectTimeout) else { throw DatabaseError.unreachable("out of memory") }
        (self.endpoint, self.client) = (endpoint, client)
    }

    deinit { glint_http_client_close(client) }

    /// The rows `sql` returns, read as `RowBinary` with `fields` 8-byte fields each (Int64 or Float64, as the
    /// query makes them).
    func rows(_ sql: String, fields: Int) throws -> RowBinaryRows {
        try post(sql + " FORMAT RowBinary") { body in try RowBinaryRows(body, fields: fields) }
    }

    /// The ClickHouse types of the columns `sql` returns (asked with `LIMIT 0`, so no row is read).
    func types(of sql: String) throws -> [String] {
        try columns(of: sql).map(\.type)
    }

    /// The names and ClickHouse types of the columns `sql` returns (asked with `LIMIT 0`, so no row is read).
    func columns(of sql: String) throws -> [(name: String, type: String)] {
        try post(sql + " FORMAT TabSeparatedWithNamesAndTypes") { body in
            let lines = TabSeparated.rows(body)
            guard lines.count >= 2, lines[0].count == lines[1].count else { throw DatabaseError.query("the server did not describe the columns") }
            return zip(lines[0], lines[1]).map { ($0 ?? "", $1 ?? "") }
        }
    }

    /// The rows `sql` returns as text (`TabSeparated`: NULL nil), and the bytes the server sent.
    func texts(_ sql: String) throws -> (rows: [[String?]], bytes: Int) {
        try post(sql + " FORMAT TabSeparated") { body in (TabSeparated.rows(body), body.count) }
    }

    /// Posts `sql` and reads a successful response's body with `read`. The server's error, when it answers with
    /// one: `DatabaseError.unreachable` for a server, shard or user it cannot reach or accept, `.query` otherwise.
    private func post<T>(_ sql: String, _ read: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        var response = glint_http_response()
        var error = [CChar](repeating: 0, count: 512)
        let posted = Array(sql.utf8).withUnsafeBytes { body in
            glint_http_client_post(client, endpoint.url, endpoint.user, endpoint.password, body.baseAddress, body.count,
                                   &response, &error, error.count)
        }
        guard posted == 0 else {
            throw DatabaseError.unreachable(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { glint_http_response_free(&response) }
        let body = UnsafeRawBufferPointer(start: response.body, count: response.length)
        guard response.status == 200 else {
            throw ClickHouseError.from(status: response.status, body: String(decoding: body, as: UTF8.self))
        }
        return try read(body)
    }
}

/// Rows of a `RowBinary` result whose fields are all 8 bytes (Int64 or Float64), copied out of the response.
struct RowBinaryRows {
    /// The number of rows.
    let count: Int
    /// Bytes the server sent.
    let bytes: Int
    private let fields: Int
    private let values: [UInt64]

    /// The rows of `body`; `DatabaseError.query` when it is not a whole number of rows (an error the server
    /// wrote after its first rows, which it should not send with `wait_end_of_query`).
    init(_ body: UnsafeRawBufferPointer, fields: Int) throws {
        let rowBytes = 8 * fields
        guard body.count % rowBytes == 0 else {
            let tail = String(decoding: body.suffix(300), as: UTF8.self)
            throw DatabaseError.query("the server's answer ended inside a row: \(ClickHouseError.message(tail))")
        }
        (count, bytes, self.fields) = (body.count / rowBytes, body.count, fields)
        values = (0..<(body.count / 8)).map { UInt64(littleEndian: body.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) }
    }

    /// Field `field` of row `row` as an Int64.
    func integer(_ row: Int, _ field: Int) -> Int { Int(Int64(bitPattern: values[row * fields + field])) }

    /// Field `field` of row `row` as a Float64.
    func double(_ row: Int, _ field: Int) -> Double { Double(bitPattern: values[row * fields + field]) }
}

/// ClickHouse's error answers read.
enum ClickHouseError {
    /// Error codes of a server, shard or user that cannot be reached or accepted: NETWORK_ERROR, SOCKET_TIMEOUT,
    /// ALL_CONNECTION_TRIES_FAILED, UNKNOWN_USER, WRONG_PASSWORD, REQUIRED_PASSWORD, AUTHENTICATION_FAILED,
    /// ALL_REPLICAS_ARE_STALE.
    static let unreachableCodes: Set<Int> = [209, 210, 279, 192, 193, 194, 516, 369]

    /// The error an answer with HTTP status `status` and `body` stands for.
    static func from(status: Int, body: String) -> DatabaseError {
        let text = message(body)
        if let code = code(body), unreachableCodes.contains(code) {
            return .unreachable(code == 279 ? unreachableShard(body) : text)
        }
        if status == 401 || status == 403 || status >= 502 { return .unreachable(text.isEmpty ? "HTTP status \(status)" : text) }
        return .query(text.isEmpty ? "HTTP status \(status)" : text)
    }

    /// ALL_CONNECTION_TRIES_FAILED's text, which logs each try on a line of its own, as the address tried last and
    /// why it failed: `shard 127.0.0.1:9001 cannot be reached: Connection refused`.
    static func unreachableShard(_ body: String) -> String {
        let tries = body.split(separator: "\n").filter { $0.hasPrefix("Code: ") }
        guard let last = tries.last.map({ BoundedText.trimming(message(String($0))) { $0 == "." } }), last.hasSuffix(")"), let open = last.lastIndex(of: "(") else {
            return message(body)
        }
        let address = last[last.index(after: open)..<last.index(before: last.endIndex)]
        let reason = BoundedText.trimmingSpaces(String(last[..<open]))
        return "shard \(address) cannot be reached: \(reason) (every replica was tried; "
            + "skip_unavailable_shards=1 in the connection string draws without it)"
    }

    /// The error code a ClickHouse error text starts with (`Code: 60, ...` or `Code: 60. ...`).
    static func code(_ body: String) -> Int? {
        guard let start = body.firstRange(of: "Code: ") else { return nil }
        return Int(body[start.upperBound...].prefix { $0.isNumber })
    }

    /// A ClickHouse error text as one line without its code, exception class names, the version and the query it
    /// quotes: `Code: 60, e.displayText() = DB::Exception: Table default.t doesn't exist., e.what() = DB::Exception`
    /// (18.x) and `Code: 60. DB::Exception: Table default.t does not exist. (UNKNOWN_TABLE) (version 23.8.2.7)`
    /// (later) both read `Table default.t doesn't exist.`.
    static func message(_ body: String) -> String {
        var text = BoundedText.replacing("\n", with: " ", in: body)
        for cut in [", e.what() = ", " (version ", ": While executing", ", while processing query", " while processing query"] {
            if let range = text.firstRange(of: cut) { text = String(text[..<range.lowerBound]) }
        }
        if text.hasPrefix("Code: ") {
            text = String(text.drop { $0 != "," && $0 != "." }.dropFirst())
        }
        for noise in [" e.displayText() = ", "e.displayText() = ", "DB::NetException: ", "DB::Exception: ", "Poco::Exception. "] {
            while let range = text.firstRange(of: noise) { text.removeSubrange(range) }
        }
        text = BoundedText.trimmingSpaces(text)
        // Later versions end with the code's name: `(UNKNOWN_TABLE)`.
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("),
           text[text.index(after: open)...].dropLast().allSatisfy({ $0.isUppercase || $0 == "_" }) {
            text = BoundedText.trimmingSpaces(String(text[..<open]))
        }
        return text
    }
}
