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
    /// The space between the frame's edges and what the chart holds (its title, axis titles and tick labels).
    public let padding: Double
    /// The space between the chart title's line and what lies below it.
    public let titleGap: Double
    /// The chart's HiDPI factor, for every other length.
    public let scale: Double

    /// Sizes for a chart drawn at `scale` on an image of its own.
    public init(scale: Double) {
        self.init(scale: scale, title: 17, padding: 14, titleGap: 10)
    }

    /// Sizes for one panel of a figure drawn at `scale`: its title a heading at the axis titles' size over its
    /// plot, the frame's padding tight, so that the figure's cells go to plots rather than to the space between
    /// them (8 px between two panels, where two charts side by side would keep 28).
    public static func panel(scale: Double) -> Typography {
        Typography(scale: scale, title: 13, padding: 4, titleGap: 8)
    }

    private init(scale: Double, title: Double, padding: Double, titleGap: Double) {
        self.scale = scale
        self.title = title * scale
        axisTitle = 13 * scale
        tickLabel = 12 * scale
        legend = 12 * scale
        self.padding = padding * scale
        self.titleGap = titleGap * scale
    }

    /// The smallest text the layout's remedies make, in logical pixels: a legend's font (`LegendRemedy`), a
    /// heatmap's cell labels.
    public static let smallestLabel = 9.0

    /// A logical length in device pixels.
    public func px(_ logical: Double) -> Double { logical * scale }
}
