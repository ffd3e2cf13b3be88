import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A throw-away PostgreSQL cluster for tests and the bench: `initdb` in a temporary folder, the server on a free
/// loopback port, trust authentication for the user `glint`. A watchdog process stops the server and deletes the
/// folder as soon as the process that started it exits — normally, by a failed test, or killed — so no cluster
/// outlives its run. PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user.
public final class PostgresCluster: @unchecked Sendable {
    /// The folder holding the cluster, its socket and its log.
    public let folder: URL
    /// The loopback port the server listens on.
    public let port: Int
    /// A connection URI for database `postgres` as user `glint`.
    public var uri: String { "postgresql://glint@127.0.0.1:\(port)/postgres" }

    private let binaries: URL

    /// The folder of PostgreSQL's server binaries (Debian: /usr/lib/postgresql/VERSION/bin), nil when not installed.
    public static let binaryFolder: URL? = {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted(by: >)
        return versions.map { URL(fileURLWithPath: "\(root)/\($0)/bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("pg_ctl").path) }
    }()

    /// Why a cluster cannot be started here, nil when it can.
    public static var unavailableReason: String? {
        guard binaryFolder != nil else { return "PostgreSQL's server binaries are not installed (Debian: apt-get install postgresql)" }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/psql") else { return "psql is not installed (Debian: postgresql-client)" }
        if getuid() == 0, getpwnam("postgres") == nil { return "running as root, and there is no postgres user to run the server as" }
        return nil
    }

    /// Starts a cluster; throws with the server's log when it does not come up.
    public init() throws {
        guard let binaries = PostgresCluster.binaryFolder else { throw ClusterError(PostgresCluster.unavailableReason ?? "no PostgreSQL") }
        self.binaries = binaries
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("glint-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0 { _ = try PostgresCluster.run("/bin/chown", ["postgres", folder.path]) }
        port = try PostgresCluster.freePort()
        let data = folder.appendingPathComponent("data").path
        try serverCommand("initdb", ["-D", data, "-A", "trust", "-U", "glint", "-E", "UTF8", "--no-sync"])
        startWatchdog(data: data)
        do {
            try serverCommand("pg_ctl", ["-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "-t", "60", "start", "-o",
                                         "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"])
        } catch {
            let log = (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? ""
            throw ClusterError("\(error)\n\(log)")
        }
    }

    /// Runs SQL (or psql meta-commands such as `\copy`) through `psql`, stopping at the first error.
    @discardableResult
    public func psql(_ commands: [String]) throws -> String {
        try PostgresCluster.run("/usr/bin/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", uri] + commands.flatMap { ["-c", $0] })
    }

    /// Stops the server now and deletes the folder (the watchdog would otherwise, when this process exits).
    public func stop() {
        _ = try? serverCommand("pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs one of PostgreSQL's server programs, as the `postgres` user when this process is root.
    @discardableResult
    private func serverCommand(_ name: String, _ arguments: [String]) throws -> String {
        let program = binaries.appendingPathComponent(name).path
        return getuid() == 0 ? try PostgresCluster.run("/usr/sbin/runuser", ["-u", "postgres", "--", program] + arguments)
                             : try PostgresCluster.run(program, arguments)
    }

    /// A shell that waits for this process to end, then stops the server and deletes the folder.
    private func startWatchdog(data: String) {
        let asServer = getuid() == 0 ? "/usr/sbin/runuser -u postgres -- " : ""
        PostgresCluster.whenThisProcessEnds("""
            \(asServer)'\(binaries.path)/pg_ctl' -D '\(data)' -m immediate -w stop >/dev/null 2>&1
            rm -rf '\(folder.path)'
            """)
    }

    /// Runs the shell `script` once this process has ended, however it ends: a watchdog shell polls for it every
    /// second, in a session of its own, so that a terminal's or a CI runner's signal to this process group spares it.
    public static func whenThisProcessEnds(_ script: String) {
        let watchdog = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done\n" + script
        _ = try? spawn("/usr/bin/setsid", ["/bin/sh", "-c", watchdog], output: "/dev/null", errors: "/dev/null")
    }

    /// Runs a program to its end; its standard output, or an error with its standard error.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        // Both streams go to files: the server that `pg_ctl start` leaves running inherits them, and would keep a
        // pipe open for ever.
        let files = ["out", "err"].map { NSTemporaryDirectory() + "/glint-pg-\($0)-\(UUID().uuidString)" }
        defer { files.forEach { unlink($0) } }
        let pid = try spawn(program, arguments, output: files[0], errors: files[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        // Exited normally with status 0: (status & 0x7f) == 0 and (status >> 8) & 0xff == 0.
        guard status == 0 else {
            throw ClusterError("\((program as NSString).lastPathComponent) \(arguments.prefix(3).joined(separator: " ")) exited "
                               + "with wait status \(status): \(read(files[1]))")
        }
        return read(files[0])
    }

    /// Starts `program` with standard input from /dev/null and its output streams written to files. (Foundation's
    /// `Process` can miss the exit of a child whose own children live on, as `pg_ctl start`'s server does.)
    static func spawn(_ program: String, _ arguments: [String], output: String, errors: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard result == 0 else { throw ClusterError("cannot start \(program): error \(result)") }
        return pid
    }

    /// A free TCP port on the loopback interface.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClusterError("socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw ClusterError("bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why a cluster could not be started or a command failed.
public struct ClusterError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
