import GlintCore
import GlintPaint
import GlintText

/// The GL painter in a headless EGL context of its own: paints a scene into its offscreen targets and reads the
/// pixels back. The context is current only while it paints, so a thread may hold several such painters.
public final class HeadlessGLPainter: RasterPainter {
    /// The context, and the GL objects made in it (deleted, with the context current, when the painter goes).
    private let gl: (egl: HeadlessEGL, painter: GLPainter)

    /// The driver and its limits.
    public var info: GLInfo { gl.painter.info }
    /// The EGL display and context in use.
    public var egl: HeadlessEGL { gl.egl }
    public var backend: Backend { .gl }
    public var displayName: String { "the GL painter" }
    /// `GL_MAX_RENDERBUFFER_SIZE`.
    public var maxImageSide: Int { gl.painter.info.maxRenderbufferSize }

    /// Compiles the programs in `egl`'s context with `msaaSamples` samples (capped by the driver) and the shaders of
    /// `shaderDirectory` (nil: the embedded ones). Throws `GLError`.
    public init(egl: HeadlessEGL, msaaSamples: Int, shaderDirectory: String?) throws {
        try egl.makeCurrent()
        defer { egl.releaseCurrent() }
        gl = (egl, try GLPainter(msaaSamples: msaaSamples, shaderDirectory: shaderDirectory))
    }

    deinit {
        // The painter's GL objects are deleted after this body runs: give them the context.
        try? gl.egl.makeCurrent()
    }

    /// Paints `scene` into `pixels`; a GL failure is a `PaintFailure`.
    public func paint(_ scene: Scene, text: TextEngine, into pixels: inout [UInt8], phases: inout PaintPhases) throws {
        do {
            try gl.egl.makeCurrent()
            defer { gl.egl.releaseCurrent() }
            pixels = try gl.painter.paint(scene, text: text, phases: &phases)
        } catch let error as GLError {
            throw PaintFailure(summary: error.summary, detail: "\(error)")
        }
    }
}
