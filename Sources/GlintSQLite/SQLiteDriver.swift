import GlintDatabase
import GlintCore

/// SQLite databases (`sqlite:PATH`, relative to the spec's folder): an embedded engine, opened read-only.
public struct SQLiteDriver: DatabaseDriver {
    public let schemes = ["sqlite"]

    public init() {}

    public func database(_ connection: String, relativeTo directory: String) throws -> any Database {
        var path = String(connection.dropFirst("sqlite:".count))
        if path.hasPrefix("//") { path.removeFirst(2) }
        guard !path.isEmpty else { throw GlintError.badData("expected sqlite:PATH, found \"\(connection)\"") }
        if !path.hasPrefix("/") { path = directory == "." ? path : directory + "/" + path }
        return SQLiteDatabase(path: path, displayName: connection)
    }
}

/// One SQLite file.
public struct SQLiteDatabase: Database {
    /// The file's path.
    public let path: String
    public let displayName: String

    /// The database in the file at `path`, named `displayName` in messages.
    public init(path: String, displayName: String? = nil) {
        (self.path, self.displayName) = (path, displayName ?? "sqlite:" + path)
    }

    public func open() throws -> any DatabaseSession { try SQLiteSession(path: path) }
}
