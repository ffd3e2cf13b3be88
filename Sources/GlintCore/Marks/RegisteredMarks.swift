/// The layout's questions to the marks (`LayoutMarks`), answered by the mark registry: each kind's definition
/// (`MarkDefinition`) and the marks that draw it (`Marks`, `ChartMarks`). Every layout of a chart is made with it.
struct RegisteredMarks: LayoutMarks {
    func kindsDrawAxes(_ chart: Chart) -> Bool { chart.series.allSatisfy { $0.kind.definition.drawsAxes } }

    func fit(_ series: Series, extent: DataExtent, in chart: Chart) -> MarkFit? { Marks.fit(series, extent: extent, in: chart) }

    func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?) { ChartMarks.fit(chart) }

    func noteRoom(_ chart: Chart, data: ClosedRange<Double>, type: Typography, measurer: TextMeasuring) -> (above: Double, below: Double) {
        AnnotationMark.room(chart, data: data, type: type, measurer: measurer)
    }

    func reach(_ series: Series) -> SeriesReach {
        SeriesReach(cover: series.cover, dots: series.drawsDots ? series.radius : nil, lineWidth: series.line.width,
                    labelled: series.hasLabels)
    }

    func pointLabels(of series: Series) -> [String?]? { PointLabels.values(of: series) }

    func barSlotWidth(_ series: Series, in chart: Chart) -> Double {
        BarGeometry.width(series, forward: BarGeometry.positionScale(series, in: chart))
    }

    func errorBarEnds(_ series: Series) -> ErrorBarEnds? {
        series.errorBars.map { bars in { i in (bars.x?.ends(i, around: series.x[i]), bars.y?.ends(i, around: series.y[i])) } }
    }

    func occupied(_ chart: Chart, transforms: (y: DataTransform, y2: DataTransform)) -> [Int: [Rect]] {
        let groups = BarGroups(chart)
        var occupied: [Int: [Rect]] = [:]
        for (index, s) in chart.series.enumerated() where s.visible {
            let covered = Marks.occupied(s, transform: s.axis == .y2 ? transforms.y2 : transforms.y, slot: groups.slot(index), scale: 1)
            if !covered.isEmpty { occupied[index] = covered }
        }
        return occupied
    }

    func legendEntries(_ series: Series, index: Int, legend: Legend, theme: Theme) -> [LegendBox.Entry]? {
        series.kind.definition.legendEntries(series, index: index, legend: legend, theme: theme)
    }

    func legendLook(_ series: Series, index: Int) -> Series {
        var look = series
        look.dots = series.dots.resolved(at: index)
        return look
    }

    func legendSample(_ series: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        Marks.legendSample(series, color: color, in: rect, type: type)
    }

    func itemSample(_ item: LegendItem, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let s = Series(kind: item.marker == .bar ? .bars : item.marker == .dot ? .dots : .line, x: [], y: [],
                       line: LineStyle(width: item.width), dots: DotStyle(radius: item.radius...item.radius))
        return Marks.legendSample(s, color: color, in: rect, type: type)
    }

    func colorBarScale(_ series: Series) -> ColorScale? { series.colorBarScale }

    func sizeScale(_ series: Series) -> (sizes: ClosedRange<Double>, radius: (Double) -> Double)? {
        guard series.size != nil, let sizes = series.dots.sizeRange ?? series.size.flatMap(DataRange.finite) else { return nil }
        let shape = DotMark.shape(series, color: .black, transform: .identity, scale: 1)
        return (sizes, { size in
            var dot = shape
            dot.size = [size]
            return dot.radius.lowerBound + (dot.radius.upperBound - dot.radius.lowerBound) * Double(dot.sizeFraction(0) ?? 1)
        })
    }

    func dotStroke(_ series: Series, scale: Double) -> (color: Color, width: Double) { series.outline.dotStroke(scale: scale) }
}

extension ChartLayout {
    /// Lays out `chart` on its whole image with the registered marks: see
    /// `init(chart:marks:measurer:threads:extents:decimated:)`.
    public init(chart: Chart, measurer: TextMeasuring, threads: Int, extents: [Int: DataExtent] = [:],
                decimated: [Int: M4Decimation.Result] = [:]) {
        self.init(chart: chart, marks: RegisteredMarks(), measurer: measurer, threads: threads, extents: extents, decimated: decimated)
    }

    /// Places `chart` inside `frame` around the first pass's `domains`, with the registered marks: see
    /// `init(chart:marks:domains:frame:align:panel:measurer:decimated:)`.
    public init(chart: Chart, domains: AxisDomains, frame: Rect, align: EdgeInsets = EdgeInsets(all: 0), panel: Bool = false,
                measurer: TextMeasuring, decimated: [Int: M4Decimation.Result] = [:]) {
        self.init(chart: chart, marks: RegisteredMarks(), domains: domains, frame: frame, align: align, panel: panel,
                  measurer: measurer, decimated: decimated)
    }
}

extension AxisDomains {
    /// The first pass of `chart`'s layout with the registered marks: see `init(chart:marks:threads:extents:)`.
    public init(chart: Chart, threads: Int, extents: [Int: DataExtent] = [:]) {
        self.init(chart: chart, marks: RegisteredMarks(), threads: threads, extents: extents)
    }
}
