import Foundation

/// The configuration this benchmark binary was compiled in, and the hand-over from a debug build to the
/// release build: `swift run bench` builds the debug configuration, whose figures are several times off
/// (unevenly, per phase), so a debug bench builds the release product and replaces itself with it.
enum BuildConfiguration {
    #if DEBUG
    /// `release` or `debug`: SwiftPM defines `DEBUG` in its debug configuration.
    static let name = "debug"
    /// The Swift optimisation level SwiftPM compiles the configuration with, for this benchmark and the
    /// library it measures alike.
    static let optimisation = "-Onone"
    #else
    static let name = "release"
    static let optimisation = "-O"
    #endif

    /// Whether the code was compiled with optimisation.
    static var isOptimised: Bool { name == "release" }

    /// The words the table's first line and the JSON use: `release (-O)`.
    static var summary: String { "\(name) (\(optimisation))" }

    /// Set in the release process a debug bench started, so that it never hands over twice.
    static let handedOverVariable = "GLINT_BENCH_FROM_DEBUG"

    /// In a debug build: builds the release `bench` product of this package and replaces this process with
    /// it, passing the same arguments. Returns only when there is nothing to do (an optimised build);
    /// throws when the release build cannot be made or run, so no debug figures are ever printed.
    static func runOptimisedIfNeeded(arguments: [String]) throws {
        guard !isOptimised else { return }
        guard ProcessInfo.processInfo.environment[handedOverVariable] == nil else {
            throw BenchError("the release build it started is itself unoptimised; run `swift run -c release bench`")
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        print("bench: this is a debug build; building the release product (swift build -c release --product bench) "
              + "and running it instead")
        fflush(stdout)
        try swift(["build", "-c", "release", "--product", "bench", "--package-path", package])
        let binary = try swift(["build", "-c", "release", "--show-bin-path", "--package-path", package], capture: true)
            .trimmingCharacters(in: .whitespacesAndNewlines) + "/bench"
        setenv(handedOverVariable, "1", 1)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        execv(binary, argv)
        throw BenchError("could not start \(binary): \(String(cString: strerror(errno)))")
    }

    /// Runs `swift` with `arguments` (build output goes to stderr, keeping stdout for the table).
    @discardableResult
    private static func swift(_ arguments: [String], capture: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        let pipe = Pipe()
        process.standardOutput = capture ? pipe : FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw BenchError("cannot run swift to build the release benchmark: \(error.localizedDescription)")
        }
        let output = capture ? String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("`swift \(arguments.joined(separator: " "))` failed (exit \(process.terminationStatus)); "
                             + "debug figures are not printed")
        }
        return output
    }
}

/// A reason the benchmark stops.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
