/// How a line series is drawn (`Series.line`): its stroke, its steps, its markers and its reduction.
public struct LineStyle: MarkStyle, Equatable {
    /// Stroke width in logical pixels.
    public var width: Double
    /// How segments meet.
    public var join: LineJoin
    /// How open ends are drawn.
    public var cap: LineCap
    /// Longest miter as a multiple of the stroke width (SVG's stroke-miterlimit); longer ones become bevels.
    public var miterLimit: Double
    /// Anti-aliased edges; when false, vertices snap to pixel centres and edges are hard.
    public var antialias: Bool
    /// Dashes in logical pixels, alternately on and off (`[6, 4]`; an odd count repeats, at most four lengths);
    /// nil for a solid line. A dashed line is drawn from every point (never decimated) with round corners.
    public var dash: [Double]?
    /// Where the value changes between two points (`pre`, `post` or `mid`); nil for straight segments from point
    /// to point.
    public var step: StepMode?
    /// Whether a dot is also drawn at each point (in the series' `DotStyle`).
    public var markers: Bool
    /// Whether a long line with sorted x is reduced by M4 decimation to the first, last, lowest and highest point
    /// of each pixel column before drawing (unsorted x always draws every point).
    public var decimate: Bool

    /// A line style; every option at its default unless given.
    public init(width: Double = 2, join: LineJoin = .round, cap: LineCap = .round, miterLimit: Double = 4,
                antialias: Bool = true, dash: [Double]? = nil, step: StepMode? = nil, markers: Bool = false,
                decimate: Bool = true) {
        (self.width, self.join, self.cap, self.miterLimit, self.antialias) = (width, join, cap, miterLimit, antialias)
        (self.dash, self.step, self.markers, self.decimate) = (dash, step, markers, decimate)
    }

    /// A line style with every option at its default: 2 px, round joins and caps, solid, decimated.
    public init() { self.init(dash: nil) }
}

extension Series {
    /// How a line is drawn: stroke, steps, markers, decimation (also the stroke of areas' edges and stems).
    public var line: LineStyle {
        get { styles[LineStyle.self] }
        set { styles[LineStyle.self] = newValue }
    }
}
