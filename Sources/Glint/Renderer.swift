import FoundationEssentials
import Glibc
import GlintCompute
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
/// Under `auto` the renderer picks the painter that is fastest here: the GL painter on a GPU, or the compute painter
/// where a probe scene measured it faster there (`ComputeChoice`: datacenter GPUs); the CPU painter
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
        /// The renderer's thread budget: the threads every parallel stage of a render may use — the CPU painter,
        /// M4, data extents, PNG encoding (and CSV parsing, where the CLI, server and C API decode a spec for it).
        /// A `RendererPool` divides it among its renderers.
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
        /// The CPU kernels' variant `GLINT_CPU_KERNELS` asks for (`CPUKernels`); `Renderer.init` uses it for the
        /// whole process. Every variant draws the same bytes.
        var cpuKernels: String?
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
        /// from `GLINT_EGL_PLATFORM` and `GLINT_EGL_DEVICE`, the CPU kernels' variant from `GLINT_CPU_KERNELS`
        /// (default: the fastest this CPU runs). A value a variable does not accept makes
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
            options.cpuKernels = settings.cpuKernels
            return options
        }
    }

    /// What the renderer runs on and, under `auto`, why.
    public let diagnostics: BackendDiagnostics
    /// The thread budget every parallel stage of its renders uses (`Options.cpuThreads`, at least 1).
    public var threads: Int { scenes.threads }

    /// The painters to try, in order: the chosen one, then (under `auto`, on a GPU) the GL painter after the compute
    /// painter and the CPU painter last, for scenes the one before cannot hold or when it fails.
    private let painters: [any RasterPainter]
    /// Said on every image under `auto` when GL was wanted but could not start.
    private let fallbackNotice: String?
    private let scenes: ChartScenes

    /// Opens the backend. Throws `GlintError.backendUnavailable` when a forced backend cannot run here,
    /// `GlintError.usage` for a `GLINT_` variable with a value it does not accept.
    public init(options: Options = Options()) throws {
        if let problem = options.environmentProblem { throw problem }
        if let variant = options.cpuKernels { CPUKernels.use(variant) }
        let cpu = CPUPainter(threads: options.cpuThreads)
        scenes = ChartScenes(threads: cpu.threads)
        let allowsFallback = options.backend == .auto
        let font = Renderer.defaultFont()
        func onCPU(_ reason: String, egl: EGLSummary? = nil, gl: GLInfo? = nil, attempts: [EGLAttempt] = []) -> BackendDiagnostics {
            BackendDiagnostics(backend: .cpu, reason: reason, egl: egl, gl: gl, attempts: attempts,
                               cpuThreads: cpu.threads, font: font, densityCounting: "the CPU (\(cpu.threads) threads)")
        }
        guard options.backend != .cpu else {
            (painters, fallbackNotice) = ([cpu], nil)
            diagnostics = onCPU("the CPU painter was asked for")
            return
        }
        guard options.backend != .compute else {
            let compute = try Renderer.computePainter(options, threads: cpu.threads)
            (painters, fallbackNotice) = ([compute.painter], nil)
            diagnostics = BackendDiagnostics(backend: .compute, reason: nil, egl: compute.egl.summary, gl: compute.painter.info,
                                             attempts: compute.egl.attempts, cpuThreads: cpu.threads, font: font,
                                             densityCounting: "the CPU (\(cpu.threads) threads)",
                                             compute: "asked for (tiles of \(compute.painter.tileSize) px; images up to "
                                                 + "\(compute.painter.maxImageSide) px a side: GL_MAX_TEXTURE_SIZE)")
            return
        }
        let avoidsSoftwareGL = allowsFallback && !options.softwareGL
        do {
            let egl = try HeadlessEGL(platform: options.eglPlatform, device: options.eglDevice, softwareAllowed: !avoidsSoftwareGL)
            try egl.makeCurrent()
            let driver = GLInfo.current(requestedSamples: options.msaaSamples)
            egl.releaseCurrent()
            if avoidsSoftwareGL && driver.isSoftware {
                (painters, fallbackNotice) = ([cpu], nil)
                diagnostics = onCPU("auto prefers it to software OpenGL ES (\(driver.renderer)): same pixels, less time; "
                                    + "--backend gl uses GL", egl: egl.summary, gl: driver, attempts: egl.attempts)
                return
            }
            let gl = try HeadlessGLPainter(egl: egl, msaaSamples: options.msaaSamples, shaderDirectory: options.shaderDirectory,
                                           threads: cpu.threads)
            fallbackNotice = nil
            scenes.densityCounter = gl.densityCounting
            let (compute, computeSummary) = allowsFallback ? Renderer.calibratedCompute(options, gl: gl, threads: cpu.threads, scenes: scenes)
                : (nil, nil)
            painters = allowsFallback ? (compute.map { [$0] } ?? []) + [gl, cpu] : [gl]
            diagnostics = BackendDiagnostics(backend: compute == nil ? .gl : .compute, reason: nil, egl: egl.summary, gl: gl.info,
                                             attempts: egl.attempts, cpuThreads: cpu.threads, font: font,
                                             densityCounting: gl.densityCountingSummary, compute: computeSummary)
        } catch let error as GLError {
            guard allowsFallback else { throw GlintError.backendUnavailable("OpenGL ES is unavailable: \(error)") }
            painters = [cpu]
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

    /// Under `auto` on a GPU: the compute painter when `ComputeChoice` measured it faster than `gl` on this driver,
    /// and what `glint info` says of it. A software driver never uses it.
    private static func calibratedCompute(_ options: Options, gl: HeadlessGLPainter, threads: Int, scenes: ChartScenes)
        -> (ComputePainter?, String?) {
        guard !gl.info.isSoftware else { return (nil, "not used by auto: software OpenGL ES runs compute shaders on the CPU") }
        // A driver measured slower already: no context is made for a painter that would not draw.
        if let kept = ComputeChoice.kept(renderer: gl.info.renderer), !kept.chosen { return (nil, kept.summary) }
        let compute: ComputePainter
        do {
            compute = try computePainter(options, threads: threads).painter
        } catch {
            return (nil, "\(error)")
        }
        // Its own context on another platform or device may be software where GL's is not.
        guard !compute.info.isSoftware, compute.info.renderer == gl.info.renderer else {
            return (nil, "not used by auto: its context is on \(compute.info.renderer), GL's on \(gl.info.renderer)")
        }
        let verdict = ComputeChoice.verdict(renderer: gl.info.renderer) {
            let text = try scenes.textEngine(Theme.light.fontFamily).1
            return try ComputeChoice.measure(compute: compute, gl: gl, text: text)
        }
        return (verdict.chosen ? compute : nil, verdict.summary)
    }

    /// The compute painter in a headless EGL context of its own, as `options` choose the platform and device (a
    /// software driver allowed: it was asked for). Throws `GlintError.backendUnavailable` where it cannot start.
    private static func computePainter(_ options: Options, threads: Int) throws -> (painter: ComputePainter, egl: HeadlessEGL) {
        do {
            let egl = try HeadlessEGL(platform: options.eglPlatform, device: options.eglDevice, softwareAllowed: true)
            return (try ComputePainter(egl: egl, shaderDirectory: options.shaderDirectory, threads: threads), egl)
        } catch let error as GLError {
            throw GlintError.backendUnavailable("the compute painter is unavailable: \(error)")
        }
    }

    /// Lays out and paints `chart`. Throws `GlintError.badData` for an invalid chart.
    public func render(_ chart: Chart) throws -> Image {
        try renderTimed(chart).image
    }

    /// The layout `render(chart)` uses: plot rectangle, axes and their domains (in decades on a log axis). Throws
    /// `GlintError.badData` for an invalid chart.
    public func layout(_ chart: Chart) throws -> ChartLayout {
        try scenes.layout(chart)
    }

    /// Everything `render(chart)` places, in image pixels: the plot, the axes and their ticks, each legend's box,
    /// every piece of text with its role and box, and the notices (`glint layout` prints it as JSON). Throws what
    /// `render` throws for an invalid chart.
    public func layoutReport(_ chart: Chart) throws -> LayoutReport {
        try checkSize(of: chart)
        let (chart, reads) = try readingSources(chart)
        return try scenes.measuring(chart) { _, engine in
            try LayoutReport.of(chart, measurer: engine, threads: threads).noticing(Renderer.caveats(chart, reads))
        }
    }

    /// `chart` with the points of its database series (`Series.source`) read — long lines reduced by M4 inside
    /// the database to what the picture needs — and what each read cost. Rendering does this itself; call it to
    /// read once and draw several times. Throws `GlintError.sourceUnavailable` for a database that cannot be
    /// reached and `GlintError.badData` for a query its engine refuses, naming the series.
    public func readingSources(_ chart: Chart) throws -> (chart: Chart, reads: [SourceRead]) {
        try scenes.readingSources(chart)
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
        return try scenes.measuring(chart) { _, engine in
            try HitTesting.hit(chart, at: pixel, tolerance: tolerance, measurer: engine, threads: threads)
        }
    }

    /// The cells of density series `series` of `chart` as `render(chart)` draws them: each pixel of the plot's
    /// count and reduced value (datashader's aggregate). Throws what `render` throws for an invalid chart, and
    /// `GlintError.badData` when the series is not a density.
    public func densityGrid(_ chart: Chart, series: Int) throws -> DensityGrid {
        let chart = try readingSources(chart).chart
        return try scenes.measuring(chart) { _, engine in
            try SceneBuilder.densityGrid(chart, series: series, measurer: engine, threads: threads)
        }
    }

    /// What the chart's database reads may leave out: those made when it was decoded and those just made.
    private static func caveats(_ chart: Chart, _ reads: [SourceRead]) -> [String] {
        chart.allReadCaveats + reads.compactMap(\.caveat)
    }

    /// Renders like `render(_:)` and also reports where the time went.
    public func renderTimed(_ chart: Chart) throws -> (image: Image, timings: RenderTimings) {
        try checkSize(of: chart)
        let (chart, reads) = try readingSources(chart)
        return try scenes.measuring(chart) { font, engine in
            try render(chart, font: font, engine: engine, caveats: Renderer.caveats(chart, reads))
        }
    }

    /// Refuses sizes no painter could hold, before any layout work or memory is spent on them.
    private func checkSize(of chart: Chart) throws {
        let side = painters.map(\.maxImageSide).max() ?? Renderer.maxImageSide
        try Renderer.checkSize(chart.pixelSize, maxSide: side < Renderer.maxImageSide ? side : nil)
    }

    /// Lays out `chart` (its database sources read) and hands its scene, with the text engine that measured it, to
    /// `body`, under the renderer's lock: how a painter that is not the renderer's own (a vector painter) draws the
    /// scene the renderer's painters would. Returns what `body` made and the notices an image of the scene carries
    /// (a substituted font, characters no font has, what the layout left out); the scene's `information` is
    /// `body`'s to pass on. Throws what `render` throws for an invalid chart.
    public func withScene<T>(_ chart: Chart, _ body: (Scene, TextEngine) throws -> T) throws -> (result: T, notices: [String]) {
        try checkSize(of: chart)
        let (chart, reads) = try readingSources(chart)
        return try scenes.measuring(chart) { font, engine in
            let scene = try scenes.scene(chart, engine: engine)
            return (try body(scene, engine), Renderer.caveats(chart, reads) + Renderer.notices(of: scene, font: font, engine: engine))
        }
    }

    /// `renderTimed` under the lock, with the text engine of the chart's font; `caveats` (what its database reads
    /// may leave out) come first among the image's notices.
    private func render(_ chart: Chart, font: FontMatch, engine: TextEngine, caveats: [String]) throws
        -> (image: Image, timings: RenderTimings) {
        let start = PaintPhases.now()
        let scene = try scenes.scene(chart, engine: engine)
        let prepare = PaintPhases.since(start)
        let notices = caveats + Renderer.notices(of: scene, font: font, engine: engine)
        let painted = try scenes.paintingEveryGlyph(engine) { try paint(scene, text: engine) }
        let image = Image(width: scene.width, height: scene.height, pixels: painted.pixels, backend: painted.backend,
                          notices: notices + painted.notices, information: scene.information, threads: threads)
        return (image, RenderTimings(prepare: prepare, paint: painted.phases))
    }

    /// What every output of `scene` says beside it: the font's notice (`FontMatch.notice`), the scene's own notices,
    /// and the characters no installed font has.
    private static func notices(of scene: Scene, font: FontMatch, engine: TextEngine) -> [String] {
        var notices = font.notice.map { [$0] } ?? []
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
        return notices
    }

    /// Paints `scene` on the first painter that can hold its size and does not fail; says which, and why when it
    /// is not the renderer's own painter. With one painter left, its failure is the error.
    private func paint(_ scene: Scene, text engine: TextEngine)
        throws -> (pixels: [UInt8], backend: Backend, notices: [String], phases: PaintPhases) {
        var notices = fallbackNotice.map { [$0] } ?? []
        for (index, painter) in painters.enumerated() {
            let next = painters.indices.contains(index + 1) ? painters[index + 1] : nil
            if max(scene.width, scene.height) > painter.maxImageSide, let next {
                notices.append("rendered on \(next.displayName): \(scene.width)x\(scene.height) is over the GPU's limit of "
                               + "\(painter.maxImageSide) pixels per side")
                continue
            }
            var phases = PaintPhases()
            var pixels: [UInt8] = []
            do {
                try painter.paint(scene, text: engine, into: &pixels, phases: &phases)
                return (pixels, painter.backend, notices, phases)
            } catch let failure as PaintFailure {
                guard let next else { throw GlintError.internalFailure("\(painter.displayName) failed: \(failure.detail)") }
                notices.append("rendered on \(next.displayName): \(painter.displayName) failed: \(failure.summary)")
            }
        }
        throw GlintError.internalFailure("no painter can hold \(scene.width)x\(scene.height)")
    }

    /// Largest image side either painter accepts, in pixels (GL may allow less: `GL_MAX_RENDERBUFFER_SIZE`);
    /// `ImageLimits.maxSide`.
    public static let maxImageSide = ImageLimits.maxSide
    /// Largest image either painter accepts, in pixels (1 GiB of RGBA8); `ImageLimits.maxPixels`.
    public static let maxImagePixels = ImageLimits.maxPixels

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
        try scenes.textEngine(family)
    }

    /// How many font families and text engines the renderer holds (both bounded).
    var cachedFonts: (families: Int, engines: Int) { scenes.cachedFonts }
}
