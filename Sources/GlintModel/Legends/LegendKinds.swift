import GlintScales
import GlintScene

/// What a legend shows. Every kind shares `Legend`'s placement, position, margins, title and box style.
public enum LegendKind: Sendable {
    /// Series entries (by `source`) and custom `items`: SciChart's legend modifier.
    case series
    /// A gradient bar for a colour scale: MapsGL's BarLegend.
    case colorBar(ColorBarLegend)
    /// Coloured dots with labels, one per category: MapsGL's point legend.
    case points(PointsLegend)
    /// Dots at a few sizes of a radius-scaled series, each at the radius it gets in the chart.
    case sizes(SizesLegend)

    /// The kind's name in the spec.
    public var name: String {
        switch self {
        case .series: return "series"
        case .colorBar: return "colorbar"
        case .points: return "points"
        case .sizes: return "sizes"
        }
    }
}

/// Where a colour bar's labels go.
public enum ColorBarLabels: Sendable, Equatable {
    /// About one label per 60 px of bar, on 1-2-5 steps of the displayed values.
    case automatic
    /// A label at every multiple of the step, in displayed units; per display unit when keyed by its symbol
    /// (`["C": 5, "F": 10]`).
    case every([String: Double])
    /// Labels at these data values (shown converted to the display unit).
    case values([Double])
    /// Given texts at places along the bar: 0…1 when `normalized`, else data values.
    case named([ColorBarLabel], normalized: Bool)
}

/// A named label of a colour bar.
public struct ColorBarLabel: Sendable, Equatable {
    /// Place along the bar: 0…1, or a data value.
    public var position: Double
    /// The text.
    public var text: String

    /// A label.
    public init(_ position: Double, _ text: String) {
        self.position = position
        self.text = text
    }
}

/// A colour-bar legend: the gradient of a `ColorScale` with labelled values.
public struct ColorBarLegend: Sendable {
    /// The scale drawn; nil takes the scale (and range) of the series `series` names.
    public var scale: ColorScale?
    /// The series whose per-point colour scale the bar shows, when `scale` is nil.
    public var series: Int?
    /// Bar thickness in logical pixels.
    public var thickness: Double = 12
    /// Bar length in logical pixels.
    public var length: Double = 240
    /// Half-round ends instead of square ones.
    public var roundedEnds: Bool = false
    /// Which values are labelled.
    public var labels: ColorBarLabels = .automatic
    /// How label values are shown; nil for the shortest form plus the display unit's symbol.
    public var format: NumberFormat?
    /// Converts the scale's values (in `units.base`) to the unit labels show.
    public var units: UnitConversion?

    /// A colour bar for an explicit scale, or for the scale of series `series`.
    public init(scale: ColorScale? = nil, series: Int? = nil) {
        self.scale = scale
        self.series = series
    }
}

/// A categorical legend: a coloured dot and a label per category.
public struct PointsLegend: Sendable {
    /// The entries; empty to take the categories of the series `series` names, in its scale's order.
    public var items: [LegendItem] = []
    /// The series whose categorical colours are listed, when `items` is empty.
    public var series: Int?
    /// Dot radius in logical pixels.
    public var radius: Double = 5

    /// A points legend from items, or from a series' categories.
    public init(items: [LegendItem] = [], series: Int? = nil, radius: Double = 5) {
        self.items = items
        self.series = series
        self.radius = radius
    }
}

/// A size legend: a few nice size values across a radius-scaled series' size range, each drawn at its radius.
public struct SizesLegend: Sendable {
    /// The series whose sizes are shown.
    public var series: Int
    /// About how many sizes to show (3–5 usually).
    public var count: Int = 4
    /// How size values are shown; nil for the shortest form.
    public var format: NumberFormat?

    /// A size legend for series `series`.
    public init(series: Int, count: Int = 4, format: NumberFormat? = nil) {
        self.series = series
        self.count = count
        self.format = format
    }
}
