/// Where everything of a chart goes, in device pixels: the plot rectangle, the axes and the transform.
public struct ChartLayout: Sendable {
    /// Image size in device pixels.
    public let imageWidth: Int, imageHeight: Int
    /// The plot area, on whole pixels.
    public let plot: Rect
    /// The horizontal axis.
    public let x: AxisLayout
    /// The vertical axis.
    public let y: AxisLayout
    /// The right vertical axis, when a series uses it.
    public let y2: AxisLayout?
    /// Data to pixels for series on the left axis (every series without a right axis).
    public let transform: DataTransform
    /// Data to pixels for series on the right axis: the same x, y mapped by `y2`'s domain.
    public let transformY2: DataTransform?
    /// A polar chart's disc and axes (`Chart.polar`), whose `x` and `y` are then its angle and radius axes and whose
    /// `transform` is the identity: its series are drawn from their points in pixels (`Chart.placed(on:)`). Nil for a
    /// chart on rectangular axes.
    public let polar: PolarLayout?
    /// Sizes and spacing.
    public let typography: Typography
    /// Whether no series has a single finite point.
    public let isEmpty: Bool
    /// The empty view: no series has a point and no axis range is given, so the chart shows its title and its
    /// `emptyText` alone — no axes, grid or tick labels, and no series legend (it would list series with no data).
    public let isEmptyView: Bool
    /// Where vertical bars start: 0, or the bottom of a log y axis (which has no 0).
    public let barBaseline: Double
    /// Where vertical bars on the right axis start.
    public let barBaselineY2: Double
    /// Where horizontal bars start: 0, or the left end of a log x axis.
    public let horizontalBarBaseline: Double
    /// The row across the top of the frame the chart title takes, the frame's whole width (its padding, its lines and
    /// the gap below them); no height without a title. Outside legends and everything else lie below it.
    public let titleRow: Rect
    /// The chart title's lines as wrapped, before shortening: the title, or a title wider than its row wrapped at a
    /// space onto a second line (`TextFitting.wrapped`) where the frame is tall enough; none without a title.
    public let titleLines: [String]
    /// The part of the image axes, their titles and the plot are laid out in: the frame below the title row, less
    /// the strips outside legends take.
    public let content: Rect
    /// How far below their anchor (a tick's length and a gap under the plot) the x tick labels reach: a line when
    /// level, the longest label's turned depth (at most a third of the frame's height) when turned.
    public let xTickLabelDepth: Double
    /// The widest a y (or y2) tick label is drawn: a third of the frame's width, past which a long category name
    /// is shortened with an ellipsis (its whole text kept in `glint layout`).
    public let yTickLabelWidth: Double
    /// How the x tick labels are turned: the axis's `tickLabelRotation`, or 45° where the layout turned category
    /// names too wide for their slots (`Axis.turnsCrowdedNames`).
    public let xTickLabelRotation: TextRotation
    /// The marks' answers to what the layout asks of them (`LayoutMarks`), kept for what is read off this layout
    /// later: legends' samples as drawn, whether the chart draws axes for its text.
    package let marks: any LayoutMarks
    /// Every visible legend measured, with where its box goes.
    package let legends: [LegendFrames.Placed]
    /// The legends (by index in `Chart.allLegends`) not pinned that cover data wherever they go inside the plot, or
    /// that are left out for want of room.
    private let misplaced: [Int]

    /// The smallest plot, in logical pixels, that the layout's remedies leave a chart with axes: a legend moved
    /// beside it (`LegendRemedy`), category names turned (a figure's panels have their own).
    static let readablePlot = (width: 60.0, height: 40.0)

    /// A side of the plot.
    public enum Side: Sendable {
        case left, right, top, bottom
    }

    /// Lays out `chart` on its whole image, measuring text with `measurer` and reading data extents on `threads`
    /// threads: the first pass (`AxisDomains`), then placement. The chart must be valid (`Chart.validate()`).
    /// `extents` may give the finite x and y extent, in data values, of some series (by index), already known from
    /// another pass or from where the points live (a database series before it is read), and
    /// `decimated` the M4 points of long lines (used to place a `best` legend).
    package init(chart: Chart, marks: any LayoutMarks, measurer: TextMeasuring, threads: Int, extents: [Int: DataExtent] = [:],
                 decimated: [Int: M4Decimation.Result] = [:]) {
        let (w, h) = chart.pixelSize
        self.init(chart: chart, marks: marks, domains: AxisDomains(chart: chart, marks: marks, threads: threads, extents: extents),
                  frame: Rect(x: 0, y: 0, width: Double(w), height: Double(h)), measurer: measurer, decimated: decimated)
    }

    /// The second pass: places `chart`'s titles, axes, legends and plot inside `frame` (device pixels of the image
    /// `chart.pixelSize`; the whole image for a single chart, one panel's share of it in a figure) around the
    /// domains of the first pass, which auto-ranged axes widen only to keep dots clear of the plot's edges.
    /// A legend that is not pinned and covers data wherever it goes inside the plot, or is left out for want of
    /// room, is laid out again by the remedies of `LegendRemedy` in order (outside on the right, then below in a
    /// row; a smaller font; shortened names) until one shows every entry and the plot keeps at least half its
    /// width (right) or height (below); where none does, the first that keeps 40 % (`LegendRemedy.lastShare`). Where none does, it stays inside where it covers the least, or left out, with a
    /// notice. In a figure, `align` holds each edge of the plot at least that far inside the frame, so that the plots
    /// of a row or a column line up, and `panel` spaces the chart as a panel of a figure (`Typography.panel`).
    package init(chart: Chart, marks: any LayoutMarks, domains: AxisDomains, frame: Rect, align: EdgeInsets = EdgeInsets(all: 0),
                 panel: Bool = false, measurer: TextMeasuring, decimated: [Int: M4Decimation.Result] = [:]) {
        let type = panel ? Typography.panel(scale: chart.scale) : Typography(scale: chart.scale)
        let place = { (chart: Chart, plotWidth: Double) in
            ChartLayout(placing: chart, marks: marks, domains: domains, frame: frame, align: align, plotWidth: plotWidth, type: type, measurer: measurer,
                        decimated: decimated)
        }
        var first = place(chart, 160)
        // Category names wider than their slots are turned 45° (and shortened only past a third of the height),
        // where the plot keeps most of its height and a readable one (else they stay level, shortened to their slots).
        var chart = chart
        if first.crowdsNames(chart, measurer: measurer) {
            var turned = chart
            turned.x.tickLabelRotation = .rising
            let layout = place(turned, 160)
            if layout.plot.height >= max(first.plot.height * 0.6, ChartLayout.readablePlot.height * chart.scale) {
                (chart, first) = (turned, layout)
            }
        }
        // Remedies for a few legends; a chart of hundreds of legends that do not fit keeps its notices (each step
        // lays out every legend again).
        guard !first.misplaced.isEmpty, first.misplaced.count <= LegendRemedy.mostLegends else {
            self = first
            return
        }
        // The remedies in order (`LegendRemedy`); where none works, the legends stay where the first placement put
        // them, with its notices.
        let font = first.misplaced.map { chart.allLegends[$0].style.fontSize }.max() ?? 12
        var showing: [(remedy: LegendRemedy, layout: ChartLayout)] = []
        for remedy in LegendRemedy.ladder(fontSize: font) {
            // An outside legend may take more of the frame than one placed freely would: the plot need only keep
            // half of what it had (`keepsEnough`).
            let layout = place(chart.changingLegends(first.misplaced) { legend, _ in remedy.applied(to: &legend) }, marks.drawsAxes(chart) ? 100 : 60)
            guard first.misplaced.allSatisfy({ index in
                layout.legends.contains { $0.index == index && $0.frame != nil && $0.block.showsEverything }
            }) else { continue }
            if remedy.keepsEnough(of: first.plot, plot: layout.plot, axes: marks.drawsAxes(chart), scale: chart.scale) {
                self = layout
                return
            }
            showing.append((remedy, layout))
        }
        // Where no step leaves half the plot, the first that shows every entry and leaves its last share.
        self = showing.first { $0.remedy.keepsEnough(of: first.plot, plot: $0.layout.plot, axes: marks.drawsAxes(chart), scale: chart.scale,
                                                     share: LegendRemedy.lastShare) }?.layout ?? first
    }

    /// Whether `chart`'s x category names, level, are wider than their slots on this layout's plot (less the gap
    /// level names keep between them), where the axis lets the layout turn them.
    private func crowdsNames(_ chart: Chart, measurer: TextMeasuring) -> Bool {
        guard marks.drawsAxes(chart), chart.x.labelled, chart.x.turnsCrowdedNames, chart.x.tickLabelRotation == .none,
              let names = chart.x.categories, !names.isEmpty else { return false }
        let slot = plot.width / Double(names.count) - typography.px(8)
        return names.contains { measurer.measure($0, fontSize: typography.tickLabel).width > slot }
    }

    /// `chart` with the legends this layout placed itself pinned where it put them, so that another layout of the
    /// chart (on exact extents after a guess, a live chart's next frame) keeps the same plot; with `outsideOnly`,
    /// only those it put beside the plot.
    public func keepingLegendsPlaced(_ chart: Chart, outsideOnly: Bool = false) -> Chart {
        let all = chart.allLegends
        let pinned = legends.filter {
            all.indices.contains($0.index) && !all[$0.index].pinned && $0.legend.pinned
                && (!outsideOnly || $0.legend.placement == .outside)
        }
        let placed = Dictionary(pinned.map { ($0.index, $0.legend) }, uniquingKeysWith: { _, last in last })
        return chart.changingLegends(Array(placed.keys)) { legend, index in legend = placed[index]! }
    }

    /// One placement of `chart` (see `init(chart:marks:domains:frame:align:panel:measurer:decimated:)`), legends
    /// where they are; outside legends leave the y axis and the plot `plotWidth` logical pixels of the frame's width.
    private init(placing chart: Chart, marks: any LayoutMarks, domains: AxisDomains, frame: Rect, align: EdgeInsets, plotWidth: Double,
                 type: Typography, measurer: TextMeasuring, decimated: [Int: M4Decimation.Result]) {
        (typography, self.marks) = (type, marks)
        (imageWidth, imageHeight) = chart.pixelSize
        isEmpty = domains.isEmpty
        isEmptyView = isEmpty && chart.x.range == nil && chart.y.range == nil
        let chart = isEmptyView ? chart.withoutSeriesLegends : chart
        let (fx, fy, fy2) = (chart.x.function, chart.y.function, chart.y2.function)
        // What each series' drawing reaches, asked once for all that this placement measures.
        let reaches = chart.series.map(marks.reach)
        // Auto ranges leave room for the largest dot, so dots at the extremes are not cut by the plot edge.
        let dotRadius = ChartLayout.largestDotRadius(reaches, scale: chart.scale)

        let pad = type.padding
        // The title takes the top row across the whole frame; outside legends (above the plot too) lie below it.
        // A title wider than its row takes a second line where that costs at most a twelfth of the frame's height
        // (a 480 × 300 chart's, not a 320 × 200 one's, whose plot needs the room more); its last line is shortened
        // (or left out, a stub) when drawn.
        let titleLine = measurer.measure(chart.title ?? "", fontSize: type.title).lineHeight
        titleLines = chart.title.map { title in
            guard !title.isEmpty else { return [] }
            guard titleLine * 12 <= frame.height else { return [title] }
            return TextFitting.wrapped(title, fontSize: type.title, maxWidth: frame.width - 2 * pad, measurer: measurer)
        } ?? []
        let titleHeight = titleLines.isEmpty ? 0 : pad + Double(titleLines.count) * titleLine + type.titleGap
        titleRow = Rect(x: frame.x, y: frame.y, width: frame.width, height: min(titleHeight, frame.height))
        let below = Rect(x: frame.x, y: titleRow.maxY, width: frame.width, height: max(1, frame.height - titleRow.height))
        // A chart without axes (a pie's) gives their ticks, labels and titles no room.
        let axes = marks.drawsAxes(chart)
        let tickLength = axes ? type.px(5) : 0
        let labelGap = axes ? type.px(4) : 0
        let tickLine = measurer.measure("0", fontSize: type.tickLabel).lineHeight
        // A polar chart's axes keep their titles: x's below the disc, y's beside it.
        let titled = axes || chart.polar != nil
        let xTitle = titled && chart.x.labelled ? chart.x.title.map { $0.isEmpty ? 0 : measurer.measure($0, fontSize: type.axisTitle).lineHeight + type.px(6) } ?? 0 : 0
        // Turned x tick labels take the depth of the longest: the category names, or a provisional axis's labels.
        let xLabels = chart.x.tickLabelRotation == .none ? [] : chart.x.categories
            ?? AxisLayout(domain: domains.x.domain, length: below.width * 0.8, spacing: type.px(90), scale: chart.x.resolvedScale).labels
        let xLabelDepth = !axes || !chart.x.labelled ? 0 : chart.x.tickLabelRotation == .none ? tickLine
            : TurnedTickLabels.depth(chart, labels: xLabels, limit: below.height / 3, fontSize: type.tickLabel, measurer: measurer)
        xTickLabelDepth = xLabelDepth
        xTickLabelRotation = chart.x.tickLabelRotation
        yTickLabelWidth = frame.width / 3
        // Outside legends take strips of the rest on their sides; axes and plot are laid out in what remains, which
        // keeps its padding, the x axis and a plot at least three y tick labels tall and `plotWidth` wide with the
        // y axis (about 100 px beside it): a legend that would take more is left out with a notice.
        let keep = (width: 2 * pad + type.px(plotWidth), height: 2 * pad + xLabelDepth + tickLength + labelGap + xTitle + 3 * tickLine)
        let outside = LegendFrames.measureOutside(chart, marks: marks, frame: below, keep: keep, type: type, measurer: measurer)
        let strips = outside.strips
        let content = Rect(x: below.x + (strips[.left] ?? 0), y: below.y + (strips[.top] ?? 0),
                           width: max(1, below.width - (strips[.left] ?? 0) - (strips[.right] ?? 0)),
                           height: max(1, below.height - (strips[.top] ?? 0) - (strips[.bottom] ?? 0)))
        self.content = content

        // Right below the title row (which ends in its gap), or the padding from an edge or an outside legend.
        // A figure's panels align their plots: each edge at least `align` inside the frame.
        let top = max(titleRow.height > 0 && strips[.top] == nil ? content.y : content.y + pad, frame.y + align.top)
        let bottom = min(content.maxY - pad - xLabelDepth - tickLength - labelGap - xTitle, frame.maxY - align.bottom)
        let labelRoom = ChartLayout.labelRoom(chart, axis: .y, reaches: reaches, type: type, line: tickLine)
        let noteRoom = domains.y.data.map { marks.noteRoom(chart, data: $0, type: type, measurer: measurer) } ?? (0, 0)
        let yDomain = domains.y.fitted(dotRadius: dotRadius, length: bottom - top, labelRoom: labelRoom, noteRoom: noteRoom)
        let yAxis = AxisLayout(domain: yDomain, length: bottom - top, spacing: type.px(50), scale: chart.y.resolvedScale)
        // The left axis's labels and title take room on the left, the right axis's on the right.
        func room(_ axis: AxisLayout, title: String?, labelled: Bool = true) -> Double {
            let room = title.map { $0.isEmpty ? 0 : measurer.measure($0, fontSize: type.axisTitle).lineHeight + type.px(8) } ?? 0
            guard axes else { return titled && labelled ? room : 0 }
            guard labelled else { return tickLength }
            let widest = min(axis.labels.map { measurer.measure($0, fontSize: type.tickLabel).width }.max() ?? 0, frame.width / 3)
            return widest + tickLength + labelGap + room
        }
        let left = max(content.x + pad + room(yAxis, title: chart.y.title, labelled: chart.y.labelled), frame.x + align.left)
        var y2Axis: AxisLayout?
        var y2Domain = domains.y2.domain
        var right = content.maxX - (strips[.right] == nil ? pad : 0) - (axes ? type.px(8) : 0)
        if chart.usesY2 {
            y2Domain = domains.y2.fitted(dotRadius: dotRadius, length: bottom - top,
                                         labelRoom: ChartLayout.labelRoom(chart, axis: .y2, reaches: reaches, type: type, line: tickLine))
            let axis = AxisLayout(domain: y2Domain, length: bottom - top, spacing: type.px(50), scale: chart.y2.resolvedScale)
            y2Axis = axis
            right = content.maxX - pad - room(axis, title: chart.y2.title)
        }
        right = min(right, frame.maxX - align.right)
        y2 = y2Axis
        let plot = Rect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top)).pixelAligned
        self.plot = plot
        let xDomain = domains.x.fitted(dotRadius: dotRadius, length: plot.width,
                                       labelRoom: ChartLayout.barEndLabelRoom(chart, reaches: reaches, marks: marks, type: type, measurer: measurer))
        let polar = chart.polar == nil ? nil : PolarLayout(chart: chart, domains: domains, plot: plot, type: type, measurer: measurer)
        self.polar = polar
        y = polar?.radius ?? yAxis
        x = polar?.angle ?? AxisLayout(domain: xDomain, length: plot.width, spacing: type.px(90), scale: chart.x.resolvedScale)
        barBaseline = chart.y.scale == .log ? yDomain.lowerBound : 0
        barBaselineY2 = chart.y2.scale == .log ? y2Domain.lowerBound : 0
        horizontalBarBaseline = chart.x.scale == .log ? xDomain.lowerBound : 0
        let vertical = { (domain: ClosedRange<Double>, forwardY: ScaleFunction) in
            DataTransform(originX: xDomain.lowerBound, originY: domain.lowerBound,
                          scaleX: SafeSpan.scale(plot.width, over: xDomain.lowerBound, xDomain.upperBound),
                          scaleY: -SafeSpan.scale(plot.height, over: domain.lowerBound, domain.upperBound),
                          pixelX: plot.x, pixelY: plot.maxY, forwardX: fx, forwardY: forwardY)
        }
        transform = polar == nil ? vertical(yDomain, fy) : .identity
        transformY2 = y2Axis.map { _ in vertical(y2Domain, fy2) }
        (legends, misplaced) = LegendFrames.place(chart, marks: marks, reaches: reaches, outside: outside, plot: plot, polar: polar, frame: below,
                                                transforms: (transform, transformY2 ?? transform), decimated: decimated,
                                                labelLift: labelRoom / 2, type: type, measurer: measurer)
    }

    /// The pixels a point or value label takes above its point (below a negative bar's end) on the series of the
    /// vertical `axis` that have labels, as the point labels are placed: its lift past the dot or stroke, the gap and
    /// its `line` (the tick-label font's line height, which labels use); 0 when none has labels. An auto domain
    /// leaves this room, so the largest value keeps its label. `reaches` are the series' (`LayoutMarks.reach`), in order.
    static func labelRoom(_ chart: Chart, axis: SeriesAxis, reaches: [SeriesReach], type: Typography, line: Double) -> Double {
        let labelled = zip(chart.series, reaches).filter { $0.0.axis == axis && !$0.1.horizontalBars && $0.1.labelled }.map(\.1)
        guard !labelled.isEmpty else { return 0 }
        let lift = labelled.map { ($0.dots?.upperBound ?? $0.lineWidth / 2) * type.scale }.max() ?? 0
        return lift + type.px(4) + line + 1
    }

    /// The pixels a value label takes beyond the longest horizontal bar (and the longest negative one) of the series
    /// that label them: the gap and the wider of those two bars' labels, as the point labels are placed past
    /// the bar's end; 0 when none has labels. An auto x domain leaves this room.
    static func barEndLabelRoom(_ chart: Chart, reaches: [SeriesReach], marks: any LayoutMarks, type: Typography,
                                measurer: TextMeasuring) -> Double {
        var widest = 0.0
        for (s, reach) in zip(chart.series, reaches) where reach.horizontalBars {
            guard let labels = s.labels ?? marks.pointLabels(of: s) else { continue }
            var longest: (positive: Int?, negative: Int?) = (nil, nil)
            for i in 0..<min(s.x.count, labels.count) where s.x[i].isFinite && labels[i] != nil {
                if s.x[i] >= 0, longest.positive.map({ s.x[i] > s.x[$0] }) ?? true { longest.positive = i }
                if s.x[i] < 0, longest.negative.map({ s.x[i] < s.x[$0] }) ?? true { longest.negative = i }
            }
            for case let i? in [longest.positive, longest.negative] {
                widest = max(widest, measurer.measure(labels[i] ?? "", fontSize: type.tickLabel).width)
            }
        }
        return widest > 0 ? widest + type.px(4) + 1 : 0
    }

    /// Data to pixels for `series`: by the right axis's domain when it is on `y2`.
    public func transform(for series: Series) -> DataTransform {
        series.axis == .y2 ? transformY2 ?? transform : transform
    }

    /// Where vertical bars of `series` start.
    public func barBaseline(for series: Series) -> Double {
        series.axis == .y2 && transformY2 != nil ? barBaselineY2 : barBaseline
    }

    /// The pixel rectangle series are clipped to.
    public var plotClip: PixelRect { PixelRect(plot) }

    /// The largest dot radius any series draws (by the series' `reaches`), in device pixels at HiDPI `scale` plus one
    /// for anti-aliasing; 0 without dots.
    static func largestDotRadius(_ reaches: [SeriesReach], scale: Double) -> Double {
        reaches.compactMap(\.dots).map { $0.upperBound * scale + 1 }.max() ?? 0
    }
}

extension Chart {
    /// The chart with its series legends hidden (the empty view's), other legends as they are.
    var withoutSeriesLegends: Chart {
        let all = allLegends
        return changingLegends(all.indices.filter { if case .series = all[$0].kind { true } else { false } }) { legend, _ in
            legend.visible = false
        }
    }

    /// The chart with the legends at `indices` of `allLegends` changed by `change` (given each legend and its
    /// index), in place: a change costs the same however many legends the chart has.
    func changingLegends(_ indices: [Int], _ change: (inout Legend, Int) -> Void) -> Chart {
        var chart = self
        for index in indices where (0...legends.all.count).contains(index) {
            if index == 0 {
                change(&chart.legend, 0)
            } else {
                chart.legends.modify(at: index - 1) { change(&$0, index) }
            }
        }
        return chart
    }
}
