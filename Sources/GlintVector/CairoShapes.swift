import CCairo
import Glint

/// Rectangles, filled outlines and cell images as cairo paths, gradients and embedded images: primitives kept
/// what they mean (a border a stroke, a colour bar a gradient, a grid of cells one image).
struct CairoShapes {
    let cr: OpaquePointer
    let box: GuardBox
    /// The page's pixels, where a sampled image is embedded pixel for pixel.
    let page: PixelRect

    /// Each rectangle's fill, then its border as a stroke inside its edges.
    func rects(_ rects: [RectShape]) {
        for shape in rects {
            guard let r = box.clip(shape.rect) else { continue }
            if shape.filled && shape.color.alpha > 0 {
                setSource(cr, shape.color)
                cairo_rectangle(cr, r.x, r.y, r.width, r.height)
                cairo_fill(cr)
            }
            if let border = shape.border, border.color.alpha > 0 {
                let w = min(border.width, r.width / 2, r.height / 2)
                guard w > 0 else { continue }
                setSource(cr, border.color)
                cairo_set_line_width(cr, w)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
                cairo_rectangle(cr, r.x + w / 2, r.y + w / 2, r.width - w, r.height - w)
                cairo_stroke(cr)
            }
        }
    }

    /// Each path filled by its rule.
    func paths(_ paths: [PathShape]) {
        for path in paths where path.color.alpha > 0 {
            cairo_new_path(cr)
            for outline in path.finiteOutlines {
                let kept = box.clip(outline)
                guard let first = kept.first, kept.count >= 3 else { continue }
                cairo_move_to(cr, first.x, first.y)
                for p in kept.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                cairo_close_path(cr)
            }
            cairo_set_fill_rule(cr, path.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setSource(cr, path.color)
            cairo_fill(cr)
        }
    }

    /// Most runs of equal cells a one-row or one-column image is drawn as rectangles with (a stepped or
    /// categorical colour bar); more, and it is a gradient or an embedded image.
    static let maxRectangleRuns = 64

    /// A cell image: its gradient when it has one (a smooth colour bar), rectangles for a strip of few runs of
    /// equal colour (a stepped one), otherwise one embedded image drawn with its cells' hard edges.
    func image(_ image: ImageShape, clip: PixelRect?) {
        guard image.columns > 0, image.rows > 0 else { return }
        if let gradient = image.gradient {
            return fill(image.bounds, with: gradient)
        }
        if image.columns == 1 || image.rows == 1, let runs = runs(of: image) {
            return rects(runs)
        }
        if image.sampled {
            let limit = clip.map { PixelRect.intersection($0, page) } ?? page
            if image.columns * image.rows <= CairoShapes.maxSnappedCells { return rects(snappedCells(image, within: limit)) }
            if embedPixels(image, within: limit) { return }
        }
        embed(image)
    }

    /// Most cells a sampled image is drawn as rectangles with (a heatmap of a few thousand cells); more, and it is one image.
    static let maxSnappedCells = 4096

    /// A sampled image's cells as rectangles on whole pixels: each cell the pixels whose centres the raster painters
    /// give it (`ImageShape.cellIndices`), so its edges are the PNG's; missing (transparent) cells left out.
    private func snappedCells(_ image: ImageShape, within limit: PixelRect) -> [RectShape] {
        guard let window = image.pixelWindow(within: limit) else { return [] }
        let (columnOf, rowOf) = image.cellIndices(in: window)
        /// Each cell's run of pixels along one side: (cell, first pixel, count).
        func runs(_ cells: [Int32], from start: Int) -> [(cell: Int, from: Int, count: Int)] {
            var runs: [(cell: Int, from: Int, count: Int)] = []
            for (i, cell) in cells.enumerated() where cell >= 0 {
                if let last = runs.last, last.cell == Int(cell), last.from + last.count == start + i {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append((Int(cell), start + i, 1))
                }
            }
            return runs
        }
        let colors = image.colors, cells = image.packedColors
        var rects: [RectShape] = []
        for row in runs(rowOf, from: window.y) {
            for column in runs(columnOf, from: window.x) {
                let index = row.cell * image.columns + column.cell
                guard index < cells.count, cells[index] != 0 else { continue }
                let color = index < colors.count ? colors[index] : nil
                guard let color = color ?? CairoShapes.color(packed: cells[index]) else { continue }
                rects.append(RectShape(Rect(x: Double(column.from), y: Double(row.from), width: Double(column.count), height: Double(row.count)), color))
            }
        }
        return rects
    }

    /// The straight-alpha colour of a premultiplied RGBA8 word (red in the low byte); nil when transparent.
    static func color(packed: UInt32) -> Color? {
        let a = Double(packed >> 24) / 255
        guard a > 0 else { return nil }
        func channel(_ shift: UInt32) -> Double { min(1, Double((packed >> shift) & 0xFF) / 255 / a) }
        return Color(red: channel(0), green: channel(8), blue: channel(16), alpha: a)
    }

    /// A sampled image (a heatmap) as one image of the page's pixels it covers, each the cell under its centre as
    /// the raster painters pick it (`ImageShape.cellIndices`), placed on whole pixels, so a renderer drawing the page at
    /// its size shows the PNG's cells and edges. False, drawing nothing, when it would take more than
    /// `maxEnlargedTexels` pixels (or covers none).
    private func embedPixels(_ image: ImageShape, within limit: PixelRect) -> Bool {
        guard let window = image.pixelWindow(within: limit) else { return true }
        let k = CairoShapes.pixelTexels
        guard window.width * window.height * k * k <= CairoShapes.maxEnlargedTexels else { return false }
        let (columnOf, rowOf) = image.cellIndices(in: window)
        let cells = image.packedColors
        guard let surface = CairoImages.surface(width: window.width * k, height: window.height * k, { row, column in
            let (r, c) = (rowOf[row / k], columnOf[column / k])
            guard r >= 0, c >= 0 else { return 0 }
            let index = Int(r) * image.columns + Int(c)
            return index < cells.count ? cells[index] : 0
        }) else { return false }
        defer { cairo_surface_destroy(surface) }
        cairo_save(cr)
        cairo_translate(cr, Double(window.x), Double(window.y))
        cairo_scale(cr, 1 / Double(k), 1 / Double(k))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_rectangle(cr, 0, 0, Double(window.width * k), Double(window.height * k))
        cairo_fill(cr)
        cairo_restore(cr)
        return true
    }

    /// The rectangles of a one-row or one-column image's runs of equal colour; nil when there are too many.
    private func runs(of image: ImageShape) -> [RectShape]? {
        var rects: [RectShape] = []
        let count = image.columns * image.rows
        var start = 0
        while start < count {
            let color = start < image.colors.count ? image.colors[start] : nil
            var end = start + 1
            while end < count && (end < image.colors.count ? image.colors[end] : nil) == color { end += 1 }
            if let color {
                guard rects.count < CairoShapes.maxRectangleRuns else { return nil }
                let (a, b) = (Double(start), Double(end - start))
                let r: Rect
                if image.rows == 1 {
                    r = Rect(x: image.origin.x + a * image.cellWidth, y: image.bounds.y, width: b * image.cellWidth, height: image.cellHeight)
                } else if image.rowsUpward {
                    r = Rect(x: image.origin.x, y: image.origin.y - (a + b) * image.cellHeight, width: image.cellWidth, height: b * image.cellHeight)
                } else {
                    r = Rect(x: image.origin.x, y: image.origin.y + a * image.cellHeight, width: image.cellWidth, height: b * image.cellHeight)
                }
                rects.append(RectShape(r, color))
            }
            start = end
        }
        return rects
    }

    /// `rect` filled with a linear gradient.
    private func fill(_ rect: Rect, with gradient: LinearGradient) {
        guard let pattern = cairo_pattern_create_linear(gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.offset, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
    }

    /// The cells as one image, scaled to the cells' size without smoothing (each cell keeps its hard edges).
    private func embed(_ image: ImageShape) {
        // cairo writes no SVG attribute for nearest-neighbour filtering, and SVG renderers smooth a scaled image:
        // a sampled image (a heatmap) too large to embed pixel for pixel, of cells larger than a pixel, is embedded
        // enlarged, each cell `k × k` texels, so the smoothing blurs under half a pixel of each cell's edge.
        let k = image.sampled ? CairoShapes.enlargement(image) : 1
        let cells = image.packedColors
        guard let surface = CairoImages.surface(width: image.columns * k, height: image.rows * k, { row, column in
            let index = row / k * image.columns + column / k
            return index < cells.count ? cells[index] : 0
        }) else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_save(cr)
        cairo_translate(cr, image.origin.x, image.origin.y)
        cairo_scale(cr, image.cellWidth / Double(k), (image.rowsUpward ? -image.cellHeight : image.cellHeight) / Double(k))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_rectangle(cr, 0, 0, Double(image.columns * k), Double(image.rows * k))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Texels per cell side for a sampled image: twice its cells' larger side in pixels, within 1…64 and at most
    /// `maxEnlargedTexels` texels in all.
    static func enlargement(_ image: ImageShape) -> Int {
        let wanted = min(64, max(1, Int(saturating: (2 * max(image.cellWidth, image.cellHeight)).rounded(.up))))
        let cells = max(1, image.columns * image.rows)
        let allowed = Int(saturating: (Double(maxEnlargedTexels) / Double(cells)).squareRoot().rounded(.down))
        return max(1, min(wanted, allowed))
    }

    /// Texels per page pixel side of a sampled image embedded pixel for pixel: 2, so that a renderer that smooths or
    /// snaps it at the page's size averages whole texels of one pixel.
    static let pixelTexels = 1

    /// The most texels an enlarged image has (a 16 MiB surface).
    static let maxEnlargedTexels = 1 << 22
}

/// Makes `color` (straight alpha) the source `cr` draws with.
func setSource(_ cr: OpaquePointer, _ color: Color) {
    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
}

/// cairo image surfaces from premultiplied RGBA words (red in the low byte, as `ColorLookup` and the CPU painter
/// pack them).
enum CairoImages {
    /// A `width × height` ARGB32 surface whose pixel (row, column) is `pixel(row, column)`; nil when cairo cannot
    /// make one that size.
    static func surface(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: width), Int32(clamping: height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        for row in 0..<height {
            let words = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                // RGBA bytes (red low) to cairo's native-endian ARGB word: alpha high, then red, green, blue.
                let p = pixel(row, column)
                words[column] = (p & 0xFF00_FF00) | ((p & 0xFF) << 16) | ((p >> 16) & 0xFF)
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
