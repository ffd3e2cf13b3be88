import CPostgres
import GlintDatabase
import GlintCore

/// The PostgreSQL dialect pieces of Glint's queries. The pixel arithmetic (`PixelSQLDialect`) is float8 and `real`:
/// PostgreSQL's `real + real` and `real * real` are single-precision IEEE operations. Offsets below 1e-44 px are
/// taken as 0 when rounded: PostgreSQL refuses to round a non-zero float8 to a float4 zero, and such an offset
/// vanishes when the origin's pixel is added (unless that pixel is 0 and the point lies within 1e-44 px left of it).
enum PostgresSQL: PixelSQLDialect {
    static func constant(_ v: Double) -> String { float8(v) }
    static func constant(_ v: Float) -> String { float4(v) }

    static func rounded(_ e: String) -> String {
        "CAST(CASE WHEN abs(\(e)) < '1e-44'::float8 THEN '0'::float8 ELSE \(e) END AS real)"
    }

    static func sum(_ a: String, _ b: String) -> String { "(\(a) + \(b))" }
    static func product(_ a: String, _ b: String) -> String { "(\(a) * \(b))" }
    static func widened(_ e: String) -> String { "CAST(\(e) AS double precision)" }
    static func integer(_ e: String) -> String { "CAST(\(e) AS bigint)" }

    /// A condition true for finite values (and only those > 0 when `positive`): PostgreSQL orders NaN above
    /// Infinity, and NULL compares to nothing. One comparison per row where a list of the three would take three.
    static func finite(_ column: String, positive: Bool = false) -> String {
        positive ? "(\(column) > '0'::float8 AND \(column) < 'Infinity'::float8)" : "abs(\(column)) < 'Infinity'::float8"
    }

    /// `column` as float8 for its type (numbers as they are, timestamps and dates as epoch milliseconds);
    /// `DatabaseError.query` for any other type.
    static func double(_ column: String, type: Oid, column name: String) throws -> String {
        switch type {
        case 20, 21, 23, 700, 701, 1700: // int8, int2, int4, float4, float8, numeric
            return "CAST(\(column) AS double precision)"
        case 1082, 1114, 1184: // date, timestamp, timestamptz
            return "CAST(EXTRACT(EPOCH FROM \(column)) * 1000 AS double precision)"
        case 25, 1042, 1043: // text, char, varchar
            throw DatabaseError.query("column \"\(name)\" holds text, not a number")
        default:
            throw DatabaseError.query("column \"\(name)\" is of a type Glint cannot draw (type oid \(type)); expected numbers or timestamps")
        }
    }

    /// A float8 literal that reads back as exactly `v`.
    static func float8(_ v: Double) -> String { "'\(v)'::float8" }

    /// A float4 literal that reads back as exactly `v`.
    static func float4(_ v: Float) -> String { "'\(v)'::real" }
}

/// Reads the tuples of `COPY ... TO STDOUT (FORMAT binary)` whose fields are all float8, across chunk boundaries.
/// NULL fields are NaN.
final class BinaryCopyReader {
    private let fields: Int
    private var pending: [UInt8] = []
    private var headerRead = false

    init(fields: Int) { self.fields = fields }

    /// Reads the complete tuples in `chunk` (plus what an earlier chunk left), handing each to `row`.
    func read(_ chunk: UnsafeRawBufferPointer, row: ([Double]) -> Void) throws {
        pending.append(contentsOf: chunk)
        var offset = 0
        let count = pending.count
        try pending.withUnsafeBytes { bytes in
            func int16(_ at: Int) -> Int { Int(Int16(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: Int16.self))) }
            func int32(_ at: Int) -> Int { Int(Int32(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: Int32.self))) }
            if !headerRead {
                // "PGCOPY\n\xff\r\n\0", flags, header extension length, extension.
                guard count >= 19 else { return }
                let extensionLength = int32(15)
                guard count >= 19 + extensionLength else { return }
                offset = 19 + extensionLength
                headerRead = true
            }
            var values = [Double](repeating: .nan, count: fields)
            while offset + 2 <= count {
                let n = int16(offset)
                if n == -1 { offset = count; break }
                guard n == fields else { throw DatabaseError.query("COPY sent \(n) fields where \(fields) were asked for") }
                var at = offset + 2
                var complete = true
                for f in 0..<fields {
                    guard at + 4 <= count else { complete = false; break }
                    let length = int32(at)
                    at += 4
                    if length < 0 { values[f] = .nan; continue }
                    guard at + length <= count else { complete = false; break }
                    values[f] = length == 8
                        ? Double(bitPattern: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))) : .nan
                    at += length
                }
                guard complete else { break }
                row(values)
                offset = at
            }
        }
        pending.removeFirst(offset)
    }
}
