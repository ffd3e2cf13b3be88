import Foundation
import GlintCore
import GlintDatabase
import GlintGL
import GlintRaster
import GlintText

/// Renders charts to images. Create one and reuse it: the EGL context, compiled shaders, glyph atlas and
/// framebuffers are made once and kept for every chart it renders.
///
/// Thread safety: any thread may call `render`, but one renderer renders one chart at a time (its calls are
/// serialised on its one context and painter). To render in parallel, give each thread its own renderer, or
/// share a `RendererPool`, which hands each render a free renderer.
///
/// Under `auto` the renderer picks the painter that is fastest here: the GL painter on a GPU; the CPU painter
/// when OpenGL ES only runs in software (Mesa's llvmpipe, softpipe, swrast), since it computes the same pixels
/// with less overhead; the CPU painter, with a notice, when GL is unavailable or fails, or for an image larger
/// than the GPU's `GL_MAX_RENDERBUFFER_SIZE`.
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
        /// A folder whose shader files replace the embedded ones (for editing shaders live); nil for the
        /// embedded sources.
        public var shaderDirectory: String?
        /// Under `auto`, whether a software OpenGL ES driver (llvmpipe, ...) may be used. Default false: the
        /// CPU painter draws the same pixels in less time and memory; `backend: .gl` always uses GL.
        public var softwareGL: Bool
        /// The only EGL platform to try; nil tries device, GBM and surfaceless in turn.
        public var eglPlatform: EGLPlatform?
        /// The EGL device to use on the device platform, even a software one; nil picks a hardware device.
        public var eglDevice: Int?
        /// A `GLINT_` variable of the environment the options were read from that holds a value it does not
        /// accept; `Renderer.init` throws it.
        var environmentProblem: GlintError?

        /// Options as given, whatever the environment holds: an app that links Glint is never reconfigured by a
        /// variable it did not ask for (use `fromEnvironment` for that). Defaults: auto, no MSAA, every core this
        /// process may use, the embedded shaders, every EGL platform in turn.
        public init(backend: Backend = .auto, msaaSamples: Int = 0, cpuThreads: Int = System.coreCount, softwareGL: Bool = false,
                    shaderDirectory: String? = nil, eglPlatform: EGLPlatform? = nil, eglDevice: Int? = nil) {
            (self.backend, self.msaaSamples, self.cpuThreads, self.softwareGL) = (backend, msaaSamples, cpuThreads, softwareGL)
            (self.shaderDirectory, self.eglPlatform, self.eglDevice) = (shaderDirectory, eglPlatform, eglDevice)
            environmentProblem = nil
        }

        /// Options whose unset parts come from `environment` (the process's by default), read once, as the CLI,
        /// the render server and the C API do: backend from `GLINT_BACKEND` (default auto), MSAA samples from
        /// `GLINT_MSAA` (default 0), CPU threads from `GLINT_THREADS` (default: every core this process may use),
        /// the shader folder from `GLINT_SHADER_DIR` (default: the embedded shaders), the EGL platform and device
        /// from `GLINT_EGL_PLATFORM` and `GLINT_EGL_DEVICE`. A value a variable does not accept makes
        /// `Renderer.init` throw `GlintError.usage`.
        public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                           backend: Backend? = nil, msaaSamples: Int? = nil, cpuThreads: Int? = nil,
                                           softwareGL: Bool = false) -> Options {
            let settings = EnvironmentSettings(environment)
            var options = Options(backend: backend ?? settings.backend ?? .auto, msaaSamples: msaaSamples ?? settings.msaaSamples ?? 0,
                                  cpuThreads: cpuThreads ?? settings.threads ?? System.coreCount, softwareGL: softwareGL,
                                  shaderDirectory: settings.shaderDirectory, eglPlatform: settings.eglPlatform,
                                  eglDevice: settings.eglDevice)
            options.environmentProblem = settings.problem
            return options
        }
    }

    /// What the renderer runs on and, under `auto`, why.
    public let diagnostics: BackendDiagnostics

    private let gl: (egl: HeadlessEGL, painter: GLPainter)?
    private let cpu: CPUPainter
    private let allowsFallback: Bool
    /// Said on every image under `auto` when GL was wanted but could not start.
    private let fallbackNotice: String?
    /// Font families asked for and what they resolve to; engines by font file, shared by every family that
    /// resolves to it. Both are bounded, so 10^4 distinct font names neither grow memory nor reload fonts.
    private var fonts = BoundedCache<String, FontMatch>(capacity: 256)
    private var engines = BoundedCache<String, TextEngine>(capacity: 8)
    private let lock = NSLock()

    /// Opens the backend. Throws `GlintError.backendUnavailable` when a forced backend cannot run here,
    /// `GlintError.usage` for a `GLINT_` variable with a value it does not accept.
    public init(options: Options = Options()) throws {
        if let problem = options.environmentProblem { throw problem }
        let cpu = CPUPainter(threads: options.cpuThreads)
        self.cpu = cpu
        allowsFallback = options.backend == .auto
        let font = Renderer.defaultFont()
        func onCPU(_ reason: String, egl: EGLSummary? = nil, gl: GLInfo? = nil, attempts: [EGLAttempt] = []) -> BackendDiagnostics {
            BackendDiagnostics(backend: .cpu, reason: reason, egl: egl, gl: gl, attempts: attempts,
                               cpuThreads: cpu.threads, font: font)
        }
        guard options.backend != .cpu else {
            (gl, fallbackNotice) = (nil, nil)
            diagnostics = onCPU("the CPU painter was asked for")
            return
        }
        let avoidsSoftwareGL = allowsFallback && !options.softwareGL
        do {
            let egl = try HeadlessEGL(platform: options.eglPlatform, device: options.eglDevice, softwareAllowed: !avoidsSoftwareGL)
            try egl.makeCurrent()
            defer { egl.releaseCurrent() }
            let driver = GLInfo.current(requestedSamples: options.msaaSamples)
            if avoidsSoftwareGL && driver.isSoftware {
                (gl, fallbackNotice) = (nil, nil)
                diagnostics = onCPU("auto prefers it to software OpenGL ES (\(driver.renderer)): same pixels, less time; "
                                    + "--backend gl uses GL", egl: egl.summary, gl: driver, attempts: egl.attempts)
                return
            }
            let painter = try GLPainter(msaaSamples: options.msaaSamples, shaderDirectory: options.shaderDirectory)
            gl = (egl, painter)
            fallbackNotice = nil
            diagnostics = BackendDiagnostics(backend: .gl, reason: nil, egl: egl.summary, gl: painter.info,
                                             attempts: egl.attempts, cpuThreads: cpu.threads, font: font)
        } catch let error as GLError {
            guard allowsFallback else { throw GlintError.backendUnavailable("OpenGL ES is unavailable: \(error)") }
            gl = nil
            var attempts: [EGLAttempt] = []
            if case let .noDisplay(tried) = error { attempts = tried }
            if avoidsSoftwareGL && !GPUPresence.isLikely {
                // No GPU: the CPU painter is auto's choice whether or not a software GL could have started.
                fallbackNotice = nil
                diagnostics = onCPU("no GPU found; auto uses the CPU painter, which draws the same pixels as "
                                    + "software OpenGL ES in less time", attempts: attempts)
            } else {
                fallbackNotice = "rendered on the CPU: OpenGL ES is unavailable: \(error.summary) ('glint info' says why)"
                diagnostics = onCPU("OpenGL ES is unavailable: \(error)", attempts: attempts)
            }
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

    /// The scene of `chart` and the text engine that measured it (for painting it elsewhere: `HostGLRenderer`).
    func scene(_ chart: Chart) throws -> (Scene, TextEngine) {
        try Renderer.checkSize(chart.pixelSize, maxSide: nil)
        let chart = try readingSources(chart).chart
        return try measuring(chart) { _, engine in
            engine.beginRender()
            return (try SceneBuilder.build(chart, measurer: engine), engine)
        }
    }

    /// The layout `render(chart)` uses: plot rectangle, axes and their domains (in decades on a log axis). Throws
    /// `GlintError.badData` for an invalid chart.
    public func layout(_ chart: Chart) throws -> ChartLayout {
        let chart = try readingSources(chart).chart
        return try measuring(chart) { _, engine in try SceneBuilder.layout(chart, measurer: engine) }
    }

    /// `chart` with the points of its database series (`Series.source`) read — long lines reduced by M4 inside
    /// the database to what the picture needs — and what each read cost. Rendering does this itself; call it to
    /// read once and draw several times. Throws `GlintError.sourceUnavailable` for a database that cannot be
    /// reached and `GlintError.badData` for a query its engine refuses, naming the series.
    public func readingSources(_ chart: Chart) throws -> (chart: Chart, reads: [SourceRead]) {
        let (resolved, reports) = try DatabaseReading.resolve(chart) { proxy in
            try measuring(proxy) { _, engine in try SceneBuilder.layout(proxy, measurer: engine) }
        }
        return (resolved, reports)
    }

    /// What lies under `pixel` (device pixels) of the image `render(chart)` gives: a legend entry, or the nearest
    /// raw data point within `tolerance` pixels (see `HitTesting`); nil for nothing. Throws `GlintError.badData`
    /// for an invalid chart, a pixel that is not finite or a tolerance outside 0…1000 pixels.
    public func hitTest(_ chart: Chart, at pixel: Point, tolerance: Double = 8) throws -> ChartHit? {
        guard pixel.x.isFinite, pixel.y.isFinite else {
            throw GlintError.badData("hit test: the pixel must be finite, found (\(pixel.x), \(pixel.y))")
        }
        guard (0...1000).contains(tolerance) else {
            throw GlintError.badData("hit test: the tolerance must be 0 to 1000 pixels, found \(tolerance)")
        }
        let chart = try readingSources(chart).chart
        return try measuring(chart) { _, engine in try HitTesting.hit(chart, at: pixel, tolerance: tolerance, measurer: engine) }
    }

    /// Runs `body` under the renderer's lock with the text engine of `chart`'s font family (and the font found for
    /// it); a `ChartError` (an invalid chart) becomes `GlintError.badData`.
    private func measuring<T>(_ chart: Chart, _ body: (FontMatch, TextEngine) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let (font, engine) = try textEngine(chart.theme.fontFamily)
        do {
            return try body(font, engine)
        } catch let error as ChartError {
            throw GlintError.badData(error.description)
        }
    }

    /// Renders like `render(_:)` and also reports where the time went.
    public func renderTimed(_ chart: Chart) throws -> (image: Image, timings: RenderTimings) {
        // Refuse sizes no painter could hold before any layout work or memory is spent on them.
        try Renderer.checkSize(chart.pixelSize, maxSide: allowsFallback ? nil : gl?.painter.info.maxRenderbufferSize)
        let chart = try readingSources(chart).chart
        return try measuring(chart) { font, engine in try render(chart, font: font, engine: engine) }
    }

    /// `renderTimed` under the lock, with the text engine of the chart's font.
    private func render(_ chart: Chart, font: FontMatch, engine: TextEngine) throws -> (image: Image, timings: RenderTimings) {
        var notices = font.isSubstitute ? ["font '\(font.requested)' is not installed; using \(font.family)"] : []
        engine.beginRender()
        let start = PaintPhases.now()
        let scene = try SceneBuilder.build(chart, measurer: engine)
        let prepare = PaintPhases.since(start)
        notices += scene.notices
        let text = scene.commands.flatMap { command -> [String] in
            if case let .text(runs) = command.shape { return runs.map(\.text) }
            return []
        }.joined(separator: " ")
        let uncovered = engine.uncoveredCharacters(text)
        if !uncovered.isEmpty {
            let shown = uncovered.prefix(8).map { "'\($0)' (U+\(String($0.value, radix: 16, uppercase: true)))" }
            notices.append("no installed font has \(shown.joined(separator: ", "))\(uncovered.count > 8 ? " and more" : ""); "
                           + "they are drawn as boxes (Debian: apt-get install fonts-noto-core)")
        }
        var painted = try paint(scene, text: engine)
        if engine.missedGlyphs > 0 {
            // The atlas filled up during this render: paint it again from an empty atlas, so no glyph is lost.
            engine.beginRender(emptying: true)
            painted = try paint(scene, text: engine)
            guard engine.missedGlyphs == 0 else {
                throw GlintError.badData("the chart's text needs more glyph space than one atlas holds (\(engine.atlas.width)"
                                         + "x\(engine.atlas.maxHeight) texels): use fewer distinct characters or smaller fonts")
            }
        }
        let image = Image(width: scene.width, height: scene.height, pixels: painted.pixels, backend: painted.backend,
                          notices: notices + painted.notices)
        return (image, RenderTimings(prepare: prepare, paint: painted.phases))
    }

    /// Paints `scene` on GL when it is there and can hold the size, else (or when GL fails under `auto`) on the
    /// CPU; says which, and why when it is not the renderer's own painter.
    private func paint(_ scene: Scene, text engine: TextEngine)
        throws -> (pixels: [UInt8], backend: Backend, notices: [String], phases: PaintPhases) {
        var phases = PaintPhases()
        var notices = fallbackNotice.map { [$0] } ?? []
        if let gl {
            let glLimit = gl.painter.info.maxRenderbufferSize
            if max(scene.width, scene.height) > glLimit {
                notices.append("rendered on the CPU: \(scene.width)x\(scene.height) is over the GPU's limit of "
                               + "\(glLimit) pixels per side")
            } else {
                do {
                    try gl.egl.makeCurrent()
                    defer { gl.egl.releaseCurrent() }
                    return (try gl.painter.paint(scene, text: engine, phases: &phases), .gl, notices, phases)
                } catch let error as GLError {
                    guard allowsFallback else { throw GlintError.internalFailure("GL painter failed: \(error)") }
                    phases = PaintPhases()
                    notices.append("rendered on the CPU: the GL painter failed: \(error.summary)")
                }
            }
        }
        return (cpu.paint(scene, text: engine, phases: &phases), .cpu, notices, phases)
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

    /// What the default family (`sans-serif`) resolves to, or why nothing does: `glint info` shows it.
    private static func defaultFont() -> Result<FontMatch, BackendDiagnostics.FontProblem> {
        do {
            return .success(try FontLookup.match(Theme.light.fontFamily))
        } catch {
            return .failure(BackendDiagnostics.FontProblem(message: "\(error)"))
        }
    }

    /// What a font family resolves to, and the engine for that font file, each made on first use.
    func textEngine(_ family: String) throws -> (FontMatch, TextEngine) {
        do {
            let font = try fonts.value(for: family) { try FontLookup.match(family) }
            return (font, try engines.value(for: font.path) { try TextEngine(font: font) })
        } catch let error as TextError {
            throw GlintError.internalFailure(error.description)
        }
    }

    /// How many font families and text engines the renderer holds (both bounded).
    var cachedFonts: (families: Int, engines: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (fonts.count, engines.count)
    }
}
