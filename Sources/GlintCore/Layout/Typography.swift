/// Font sizes and spacing of a chart, in device pixels (logical sizes times the chart's scale).
public struct Typography: Sendable {
    /// Chart title size.
    public let title: Double
    /// Axis title size.
    public let axisTitle: Double
    /// Tick label size.
    public let tickLabel: Double
    /// Legend entry size.
    public let legend: Double
    /// The chart's HiDPI factor, for every other length.
    public let scale: Double

    /// Sizes for a chart drawn at `scale`.
    public init(scale: Double) {
        self.scale = scale
        title = 17 * scale
        axisTitle = 13 * scale
        tickLabel = 12 * scale
        legend = 12 * scale
    }

    /// The smallest text the layout's remedies make, in logical pixels: a legend's font (`LegendRemedy`), a
    /// heatmap's cell labels (`CellLabelMark`).
    public static let smallestLabel = 9.0

    /// A logical length in device pixels.
    public func px(_ logical: Double) -> Double { logical * scale }
}
