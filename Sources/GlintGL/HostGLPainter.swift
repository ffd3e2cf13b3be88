import CGLES3
import GlintPaint
import GlintScene
import GlintText

/// A place in a host's framebuffer: the framebuffer (0 for the window's) and where the scene's top-left corner
/// goes, (`x`, `y` + scene height) in GL's bottom-left coordinates.
public struct HostFramebuffer: Sendable, Equatable {
    public var framebuffer: UInt32, x: Int, y: Int

    /// The framebuffer `framebuffer`, the scene placed at (`x`, `y`).
    public init(framebuffer: UInt32, x: Int, y: Int) {
        (self.framebuffer, self.x, self.y) = (framebuffer, x, y)
    }
}

/// The GL painter in the caller's current context — made by SDL2, GLFW, GTK's GtkGLArea or EGL — drawing into the
/// caller's framebuffer; every piece of GL state it changes is put back. Use it on the thread, and with the
/// context, it was made with.
public final class HostGLPainter: Painter {
    private let painter: GLPainter

    /// The current context (`GL_VERSION`, `GL_RENDERER`, samples).
    public var info: GLInfo { painter.info }
    /// `.gl`.
    public var backend: Backend { .gl }
    public var displayName: String { "the GL painter" }
    /// `GL_MAX_RENDERBUFFER_SIZE`.
    public var maxImageSide: Int { painter.info.maxRenderbufferSize }

    /// Compiles the programs in the current context with `msaaSamples` samples; the work a paint does on the CPU
    /// (path masks, points to pixels) uses up to `threads` threads. Throws `GLError`.
    public init(msaaSamples: Int, threads: Int) throws {
        painter = try GLPainter(msaaSamples: msaaSamples, threads: threads)
    }

    /// Draws `scene` into the host's framebuffer; an incomplete framebuffer or a GL error is a `PaintFailure`.
    public func paint(_ scene: Scene, text: TextEngine, into target: inout HostFramebuffer, phases: inout PaintPhases) throws {
        let start = PaintPhases.now()
        defer { phases.draw += PaintPhases.since(start) }
        do {
            try painter.draw(lowered(scene), text: text, into: GLuint(target.framebuffer), x: target.x, y: target.y)
        } catch let error as GLError {
            throw PaintFailure(summary: error.summary, detail: "\(error)")
        }
    }
}
