import Foundation
import GlintCore

/// A chart kept for interaction: panned, zoomed and with series shown or hidden, rendered again on one renderer
/// for every frame. Each line's x is checked for sortedness once, so a view reads only the points it shows (binary
/// search for the window, M4 on what is visible), and the first view's ranges are kept, so no frame rescans the
/// data for its extent.
public final class RetainedChart {
    /// The chart as the next frame draws it.
    public private(set) var chart: Chart
    /// The ranges of the whole data, as the first view showed them (the "home" view).
    public let home: (x: ClosedRange<Double>, y: ClosedRange<Double>)
    private let renderer: Renderer

    /// Keeps `chart` for `renderer`; explicit axis ranges are kept, auto ones are fixed at what the whole data
    /// gives. Throws what rendering the chart would throw for an invalid chart.
    public init(_ chart: Chart, renderer: Renderer) throws {
        var kept = chart
        for i in kept.series.indices where kept.series[i].kind == .line {
            kept.series[i].xIsSorted = DataRange.isSortedFinite(kept.series[i].x)
        }
        let layout = try renderer.layout(chart)
        // Axes are laid out in scale space (decades on a log axis); ranges are data values.
        func values(_ domain: ClosedRange<Double>, _ axis: Axis) -> ClosedRange<Double> { axis.function.inverse(domain) }
        home = (values(layout.x.domain, chart.x), values(layout.y.domain, chart.y))
        kept.x.range = kept.x.range ?? home.x
        kept.y.range = kept.y.range ?? home.y
        if let y2 = layout.y2 { kept.y2.range = kept.y2.range ?? values(y2.domain, chart.y2) }
        self.chart = kept
        self.renderer = renderer
    }

    /// The visible x range.
    public var xRange: ClosedRange<Double> { chart.x.range ?? home.x }

    /// Moves the view along x by `fraction` of its width (positive: towards larger x).
    public func pan(by fraction: Double) {
        let r = xRange, shift = (r.upperBound - r.lowerBound) * fraction
        chart.x.range = (r.lowerBound + shift)...(r.upperBound + shift)
    }

    /// Zooms the x view by `factor` (2: twice as close) keeping the data value `x` where it is.
    public func zoom(by factor: Double, around x: Double) {
        guard factor > 0, factor.isFinite else { return }
        let r = xRange
        chart.x.range = (x - (x - r.lowerBound) / factor)...(x + (r.upperBound - x) / factor)
    }

    /// Shows or hides series `index` (a legend click).
    public func setVisible(_ visible: Bool, series index: Int) {
        guard chart.series.indices.contains(index) else { return }
        chart.series[index].visible = visible
    }

    /// Lays the chart out for a new image size in device pixels (a resized window).
    public func resize(width: Int, height: Int) {
        chart.width = max(1, Int(saturating: (Double(width) / chart.scale).rounded()))
        chart.height = max(1, Int(saturating: (Double(height) / chart.scale).rounded()))
    }

    /// Shows `text` in a small box drawn by Glint where it covers the fewest points (a hover tooltip); nil hides it.
    public func setTooltip(_ text: String?) {
        chart.legends.remove(id: "tooltip", force: true)
        guard let text else { return }
        var tip = Legend(id: "tooltip", kind: .series, position: .best)
        tip.source = .none
        tip.markers = false
        tip.items = [LegendItem(label: text, color: chart.theme.text, marker: .none)]
        chart.legends.add(tip)
    }

    /// The current view's pixels (no PNG encoding).
    public func render() throws -> Image {
        try renderer.render(chart)
    }

    /// What lies under `pixel` of the current view (see `Renderer.hitTest`).
    public func hitTest(at pixel: Point, tolerance: Double = 8) throws -> ChartHit? {
        try renderer.hitTest(chart, at: pixel, tolerance: tolerance)
    }
}
