/// One kind of series drawing, in three stages (ImPlot's getters → transformers → renderers, as one type):
///
/// - **fit**: what the mark adds to the axes' domains, from the finite extent of the series' points (bars add
///   their width and reach down to zero);
/// - **reduce**: the points it draws on a laid-out plot (a long line keeps the M4 extremes of each pixel column,
///   or only the points in an explicit range);
/// - **emit**: the scene commands that draw those points.
///
/// A series is drawn by every mark in `Marks.all` that `draws` it, in that order (a line with markers: its line,
/// then its dots). A new kind of drawing is one new folder under `Marks/` and its entries in `MarkRegistry`; see
/// `StemMark` and docs/ARCHITECTURE.md, "How to add a mark".
protocol Mark {
    /// Whether this mark draws `series` (by its type and options).
    static func draws(_ series: Series) -> Bool
    /// The x and y data ranges the axes' domains must hold for `series`, whose finite points span `extent`.
    static func fit(_ series: Series, extent: DataExtent, in chart: Chart) -> MarkFit
    /// The points it draws, in data units (NaN y at gaps).
    static func reduce(_ context: MarkContext) -> MarkPoints
    /// The commands that draw `points`, clipped to the plot.
    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand]
    /// Its part of the series' legend sample, centred in `rect` (a line across it, a bar's square, a dot).
    static func legendSample(_ series: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand]
    /// The series' second look when its palette colour repeats (see `Theme.styled(_:at:)`), asked of the first
    /// mark that draws it; `background` is the plot's.
    static func repeatedLook(_ series: Series, background: Color) -> Series
    /// The index of the point whose drawing covers `pixel` (a bar it lies inside), for hit testing; nil when none
    /// does, and by default: points are then hit by their distance from the pixel.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int?
    /// The pixel rectangles its drawing of `series` covers under `transform`, in `slot` of its group at HiDPI
    /// `scale`, where its points alone do not say (a box and its whiskers): what legends and text keep clear of.
    /// Empty by default: layout then asks the points.
    static func occupied(_ series: Series, transform: DataTransform, slot: BarGroups.Slot, scale: Double) -> [Rect]
    /// What it leaves out of `series` (the chart's series `index`) that the reader should know, one line each.
    static func notices(_ series: Series, index: Int) -> [String]
    /// Whether it only adds to another mark's points (error bars): it never gives the series its look.
    static var decorates: Bool { get }
}

extension Mark {
    /// By default a mark needs its points' extent, from no baseline.
    static func fit(_ series: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        MarkFit(x: extent.x, y: extent.y)
    }

    /// By default a mark draws every point.
    static func reduce(_ context: MarkContext) -> MarkPoints {
        MarkPoints(x: context.series.x, y: context.series.y)
    }

    /// By default a mark adds nothing to the legend sample.
    static func legendSample(_ series: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] { [] }

    /// By default a series keeps its look.
    static func repeatedLook(_ series: Series, background: Color) -> Series { series }

    /// By default a mark's drawing covers no point's pixels beyond the point.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? { nil }

    /// By default the points say where a mark is.
    static func occupied(_ series: Series, transform: DataTransform, slot: BarGroups.Slot, scale: Double) -> [Rect] { [] }

    /// By default a mark leaves nothing out that its data does not say (gaps are gaps).
    static func notices(_ series: Series, index: Int) -> [String] { [] }

    /// By default a mark draws the series' points themselves.
    static var decorates: Bool { false }
}


extension MarkFit {
    /// The fit with its y range widened to hold each of `columns` — values at the series' x, such as a band's edges
    /// or candles' highs and lows — where they have a position on the series' axes.
    func holding(_ columns: [Column], of s: Series, in chart: Chart) -> MarkFit {
        var fit = self
        for column in columns {
            if let range = DataRange.finiteExtent(x: s.x, y: column, forward: (chart.x.function, chart.axis(for: s).function), threads: 1) {
                fit.y = DataRange.union(fit.y, range.y) ?? fit.y
            }
        }
        return fit
    }
}

extension MarkFit {
    /// The fit with its y range widened to hold `values` (data on the series' vertical axis, scaled by `axis`) where
    /// the axis has a place for them: a box's whiskers and outliers, a violin's curves.
    func holding(_ values: [Double], on axis: ScaleFunction) -> MarkFit {
        var fit = self
        for v in values where axis.admits(v) { fit.y = DataRange.union(fit.y, axis(v)...axis(v)) ?? fit.y }
        return fit
    }
}

/// Points as a mark draws them: in data units, or in the axes' scale space once a mark's geometry needs
/// distances there (a step's midpoint on a log axis is half-way in decades).
struct MarkPoints {
    var x: Column, y: Column
    /// Whether the values are scale-space positions rather than data (drawn with `DataTransform.scaleSpace`).
    var inScaleSpace = false
    /// The retained chart's name for the line these points reduce, frame to frame (`LineShape.liveKey`).
    var liveKey: UInt64?

    /// The points as data, `x` and `y`.
    init(x: Column, y: Column) { (self.x, self.y) = (x, y) }

    /// The points in the scale space of `transform` (gaps as NaN pairs); themselves when both scales are linear.
    func movedToScaleSpace(by transform: DataTransform) -> MarkPoints {
        guard !inScaleSpace, !transform.isLinear else { return self }
        let n = min(x.count, y.count)
        var (u, w) = ([Double](repeating: .nan, count: n), [Double](repeating: .nan, count: n))
        for i in 0..<n {
            guard let p = transform.forward(x[i], y[i]) else { continue }
            (u[i], w[i]) = p
        }
        var moved = MarkPoints(x: Column(u), y: Column(w))
        moved.inScaleSpace = true
        return moved
    }
}

/// What a mark draws one series from: the series as drawn, its colour and the laid-out plot, what preparation
/// already computed, and the thread budget.
struct MarkContext {
    /// The series, styled and with visibility applied.
    let series: Series
    /// Its colour (the palette's when it sets none).
    let color: Color
    /// The chart's layout.
    let layout: ChartLayout
    /// The line's M4 result when `LinePreparation` already has it.
    let decimated: M4Decimation.Result?
    /// Whether an axis range is given: data may lie far outside the image (lines are then cut at the guard band).
    let zoomed: Bool
    /// The series' slot in its bar group.
    let group: BarGroups.Slot
    /// The bases of a stacked bar series.
    let bases: [Double]?
    /// Threads for parallel scans (M4).
    let threads: Int
    /// The points of the series an area is filled to (`AreaBaseline.series`).
    var baseline: MarkPoints? = nil
}

/// The marks, in drawing order.
enum Marks {
    /// What the marks drawing `series` add to the domains; nil when none draws it.
    static func fit(_ series: Series, extent: DataExtent, in chart: Chart) -> MarkFit? {
        all.filter { $0.draws(series) }.map { $0.fit(series, extent: extent, in: chart) }.reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// The commands of every mark drawing the series of `context`.
    static func commands(_ context: MarkContext) -> [SceneCommand] {
        all.filter { $0.draws(context.series) }.flatMap { $0.emit($0.reduce(context), context) }
    }

    /// The series' legend sample: the part of every mark drawing it, in drawing order.
    static func legendSample(_ series: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        all.filter { $0.draws(series) }.flatMap { $0.legendSample(series, color: color, in: rect, type: type) }
    }

    /// The point of the series of `context` whose drawing covers `pixel`, as the first mark drawing it that covers
    /// one says.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        for mark in all where mark.draws(context.series) {
            if let index = mark.covering(pixel, context) { return index }
        }
        return nil
    }

    /// The rectangles the marks drawing `series` cover beyond its points (`Mark.occupied`).
    static func occupied(_ series: Series, transform: DataTransform, slot: BarGroups.Slot, scale: Double) -> [Rect] {
        all.filter { $0.draws(series) }.flatMap { $0.occupied(series, transform: transform, slot: slot, scale: scale) }
    }

    /// The notices of every mark drawing each series of `chart`.
    static func notices(_ chart: Chart) -> [String] {
        chart.series.enumerated().flatMap { index, series in
            all.filter { $0.draws(series) }.flatMap { $0.notices(series, index: index) }
        }
    }

    /// The series' second look, as the first mark drawing its points gives it; the series itself when none does.
    static func repeatedLook(_ series: Series, background: Color) -> Series {
        all.first { $0.draws(series) && !$0.decorates }?.repeatedLook(series, background: background) ?? series
    }
}
