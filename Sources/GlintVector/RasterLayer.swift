import CCairo
import Glint
import GlintRaster
import GlintText

/// A layer too big for a vector document — a dots series of more marks than `VectorOptions.rasterizeAbove`, or one
/// that asks with `"rasterize": true` — painted by the CPU painter at the output's resolution and embedded as one
/// image, as matplotlib's `rasterized=True` does: the same pixels as the layer in the PNG, in a small file.
struct RasterLayer {
    let painter: CPUPainter

    /// Whether `dots` is embedded as an image under `options`.
    static func rasterizes(_ dots: DotShape, options: VectorOptions) -> Bool {
        dots.rasterize ?? (min(dots.x.count, dots.y.count) > options.rasterizeAbove)
    }

    /// Paints `command` alone on a transparent page the size of `scene` and draws the part inside its clip (the
    /// whole page without one) onto `cr`, whose units are the scene's device pixels.
    func draw(_ command: SceneCommand, of scene: Scene, text: TextEngine, on cr: OpaquePointer) {
        var layer = Scene(width: scene.width, height: scene.height, background: .clear, fontFamily: scene.fontFamily, commands: [command])
        layer.scale = scene.scale
        var pixels: [UInt8] = [], phases = PaintPhases()
        painter.paint(layer, text: text, into: &pixels, phases: &phases)
        let page = PixelRect(x: 0, y: 0, width: scene.width, height: scene.height)
        let part = command.clip.map { PixelRect.intersection($0, page) } ?? page
        guard part.width > 0, part.height > 0, pixels.count == scene.width * scene.height * 4 else { return }
        let surface = pixels.withUnsafeBytes { bytes in
            CairoImages.surface(width: part.width, height: part.height) { row, column in
                bytes.load(fromByteOffset: ((part.y + row) * scene.width + part.x + column) * 4, as: UInt32.self)
            }
        }
        guard let surface else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_set_source_surface(cr, surface, Double(part.x), Double(part.y))
        cairo_rectangle(cr, Double(part.x), Double(part.y), Double(part.width), Double(part.height))
        cairo_fill(cr)
    }
}
