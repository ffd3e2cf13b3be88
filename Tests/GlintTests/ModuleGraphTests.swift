import Foundation
import GlintRenderTestSupport
import Testing

/// The module graph as SwiftPM describes it (`swift package describe --type json`), and the imports of each
/// target's sources: the chart's layers point one way, painters see the scene and not the chart, the database
/// drivers build on the data layers alone, never on GL, EGL or text, directly or through another target.
@Suite struct ModuleGraphTests {
    /// The package description's graph, read once for every test (each `swift package describe` takes seconds, and
    /// two at once would share a scratch folder).
    static let described = Result { try describe() }

    /// Each target's direct dependencies.
    static let graph = Result { try described.get().dependencies }

    /// Each target's folder, relative to the package root.
    static let paths = Result { try described.get().paths }

    /// Each target's direct dependencies and folder, read from the package description.
    static func describe() throws -> (dependencies: [String: [String]], paths: [String: String]) {
        let root = repositoryRoot
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
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
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
        var graph: [String: [String]] = [:], paths: [String: String] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            graph[name] = target["target_dependencies"] as? [String] ?? []
            paths[name] = target["path"] as? String
        }
        return (graph, paths)
    }

    /// The Glint modules the Swift files under a target's folder import (`import GlintX`, `@testable` or
    /// `@_exported` ones too), each with a file that imports it.
    static func imports(of target: String) throws -> [String: String] {
        let root = repositoryRoot
        let folder = root.appendingPathComponent(try #require(try paths.get()[target], "no folder for \(target)"))
        var found: [String: String] = [:]
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                if words.count == 2, words[0] == "import", words[1].hasPrefix("Glint") {
                    found[String(words[1])] = file.lastPathComponent
                }
            }
        }
        return found
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
        let root = repositoryRoot
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

    /// The chart's layers, lowest first: each depends on, and its sources import, only the layers below it.
    static let layers = ["GlintScales", "GlintTable", "GlintScene", "GlintModel", "GlintLayout", "GlintCore"]

    @Test func theChartsLayersPointOneWay() throws {
        let graph = try Self.graph.get()
        for (level, layer) in Self.layers.enumerated() {
            let below = Set(Self.layers[..<level]), above = Set(Self.layers[(level + 1)...])
            let reached = Self.closure(of: layer, in: graph)
            #expect(reached.isDisjoint(with: above), "\(layer) depends on \(reached.intersection(above).sorted())")
            #expect(Set(graph[layer] ?? []) == below, "\(layer) should depend on \(below.sorted()) directly")
            for (module, file) in try Self.imports(of: layer) where !below.contains(module) {
                Issue.record("\(layer)'s \(file) imports \(module), which is not below it")
            }
        }
    }

    /// A painter draws a scene: it reaches the scene and the layers below, never the chart's model, marks or layout.
    @Test func paintersSeeTheSceneNotTheChart() throws {
        let graph = try Self.graph.get()
        for painter in ["GlintText", "GlintPaint", "GlintRaster", "GlintGL", "GlintCompute"] {
            let reached = Self.closure(of: painter, in: graph)
            #expect(reached.contains("GlintScene") && reached.isDisjoint(with: ["GlintModel", "GlintLayout", "GlintCore"]),
                    "\(painter) reaches \(reached.sorted())")
        }
    }

    /// Every Glint module a target's sources import is one it depends on, directly or through others: a module
    /// left out of Package.swift would build only while another target happened to build it first.
    @Test func everyImportIsADependency() throws {
        let graph = try Self.graph.get()
        for target in graph.keys.sorted() where target.hasPrefix("Glint") || target == "glint" || target == "bench" {
            let reached = Self.closure(of: target, in: graph)
            for (module, file) in try Self.imports(of: target) where module != target && !reached.contains(module) {
                Issue.record("\(target)'s \(file) imports \(module), which is not among its dependencies")
            }
        }
    }
}
