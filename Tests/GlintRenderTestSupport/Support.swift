import Foundation
import Glint
import GlintCore
import GlintGL
import GlintRaster
import GlintText
import Testing

/// One renderer (one EGL context) for the whole test run, as a server would keep it.
public enum Shared {
    public static let renderer: Result<Renderer, Error> = Result { try Renderer(options: Renderer.Options(backend: .gl)) }
    public static let cpuRenderer: Result<Renderer, Error> = Result { try Renderer(options: Renderer.Options(backend: .cpu)) }
    public static let computeRenderer: Result<Renderer, Error> = Result { try Renderer(options: Renderer.Options(backend: .compute)) }

    /// The shared renderer of a backend.
    public static func renderer(_ backend: Backend) throws -> Renderer {
        switch backend {
        case .cpu: try cpuRenderer.get()
        case .compute: try computeRenderer.get()
        default: try renderer.get()
        }
    }
    public static let text: Result<TextEngine, Error> = Result { try TextEngine(family: "sans-serif") }

    /// A GL painter with its own context, for scenes painted directly (`paint(_:on:)`), and the lock that keeps
    /// parallel tests from painting with it at once.
    private static let glPainter: Result<HeadlessGLPainter, Error> = Result {
        try HeadlessGLPainter(egl: try HeadlessEGL(), msaaSamples: 0, shaderDirectory: nil, threads: 2)
    }
    private static let glLock = NSLock()

    /// `scene`'s premultiplied RGBA8 pixels, top row first, from the painter of `backend` (`.cpu` or `.gl`), its
    /// glyphs from `text`.
    public static func paint(_ scene: Scene, on backend: Backend) throws -> [UInt8] {
        var pixels: [UInt8] = [], phases = PaintPhases()
        if backend == .cpu {
            CPUPainter(threads: 2).paint(scene, text: try text.get(), into: &pixels, phases: &phases)
        } else {
            glLock.lock()
            defer { glLock.unlock() }
            try glPainter.get().paint(scene, text: try text.get(), into: &pixels, phases: &phases)
        }
        return pixels
    }

    /// The layout the renderer draws `chart` on (after styling, visibility, aggregation and stacking), measured
    /// with the same font.
    public static func layout(_ chart: Chart) throws -> ChartLayout {
        try SceneBuilder.laidOut(chart, measurer: try text.get(), threads: 2).layout
    }

    /// The text runs of `chart`'s scene, in drawing order.
    public static func textRuns(_ chart: Chart) throws -> [TextShape] {
        try SceneBuilder.build(chart, measurer: try text.get(), threads: 2).commands.flatMap { command -> [TextShape] in
            if case let .text(runs) = command.shape { return runs }
            return []
        }
    }
}

/// Writes images a test compared to the folder `GLINT_TEST_IMAGES` names, as NAME-LABEL.png, when it is set: how
/// a run on another machine (bench/gpu-check on a GPU) brings back what the painters drew there. Nothing otherwise.
public func keepImages(_ name: String, _ images: [(label: String, image: Image)]) throws {
    guard let dir = ProcessInfo.processInfo.environment["GLINT_TEST_IMAGES"] else { return }
    let file = name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
    for (label, image) in images { try image.writePNG(to: "\(dir)/\(String(file))-\(label).png") }
}

/// The painters tests check: both, or only the CPU painter with `GLINT_TEST_PAINTERS=cpu` (for a machine without
/// an EGL display: `GLINT_TEST_PAINTERS=cpu swift test`).
public let painters: [Backend] = ProcessInfo.processInfo.environment["GLINT_TEST_PAINTERS"] == "cpu" ? [.cpu] : [.gl, .cpu]

/// The trait of tests that need the GL painter (an EGL display): they are reported as skipped, with this reason,
/// when `GLINT_TEST_PAINTERS=cpu` leaves GL out.
public let needsGL = ConditionTrait.enabled(if: painters.contains(.gl), "needs an EGL display; GLINT_TEST_PAINTERS=cpu leaves it out")

/// A straight-alpha RGB colour as the 0...255 bytes a probe compares against.
public struct RGB: Equatable, CustomStringConvertible {
    public let r: Int, g: Int, b: Int

    public init(_ r: Int, _ g: Int, _ b: Int) {
        (self.r, self.g, self.b) = (r, g, b)
    }

    /// An opaque colour's bytes.
    public init(_ c: Color) {
        self.init(Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
    }

    /// The pixel of an opaque image at (x, y).
    public init(_ image: Image, _ x: Int, _ y: Int) {
        let p = image.pixel(x: x, y: y)
        self.init(Int(p.r), Int(p.g), Int(p.b))
    }

    /// Whether every channel is within `tolerance` of `other`.
    public func near(_ other: RGB, _ tolerance: Int = 2) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
    }

    public var description: String { "(\(r), \(g), \(b))" }

    public static let white = RGB(255, 255, 255)
}

/// A chart with nothing but data: no title, no grid, no legend, fixed ranges 0...10 on both axes.
public func bareChart(_ series: [Series], width: Int = 300, height: Int = 200) -> Chart {
    Chart(width: width, height: height, x: Axis(range: 0...10, grid: false), y: Axis(range: 0...10, grid: false),
          series: series, legend: Legend(visible: false))
}

/// The repository's `Tests/` folder (goldens, references, sweep specs, each test target's folder).
public let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

/// The repository's root folder.
public let repositoryRoot = testsFolder.deletingLastPathComponent()

/// A chart from spec text (CSV paths relative to `/`).
public func decodeSpec(_ json: String) throws -> Chart {
    try ChartSpec.decode(Array(json.utf8), relativeTo: "/")
}

/// The error a spec is refused with, or "" when it decodes.
public func specError(_ json: String) -> String {
    do {
        _ = try decodeSpec(json)
        return ""
    } catch {
        return "\(error)"
    }
}

/// Programs outside Swift that tests use as judges (xmllint, rsvg-convert, numpy), and scratch folders for them.
public enum ExternalTool {
    /// Runs `tool` with `arguments`; its status and everything it printed.
    public static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("glint-tool-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// The first Python with numpy: the one on PATH, or Debian's (apt python3-numpy) when that one has none; a
    /// failed requirement when neither has it.
    public static func pythonWithNumpy() throws -> String {
        try #require(["python3", "/usr/bin/python3"].first { (try? run($0, ["-c", "import numpy"]).status) == 0 },
                     "numpy is needed as the judge (apt-get install python3-numpy)")
    }

    /// A fresh folder, removed by `body`'s end.
    public static func inScratch<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glint-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }
}
