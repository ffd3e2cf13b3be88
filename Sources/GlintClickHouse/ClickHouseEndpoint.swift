import GlintCore
import GlintDatabase

/// A ClickHouse connection string read: `clickhouse://[user[:password]@]host[:port][/database][?key=value&...]`.
/// `secure=true` speaks HTTPS (port 8443 unless given; 8123 otherwise), `connect_timeout=S` waits S seconds for the
/// server (10 unless given); every other key is a ClickHouse setting sent with each query (`max_threads=8`,
/// `skip_unavailable_shards=1`).
struct ClickHouseEndpoint: Sendable, Equatable {
    /// The URL queries are posted to, settings included.
    let url: String
    /// HTTP basic authentication, percent-decoded (nil: ClickHouse's `default` user).
    let user: String?, password: String?
    /// Seconds to wait for a connection.
    let connectTimeout: Int
    /// Whether the settings let a distributed query leave out shards it cannot reach.
    let skipsUnavailableShards: Bool

    init(_ connection: String) throws {
        let bad = { (why: String) in GlintError.badData("\(ConnectionString.masked(connection)): \(why)") }
        guard connection.hasPrefix("clickhouse://") else { throw bad("expected clickhouse://host:port/database") }
        var rest = Substring(connection.dropFirst("clickhouse://".count))
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") { (query, rest) = (rest[rest.index(after: mark)...], rest[..<mark]) }
        var database: Substring = "default"
        if let slash = rest.firstIndex(of: "/") {
            database = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if database.isEmpty { database = "default" }
        }
        var user: String?, password: String?
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = try Self.decoded(credentials[..<colon], bad)
                password = try Self.decoded(credentials[credentials.index(after: colon)...], bad)
            } else {
                user = try Self.decoded(credentials, bad)
            }
        }
        let host = rest
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]_".contains($0)) }) else {
            throw bad("expected a host name or address after clickhouse://")
        }
        var secure = false, timeout = 10, skips = false
        var settings: [String] = []
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty,
                  pair.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.%=+".contains($0)) }) else {
                throw bad("expected key=value settings after ?, found \"\(pair)\"")
            }
            switch parts[0] {
            case "secure": secure = ["1", "true"].contains(parts[1].lowercased())
            case "connect_timeout":
                guard let seconds = Int(parts[1]), (1...3600).contains(seconds) else { throw bad("connect_timeout must be 1 to 3600 seconds") }
                timeout = seconds
            case "database", "query", "default_format", "wait_end_of_query", "user", "password":
                throw bad("\(parts[0]) is set by Glint, not in the connection string")
            default:
                if parts[0] == "skip_unavailable_shards" { skips = !["0", "false"].contains(parts[1].lowercased()) }
                settings.append(String(pair))
            }
        }
        // host:port, or [IPv6]:port; a bare IPv6 address is bracketed.
        let hasPort = host.hasPrefix("[") ? host.contains("]:") : host.split(separator: ":").count == 2
        let authority = hasPort ? String(host) : "\(host):\(secure ? 8443 : 8123)"
        guard database.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            // Not echoed: a password with an unescaped / would show here.
            throw bad("a database name is letters, digits and underscores (escape / ? @ in a password as %2F %3F %40)")
        }
        // The server buffers each result until the query ends, so an error found late comes with an error status
        // instead of after rows already sent.
        // Gap positions and bucket lists travel in the query's text: room for a wide plot's worth of them (its text
        // and the syntax tree's elements) unless the string says otherwise.
        let room = ["max_query_size=16777216", "max_ast_elements=4000000", "max_expanded_ast_elements=4000000"].filter { limit in
            !settings.contains { $0.hasPrefix(limit.prefix { $0 != "=" } + "=") }
        }
        let parameters = ["database=\(database)", "wait_end_of_query=1"] + room + settings
        url = "\(secure ? "https" : "http")://\(authority)/?" + parameters.joined(separator: "&")
        (self.user, self.password, connectTimeout, skipsUnavailableShards) = (user, password, timeout, skips)
    }

    /// `text` with its percent escapes decoded.
    private static func decoded(_ text: Substring, _ bad: @escaping (String) -> GlintError) throws -> String {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else {
                throw bad("a % in the user or password must start an escape such as %40")
            }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
