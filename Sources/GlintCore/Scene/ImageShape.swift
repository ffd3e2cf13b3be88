/// A grid of coloured cells drawn as one image: `columns × rows` cells of `cellWidth × cellHeight` device pixels
/// from the corner `origin`, each cell's colour given (nil: a transparent cell). Vector output writes it as one image; raster
/// painters draw `rasterRects`, a rectangle per coloured cell, so edges land exactly where the cells' do. A colour
/// bar's gradient is one; heatmaps will be.
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
    /// Row-major cell colours, `columns × rows` of them; nil leaves a cell transparent.
    public var colors: [Color?]
    /// The smooth gradient the cells sample, when they sample one (a continuous colour bar): vector painters fill
    /// `bounds` with it, raster painters draw the cells.
    public var gradient: LinearGradient?

    /// A grid of `columns × rows` cells; `colors` holds one entry per cell, row by row.
    public init(origin: Point, cellWidth: Double, cellHeight: Double, columns: Int, rows: Int, rowsUpward: Bool = false,
                colors: [Color?]) {
        (self.origin, self.cellWidth, self.cellHeight) = (origin, cellWidth, cellHeight)
        (self.columns, self.rows, self.rowsUpward, self.colors) = (max(columns, 0), max(rows, 0), rowsUpward, colors)
    }

    /// The rectangle the whole grid covers.
    public var bounds: Rect {
        let height = Double(rows) * cellHeight
        return Rect(x: origin.x, y: rowsUpward ? origin.y - height : origin.y, width: Double(columns) * cellWidth, height: height)
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
