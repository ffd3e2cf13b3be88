/// What the layout asks of the marks that draw a chart. The layout never names a kind of series: how far a
/// series' drawing reaches past its points, what of the plot it covers, what it adds to the axes' domains and how it
/// shows in a legend are its mark's to say. The marks, above the layout, answer (GlintCore's `RegisteredMarks`,
/// from the mark registry); whoever lays a chart out hands the answers in (`ChartLayout.marks`).
package protocol LayoutMarks: Sendable {
    /// Whether the kinds of `chart`'s series draw axes (a pie's do not).
    func kindsDrawAxes(_ chart: Chart) -> Bool
    /// What the marks drawing `series`, whose finite points span `extent` (in the axes' scale space), add to the
    /// axes' domains; nil when none draws it.
    func fit(_ series: Series, extent: DataExtent, in chart: Chart) -> MarkFit?
    /// What the chart's own marks (references) add to the auto ranges of a chart with data.
    func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?)
    /// The pixels notes on the largest and the smallest of the vertical `data` take beyond them.
    func noteRoom(_ chart: Chart, data: ClosedRange<Double>, type: Typography, measurer: TextMeasuring) -> (above: Double, below: Double)
    /// How far `series`' drawing reaches, as the layout leaves room for it.
    func reach(_ series: Series) -> SeriesReach
    /// The value labels `series` draws at its points when it has no `labels` of its own; nil when it draws none.
    func pointLabels(of series: Series) -> [String?]?
    /// The width, in the scale space of the axis its bars are placed along, of the slot `series`' bars stand in (their
    /// group's); asked only of a series whose `reach` covers bars.
    func barSlotWidth(_ series: Series, in chart: Chart) -> Double
    /// The data ends of `series`' error bars at a point, or nil when it draws none.
    func errorBarEnds(_ series: Series) -> ErrorBarEnds?
    /// The pixel rectangles, by series index, that the visible series of `chart` cover where their points alone do
    /// not say (a box and its whiskers), under the left and right axes' `transforms`.
    func occupied(_ chart: Chart, transforms: (y: DataTransform, y2: DataTransform)) -> [Int: [Rect]]
    /// The entries `series` (the chart's series `index`, as `legendLook` gives it) adds to `legend` where its kind
    /// lists something other than one entry of its name (a pie its slices); nil for that one entry.
    func legendEntries(_ series: Series, index: Int, legend: Legend, theme: Theme) -> [LegendBox.Entry]?
    /// `series` as a legend shows the chart's series `index` (its marker resolved for that index).
    func legendLook(_ series: Series, index: Int) -> Series
    /// `series`' legend sample in `color`, centred in `rect`.
    func legendSample(_ series: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand]
    /// A custom legend item's sample (a line, a dot or a bar square of its width and radius) in `color`.
    func itemSample(_ item: LegendItem, color: Color, in rect: Rect, type: Typography) -> [SceneCommand]
    /// The colour scale a colour bar naming `series` shows; nil when it has none.
    func colorBarScale(_ series: Series) -> ColorScale?
    /// The sizes `series`' dots span (their `sizeRange`, else its sizes' finite extent) and the radius, in logical
    /// pixels, it draws a dot of a size at, for a size legend; nil when it has no sizes.
    func sizeScale(_ series: Series) -> (sizes: ClosedRange<Double>, radius: (Double) -> Double)?
    /// The stroke of `series`' dots, at HiDPI `scale`.
    func dotStroke(_ series: Series, scale: Double) -> (color: Color, width: Double)
}

/// The ends, in data units, of a series' error bars at its point `i`: along x and along y, each nil where it has none.
package typealias ErrorBarEnds = (_ i: Int) -> (x: (low: Double, high: Double)?, y: (low: Double, high: Double)?)

/// How far a series' drawing reaches past its points, and what of the plot it covers.
package struct SeriesReach {
    /// What it covers in the plot (`PlotCover`).
    package var cover: PlotCover
    /// The radius range, in logical pixels, of the dots it draws; nil when it draws none.
    package var dots: ClosedRange<Double>?
    /// The width of its line, in logical pixels.
    package var lineWidth: Double
    /// Whether it labels its points with values or names.
    package var labelled: Bool

    /// A reach of every part.
    package init(cover: PlotCover, dots: ClosedRange<Double>?, lineWidth: Double, labelled: Bool) {
        (self.cover, self.dots, self.lineWidth, self.labelled) = (cover, dots, lineWidth, labelled)
    }

    /// Whether it is bars lying along the x axis (their labels beside their ends, not above them).
    package var horizontalBars: Bool {
        if case let .points(cover) = cover { cover.contains(.horizontalBars) } else { false }
    }
}

extension LayoutMarks {
    /// Whether `chart` draws rectangular axes: not a polar chart's (it draws its own), nor one whose kinds draw none.
    package func drawsAxes(_ chart: Chart) -> Bool { chart.polar == nil && kindsDrawAxes(chart) }
}
