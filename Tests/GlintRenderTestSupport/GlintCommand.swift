import Foundation
import Glint

/// The `glint` executable the tests built, found and run as a user runs it.
public enum GlintCommand {
    /// The `glint` executable built next to the test bundle.
    public static let binary: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            repositoryRoot.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("glint") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `process` to its exit (calling `started` once it runs) with its standard output and error in temporary
    /// files, and returns their bytes. Files, not pipes: a process another test starts meanwhile
    /// (a database server) may inherit a pipe's write end and hold off its end of file for as long as it lives, which
    /// blocked a test and, with it, a thread of the test pool.
    public static func capturingOutput(of process: Process, started: () throws -> Void = {}) throws -> (Data, Data) {
        let name = UUID().uuidString
        let files = ["out", "err"].map { FileManager.default.temporaryDirectory.appendingPathComponent("glint-run-\(name).\($0)") }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        for file in files { FileManager.default.createFile(atPath: file.path, contents: nil) }
        let out = try FileHandle(forWritingTo: files[0]), err = try FileHandle(forWritingTo: files[1])
        process.standardOutput = out
        process.standardError = err
        try process.run()
        try? out.close()
        try? err.close()
        try started()
        process.waitUntilExit()
        return (try Data(contentsOf: files[0]), try Data(contentsOf: files[1]))
    }

    /// How a run of `glint` ended: its exit status, its standard output and its standard error.
    public struct Run {
        public let status: Int32
        public let stdout: Data
        public let stderr: String

        public init(status: Int32, stdout: Data, stderr: String) {
            (self.status, self.stdout, self.stderr) = (status, stdout, stderr)
        }
    }

    /// Runs the `glint` binary with `args` (or, with `shell`, `/bin/sh` with `args`, for redirections the test needs).
    public static func run(_ args: [String], environment: [String: String] = [:], stdin: String? = nil, in directory: URL,
                           shell: Bool = false) throws -> Run {
        let process = Process()
        guard let binary else {
            throw GlintError.noInput("the glint binary is built with the tests, but was not found next to them")
        }
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : binary
        process.arguments = args
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let input = Pipe()
        process.standardInput = input
        let (stdout, stderr) = try capturingOutput(of: process) {
            if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
            try input.fileHandleForWriting.close()
        }
        return Run(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A new empty folder under the temporary directory for one run's files; the caller removes it.
    public static func scratchFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The names of the files in `dir`, sorted: what a run left behind.
    public static func files(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }
}
