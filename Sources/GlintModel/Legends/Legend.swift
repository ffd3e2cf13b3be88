import GlintScales
import GlintScene

/// Where a legend sits inside the plot area.
public enum LegendPosition: String, CaseIterable, Sendable {
    case topLeft = "top-left", top = "top", topRight = "top-right"
    case left = "left", center = "center", right = "right"
    case bottomLeft = "bottom-left", bottom = "bottom", bottomRight = "bottom-right"
    /// Inside only: the position (of the nine above) whose box covers the fewest data points, ties going to
    /// top-right, top-left, bottom-left, bottom-right, right, left, bottom, top, center in that order.
    case best = "best"
}

/// How legend entries are stacked.
public enum LegendOrientation: String, CaseIterable, Sendable {
    /// One entry per row.
    case vertical
    /// All entries on one row.
    case horizontal
}

/// Whether a legend sits over the plot or beside it.
public enum LegendPlacement: String, CaseIterable, Sendable {
    /// Over the plot area, at `position` within it.
    case inside
    /// Beside the plot, on the side `position` names; the plot shrinks so the legend covers no data and no
    /// axis labels. `left`/`right` and the corners sit beside the plot (a corner aligned to the plot's top or
    /// bottom), `top`/`bottom` above or below it; `center` has no outside.
    case outside
}

/// Which series a series legend lists (SciChart's sourceMode).
public enum LegendSource: String, CaseIterable, Sendable {
    /// Every named series.
    case all
    /// Named series whose `visible` is true.
    case visible
    /// Named series whose `visible` is false.
    case hidden
    /// Named series whose `selected` is true.
    case selected
    /// Named series whose `selected` is false.
    case unselected
    /// No series: only the legend's custom items.
    case none
}

/// The sample drawn before a custom legend item's label.
public enum LegendMarker: String, CaseIterable, Sendable {
    /// A short horizontal line.
    case line
    /// A filled circle.
    case dot
    /// A filled square.
    case bar
    /// No sample: the label alone.
    case none
}

/// A legend entry that is not a series: a label with a sample of its own, or drawn by the caller.
public struct LegendItem: Sendable {
    /// The entry's text.
    public var label: String
    /// Colour of the sample.
    public var color: Color
    /// What the sample looks like.
    public var marker: LegendMarker
    /// Line width of a `.line` sample, in logical pixels.
    public var width: Double
    /// Radius of a `.dot` sample, in logical pixels (kept inside the entry's row).
    public var radius: Double
    /// Draws the sample instead of `marker`: scene commands inside the swatch rectangle it is given (device
    /// pixels). Both painters draw what it returns.
    public var draw: (@Sendable (Rect) -> [SceneCommand])?

    /// An item; by default a dot of radius 4 px, or a 2 px line.
    public init(label: String, color: Color, marker: LegendMarker = .dot, width: Double = 2, radius: Double = 4,
                draw: (@Sendable (Rect) -> [SceneCommand])? = nil) {
        self.label = label
        self.color = color
        self.marker = marker
        self.width = width
        self.radius = radius
        self.draw = draw
    }
}

/// How a legend box looks; nil colours take the theme's.
public struct LegendStyle: Sendable {
    /// Box fill; nil for the theme's `legendBackground`.
    public var background: Color?
    /// Border colour; nil for the theme's `legendBorder`.
    public var border: Color?
    /// Border width in logical pixels; 0 for none.
    public var borderWidth: Double
    /// Space between the border and the entries, in logical pixels.
    public var padding: Double
    /// Label colour; nil for the theme's text colour.
    public var textColor: Color?
    /// Label size in logical pixels.
    public var fontSize: Double
    /// Radius of the box's rounded corners in logical pixels; 0 for square corners.
    public var cornerRadius: Double = 0

    /// The default look: theme colours, a 1 px border, 8 px padding, 12 px labels, square corners.
    public init(background: Color? = nil, border: Color? = nil, borderWidth: Double = 1, padding: Double = 8,
                textColor: Color? = nil, fontSize: Double = 12) {
        self.background = background
        self.border = border
        self.borderWidth = borderWidth
        self.padding = padding
        self.textColor = textColor
        self.fontSize = fontSize
    }
}

/// A legend: the series legend (SciChart's legend modifier: a box with a swatch and the name of each listed series,
/// plus custom items), a colour bar, a categorical points legend or a size legend (`kind`), inside the plot or
/// beside it. Legends sharing a position stack without overlapping.
public struct Legend: Sendable {
    /// Names the legend in a `LegendSet` (the chart's own series legend is `"series"`).
    public var id: String = "series"
    /// What the legend shows.
    public var kind: LegendKind = .series
    /// Whether the legend is drawn at all.
    public var visible: Bool
    /// Where the box sits: inside the plot, or on which side of it (see `LegendPlacement`). Setting it pins the
    /// legend there.
    public var position: LegendPosition { didSet { pinned = true } }
    /// Entries stacked in a column or laid out in a row.
    public var orientation: LegendOrientation
    /// Distance between the box and the plot edges (outside: and the image edges), in logical pixels.
    public var margins: EdgeInsets
    /// Over the plot, or beside it with the plot shrunk to make room. Setting it pins the legend.
    public var placement: LegendPlacement = .inside { didSet { pinned = true } }
    /// Whether the legend stays at `position` and `placement` even where it covers data. A legend nobody placed
    /// (`Legend()`, a spec legend with neither `position` nor `placement`) is not pinned: it starts inside at the
    /// top right and, where its box would cover marks or their value labels there, takes the first inside
    /// position that covers none (in `best`'s order), or goes outside on the right when every one would.
    public var pinned: Bool
    /// Text above the entries; nil or empty for none.
    public var title: String?
    /// Whether entries show a sample of their series (showSeriesMarkers); false shows names only.
    public var markers: Bool = true
    /// Whether each series entry shows a check box with the series' `visible` flag (showCheckBoxes).
    public var checkboxes: Bool = false
    /// Which series are listed.
    public var source: LegendSource = .all
    /// Entries after the series', or alone with `source: .none`.
    public var items: [LegendItem] = []
    /// A fixed box width in logical pixels; nil to fit the content. Entries flow into as many rows as fit.
    public var width: Double?
    /// A fixed box height in logical pixels; nil to fit the content. Entries flow into as many columns as fit;
    /// what still does not fit ends in a "+N more" entry.
    public var height: Double?
    /// Forces a grid of this many columns; nil for one column (vertical) or one row (horizontal).
    public var columns: Int?
    /// Box and text look.
    public var style = LegendStyle()
    /// Whether a series legend that would list one series and nothing else is drawn. By default it is not (as
    /// Plotly's legend): the lone line's name belongs in the title, and a box beside it tells the reader nothing
    /// while covering the plot. A legend with check boxes, a title or items is drawn whatever it lists.
    public var showsLoneSeries = false
    /// The widest a label may be, in logical pixels, before it is shortened with an ellipsis; nil for what the room
    /// allows. The layout sets it as a remedy (`LegendRemedy`) for a legend that fits nowhere with its full names.
    package var labelLimit: Double?
    /// Whether rows and samples are packed tight: 1-px gaps between rows of at least 10 px, 14-px samples 4 px
    /// from their names, 8-px gaps between columns and at most 4 px of padding. The layout sets it as the last
    /// remedy (`LegendRemedy`) for a long legend in a small chart.
    package var compact = false

    /// A legend; by default visible, vertical, 10 px from the plot edges, and placed by the layout (inside at the
    /// top right unless that covers data: see `pinned`). A `position` given pins it there.
    public init(visible: Bool = true, position: LegendPosition? = nil,
                orientation: LegendOrientation = .vertical, margins: EdgeInsets = EdgeInsets(all: 10)) {
        self.visible = visible
        self.position = position ?? .topRight
        pinned = position != nil
        self.orientation = orientation
        self.margins = margins
    }
}

extension Legend {
    /// A legend of another kind with its own id; by default visible, 10 px margins, vertical (a colour bar at the
    /// top or bottom: horizontal), and placed by the layout unless `position` or `placement` pins it.
    public init(id: String, kind: LegendKind, position: LegendPosition? = nil, placement: LegendPlacement? = nil) {
        var orientation = LegendOrientation.vertical
        if case .colorBar = kind, position == .top || position == .bottom { orientation = .horizontal }
        self.init(position: position, orientation: orientation)
        self.id = id
        self.kind = kind
        if let placement { self.placement = placement }
    }

    /// This legend changed by `change`: `legend.with { $0.title = "°F" }`, for committing to a `LegendSet`.
    public func with(_ change: (inout Legend) -> Void) -> Legend {
        var legend = self
        change(&legend)
        return legend
    }
}

