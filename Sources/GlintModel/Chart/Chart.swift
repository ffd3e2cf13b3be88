import GlintScales
import GlintScene

/// A chart to render: data, styles and layout options, all value types with defaults,
/// so `Chart(series: [.line(name: "a", x: xs, y: ys)])` already gives a complete chart.
public struct Chart: Sendable {
    /// Output width in logical pixels (multiplied by `scale` for the image).
    public var width: Int
    /// Output height in logical pixels (multiplied by `scale` for the image).
    public var height: Int
    /// HiDPI factor: multiplies the image size and every stroke, radius, margin and font size.
    public var scale: Double
    /// Title drawn above the plot; nil or empty for none.
    public var title: String?
    /// Colours of background, text, grid and the default series palette.
    public var theme: Theme
    /// The horizontal axis.
    public var x: Axis
    /// The vertical axis.
    public var y: Axis
    /// The right vertical axis, drawn when a series has `axis: .y2`: linear or log, with its own range, format and
    /// title; no grid unless asked.
    public var y2 = Axis(grid: false)
    /// Series drawn in order, the first at the bottom.
    public var series: [Series]
    /// The series legend.
    public var legend: Legend
    /// More legends (colour bars, categorical and size legends, more series legends), stacked after `legend`.
    public var legends: LegendSet = []
    /// Reference lines and bands at fixed data values.
    public var references: [Reference]
    /// Notes pointing at data points, placed clear of other text.
    public var annotations: [Annotation] = []
    /// The text shown in the middle of the plot when no series has a single finite point.
    public var emptyText: String
    /// Several charts in this one's image: with panels, the chart is a figure — its size, scale, theme and title are
    /// the figure's, its `legend` the one legend of series that repeat by name across panels, and it has no series of
    /// its own. Nil for a single chart.
    public var panels: PanelGrid? = nil
    /// The x width of a view that follows the newest x (`FollowedView`): x shows the last `follow` of x, y what is
    /// visible there. A `RetainedChart` made from the chart scrolls with appended points; the chart rendered as it is
    /// draws the view as it stands. Nil: the axes' own ranges. Linear and time x axes only.
    public var follow: Double? = nil
    /// Polar axes: x is the angle round the disc, y the radius from its centre (a radar chart of lines or areas over
    /// category names, a rose chart of bars, dots at angles and distances). Nil for rectangular axes.
    public var polar: PolarAxes? = nil
    /// What the rows some of its series read from databases when it was made may leave out, each naming its series
    /// (`Database.caveat`: a ClickHouse read that skips unavailable shards); its images' notices say so, as they do
    /// for the series read when drawn.
    public var readCaveats: [String] = []

    /// Its `readCaveats` and its panels', each once (a faceted chart's panels repeat its own).
    public var allReadCaveats: [String] { (readCaveats + (panels?.panels.flatMap(\.chart.allReadCaveats) ?? [])).uniqued() }

    /// A chart; every argument has a default.
    public init(width: Int = 800, height: Int = 500, scale: Double = 1, title: String? = nil,
                theme: Theme = .light, x: Axis = Axis(), y: Axis = Axis(),
                series: [Series] = [], legend: Legend = Legend(), references: [Reference] = [],
                emptyText: String = "No data") {
        self.width = width
        self.height = height
        self.scale = scale
        self.title = title
        self.theme = theme
        self.x = x
        self.y = y
        self.series = series
        self.legend = legend
        self.references = references
        self.emptyText = emptyText
    }

    /// The vertical axis `series` is measured against: `y`, or `y2` for a series on the right axis.
    public func axis(for series: Series) -> Axis { self[series.axis] }

    /// The vertical axis `axis` names: `y`, or the right axis `y2`.
    public subscript(axis: SeriesAxis) -> Axis {
        get { axis == .y2 ? y2 : y }
        set { if axis == .y2 { y2 = newValue } else { y = newValue } }
    }

    /// Whether some series is measured against the right axis (hidden ones too, so hiding one keeps the layout).
    public var usesY2: Bool { series.contains { $0.axis == .y2 } }

    /// Every legend: `legend`, then `legends` in order.
    public var allLegends: [Legend] { [legend] + legends.all }

    /// The size of the rendered image in device pixels (`width × scale`, `height × scale`), each side held
    /// within ±2^40 so that no scale can overflow it (such sizes are refused later anyway).
    public var pixelSize: (width: Int, height: Int) {
        func side(_ logical: Int) -> Int {
            let pixels = (Double(logical) * scale).rounded()
            return pixels.isNaN ? 0 : Int(min(max(pixels, -0x1p40), 0x1p40))
        }
        return (side(width), side(height))
    }
}

/// How an axis maps data values to positions.
public enum AxisScale: String, CaseIterable, Sendable {
    /// Equal steps of value are equal distances.
    case linear
    /// Equal ratios are equal distances (base 10): ticks at powers of ten, minor grid lines at 2…9 times
    /// them where there is room; values ≤ 0 are gaps.
    case log
    /// Values are instants in epoch milliseconds: ticks on calendar boundaries of the axis's `timeZone`,
    /// labelled as dates and times.
    case time
}

/// A chart axis.
public struct Axis: Sendable {
    /// Title drawn beside the axis; nil or empty for none.
    public var title: String?
    /// An explicit data range; nil to fit the data with a little padding. Positive on a log axis.
    public var range: ClosedRange<Double>?
    /// Whether grid lines are drawn at the ticks.
    public var grid: Bool
    /// Linear (the default) or logarithmic.
    public var scale: AxisScale
    /// How tick labels show their values; nil for plain numbers with just enough decimals.
    public var format: NumberFormat?
    /// The IANA time zone of a time axis (`Europe/Berlin`); its ticks fall on this zone's midnights and hours.
    public var timeZone: String = "UTC"
    /// A time axis's tick labels written by a strftime-style pattern (`%Y-%m`) instead of the calendar's own
    /// labels; nil for those.
    public var dateFormat: DateFormat?
    /// How the x axis's tick labels are turned: level (`none`), rising at 45° to end at their ticks (`rising`), or
    /// upwards (`counterClockwise`), for long category names and long numbers. Other axes' labels stay level.
    public var tickLabelRotation: TextRotation = .none
    /// Whether category names too wide for their slots are turned 45° (`.rising`) by the layout when
    /// `tickLabelRotation` is `.none`; false keeps them level (shortened to their slots). A spec's `rotate`, given,
    /// sets it false.
    public var turnsCrowdedNames = true
    /// Names of the slots of a category axis: category i sits at x = i, each in a slot one unit wide, its name
    /// as the tick label; bars of several series share each slot side by side. Nil for a numeric axis.
    public var categories: [String]?
    /// Whether its tick labels and title are drawn: a figure's shared axis is labelled on one panel of each group
    /// (`PanelGrid.shareX`); its ticks and grid lines are drawn either way.
    public var labelled = true

    /// An axis; by default untitled, linear, auto-ranged, with grid lines and plain labels.
    public init(title: String? = nil, range: ClosedRange<Double>? = nil, grid: Bool = true, scale: AxisScale = .linear,
                format: NumberFormat? = nil) {
        self.title = title
        self.range = range
        self.grid = grid
        self.scale = scale
        self.format = format
    }
}
