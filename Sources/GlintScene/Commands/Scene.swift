import GlintScales
import GlintTable

/// A backend-neutral display list in pixel space: what a painter draws, in order, and nothing else.
/// Big series stay references to the caller's arrays plus a Double transform; they are never copied here.
public struct Scene: Sendable {
    /// Image width in device pixels.
    public var width: Int
    /// Image height in device pixels.
    public var height: Int
    /// Device pixels per logical pixel (the chart's HiDPI factor): a vector document is the logical size.
    public var scale: Double = 1
    /// Colour the image is cleared to.
    public var background: Color
    /// Font family every text shape uses.
    public var fontFamily: String
    /// Drawing commands, first drawn first.
    public var commands: [SceneCommand]
    /// What the layout left out for want of room (a legend that does not fit), one line each.
    public var notices: [String] = []
    /// What the render did that the chart left to it and that is no problem — where each density series was
    /// counted — one line each: said as information (a log line), not as a notice (a warning).
    public var information: [String] = []

    /// An empty scene of the given size.
    public init(width: Int, height: Int, background: Color, fontFamily: String, commands: [SceneCommand] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.fontFamily = fontFamily
        self.commands = commands
    }

    /// The pixels of the image that `clip` leaves (all of them where there is none): what a command may touch.
    public func limit(_ clip: PixelRect?) -> PixelRect {
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        return clip.map { PixelRect.intersection($0, whole) } ?? whole
    }

    /// The scene as a painter that draws `natives` draws it, every other shape lowered in place (so the drawing
    /// order is kept): without `.borders`, every bordered or border-only rectangle to the rectangles of its fill and
    /// border (`RectShape.rasterRects`); without `.cellImages`, every image that is not `sampled` to a rectangle per
    /// cell (`ImageShape.rasterRects`). Sampled images stay images. The raster painters draw none natively.
    public func lowered(keeping natives: NativeShapes) -> Scene {
        var lowered = self
        for i in lowered.commands.indices {
            switch lowered.commands[i].shape {
            case let .rects(shapes) where !natives.contains(.borders) && shapes.contains(where: { $0.border != nil || !$0.filled }):
                lowered.commands[i].shape = .rects(shapes.flatMap(\.rasterRects))
            case let .image(image) where !natives.contains(.cellImages) && !image.sampled:
                lowered.commands[i].shape = .rects(image.rasterRects)
            default:
                continue
            }
        }
        return lowered
    }
}

/// One drawing command and the pixel rectangle it is clipped to.
public struct SceneCommand: Sendable {
    /// Nothing outside this rectangle is touched; nil draws anywhere in the image.
    public var clip: PixelRect?
    /// What to draw.
    public var shape: SceneShape
    /// The series whose mark this draws (its index in the chart, or in its panel's chart); nil for everything
    /// else (the frame, grid, axes, legends, text). `glint layout` finds text and legends over marks by it.
    public var series: Int?

    /// A command clipped to `clip`.
    public init(_ shape: SceneShape, clip: PixelRect? = nil) {
        self.shape = shape
        self.clip = clip
    }
}

/// A primitive kind with its instances.
public enum SceneShape: Sendable {
    /// Filled axis-aligned rectangles with anti-aliased fractional edges.
    case rects([RectShape])
    /// One series' polyline; its stroke is composited once, so self-overlap does not darken it.
    case line(LineShape)
    /// One series' dots.
    case dots(DotShape)
    /// Text runs.
    case text([TextShape])
    /// A grid of coloured cells (a painter without `NativeShapes.cellImages` draws it lowered to rectangles, unless it is
    /// sampled).
    case image(ImageShape)
    /// Filled outlines (raster painters draw each one's coverage mask, `PathMask`).
    case paths([PathShape])
}

/// A rectangle: filled, bordered inside its edges, or both. Vector painters draw it as one rectangle with a
/// stroke; raster painters draw `rasterRects`.
public struct RectShape: Equatable, Sendable {
    /// Area in pixels; fractional edges are anti-aliased by their coverage.
    public var rect: Rect
    /// Fill colour (not drawn when `filled` is false).
    public var color: Color
    /// Whether the inside is filled; false for a border alone (a check box).
    public var filled: Bool
    /// A border inside the edges, drawn over the fill; nil for none.
    public var border: RectBorder?

    /// A filled rectangle, with `border` inside its edges when given.
    public init(_ rect: Rect, _ color: Color, border: RectBorder? = nil) {
        (self.rect, self.color, self.filled, self.border) = (rect, color, true, border)
    }

    /// The border of `rect` alone, `width` pixels wide, inside its edges.
    public static func border(_ rect: Rect, width: Double, color: Color) -> RectShape {
        var shape = RectShape(rect, color, border: RectBorder(width: width, color: color))
        shape.filled = false
        return shape
    }

    /// What a raster painter draws: the fill, then the border as four rectangles inside the edges (top, bottom,
    /// left, right; each at most half the rectangle thick).
    public var rasterRects: [RectShape] {
        var rects = filled ? [RectShape(rect, color)] : []
        if let border {
            let w = min(border.width, rect.width / 2, rect.height / 2)
            rects += [
                RectShape(Rect(x: rect.x, y: rect.y, width: rect.width, height: w), border.color),
                RectShape(Rect(x: rect.x, y: rect.maxY - w, width: rect.width, height: w), border.color),
                RectShape(Rect(x: rect.x, y: rect.y + w, width: w, height: rect.height - 2 * w), border.color),
                RectShape(Rect(x: rect.maxX - w, y: rect.y + w, width: w, height: rect.height - 2 * w), border.color),
            ]
        }
        return rects
    }
}

/// A rectangle's border: its width in pixels, inside the edges, and colour.
public struct RectBorder: Equatable, Sendable {
    public var width: Double
    public var color: Color

    /// A border `width` pixels wide in `color`.
    public init(width: Double, color: Color) {
        (self.width, self.color) = (width, color)
    }
}

/// A polyline through data points.
public struct LineShape: Sendable {
    /// X values in data units (the caller's array, not a copy).
    public var x: Column
    /// Y values in data units.
    public var y: Column
    /// Data to pixels.
    public var transform: DataTransform
    /// Stroke colour.
    public var color: Color
    /// Stroke width in pixels.
    public var width: Double
    /// How segments meet.
    public var join: LineJoin
    /// How open ends look.
    public var cap: LineCap
    /// Miter limit as a multiple of the width (SVG's stroke-miterlimit).
    public var miterLimit: Double
    /// Anti-aliased edges; when false, vertices snap to pixel centres and edges are hard.
    public var antialias: Bool
    /// Dashes in pixels; nil for a solid line. A dashed line's corners are round, whatever `join` says.
    public var dash: DashPattern?
    /// Names the line across the frames of a retained chart (a live line's M4 points), so that a GL painter can
    /// keep what it uploaded of it from one frame to the next (`GLLineRing`); nil for a line drawn once. Only a
    /// hint: what is kept is checked against the points, value by value.
    public var liveKey: UInt64?

    /// A polyline.
    public init(x: Column, y: Column, transform: DataTransform, color: Color, width: Double,
                join: LineJoin = .round, cap: LineCap = .round, miterLimit: Double = 4, antialias: Bool = true) {
        self.x = x
        self.y = y
        self.transform = transform
        self.color = color
        self.width = width
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit
        self.antialias = antialias
    }
}

/// Circles at data points, each radius mapped linearly from a size value.
public struct DotShape: Sendable {
    /// X values in data units.
    public var x: Column
    /// Y values in data units.
    public var y: Column
    /// Per-point sizes; nil gives every dot `radius.upperBound`.
    public var size: Column?
    /// Data to pixels.
    public var transform: DataTransform
    /// Radius in pixels of the smallest and the largest size.
    public var radius: ClosedRange<Double>
    /// The sizes that map to `radius`'s bounds; sizes outside are clamped.
    public var sizeRange: ClosedRange<Double>
    /// Whether sizes map linearly onto the radius or onto the area.
    public var radiusScale: RadiusScale = .linear
    /// The shape each dot is drawn in, a disc by default.
    public var marker: MarkerShape = .circle
    /// Fill colour.
    public var fill: Color
    /// Per-dot fill colours in place of `fill`: a value per dot and the table it is looked up in; a dot whose
    /// value is a gap is not drawn.
    public var colors: (values: [Double], lookup: ColorLookup)?
    /// Outline colour, drawn inside the radius.
    public var stroke: Color
    /// Outline width in pixels; 0 for none.
    public var strokeWidth: Double
    /// For vector painters: embed these dots as an image (true), keep them discs (false), or decide by their
    /// number (nil; `Series.rasterize`).
    public var rasterize: Bool? = nil

    /// Dots.
    public init(x: Column, y: Column, size: Column?, transform: DataTransform, radius: ClosedRange<Double>,
                sizeRange: ClosedRange<Double>, fill: Color, stroke: Color = .clear, strokeWidth: Double = 0) {
        self.x = x
        self.y = y
        self.size = size
        self.transform = transform
        self.radius = radius
        self.sizeRange = sizeRange
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
    }

    /// Dot i's own fill from the colour table (premultiplied RGBA bytes, red in the low byte); nil where the shape
    /// has no per-dot colours, or dot i has no colour value or a gap for one.
    @inlinable
    public func ownFill(_ i: Int) -> UInt32? {
        guard let colors, i < colors.values.count else { return nil }
        return colors.lookup.packed(colors.values[i])
    }

    /// Where dot i's radius falls in `radius`, 0…1, as both painters map it (computed in Double, so any finite
    /// size maps correctly): its size's place between `sizeRange`'s bounds, or with `.area` the place whose disc
    /// area is that share of the area range; 1 without sizes or when the range is a single value; nil for a gap
    /// (a missing or non-finite size, or a per-dot colour value that is a gap).
    public func sizeFraction(_ i: Int) -> Float? { sizeFraction(i, sizes: size) }

    /// `sizeFraction(i)` with the sizes read from `sizes` (the size column's values, `size` itself or an array
    /// taken from it once, which a loop over many dots reads faster than the column).
    @inlinable
    public func sizeFraction<Sizes: RandomAccessCollection<Double>>(_ i: Int, sizes: Sizes?) -> Float? where Sizes.Index == Int {
        if colors != nil, ownFill(i) == nil { return nil }
        guard let sizes else { return 1 }
        guard i < sizes.count, sizes[i].isFinite else { return nil }
        // Halves, so that a range such as -1e308…1e308 does not overflow.
        let halfSpan = sizeRange.upperBound / 2 - sizeRange.lowerBound / 2
        guard halfSpan > 0 else { return 1 }
        let t = min(max((sizes[i] / 2 - sizeRange.lowerBound / 2) / halfSpan, 0), 1)
        guard radiusScale == .area else { return Float(t) }
        // The fraction of the radius range whose disc area is the fraction t of the area range.
        let (r0, r1) = (radius.lowerBound, radius.upperBound)
        guard r1 > r0 else { return Float(t) }
        return Float(((r0 * r0 + t * (r1 * r1 - r0 * r0)).squareRoot() - r0) / (r1 - r0))
    }
}

/// Text direction on the image.
public enum TextRotation: Hashable, Sendable {
    /// Left to right.
    case none
    /// Bottom to top (rotated 90° counter-clockwise), as for a y-axis title.
    case counterClockwise
    /// Rising to the right at 45° (rotated 45° counter-clockwise), as for slanted x tick labels.
    case rising

    /// The sine (and cosine) of a rising run's 45°.
    public static let risingSine = 0.5.squareRoot()

    /// The unit vectors on the image along the baseline and towards the text's foot (across it, the way
    /// descenders go).
    public var axes: (along: Point, down: Point) {
        switch self {
        case .none: return (Point(1, 0), Point(0, 1))
        case .counterClockwise: return (Point(0, -1), Point(1, 0))
        case .rising:
            let h = TextRotation.risingSine
            return (Point(h, -h), Point(h, h))
        }
    }

    /// The image point `u` along the baseline from `origin` and `v` towards the text's foot.
    public func point(_ origin: Point, u: Double, v: Double) -> Point {
        let (a, d) = axes
        return Point(origin.x + u * a.x + v * d.x, origin.y + u * a.y + v * d.y)
    }

    /// The corners of a run `width` long from `origin`, `above` over its baseline and `below` under it, turned
    /// this way: its baseline's start and end over the text, then its end and start under it.
    public func corners(origin: Point, width: Double, above: Double, below: Double) -> [Point] {
        [(0.0, -above), (width, -above), (width, below), (0.0, below)].map { point(origin, u: $0.0, v: $0.1) }
    }

    /// The box holding a run `width` long from `origin`, `above` over its baseline and `below` under it, turned
    /// this way.
    public func box(origin: Point, width: Double, above: Double, below: Double) -> Rect {
        TextRotation.bounds(of: corners(origin: origin, width: width, above: above, below: below))
    }

    /// The upright box around a turned run's four `corners`.
    public static func bounds(of corners: [Point]) -> Rect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let (x0, y0) = (xs.min() ?? 0, ys.min() ?? 0)
        return Rect(x: x0, y: y0, width: (xs.max() ?? x0) - x0, height: (ys.max() ?? y0) - y0)
    }
}

/// A run of text on one baseline.
public struct TextShape: Equatable, Sendable {
    /// The characters.
    public var text: String
    /// Start of the baseline in pixels (whole pixels keep glyphs crisp).
    public var origin: Point
    /// Font size in pixels (the em height).
    public var fontSize: Double
    /// Text colour.
    public var color: Color
    /// Direction of the baseline.
    public var rotation: TextRotation
    /// The glyphs `text` was shaped to when the scene was built (`SceneBuilder` shapes every run with its
    /// measurer); nil for a run made by hand or measured by a measurer that does not shape, which painters shape
    /// as they draw it.
    public var glyphs: GlyphRun?
    /// What the run is on the chart (a title, a tick label, a legend entry …).
    public var role: TextRole
    /// The whole text where `text` was shortened with an ellipsis to fit; nil when it is whole.
    public var fullText: String?

    /// A text run, `glyphs` shaped from `text` when given.
    public init(_ text: String, origin: Point, fontSize: Double, color: Color, rotation: TextRotation = .none,
                glyphs: GlyphRun? = nil, role: TextRole = .other) {
        self.text = text
        self.origin = origin
        self.fontSize = fontSize
        self.color = color
        self.rotation = rotation
        self.glyphs = glyphs
        self.role = role
    }

    /// This run, shortened from `whole` (its `fullText` when `text` differs).
    package func shortened(from whole: String) -> TextShape {
        var run = self
        run.fullText = whole == text ? nil : whole
        return run
    }
}
