import GlintCore
import GlintDatabase

/// ClickHouse databases (`clickhouse://user:password@host:8123/database?setting=value`), through the server's HTTP
/// interface. Every query's result comes back as `RowBinary`; M4 and density counts run in the server, on its
/// `Distributed` tables across their shards too (see docs/sql.md).
public struct ClickHouseDriver: DatabaseDriver {
    public let schemes = ["clickhouse"]

    public init() {}

    public func database(_ connection: String, relativeTo directory: String) throws -> any Database {
        try ClickHouseDatabase(connection: connection)
    }
}

/// One ClickHouse database, by its connection string.
public struct ClickHouseDatabase: Database {
    /// The connection string as given (it may hold a password: never shown).
    let connection: String
    /// Where queries go, and as whom.
    let endpoint: ClickHouseEndpoint

    /// The database `connection` names; `GlintError.badData` for a string that names no server.
    public init(connection: String) throws {
        self.connection = connection
        endpoint = try ClickHouseEndpoint(connection)
    }

    public var displayName: String { ConnectionString.masked(connection) }

    /// What a picture read with `skip_unavailable_shards` may leave out, said beside it.
    public var caveat: String? {
        endpoint.skipsUnavailableShards
            ? "\(displayName) skips shards it cannot reach (skip_unavailable_shards): the picture leaves out their rows, "
              + "and nothing says whether any were skipped"
            : nil
    }

    public func open() throws -> any DatabaseSession {
        try ClickHouseSession(endpoint: endpoint)
    }
}
