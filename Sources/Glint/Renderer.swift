import Foundation
import GlintCore
import GlintGL
import GlintRaster
import GlintText

/// Renders charts to images. Create one and reuse it: the EGL context, compiled shaders, glyph
/// atlas and framebuffers are made once and kept for every chart it renders. Thread-safe: calls
/// from several threads are serialised on one context.
public final class Renderer: @unchecked Sendable {
    /// Options chosen when a renderer is created.
    public struct Options: Sendable {
        /// The painter to use.
        public var backend: Backend
        /// MSAA samples of the GL colour target (capped by the driver); 0 for single-sampled, the default:
        /// every primitive computes its own analytic coverage, so MSAA adds time, not quality (and on
        /// llvmpipe it bleeds half-covered pixels one row past a scissor rectangle).
        public var msaaSamples: Int
        /// Threads of the CPU painter.
        public var cpuThreads: Int
        /// Environment read for `GLINT_EGL_PLATFORM` and `GLINT_EGL_DEVICE`.
        public var environment: [String: String]

        /// Options from the environment: backend from `GLINT_BACKEND` (default auto), MSAA samples from
        /// `GLINT_MSAA` (default 0), CPU threads from `GLINT_THREADS` (default: every core).
        public init(backend: Backend? = nil, msaaSamples: Int? = nil, cpuThreads: Int? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment) {
            self.backend = backend ?? environment["GLINT_BACKEND"].flatMap(Backend.init(rawValue:)) ?? .auto
            self.msaaSamples = msaaSamples ?? environment["GLINT_MSAA"].flatMap { Int($0) } ?? 0
            self.cpuThreads = cpuThreads ?? environment["GLINT_THREADS"].flatMap { Int($0) } ?? System.coreCount
            self.environment = environment
        }
    }

    /// What the renderer runs on and, under `auto`, why.
    public let diagnostics: BackendDiagnostics

    private let gl: (egl: HeadlessEGL, painter: GLPainter)?
    private let cpu: CPUPainter
    private let allowsFallback: Bool
    private var engines: [String: TextEngine] = [:]
    private let lock = NSLock()

    /// Opens the backend. Throws `GlintError.backendUnavailable` when a forced backend cannot run here.
    public init(options: Options = Options()) throws {
        try Renderer.checkEnvironment(options.environment)
        cpu = CPUPainter(threads: options.cpuThreads)
        allowsFallback = options.backend == .auto
        guard options.backend != .cpu else {
            gl = nil
            diagnostics = BackendDiagnostics(backend: "cpu", reason: "the CPU painter was asked for", egl: nil, gl: nil,
                                             attempts: [], cpuThreads: cpu.threads)
            return
        }
        do {
            let egl = try HeadlessEGL(environment: options.environment)
            try egl.makeCurrent()
            defer { egl.releaseCurrent() }
            let painter = try GLPainter(msaaSamples: options.msaaSamples)
            gl = (egl, painter)
            diagnostics = BackendDiagnostics(backend: "gl", reason: nil, egl: egl.summary, gl: painter.info,
                                             attempts: egl.attempts, cpuThreads: cpu.threads)
        } catch let error as GLError {
            guard allowsFallback else { throw GlintError.backendUnavailable("OpenGL ES is unavailable: \(error)") }
            gl = nil
            var attempts: [EGLAttempt] = []
            if case let .noDisplay(tried) = error { attempts = tried }
            diagnostics = BackendDiagnostics(backend: "cpu", reason: "OpenGL ES is unavailable: \(error)", egl: nil, gl: nil,
                                             attempts: attempts, cpuThreads: cpu.threads)
        }
    }

    deinit {
        // The painter's GL objects are deleted after this body runs: give them the context.
        try? gl?.egl.makeCurrent()
    }

    /// Lays out and paints `chart`. Throws `GlintError.badData` for an invalid chart.
    public func render(_ chart: Chart) throws -> Image {
        try renderTimed(chart).image
    }

    /// Renders like `render(_:)` and also reports where the time went.
    public func renderTimed(_ chart: Chart) throws -> (image: Image, timings: RenderTimings) {
        lock.lock()
        defer { lock.unlock() }
        // Refuse sizes no painter could hold before any layout work or memory is spent on them.
        try Renderer.checkSize(chart.pixelSize, maxSide: diagnostics.gl?.maxRenderbufferSize)
        let engine = try textEngine(chart.theme.fontFamily)
        let start = PaintPhases.now()
        let scene: Scene
        do {
            scene = try SceneBuilder.build(chart, measurer: engine)
        } catch let error as ChartError {
            throw GlintError.badData(error.description)
        }
        let prepare = PaintPhases.since(start)
        var phases = PaintPhases()
        var backend = diagnostics.backend
        var notice = allowsFallback ? diagnostics.reason.map { "rendered on the CPU: \($0)" } : nil
        var pixels: [UInt8]
        if let gl {
            do {
                try gl.egl.makeCurrent()
                defer { gl.egl.releaseCurrent() }
                pixels = try gl.painter.paint(scene, text: engine, phases: &phases)
            } catch let error as GLError {
                guard allowsFallback else { throw GlintError.internalFailure("GL painter failed: \(error)") }
                phases = PaintPhases()
                pixels = cpu.paint(scene, text: engine, phases: &phases)
                backend = "cpu"
                notice = "rendered on the CPU: the GL painter failed: \(error)"
            }
        } else {
            pixels = cpu.paint(scene, text: engine, phases: &phases)
        }
        let timings = RenderTimings(prepare: prepare, paint: phases)
        return (Image(width: scene.width, height: scene.height, pixels: pixels, backend: backend, notice: notice), timings)
    }

    /// A misspelt setting must not pass silently: every GLINT_ variable set must hold a value it accepts.
    static func checkEnvironment(_ environment: [String: String]) throws {
        func check(_ name: String, _ valid: String, _ accepts: (String) -> Bool) throws {
            guard let raw = environment[name], !raw.isEmpty, !accepts(raw) else { return }
            throw GlintError.usage("\(name)=\(raw) is not valid: expected \(valid)")
        }
        let count = { (raw: String) in Int(raw).map { $0 >= 0 } ?? false }
        try check("GLINT_BACKEND", "one of auto, gl, cpu") { Backend(rawValue: $0) != nil }
        try check("GLINT_EGL_PLATFORM", "one of device, gbm, surfaceless") { EGLPlatform(rawValue: $0) != nil }
        try check("GLINT_EGL_DEVICE", "a device index (0, 1, ...)", count)
        try check("GLINT_MSAA", "a sample count (0, 2, 4, ...)", count)
        try check("GLINT_THREADS", "a thread count (1, 2, ...)") { Int($0).map { $0 >= 1 } ?? false }
    }

    /// Largest image side either painter accepts, in pixels (GL may allow less: `GL_MAX_RENDERBUFFER_SIZE`).
    public static let maxImageSide = 32768
    /// Largest image either painter accepts, in pixels (1 GiB of RGBA8).
    public static let maxImagePixels = 1 << 28

    /// Refuses images that no painter could hold, before any memory is asked for. Sizes of zero or less
    /// pass here: chart validation names them.
    static func checkSize(_ size: (width: Int, height: Int), maxSide glLimit: Int?) throws {
        let side = min(glLimit ?? maxImageSide, maxImageSide)
        let (w, h) = size
        guard w <= side, h <= side else {
            throw GlintError.badData("image size \(w)x\(h) is over the limit of \(side) pixels per side"
                                     + (glLimit.map { $0 <= maxImageSide ? " (GL_MAX_RENDERBUFFER_SIZE \($0))" : "" } ?? ""))
        }
        guard w * h <= maxImagePixels else {
            throw GlintError.badData("image size \(w)x\(h) is over the limit of \(maxImagePixels / 1_048_576) megapixels")
        }
    }

    /// The engine for a font family, created on first use.
    private func textEngine(_ family: String) throws -> TextEngine {
        if let engine = engines[family] { return engine }
        do {
            let engine = try TextEngine(family: family)
            engines[family] = engine
            return engine
        } catch let error as TextError {
            throw GlintError.internalFailure(error.description)
        }
    }
}
