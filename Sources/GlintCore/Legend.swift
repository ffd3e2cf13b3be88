/// Where a legend sits inside the plot area.
public enum LegendPosition: String, CaseIterable, Sendable {
    case topLeft = "top-left", top = "top", topRight = "top-right"
    case left = "left", center = "center", right = "right"
    case bottomLeft = "bottom-left", bottom = "bottom", bottomRight = "bottom-right"

    /// Horizontal placement: 0 left, 0.5 centre, 1 right.
    var horizontalFraction: Double {
        switch self {
        case .topLeft, .left, .bottomLeft: return 0
        case .top, .center, .bottom: return 0.5
        case .topRight, .right, .bottomRight: return 1
        }
    }

    /// Vertical placement: 0 top, 0.5 middle, 1 bottom.
    var verticalFraction: Double {
        switch self {
        case .topLeft, .top, .topRight: return 0
        case .left, .center, .right: return 0.5
        case .bottomLeft, .bottom, .bottomRight: return 1
        }
    }
}

/// How legend entries are stacked.
public enum LegendOrientation: String, CaseIterable, Sendable {
    /// One entry per row.
    case vertical
    /// All entries on one row.
    case horizontal
}

/// The series legend: a box inside the plot with a swatch and the name of each named series.
public struct Legend: Sendable {
    /// Whether the legend is drawn at all.
    public var visible: Bool
    /// Where in the plot area the box sits.
    public var position: LegendPosition
    /// Entries stacked in a column or laid out in a row.
    public var orientation: LegendOrientation
    /// Distance between the box and the plot edges, in logical pixels.
    public var margins: EdgeInsets

    /// A legend; by default visible, top-right, vertical, 10 px from the plot edges.
    public init(visible: Bool = true, position: LegendPosition = .topRight,
                orientation: LegendOrientation = .vertical, margins: EdgeInsets = EdgeInsets(all: 10)) {
        self.visible = visible
        self.position = position
        self.orientation = orientation
        self.margins = margins
    }
}
