import GlintScales

/// A grid of coloured cells drawn as one image: `columns × rows` cells of `cellWidth × cellHeight` device pixels
/// from the corner `origin`, each cell's colour given (nil: a transparent cell). Vector output writes it as one
/// image. Raster painters draw a `sampled` image pixel by pixel — each pixel in the colour of the cell under its
/// centre (`cellIndices`), one texture upload and one quad on GL, so a 2000 × 2000 heatmap costs what its pixels
/// do — and any other (a colour bar's cells) as `rasterRects`, a rectangle per cell with box-filtered edges.
public struct ImageShape: Sendable {
    /// The corner where row 0 and column 0 meet, in device pixels: the top-left one, or the bottom-left one when
    /// rows go upwards.
    public var origin: Point
    /// Each cell's size in device pixels.
    public var cellWidth: Double, cellHeight: Double
    /// The grid's size in cells.
    public var columns: Int, rows: Int
    /// Whether row 0 is the bottom row (data images, whose y grows upwards) instead of the top one.
    public var rowsUpward: Bool
    /// Row-major cell colours, `columns × rows` of them; nil leaves a cell transparent. Empty when the image is
    /// made of `packed` words instead.
    public var colors: [Color?]
    /// Row-major cells as premultiplied RGBA8 words (red in the low byte, 0 transparent), when the image is made of
    /// them: a heatmap's, through its scale's `ColorLookup`, so millions of cells cost a table lookup each.
    public var packed: [UInt32]?
    /// The smooth gradient the cells sample, when they sample one (a continuous colour bar): vector painters fill
    /// `bounds` with it, raster painters draw the cells.
    public var gradient: LinearGradient?
    /// Whether raster painters sample the cells per pixel (hard cell edges on whole pixels: a heatmap) rather than
    /// draw `rasterRects`.
    public var sampled = false

    /// A grid of `columns × rows` cells; `colors` holds one entry per cell, row by row.
    public init(origin: Point, cellWidth: Double, cellHeight: Double, columns: Int, rows: Int, rowsUpward: Bool = false,
                colors: [Color?]) {
        (self.origin, self.cellWidth, self.cellHeight) = (origin, cellWidth, cellHeight)
        (self.columns, self.rows, self.rowsUpward, self.colors) = (max(columns, 0), max(rows, 0), rowsUpward, colors)
    }

    /// A grid of `columns × rows` cells given as premultiplied RGBA8 words, row by row.
    public init(origin: Point, cellWidth: Double, cellHeight: Double, columns: Int, rows: Int, rowsUpward: Bool = false,
                packed: [UInt32]) {
        self.init(origin: origin, cellWidth: cellWidth, cellHeight: cellHeight, columns: columns, rows: rows, rowsUpward: rowsUpward, colors: [])
        self.packed = packed
    }

    /// The rectangle the whole grid covers.
    public var bounds: Rect {
        let height = Double(rows) * cellHeight
        return Rect(x: origin.x, y: rowsUpward ? origin.y - height : origin.y, width: Double(columns) * cellWidth, height: height)
    }

    /// The pixels of `clip` the grid covers (by the pixel centres inside it); nil when none.
    public func pixelWindow(within clip: PixelRect) -> PixelRect? {
        let b = bounds
        // The first pixel whose centre lies at or past an edge, and the first past the far one.
        let x0 = max(clip.x, Int(saturating: (b.x - 0.5).rounded(.up))), x1 = min(clip.x + clip.width, Int(saturating: (b.maxX - 0.5).rounded(.up)))
        let y0 = max(clip.y, Int(saturating: (b.y - 0.5).rounded(.up))), y1 = min(clip.y + clip.height, Int(saturating: (b.maxY - 0.5).rounded(.up)))
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// For each pixel column of `window`, the cell column under its centre, and for each pixel row the cell row
    /// (-1 outside the grid): what both raster painters sample a `sampled` image by, so they pick the same cells.
    public func cellIndices(in window: PixelRect) -> (columns: [Int32], rows: [Int32]) {
        func cell(_ offset: Double, _ size: Double, _ count: Int) -> Int32 {
            let k = (offset / size).rounded(.down)
            return k >= 0 && k < Double(count) ? Int32(k) : -1
        }
        let columnOf = (0..<window.width).map { cell(Double(window.x + $0) + 0.5 - origin.x, cellWidth, columns) }
        let rowOf = (0..<window.height).map { i -> Int32 in
            let centre = Double(window.y + i) + 0.5
            return cell(rowsUpward ? origin.y - centre : centre - origin.y, cellHeight, rows)
        }
        return (columnOf, rowOf)
    }

    /// Each cell's premultiplied RGBA8 word (red in the low byte; 0 for a transparent cell), `ColorLookup.pack`'s
    /// bytes: what both raster painters blend and vector output embeds.
    public var packedColors: [UInt32] {
        if let packed { return packed }
        return (0..<(columns * rows)).map { i in i < colors.count ? colors[i].map(ColorLookup.pack) ?? 0 : 0 }
    }

    /// One rectangle per coloured cell (cells beyond `colors` are transparent), as raster painters draw the image.
    public var rasterRects: [RectShape] {
        var rects: [RectShape] = []
        for row in 0..<rows {
            let y = rowsUpward ? origin.y - Double(row) * cellHeight - cellHeight : origin.y + Double(row) * cellHeight
            for column in 0..<columns {
                let index = row * columns + column
                guard index < colors.count, let color = colors[index] else { continue }
                rects.append(RectShape(Rect(x: origin.x + Double(column) * cellWidth, y: y, width: cellWidth, height: cellHeight), color))
            }
        }
        return rects
    }
}

/// A linear gradient in device pixels: colour stops placed along the line from `start` to `end`, padded beyond.
public struct LinearGradient: Equatable, Sendable {
    /// A colour at a place along the line, 0 at `start` and 1 at `end`.
    public struct Stop: Equatable, Sendable {
        public var offset: Double
        public var color: Color

        /// `color` at `offset` along the line.
        public init(_ offset: Double, _ color: Color) {
            (self.offset, self.color) = (offset, color)
        }
    }

    /// Where offset 0 and offset 1 lie.
    public var start: Point, end: Point
    /// The stops, by offset.
    public var stops: [Stop]

    /// A gradient from `start` to `end` through `stops`.
    public init(start: Point, end: Point, stops: [Stop]) {
        (self.start, self.end, self.stops) = (start, end, stops)
    }
}
