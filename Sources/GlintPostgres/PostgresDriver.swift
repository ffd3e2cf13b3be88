import GlintDatabase
import GlintCore

/// PostgreSQL databases (`postgresql://user@host:port/dbname`, or `postgres://`), through libpq. The generated
/// SQL also suits PostgreSQL's wire-compatible relatives; see docs/sql.md for what each needs.
public struct PostgresDriver: DatabaseDriver {
    public let schemes = ["postgresql", "postgres"]

    public init() {}

    public func database(_ connection: String, relativeTo directory: String) throws -> any Database {
        PostgresDatabase(connection: connection)
    }
}

/// One PostgreSQL database, by its connection URI.
public struct PostgresDatabase: Database {
    /// The connection URI as given (it may hold a password: never shown).
    let connection: String
    /// Seconds to wait for the server before giving up, unless the URI says otherwise.
    public var connectTimeout = 10

    /// The database `connection` names (a libpq URI or keyword string).
    public init(connection: String) { self.connection = connection }

    public var displayName: String { ConnectionString.masked(connection) }

    public func open() throws -> any DatabaseSession {
        try PostgresSession(connection: connection, timeout: connectTimeout)
    }
}
