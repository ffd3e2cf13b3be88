import CGLES3
import GlintCore
import GlintGL

/// Draws charts with the caller's current GL context — made by SDL2, GLFW, GTK's GtkGLArea or EGL, OpenGL ES 3.0+
/// or desktop GL 3.3 core — into the caller's framebuffer, creating no display or context of its own. Every piece
/// of GL state it changes is put back, so the host's drawing before and after is not disturbed. Use it on the
/// thread, and with the context, it was made with.
public final class HostGLRenderer {
    private let painter: HostGLPainter
    private let scenes: ChartScenes

    /// The thread budget of every parallel stage of its scenes (layout scans, M4).
    public var threads: Int { scenes.threads }

    /// Compiles Glint's programs in the current context, with `msaaSamples` samples (0, single-sampled, is
    /// `Renderer`'s default too: every primitive computes its own coverage) and a thread budget of `threads`.
    /// Throws `GlintError.backendUnavailable` when no GL context is current, or it is older than OpenGL ES 3.0 /
    /// desktop GL 3.3.
    public init(msaaSamples: Int = 0, threads: Int = System.coreCount) throws {
        guard let raw = glGetString(GLenum(GL_VERSION)) else {
            throw GlintError.backendUnavailable("no GL context is current on this thread: make the host's context current first")
        }
        let version = String(cString: raw)
        let es = version.hasPrefix("OpenGL ES")
        let numbers = (es ? version.dropFirst("OpenGL ES ".count) : Substring(version)).prefix { $0.isNumber || $0 == "." }
            .split(separator: ".").compactMap { Int($0) }
        let (major, minor) = (numbers.first ?? 0, numbers.dropFirst().first ?? 0)
        guard es ? major >= 3 : (major, minor) >= (3, 3) else {
            throw GlintError.backendUnavailable("the current context is \(version); Glint needs OpenGL ES 3.0 or desktop GL 3.3 core")
        }
        do {
            painter = try HostGLPainter(msaaSamples: msaaSamples, threads: threads)
        } catch {
            throw GlintError.backendUnavailable("\(error)")
        }
        scenes = ChartScenes(threads: threads)
    }

    /// What the current context is (`GL_VERSION`, `GL_RENDERER`, samples).
    public var info: GLInfo { painter.info }

    /// Draws `chart` (its pixel size: width × height × scale) into `framebuffer` (0 for the window's) with its
    /// top-left corner at (`x`, `y` + height) in GL's bottom-left coordinates; the chart's pixels replace the ones
    /// there. Throws `GlintError.badData` for an invalid chart, `GlintError.internalFailure` for an incomplete
    /// framebuffer or a GL error.
    public func draw(_ chart: Chart, framebuffer: UInt32 = 0, x: Int = 0, y: Int = 0) throws {
        try Renderer.checkSize(chart.pixelSize, maxSide: nil)
        let chart = try scenes.readingSources(chart).chart
        try scenes.measuring(chart) { _, engine in
            let scene = try scenes.scene(chart, engine: engine)
            var target = HostFramebuffer(framebuffer: framebuffer, x: x, y: y)
            var phases = PaintPhases()
            // A long-lived host renderer fills its glyph atlas as a renderer does: then it draws again from an
            // empty one, and the second drawing replaces the first.
            try scenes.paintingEveryGlyph(engine) {
                do {
                    try painter.paint(scene, text: engine, into: &target, phases: &phases)
                } catch let failure as PaintFailure {
                    throw GlintError.internalFailure(failure.detail)
                }
            }
        }
    }
}
