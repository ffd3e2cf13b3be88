import Foundation
import Testing

/// The module graph as SwiftPM describes it (`swift package describe --type json`): the database drivers build on
/// the data layers alone, never on GL, EGL or text, directly or through another target.
@Suite struct ModuleGraphTests {
    /// The package description's graph, read once for every test (each `swift package describe` takes seconds, and
    /// two at once would share a scratch folder).
    static let graph = Result { try dependencies() }

    /// Each target's direct dependencies, read from the package description.
    static func dependencies() throws -> [String: [String]] {
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glint-describe-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Its own scratch folder: the running `swift test` holds the lock on `.build`.
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path,
                             "describe", "--type", "json"]
        // Into a file, not a pipe: a process another test starts meanwhile could inherit a pipe's write end and
        // hold off its end of file for as long as it lives.
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent("describe.json")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let output = try FileHandle(forWritingTo: file)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package describe failed")
        let data = try Data(contentsOf: file)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        var graph: [String: [String]] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            graph[name] = target["target_dependencies"] as? [String] ?? []
        }
        return graph
    }

    /// Every target `name` depends on, directly or through others.
    static func closure(of name: String, in graph: [String: [String]]) -> Set<String> {
        var seen: Set<String> = [], pending = graph[name] ?? []
        while let next = pending.popLast() {
            if seen.insert(next).inserted { pending += graph[next] ?? [] }
        }
        return seen
    }

    @Test func databaseDriversDependOnNoGLEGLOrText() throws {
        let graph = try Self.graph.get()
        let drawing: Set = ["Glint", "GlintGL", "GlintRaster", "GlintText", "CEGL", "CGLES3", "CFreeType", "CFontconfig",
                            "CHarfBuzz", "CFriBidi", "GlintShaders"]
        for driver in ["GlintSQLite", "GlintPostgres", "GlintClickHouse"] {
            let reached = Self.closure(of: driver, in: graph)
            #expect(reached.contains("GlintDatabase"), "\(driver) should build on GlintDatabase: \(reached.sorted())")
            #expect(reached.isDisjoint(with: drawing), "\(driver) reaches \(reached.intersection(drawing).sorted())")
        }
        // The closure itself is sound: the facade does reach GL.
        #expect(Self.closure(of: "Glint", in: graph).contains("CEGL"))
    }

    /// docs/ARCHITECTURE.md's table of targets names every target of the package, and names none that is gone.
    @Test func theArchitectureTableNamesEveryTarget() throws {
        let graph = try Self.graph.get()
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        // The first cell of each row of the table whose header is "| target |": its `names`.
        let rows = text.components(separatedBy: "| target |").dropFirst().first?.split(separator: "\n").dropFirst(2)
            .prefix { $0.hasPrefix("|") } ?? []
        func quoted(_ text: Substring) -> [String] {
            text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        // Names of targets (paths, with a "/", are folders that are no target), and the test targets, which the
        // `Tests/` row lists in its description.
        var named: Set<String> = [], tests: Set<String> = []
        for row in rows {
            let first = row.split(separator: "|").first ?? ""
            named.formUnion(quoted(first).filter { !$0.contains("/") })
            if first.contains("`Tests/`") { tests.formUnion(quoted(row)) }
        }
        let targets = Set(graph.keys)
        let missing = targets.subtracting(named).subtracting(tests)
        #expect(missing.isEmpty, "targets the table leaves out: \(missing.sorted())")
        let notTargets = named.subtracting(targets)
        #expect(notTargets.isEmpty, "names in the table that are no target: \(notTargets.sorted())")
    }

    @Test func onlyVectorOutputLinksCairo() throws {
        let graph = try Self.graph.get()
        #expect(!Self.closure(of: "Glint", in: graph).contains("CCairo"), "an app that writes PNG links no cairo")
        // The server chooses formats through `Renderer.output` and writes vectors with the writer it is handed: an
        // app that embeds it and writes PNG only links no cairo either.
        #expect(!Self.closure(of: "GlintServer", in: graph).contains("CCairo"), "\(Self.closure(of: "GlintServer", in: graph).sorted())")
        #expect(Self.closure(of: "GlintVector", in: graph).contains("CCairo"))
    }
}
