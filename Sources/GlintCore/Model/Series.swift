/// The vertical axis a series is measured against.
public enum SeriesAxis: String, CaseIterable, Sendable {
    /// The left axis, `Chart.y`.
    case y
    /// The right axis, `Chart.y2`, with its own range, scale, format and title.
    case y2
}

/// One data series: its points and the styles of the marks that draw it. Coordinates are Double in data units;
/// NaN and ±Inf are gaps. Each mark's options are a value of their own (`line`, `dots`, `bars`, `labelStyle`),
/// read by the mark that draws them.
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
    /// How a line is drawn: stroke, steps, markers, decimation.
    public var line: LineStyle
    /// How dots (of a dot series, or a line's markers) are drawn: radius, size mapping.
    public var dots: DotStyle
    /// How bars are drawn: width, orientation, stack.
    public var bars: BarStyle
    /// How an area series is filled (`kind == .area`).
    public var area = AreaStyle()
    /// The bins of a histogram series (`kind == .histogram`).
    public var histogram = HistogramStyle()
    /// The grid of a heatmap series (`kind == .heatmap`).
    public var heatmap = HeatmapStyle()
    /// The slices of a pie series (`kind == .pie`): hole, start angle, what their text shows.
    public var pie = PieStyle()
    /// How a density series (`kind == .density`) aggregates, normalises and colours its points.
    public var density = DensityStyle()
    /// The options of marks whose kinds keep them by type (`Series.stemStyle`), each at its default until set.
    public var styles = MarkStyles()
    /// A density series' aggregate on the layout it was last prepared for.
    var densityDrawing: DensityDrawing? = nil
    /// A series of a polar chart placed on its disc (`Chart.placed(on:)`): its x and y are then pixels.
    var polarDrawing: PolarDrawing? = nil
    /// Error bars on the series' points (dots, lines, bars); nil for none.
    public var errorBars: ErrorBarStyle? = nil
    /// A band around a line or dots (min/max or confidence shading), under them; nil for none.
    public var band: BandStyle? = nil
    /// The open, high and low of a candlestick or OHLC series (its close is `y`).
    public var candles: CandleStyle? = nil
    /// The outline of dots and bars.
    public var outline: Outline
    /// Text drawn above each point (nil or empty for none), as many as the points; a label that would cover
    /// an earlier one, or leave the plot, is skipped.
    public var labels: [String?]?
    /// How point labels are drawn: colour, value labels and their format.
    public var labelStyle: LabelStyle
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

    /// A series; every style at its default unless given.
    public init(kind: SeriesKind, name: String = "", x: Column, y: Column, size: Column? = nil, color: Color? = nil,
                line: LineStyle = LineStyle(), dots: DotStyle = DotStyle(), bars: BarStyle = BarStyle(),
                outline: Outline = Outline(), labelStyle: LabelStyle = LabelStyle()) {
        (self.kind, self.name, self.x, self.y, self.size, self.color) = (kind, name, x, y, size, color)
        (self.line, self.dots, self.bars, self.outline, self.labelStyle) = (line, dots, bars, outline, labelStyle)
    }

    /// A line series.
    public static func line(name: String = "", x: Column, y: Column, color: Color? = nil,
                            width: Double = 2, markers: Bool = false) -> Series {
        Series(kind: .line, name: name, x: x, y: y, color: color, line: LineStyle(width: width, markers: markers))
    }

    /// A dot series; with `size`, each dot's radius is mapped from its size into `radius`.
    public static func dots(name: String = "", x: Column, y: Column, size: Column? = nil,
                            radius: ClosedRange<Double>? = nil, color: Color? = nil) -> Series {
        Series(kind: .dots, name: name, x: x, y: y, size: size, color: color, dots: DotStyle(radius: radius))
    }

    /// An area series: filled from its line to `baseline`, its line drawn over the fill.
    public static func area(name: String = "", x: Column, y: Column, color: Color? = nil, baseline: AreaBaseline = .value(0)) -> Series {
        var s = Series(kind: .area, name: name, x: x, y: y, color: color, line: LineStyle(width: 1.5))
        s.area.baseline = baseline
        return s
    }

    /// A pie (a donut with `inner` > 0): a slice per value, in proportion to the total, named by `names`, coloured by
    /// the palette in order.
    public static func pie(name: String = "", values: Column, names: [String]? = nil, inner: Double = 0) -> Series {
        var s = Series(kind: .pie, name: name, x: Column(values.indices.map(Double.init)), y: values)
        s.labels = names
        s.pie.inner = inner
        return s
    }

    /// A bar series.
    public static func bars(name: String = "", x: Column, y: Column, color: Color? = nil) -> Series {
        Series(kind: .bars, name: name, x: x, y: y, color: color)
    }

    /// The dots' radius range in logical pixels: `dots.radius` when set, else one that follows `size` whenever it
    /// is read — `DotStyle.sizedRadius` (2…12 px) for a series with sizes, so that the sizes show (also when they
    /// are set after the series was made, or read from a database), and `DotStyle.plainRadius` (4 px) otherwise.
    public var radius: ClosedRange<Double> {
        dots.radius ?? (size == nil ? DotStyle.plainRadius : DotStyle.sizedRadius)
    }

    /// The series as drawn when hidden: no points, so it draws nothing and takes no room, but keeps its index,
    /// name, look and colour for the legend.
    public var withoutPoints: Series {
        var s = self
        // The radius its sizes gave it stays: the legend's sample and the layout's room for dots do not change.
        s.dots.radius = radius
        (s.x, s.y, s.size, s.labels) = ([], [], nil, nil)
        // The colour scale keeps the range its values gave it, for a colour bar that names the series.
        if let colors = s.pointColors { s.pointColors = PointColors(values: [], scale: colors.scale.resolved(for: colors.values)) }
        return s
    }

    /// The series as drawn when selected: a wider line; dots and bars outlined in `outline`.
    public func emphasised(outline color: Color) -> Series {
        var s = self
        s.line.width += 2
        if s.kind != .line || s.line.markers {
            s.outline = Outline(color: color, width: max(s.outline.width, 2))
        }
        return s
    }

    /// Whether the series draws horizontal bars.
    public var isHorizontalBars: Bool { kind == .bars && bars.orientation == .horizontal }

    /// Whether the series draws dots at its points (a dot series, a line with markers, stems' heads).
    public var drawsDots: Bool { kind.definition.drawsDots(self) }

    /// Whether text is placed at its points: its own `labels`, or its values (`labelStyle.values`).
    public var hasLabels: Bool { kind.definition.takesPointLabels && (labels != nil || labelStyle.values) }
}
