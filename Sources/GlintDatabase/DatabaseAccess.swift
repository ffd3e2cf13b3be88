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
    /// Read scalar by scalar, so that no combining mark after `=` or `:` hides a password from the search.
    public static func masked(_ connection: String) -> String {
        var text = Array(connection.unicodeScalars)
        let stars = Array("***".unicodeScalars)
        if let scheme = text.firstRange(of: Array("://".unicodeScalars)) {
            let authorityEnd = text[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
            if let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@"),
               let colon = text[scheme.upperBound..<at].firstIndex(of: ":") {
                text.replaceSubrange((colon + 1)..<at, with: stars)
            }
        }
        var out: [Unicode.Scalar] = []
        var remaining = text[...]
        let key = Array("password=".unicodeScalars)
        while let found = remaining.firstRange(of: key) {
            out += remaining[..<found.upperBound] + stars
            remaining = remaining[found.upperBound...].drop { $0 != "&" && $0 != " " }
        }
        var masked = String.UnicodeScalarView()
        masked.append(contentsOf: out + remaining)
        return String(masked)
    }
}
