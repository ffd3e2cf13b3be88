import Foundation
import GlintCore
import GlintGL
import GlintText

/// Renders charts to images. Create one and reuse it: the EGL context, compiled shaders, glyph
/// atlas and framebuffers are made once and kept for every chart it renders. Thread-safe: calls
/// from several threads are serialised on one context.
public final class Renderer: @unchecked Sendable {
    /// Options chosen when a renderer is created.
    public struct Options: Sendable {
        /// The painter to use.
        public var backend: Backend
        /// MSAA samples of the GL colour target (capped by the driver); 0 for single-sampled.
        public var msaaSamples: Int
        /// Environment read for `GLINT_EGL_PLATFORM` and `GLINT_EGL_DEVICE`.
        public var environment: [String: String]

        /// Options with the backend taken from `GLINT_BACKEND` (default auto) and 4x MSAA
        /// (`GLINT_MSAA=N` overrides).
        public init(backend: Backend? = nil, msaaSamples: Int? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment) {
            self.backend = backend ?? environment["GLINT_BACKEND"].flatMap(Backend.init(rawValue:)) ?? .auto
            self.msaaSamples = msaaSamples ?? environment["GLINT_MSAA"].flatMap { Int($0) } ?? 4
            self.environment = environment
        }
    }

    /// What the renderer runs on.
    public let diagnostics: BackendDiagnostics

    private let egl: HeadlessEGL
    private let painter: GLPainter
    private var engines: [String: TextEngine] = [:]
    private let lock = NSLock()

    /// Opens the backend. Throws `GlintError.backendUnavailable` when it cannot run here.
    public init(options: Options = Options()) throws {
        if options.backend == .cpu {
            throw GlintError.backendUnavailable("the CPU painter is not available yet; use --backend gl or auto")
        }
        if let raw = options.environment["GLINT_BACKEND"], !raw.isEmpty, Backend(rawValue: raw) == nil {
            throw GlintError.usage("GLINT_BACKEND=\(raw) is not one of: auto, gl, cpu")
        }
        do {
            let egl = try HeadlessEGL(environment: options.environment)
            try egl.makeCurrent()
            defer { egl.releaseCurrent() }
            painter = try GLPainter(msaaSamples: options.msaaSamples)
            self.egl = egl
        } catch let error as GLError {
            throw GlintError.backendUnavailable("OpenGL ES is unavailable: \(error)")
        }
        diagnostics = BackendDiagnostics(backend: "gl", platform: egl.platform.rawValue, attempts: egl.attempts,
                                         eglVendor: egl.vendor, eglVersion: egl.version, device: egl.deviceName,
                                         gl: painter.info)
    }

    deinit {
        // The painter's GL objects are deleted after this body runs: give them the context.
        try? egl.makeCurrent()
    }

    /// Lays out and paints `chart`. Throws `GlintError.badData` for an invalid chart.
    public func render(_ chart: Chart) throws -> Image {
        try renderTimed(chart).image
    }

    /// Renders like `render(_:)` and also reports where the time went.
    public func renderTimed(_ chart: Chart) throws -> (image: Image, timings: RenderTimings) {
        lock.lock()
        defer { lock.unlock() }
        let engine = try textEngine(chart.theme.fontFamily)
        let start = DispatchTime.now()
        let scene: Scene
        do {
            scene = try SceneBuilder.build(chart, measurer: engine)
        } catch let error as ChartError {
            throw GlintError.badData(error.description)
        }
        let limit = painter.info.maxRenderbufferSize
        guard scene.width <= limit, scene.height <= limit else {
            throw GlintError.badData("image size \(scene.width)x\(scene.height) is over the GL limit of \(limit) pixels per side")
        }
        do {
            try egl.makeCurrent()
            defer { egl.releaseCurrent() }
            let laidOut = DispatchTime.now()
            let pixels = try painter.paint(scene, text: engine)
            let painted = DispatchTime.now()
            let timings = RenderTimings(layout: RenderTimings.seconds(start, laidOut), paint: RenderTimings.seconds(laidOut, painted))
            return (Image(width: scene.width, height: scene.height, pixels: pixels, backend: "gl"), timings)
        } catch let error as GLError {
            throw GlintError.internalFailure("GL painter failed: \(error)")
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
