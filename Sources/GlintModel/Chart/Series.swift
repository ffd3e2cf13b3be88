import GlintScales
import GlintScene
import GlintTable

/// The vertical axis a series is measured against.
public enum SeriesAxis: String, CaseIterable, Sendable {
    /// The left axis, `Chart.y`.
    case y
    /// The right axis, `Chart.y2`, with its own range, scale, format and title.
    case y2
}

/// One data series: its points and the options of the marks that draw it. Coordinates are Double in data units;
/// NaN and ±Inf are gaps. Each mark's options are a value of their own kept in `styles` (`line`, `dots`, `bars`,
/// `labelStyle`), read by the mark that draws them.
public struct Series: Sendable {
    /// How the series is drawn.
    public var kind: SeriesKind
    /// Name shown in the legend; empty names are left out of the legend.
    public var name: String
    /// X values in data units, viewed where they live (`Column`: an array, lent memory, a ring).
    public var x: Column
    /// Y values in data units; must have as many values as `x`.
    public var y: Column
    /// Per-point size values (any unit) mapped linearly onto the dots' radius; nil for a constant radius.
    public var size: Column?
    /// Colour; nil takes the next colour of the theme's palette.
    public var color: Color?
    /// The options of the marks that draw it, by type, each at its default until set: a mark's folder declares the
    /// property that reads its own (`line`, `dots`, `bars`, `pie`, `stemStyle`…).
    public var styles = MarkStyles()
    /// The outline of dots and bars.
    public var outline: Outline
    /// Text drawn above each point (nil or empty for none), as many as the points; a label that would cover
    /// an earlier one, or leave the plot, is skipped.
    public var labels: [String?]?
    /// How the series orders the categories of its category axis (x, or y for horizontal bars) when the chart is
    /// drawn: by its values (`.yDescending`: a ranked bar chart) or by name. Nil keeps the order given; on a numeric
    /// axis, put the points in order with `sorted(by:)`.
    public var sort: SortOrder? = nil
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
    /// In vector output (SVG, PDF), whether the series' dots are embedded as one image at the output's resolution
    /// (true) or kept as vector discs however many there are (false); nil leaves it to the number of dots
    /// (`VectorOptions.rasterizeAbove`). PNG output is the same either way.
    public var rasterize: Bool? = nil

    /// A series; every mark's options at their defaults (`styles`).
    public init(kind: SeriesKind, name: String = "", x: Column, y: Column, size: Column? = nil, color: Color? = nil,
                outline: Outline = Outline()) {
        (self.kind, self.name, self.x, self.y, self.size, self.color, self.outline) = (kind, name, x, y, size, color, outline)
    }
}
