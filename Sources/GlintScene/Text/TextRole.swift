/// What a text run is on the chart — a title, a tick label of an axis, a legend entry for a series, a point label —
/// so that the placed layout (`LayoutReport`, `glint layout`) can name every piece of text it placed.
public struct TextRole: Equatable, Sendable {
    /// The kinds of text a chart draws, as `glint layout` names them.
    public enum Kind: String, Sendable {
        case title
        case axisTitle = "axis-title"
        case tickLabel = "tick-label"
        case legendTitle = "legend-title"
        case legendEntry = "legend-entry"
        case colorBarLabel = "colorbar-label"
        case pointLabel = "point-label"
        case referenceLabel = "reference-label"
        case annotation
        case emptyText = "empty-text"
        /// A run made outside the chart's layout (a scene built by hand).
        case other
    }

    /// The kind.
    public var kind: Kind
    /// The axis a tick label or axis title belongs to: "x", "y" or "y2".
    public var axis: String?
    /// The id of the legend a legend's text belongs to.
    public var legend: String?
    /// The series a legend entry stands for, or a point label belongs to.
    public var series: Int?
    /// The point a point label names, the reference a reference label names (its index in `Chart.references`), or
    /// the annotation's index in `Chart.annotations`.
    public var index: Int?
    /// The panel of a figure the text belongs to (its index in `PanelGrid.panels`); nil for a single chart and for
    /// the figure's own title and legend.
    public var panel: Int? = nil

    /// A role of `kind` with the given details.
    public init(_ kind: Kind, axis: String? = nil, legend: String? = nil, series: Int? = nil, index: Int? = nil) {
        (self.kind, self.axis, self.legend, self.series, self.index) = (kind, axis, legend, series, index)
    }

    /// A run made outside the chart's layout.
    public static let other = TextRole(.other)
}
