import GlintPaint
import GlintScene
import GlintTable
import GlintText

/// The GL painter in a headless EGL context of its own: paints a scene into its offscreen targets and reads the
/// pixels back. The context is current only while it paints, so a thread may hold several such painters.
public final class HeadlessGLPainter: RasterPainter {
    /// The context, and the GL objects made in it (deleted, with the context current, when the painter goes): the
    /// painter's, and density counting's or why the context has none.
    private let gl: (egl: HeadlessEGL, painter: GLPainter, counter: Result<GLDensityCounter, GLError>)

    /// The driver and its limits.
    public var info: GLInfo { gl.painter.info }
    /// The EGL display and context in use.
    public var egl: HeadlessEGL { gl.egl }
    public var backend: Backend { .gl }
    public var displayName: String { "the GL painter" }
    /// `GL_MAX_RENDERBUFFER_SIZE`.
    public var maxImageSide: Int { gl.painter.info.maxRenderbufferSize }

    /// Compiles the programs in `egl`'s context with `msaaSamples` samples (capped by the driver) and the shaders of
    /// `shaderDirectory` (nil: the embedded ones); the work a paint does on the CPU (path masks, points to pixels)
    /// uses up to `threads` threads. Throws `GLError`.
    public init(egl: HeadlessEGL, msaaSamples: Int, shaderDirectory: String?, threads: Int) throws {
        try egl.makeCurrent()
        defer { egl.releaseCurrent() }
        let painter = try GLPainter(msaaSamples: msaaSamples, shaderDirectory: shaderDirectory, threads: threads)
        gl = (egl, painter, Result { try GLDensityCounter(shaderDirectory: shaderDirectory) }.mapError { $0 as? GLError ?? .gl("\($0)") })
    }

    /// Where density series are counted when this painter draws them: its driver's compute shaders (`place`), else
    /// "the CPU: …" and why (`glint info` prints it).
    public var densityCountingSummary: String {
        switch gl.counter {
        case .success: return place
        case let .failure(error): return "the CPU: \(error.summary)"
        }
    }

    /// The counter to hand the scene builder (`DensityCounter.current`) while this painter draws: nil when the
    /// context has no compute shaders.
    public var densityCounting: (any DensityCounting)? {
        if case .success = gl.counter { return self }
        return nil
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
            pixels = try gl.painter.paint(lowered(scene), text: text, phases: &phases)
        } catch let error as GLError {
            throw PaintFailure(summary: error.summary, detail: "\(error)")
        }
    }
}

extension HeadlessGLPainter: DensityCounting, @unchecked Sendable {
    /// The driver and how it counts: "NVIDIA H200/PCIe/SSE2 (OpenGL ES compute shader)"; a software driver says it
    /// runs on the CPU.
    public var place: String {
        "\(info.renderer) (OpenGL ES compute shader\(info.isSoftware ? "; software GL, on the CPU" : ""))"
    }

    /// Counts on this painter's context, made current for the count; nil when it cannot (the CPU counts then).
    /// Calls come from the renderer that owns the painter, one at a time, as its paints do.
    public func counts(cells: DensityCells, points: Int, positions: (Range<Int>, UnsafeMutableBufferPointer<Float>) -> Void) -> [UInt32]? {
        guard case let .success(counter) = gl.counter, (try? gl.egl.makeCurrent()) != nil else { return nil }
        defer { gl.egl.releaseCurrent() }
        return counter.counts(cells: cells, points: points, positions: positions)
    }
}
