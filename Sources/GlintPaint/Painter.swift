import GlintScene
import GlintText

/// Something that draws a `Scene`: the CPU painter, the GL painter with its own headless context, the GL painter
/// in a host's context, the vector painter writing SVG or PDF — one shape for all of them. A painter draws what the scene says and decides nothing:
/// layout, data reduction and text measuring happened when the scene was built.
public protocol Painter: AnyObject {
    /// Where a paint goes: the pixels of a raster painter, a host's framebuffer, a vector document.
    associatedtype Target
    /// How the notices name it ("the CPU", "the GL painter").
    var displayName: String { get }
    /// The largest image side it can draw, in pixels.
    var maxImageSide: Int { get }
    /// The shapes it draws as they are; it paints every other lowered (`lowered(_:)`). None by default.
    var nativeShapes: NativeShapes { get }
    /// Paints `scene` into `target`, its glyphs from `text` (whose atlas it may fill); the time goes to `phases`.
    /// Throws `PaintFailure` when the painter itself fails (a GL error), never for the scene's content.
    func paint(_ scene: Scene, text: TextEngine, into target: inout Target, phases: inout PaintPhases) throws
}

extension Painter {
    /// Nothing drawn natively: every shape that has a lowering is lowered.
    public var nativeShapes: NativeShapes { [] }

    /// `scene` as this painter draws it: what it does not draw natively lowered (`Scene.lowered(keeping:)`).
    public func lowered(_ scene: Scene) -> Scene { scene.lowered(keeping: nativeShapes) }
}

/// A painter whose target is an image in memory: `width × height × 4` premultiplied RGBA8 bytes, top row first
/// (replaced by each paint).
public protocol RasterPainter: Painter where Target == [UInt8] {
    /// Which backend it is, as images and diagnostics name it.
    var backend: Backend { get }
}

/// The largest image the painters accept: what the CPU painter holds, and every GL painter at most (a driver may
/// allow less: `GL_MAX_RENDERBUFFER_SIZE`).
public enum ImageLimits {
    /// Pixels a side.
    public static let maxSide = 32768
    /// Pixels in all (1 GiB of RGBA8).
    public static let maxPixels = 1 << 28
}

/// A painter that failed, as opposed to a scene it refused.
public struct PaintFailure: Error, CustomStringConvertible {
    /// One line for a notice.
    public let summary: String
    /// The whole story, for an error.
    public let detail: String

    /// A failure told in a `summary` line and its `detail`.
    public init(summary: String, detail: String) {
        (self.summary, self.detail) = (summary, detail)
    }

    public var description: String { detail }
}
