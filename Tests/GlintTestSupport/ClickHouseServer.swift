import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A throw-away ClickHouse server for tests and the bench: its own data folder in a temporary folder, HTTP and
/// native ports on the loopback interface, the user `default` without a password, and a cluster `glint` whose
/// shards are the servers started together (`cluster(_:)`). A watchdog stops the server and deletes the folder as
/// soon as the process that started it exits, however it exits.
public final class ClickHouseServer: @unchecked Sendable {
    /// The folder holding the server's data, configuration and logs.
    public let folder: URL
    /// The HTTP port (Glint's connection) and the native port (the other shards' and clickhouse-client's).
    public let httpPort: Int, tcpPort: Int
    /// A connection string for database `default`.
    public var uri: String { "clickhouse://127.0.0.1:\(httpPort)/default" }
    private var pid: pid_t

    static let server = "/usr/sbin/clickhouse-server", client = "/usr/bin/clickhouse-client"

    /// Why a server cannot be started here, nil when it can.
    public static var unavailableReason: String? {
        guard FileManager.default.isExecutableFile(atPath: server), FileManager.default.isExecutableFile(atPath: client) else {
            return "ClickHouse is not installed (Debian: apt-get install clickhouse-server clickhouse-client)"
        }
        return nil
    }

    /// One server, in a cluster `glint` of itself.
    public convenience init() throws {
        let ports = try ClickHouseServer.ports(1)
        try self.init(ports: ports[0], shards: ports.map(\.tcp))
    }

    /// `count` servers started together, the shards (in order) of the cluster `glint` each of them knows.
    public static func cluster(_ count: Int) throws -> [ClickHouseServer] {
        let ports = try ClickHouseServer.ports(count)
        return try ports.map { try ClickHouseServer(ports: $0, shards: ports.map(\.tcp)) }
    }

    /// Free loopback ports for `count` servers.
    private static func ports(_ count: Int) throws -> [(http: Int, tcp: Int)] {
        var taken = Set<Int>()
        func next() throws -> Int {
            var port = try PostgresCluster.freePort()
            while taken.contains(port) { port = try PostgresCluster.freePort() }
            taken.insert(port)
            return port
        }
        return try (0..<count).map { _ in (try next(), try next()) }
    }

    /// Starts a server on `ports` knowing the shards `shards` (native ports); throws with its log when it does not
    /// answer within 60 seconds.
    private init(ports: (http: Int, tcp: Int), shards: [Int]) throws {
        guard ClickHouseServer.unavailableReason == nil else { throw ClusterError(ClickHouseServer.unavailableReason!) }
        (httpPort, tcpPort) = ports
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("glint-ch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.xml")
        try ClickHouseServer.configuration(folder: folder.path, ports: ports, shards: shards).write(to: config, atomically: true, encoding: .utf8)
        pid = try PostgresCluster.spawn(ClickHouseServer.server, ["--config-file=\(config.path)"],
                                        output: folder.appendingPathComponent("stdout.log").path,
                                        errors: folder.appendingPathComponent("stderr.log").path)
        // Only while the pid is still this server's (after `stop`, it may be another process's).
        PostgresCluster.whenThisProcessEnds("grep -qF '\(folder.path)' /proc/\(pid)/cmdline 2>/dev/null && kill -9 \(pid); rm -rf '\(folder.path)'")
        for _ in 0..<600 {
            if (try? query("SELECT 1")) != nil { return }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(100_000)
        }
        let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        stop()
        throw ClusterError("clickhouse-server did not start on 127.0.0.1:\(ports.http): \(log.suffix(2000))")
    }

    /// Runs one statement through clickhouse-client, reading the statement's data (`INSERT ... FORMAT TSV`) from
    /// `input` when given; its output.
    @discardableResult
    public func query(_ sql: String, input: URL? = nil) throws -> String {
        let arguments = ["--host", "127.0.0.1", "--port", "\(tcpPort)", "--query", sql]
        guard let input else { return try PostgresCluster.run(ClickHouseServer.client, arguments) }
        return try PostgresCluster.run("/bin/sh", ["-c", ClickHouseServer.shell([ClickHouseServer.client] + arguments) + " < '\(input.path)'"])
    }

    /// The seconds the server took to run `sql` (clickhouse-client's `--time`), its result discarded.
    public func seconds(_ sql: String) throws -> Double {
        let arguments = ["--host", "127.0.0.1", "--port", "\(tcpPort)", "--time", "--format", "Null", "--query", sql]
        // --time writes to standard error: that becomes the output, and the result (none) goes nowhere.
        let output = try PostgresCluster.run("/bin/sh", ["-c", ClickHouseServer.shell([ClickHouseServer.client] + arguments) + " 2>&1 >/dev/null"])
        guard let seconds = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ClusterError("no time from clickhouse-client: \(output)")
        }
        return seconds
    }

    /// `words` as one shell command line, each single-quoted.
    private static func shell(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    /// Stops the server now (SIGKILL, as a machine that fails would) and deletes its folder.
    public func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        try? FileManager.default.removeItem(at: folder)
    }

    /// The server's configuration: logs, ports and folders of its own, one user, and the cluster `glint`.
    private static func configuration(folder: String, ports: (http: Int, tcp: Int), shards: [Int]) -> String {
        let replicas = shards.map { "<shard><replica><host>127.0.0.1</host><port>\($0)</port></replica></shard>" }.joined()
        return """
            <?xml version="1.0"?>
            <yandex>
              <logger><level>warning</level><log>\(folder)/server.log</log><errorlog>\(folder)/error.log</errorlog></logger>
              <listen_host>127.0.0.1</listen_host>
              <http_port>\(ports.http)</http_port>
              <tcp_port>\(ports.tcp)</tcp_port>
              <path>\(folder)/data/</path>
              <tmp_path>\(folder)/tmp/</tmp_path>
              <user_files_path>\(folder)/user_files/</user_files_path>
              <format_schema_path>\(folder)/format_schemas/</format_schema_path>
              <mark_cache_size>268435456</mark_cache_size>
              <users><default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default></users>
              <profiles><default/></profiles>
              <quotas><default/></quotas>
              <remote_servers><glint>\(replicas)</glint></remote_servers>
            </yandex>
            """
    }
}
