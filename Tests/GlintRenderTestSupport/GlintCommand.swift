import Foundation

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
}
