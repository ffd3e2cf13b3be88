import GlintCore

/// Opens the databases of one kind of connection string (`sqlite:...`, `postgresql://...`). Each engine lives in
/// its own library (`GlintSQLite`, `GlintPostgres`), so a program that only draws arrays links neither.
public protocol DatabaseDriver: Sendable {
    /// The connection-string schemes it opens, without the colon: `["sqlite"]`, `["postgresql", "postgres"]`.
    var schemes: [String] { get }
    /// The database named by `connection`; relative file paths start from `directory` (the spec's folder).
    /// Throws `GlintError.badData` for a string it cannot read; nothing is opened yet.
    func database(_ connection: String, relativeTo directory: String) throws -> any Database
}

/// Which databases a spec's `data.db` may name, and the drivers that open them.
public struct DatabaseAccess: Sendable {
    /// The drivers, by scheme.
    public var drivers: [any DatabaseDriver]
    /// When set, only these connection strings, exactly as the spec names them (a render server's allow list);
    /// nil allows any.
    public var allowed: Set<String>?

    /// Access through `drivers` to `allowed` connection strings (nil: any).
    public init(drivers: [any DatabaseDriver] = [], allowed: Set<String>? = nil) {
        (self.drivers, self.allowed) = (drivers, allowed)
    }

    /// The database `connection` names; `specPath` is the JSON path of `db` for errors: `GlintError.forbidden`
    /// when it is not allowed, `GlintError.badData` when no driver reads it.
    package func database(_ connection: String, relativeTo directory: String, specPath: String) throws -> any Database {
        if let allowed, !allowed.contains(connection) {
            throw GlintError.forbidden("\(specPath): the database \(ConnectionString.masked(connection)) is not allowed here"
                                       + (allowed.isEmpty ? " (this server reads no databases: start it with --allow-db)" : ""))
        }
        let scheme = connection.prefix { $0 != ":" }
        guard scheme.count < connection.count, let driver = drivers.first(where: { $0.schemes.contains(String(scheme)) }) else {
            let known = drivers.flatMap(\.schemes).map { "\($0):" }
            throw GlintError.badValue(path: specPath, message: "expected a connection string starting with "
                                     + (known.isEmpty ? "a scheme this program has a driver for (it links none)"
                                                      : known.joined(separator: " or "))
                                     + ", found \"\(ConnectionString.masked(connection))\"")
        }
        return try driver.database(connection, relativeTo: directory)
    }
}

/// Connection strings as messages may show them.
public enum ConnectionString {
    /// `connection` with any password replaced by `***`: the `user:password@` of a URI, a `password=` query
    /// parameter or keyword.
    public static func masked(_ connection: String) -> String {
        var text = connection
        if let scheme = text.firstRange(of: "://") {
            let rest = text[scheme.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        var out = ""
        var remaining = Substring(text)
        while let key = remaining.firstRange(of: "password=") {
            out += remaining[..<key.upperBound] + "***"
            remaining = remaining[key.upperBound...].drop { $0 != "&" && $0 != " " }
        }
        return out + remaining
    }
}
