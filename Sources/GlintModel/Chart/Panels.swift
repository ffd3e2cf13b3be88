/// Which panels of a figure show the same domain on an axis.
public enum AxisSharing: String, CaseIterable, Sendable {
    /// Every panel its own domain.
    case none
    /// The panels of a row (y: side by side, read against one scale).
    case row
    /// The panels of a column (x: stacked, read against one time line).
    case column
    /// Every panel.
    case all
}

/// One chart of a figure and the cells of the figure's grid it takes.
public struct Panel: Sendable {
    /// The chart drawn in the panel: its series, axes, references, legends and title (its size, scale and theme are
    /// the figure's).
    public var chart: Chart
    /// Its first row and column (from 0); nil places it in the next free cell, row by row.
    public var row: Int?, column: Int?
    /// How many rows and columns it spans (1 each by default).
    public var rowSpan: Int, columnSpan: Int

    /// A panel of `chart`, placed in the next free cell unless `row` and `column` are given.
    public init(_ chart: Chart, row: Int? = nil, column: Int? = nil, rowSpan: Int = 1, columnSpan: Int = 1) {
        (self.chart, self.row, self.column, self.rowSpan, self.columnSpan) = (chart, row, column, rowSpan, columnSpan)
    }
}

/// Several charts in one image (`Chart.panels`): a grid of panels, axes shared by row, column or all, plot rectangles
/// aligned across rows and columns, the figure's title above them and one legend for series that repeat by name.
public struct PanelGrid: Sendable {
    /// The most panels, and the most rows or columns, a figure has.
    public static let maximumPanels = 256

    /// The panels, in order (hit testing and `glint layout` name them by index).
    public var panels: [Panel]
    /// The grid's columns; nil for as many as make the grid about square (or `rows` given).
    public var columns: Int?
    /// The grid's rows; nil for as many as the panels need.
    public var rows: Int?
    /// Which panels share x's domain and ticks (`.column` or `.all`); only the lowest panel of a group labels it.
    public var shareX: AxisSharing = .none
    /// Which panels share the left y axis's domain and ticks (`.row` or `.all`); only the leftmost of a group labels it.
    public var shareY: AxisSharing = .none

    /// A grid of `panels`.
    public init(_ panels: [Panel], columns: Int? = nil, rows: Int? = nil, shareX: AxisSharing = .none, shareY: AxisSharing = .none) {
        (self.panels, self.columns, self.rows, self.shareX, self.shareY) = (panels, columns, rows, shareX, shareY)
    }
}
