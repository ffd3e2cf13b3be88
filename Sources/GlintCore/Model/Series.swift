/// How a series is drawn.
public enum SeriesKind: String, CaseIterable, Sendable {
    /// A polyline through the points in order; NaN or ±Inf breaks it.
    case line
    /// One circle per point, radius scaled from the point's `size`.
    case dots
    /// One bar per point from the baseline 0 to y, centred on x.
    case bars
}

/// How dot sizes map onto radii.
public enum RadiusScale: String, CaseIterable, Sendable {
    /// The radius grows linearly with the size.
    case linear
    /// The area grows linearly with the size (the radius with its square root), as readers compare dots.
    case area
}

/// Which way bars grow.
public enum BarOrientation: String, CaseIterable, Sendable {
    /// Up from y = 0 (down for negative values), at x.
    case vertical
    /// Right from x = 0 (left for negative values), at y: the value is x, the position y.
    case horizontal
}

/// The vertical axis a series is measured against.
public enum SeriesAxis: String, CaseIterable, Sendable {
    /// The left axis, `Chart.y`.
    case y
    /// The right axis, `Chart.y2`, with its own range, scale, format and title.
    case y2
}

/// How two segments of a line meet.
public enum LineJoin: String, CaseIterable, Sendable {
    /// A circular arc around the shared point.
    case round
    /// The outer edges extended until they meet; past `miterLimit` it falls back to bevel.
    case miter
    /// The outer corners joined by a straight edge.
    case bevel
}

/// How the open ends of a line are drawn.
public enum LineCap: String, CaseIterable, Sendable {
    /// Cut square at the end point.
    case butt
    /// A half circle around the end point.
    case round
    /// Cut square half a stroke width past the end point.
    case square
}

/// One data series. Coordinates are Double in data units; NaN and ±Inf are gaps.
public struct Series: Sendable {
    /// How the series is drawn.
    public var kind: SeriesKind
    /// Name shown in the legend; empty names are left out of the legend.
    public var name: String
    /// X values in data units, viewed where they live (`Column`: an array, lent memory, a ring).
    public var x: Column
    /// Y values in data units; must have as many values as `x`.
    public var y: Column
    /// Per-point size values (any unit) mapped linearly onto `radius`; nil for a constant radius.
    public var size: Column?
    /// Colour; nil takes the next colour of the theme's palette.
    public var color: Color?
    /// Line stroke width in logical pixels.
    public var lineWidth: Double
    /// How line segments meet.
    public var join: LineJoin
    /// How open line ends are drawn.
    public var cap: LineCap
    /// Longest miter as a multiple of the stroke width (SVG's stroke-miterlimit); longer ones become bevels.
    public var miterLimit: Double
    /// Anti-aliased line edges; when false, vertices snap to pixel centres and edges are hard.
    public var antialias: Bool
    /// Whether a long line with sorted x is reduced by M4 decimation to the first, last, lowest and
    /// highest point of each pixel column before drawing (unsorted x always draws every point).
    public var decimate: Bool
    /// Dot radius range in logical pixels: the smallest size maps to the lower bound, the largest to the upper.
    /// Without sizes (or when all sizes are equal) every dot takes the upper bound. Unless set, it follows
    /// `size` whenever it is read: `sizedRadius` (2…12 px) for a series with sizes, so that the sizes show (also
    /// when they are set after the series was made, or read from a database), and `plainRadius` (4 px) otherwise.
    public var radius: ClosedRange<Double> {
        get { explicitRadius ?? (size == nil ? Series.plainRadius : Series.sizedRadius) }
        set { explicitRadius = newValue }
    }
    /// The radius range set for the series; nil for the default, which follows `size`.
    public var explicitRadius: ClosedRange<Double>?
    /// The size values that map to `radius`'s bounds; nil to use the data's own smallest and largest size.
    public var sizeRange: ClosedRange<Double>?
    /// How sizes map onto `radius`: linearly onto the radius, or onto the area (what readers perceive).
    public var radiusScale: RadiusScale = .linear
    /// Whether a line series also draws a dot at each point.
    public var markers: Bool
    /// Outline colour of dots and bars; nil for no outline.
    public var strokeColor: Color?
    /// Outline width of dots and bars in logical pixels, drawn inside the shape.
    public var strokeWidth: Double
    /// Bar width as a share (0...1) of the smallest distance between neighbouring x values.
    public var barWidth: Double
    /// Text drawn above each point (nil or empty for none), as many as the points; a label that would cover
    /// an earlier one, or leave the plot, is skipped.
    public var labels: [String?]?
    /// Colour of the point labels; nil for the theme's text colour.
    public var labelColor: Color?
    /// Which way bars grow: vertical (the value is y) or horizontal (the value is x, the position y).
    public var orientation: BarOrientation = .vertical
    /// Bars with the same stack name pile up at each x (positive values on the positive ones before them in series
    /// order, negative ones below the negative ones) and share one slot on a category axis; nil for a bar of its own.
    public var stack: String?
    /// Whether each point's y value is written above it (below a negative bar) as its label; `labels`, when
    /// given, win.
    public var valueLabels: Bool = false
    /// How value labels show numbers; nil for the shortest form (`150`, `2.5`).
    public var valueFormat: NumberFormat?
    /// Dashes of a line in logical pixels, alternately on and off (`[6, 4]`; an odd count repeats, at most four
    /// lengths); nil for a solid line. A dashed line is drawn from every point (never decimated) with round
    /// corners.
    public var dash: [Double]?
    /// A line's steps: where its value changes between two points (`pre`, `post` or `mid`); nil for straight
    /// segments from point to point. Only lines step.
    public var step: StepMode?
    /// Whether x is known to be finite and non-decreasing (a `RetainedChart` checks it once): a line drawn in an
    /// explicit x range then reads only the points in view, found by binary search, instead of all of them.
    /// Setting it for x that is not sorted draws wrong pictures.
    public var xIsSorted: Bool = false
    /// The vertical axis the series' y values are measured against: the left `y` or the right `y2`.
    public var axis: SeriesAxis = .y
    /// Per-point colours of dots, bars or a line's markers: a value per point through a colour scale (continuous,
    /// stepped or categorical); nil to draw every point in `color`. A point whose value is a gap is not drawn.
    public var pointColors: PointColors?
    /// Whether the series is drawn. A hidden series keeps its palette colour and its legend entry (an unchecked
    /// check box), but draws nothing and takes no part in auto ranges, bar groups or stacks.
    public var visible: Bool = true
    /// Whether the series is drawn emphasised: a line 2 px wider, dots and bars outlined in the theme's text
    /// colour.
    public var selected: Bool = false
    /// Where the points come from when they live in a database: `x`, `y` and `size` are then read at render time
    /// (only what the picture needs: long lines are reduced by M4 inside the database).
    public var source: DatabaseSource?

    /// A series with every style option at its default.
    public init(kind: SeriesKind, name: String = "", x: Column, y: Column, size: Column? = nil,
                color: Color? = nil, lineWidth: Double = 2, join: LineJoin = .round, cap: LineCap = .round,
                miterLimit: Double = 4, radius: ClosedRange<Double>? = nil, sizeRange: ClosedRange<Double>? = nil,
                markers: Bool = false, strokeColor: Color? = nil, strokeWidth: Double = 0, barWidth: Double = 0.8,
                antialias: Bool = true, decimate: Bool = true) {
        self.kind = kind
        self.name = name
        self.x = x
        self.y = y
        self.size = size
        self.color = color
        self.lineWidth = lineWidth
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit
        explicitRadius = radius
        self.sizeRange = sizeRange
        self.markers = markers
        self.strokeColor = strokeColor
        self.strokeWidth = strokeWidth
        self.barWidth = barWidth
        self.antialias = antialias
        self.decimate = decimate
    }

    /// A line series.
    public static func line(name: String = "", x: Column, y: Column, color: Color? = nil,
                            width: Double = 2, markers: Bool = false) -> Series {
        Series(kind: .line, name: name, x: x, y: y, color: color, lineWidth: width, markers: markers)
    }

    /// A dot series; with `size`, each dot's radius is mapped from its size into `radius`.
    public static func dots(name: String = "", x: Column, y: Column, size: Column? = nil,
                            radius: ClosedRange<Double>? = nil, color: Color? = nil) -> Series {
        Series(kind: .dots, name: name, x: x, y: y, size: size, color: color, radius: radius)
    }

    /// A bar series.
    public static func bars(name: String = "", x: Column, y: Column, color: Color? = nil) -> Series {
        Series(kind: .bars, name: name, x: x, y: y, color: color)
    }

    /// The default radius of dots without sizes, and of line markers: 4 logical pixels.
    public static let plainRadius: ClosedRange<Double> = 4...4
    /// The default radius range of dots with sizes: 2…12 logical pixels, wide enough for sizes to show.
    public static let sizedRadius: ClosedRange<Double> = 2...12

    /// The series as drawn when hidden: no points, so it draws nothing and takes no room, but keeps its index,
    /// name, look and colour for the legend.
    public var withoutPoints: Series {
        var s = self
        // The radius its sizes gave it stays: the legend's sample and the layout's room for dots do not change.
        s.explicitRadius = radius
        (s.x, s.y, s.size, s.labels) = ([], [], nil, nil)
        // The colour scale keeps the range its values gave it, for a colour bar that names the series.
        if let colors = s.pointColors { s.pointColors = PointColors(values: [], scale: colors.scale.resolved(for: colors.values)) }
        return s
    }

    /// The series as drawn when selected: a wider line; dots and bars outlined in `outline`.
    public func emphasised(outline: Color) -> Series {
        var s = self
        s.lineWidth += 2
        if s.kind != .line || s.markers {
            s.strokeColor = outline
            s.strokeWidth = max(s.strokeWidth, 2)
        }
        return s
    }

    /// Whether the series draws horizontal bars.
    public var isHorizontalBars: Bool { kind == .bars && orientation == .horizontal }

    /// Whether the series draws dots (a dot series, or a line with markers).
    public var drawsDots: Bool { kind == .dots || (kind == .line && markers) }
}
