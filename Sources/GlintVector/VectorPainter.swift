import CCairo
import Glint
import GlintRaster
import GlintText

/// The painter of vector documents: each paint adds a page to a `CairoDocument` (SVG or PDF) with the scene's
/// commands as cairo paths, strokes, gradients, images and glyphs, in the scene's order and clips. What it draws
/// is the scene the raster painters draw, so the layout is theirs to the pixel; only anti-aliasing is left to
/// whatever renders the document. Dots layers above `VectorOptions.rasterizeAbove` are embedded as images.
///
/// One paint at a time: its `notices` are those of its last paint.
public final class VectorPainter: Painter {
    public typealias Target = CairoDocument

    /// What to embed as images.
    public let options: VectorOptions
    /// What its last paint embedded as images, one line each.
    public private(set) var notices: [String] = []
    private let layers: RasterLayer

    /// A painter whose raster layers are painted on `threads` threads.
    public init(options: VectorOptions = VectorOptions(), threads: Int) {
        self.options = options
        layers = RasterLayer(painter: CPUPainter(threads: threads))
    }

    public var displayName: String { "the vector painter" }
    /// Cairo strokes a rectangle's border and fills a grid of cells as an image itself.
    public var nativeShapes: NativeShapes { [.borders, .cellImages] }
    /// `ImageLimits.maxSide`, the most a raster layer holds.
    public var maxImageSide: Int { ImageLimits.maxSide }

    /// Adds a page of `scene` to `document`; the time goes to `phases.draw`. Throws `GlintError` when cairo fails or
    /// `document` cannot take another page (an SVG holds one).
    public func paint(_ scene: Scene, text: TextEngine, into document: inout CairoDocument, phases: inout PaintPhases) throws {
        let start = PaintPhases.now()
        defer { phases.draw += PaintPhases.since(start) }
        try document.beginPage(width: scene.width, height: scene.height, scale: scene.scale)
        guard let cr = document.context else { throw GlintError.internalFailure("the vector document has no page to draw on") }
        notices = []
        let box = GuardBox(width: scene.width, height: scene.height)
        let shapes = CairoShapes(cr: cr, box: box, page: PixelRect(x: 0, y: 0, width: scene.width, height: scene.height))
        let marks = CairoMarks(cr: cr, box: box)
        if scene.background.alpha > 0 {
            setSource(cr, scene.background)
            cairo_paint(cr)
        }
        for command in lowered(scene).commands {
            cairo_save(cr)
            if let clip = command.clip {
                cairo_rectangle(cr, Double(clip.x), Double(clip.y), Double(clip.width), Double(clip.height))
                cairo_clip(cr)
            }
            switch command.shape {
            case let .rects(rects): shapes.rects(rects)
            case let .paths(paths): shapes.paths(paths)
            case let .image(image): shapes.image(image, clip: command.clip)
            case let .line(line): marks.line(line)
            case let .text(runs): CairoText(cr: cr, engine: text).show(runs)
            case let .dots(dots):
                if RasterLayer.rasterizes(dots, options: options) {
                    layers.draw(command, of: scene, text: text, on: cr)
                    notices.append(notice(dots))
                } else {
                    marks.dots(dots)
                }
            }
            cairo_restore(cr)
        }
        try document.check(cairo_status(cr), "drawing")
    }

    /// Why a dots layer is an image.
    private func notice(_ dots: DotShape) -> String {
        let count = min(dots.x.count, dots.y.count)
        let why = dots.rasterize == true ? "its series asks for \"rasterize\": true"
            : "over the \(options.rasterizeAbove)-mark limit for vector output; \"rasterize\": false keeps them vector"
        return "\(count) dots embedded as an image at the output's resolution (\(why))"
    }
}
