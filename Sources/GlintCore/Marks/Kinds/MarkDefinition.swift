/// Everything about one kind of series that is not drawing it (its marks, `Mark`, draw it): its name, the spec keys
/// only it takes and how it reads them, its checks, and the questions layout, buckets and hit testing ask of it. A
/// new kind is one conformer in its folder under `Marks/`, listed in `MarkRegistry.kinds`; nothing outside `Marks/`
/// asks which kind a series is to learn these.
protocol MarkDefinition {
    /// The kind's name.
    static var kind: SeriesKind { get }
    /// The kind in the plural, for messages ("only stems take \"baseline\"").
    static var plural: String { get }
    /// The keys of a series object in the spec that this kind takes and that kinds not listing them refuse (a pie's
    /// `inner`). Keys every series takes (`x`, `color`, `width`) are the spec's own.
    static var keys: [String] { get }
    /// The keys every series takes that a series of this kind has no use for (a pie's `x`: its slices are its y
    /// values), refused by the spec with `unusedKeysReason`; a key under `data.` is one of the data object's.
    static var unusedKeys: [String] { get }
    /// Why it refuses `unusedKeys`, after "a pie takes no \"x\": " ("its slices are its y values, …").
    static var unusedKeysReason: String { get }
    /// Reads this kind's own keys (`keys`) from a series object of the spec into `series`, errors at their paths, and
    /// anything else the kind decides from the object (an area's edge width when `width` is not given, a pie's
    /// refusal of one colour); it is read after the keys every series takes.
    static func read(_ keys: any MarkKeys, into series: inout Series) throws
    /// Whether its points sit at x positions of their own: what buckets gather and category sorting reorders.
    static var hasPositions: Bool { get }
    /// Whether a series of this kind draws a dot at its points (with the series' radius): what layout pads the
    /// plot for, label lifts clear and hit testing reaches.
    static func drawsDots(_ series: Series) -> Bool
    /// What a series of this kind covers in the plot, which the layout keeps legends and text clear of: its points
    /// by default.
    static func cover(_ series: Series) -> PlotCover
    /// Whether its series stand side by side on a category axis, each in its share of a category's slot, as bars
    /// of several series do (`BarGroups`).
    static var sharesCategorySlots: Bool { get }
    /// The series as its marks draw it, worked out once before layout from the values it was given (a box plot's
    /// values summarised into its boxes); the series itself by default.
    static func prepared(_ series: Series) -> Series
    /// Checks what `Chart.validate()` must refuse in a series of this kind (the series `index` of `chart`).
    static func validate(_ series: Series, index: Int, in chart: Chart) throws
    /// Whether a chart holding a series of this kind draws axes, grid and tick labels (a pie's does not).
    static var drawsAxes: Bool { get }
    /// Whether text is placed at its points (`labels`, value labels); a pie's labels name its slices instead.
    static var takesPointLabels: Bool { get }
    /// Whether a hit test finds its points by their distance from the pixel, beyond what its marks cover; a pie's
    /// points are not positions.
    static var hitByDistance: Bool { get }
    /// The series (the chart's `index`th) as `theme` draws it when the kind colours it in its own way (a pie's
    /// slices take the palette in order, a density takes a scale that reads on the plot's background); nil to take
    /// the series' palette colour as every other kind does.
    static func styled(_ series: Series, at index: Int, theme: Theme) -> Series?
    /// The entries the kind adds to a series legend, when not one per named series (a pie's slices: one each);
    /// nil for the series' own entry.
    static func legendEntries(_ series: Series, index: Int, legend: Legend, theme: Theme) -> [LegendBox.Entry]?
    /// What a hit test finds under everything else at `pixel` (a density's cell), taken only when no point of
    /// another series is hit; nil when the kind draws nothing a point hit cannot find.
    static func underlyingHit(_ pixel: Point, series: Series, index: Int, layout: ChartLayout, threads: Int) -> ChartHit?
    /// The options several kinds share that this one takes: a step (lines), error bars (dots, lines, areas, bars), a
    /// band (lines, dots), a trend (lines), a density curve (lines, areas).
    static var takes: Set<SharedOption> { get }
    /// What its points are of the rows it was read from (a point per row by default; a histogram's bins, a heatmap's
    /// cells), which decides the row transforms it takes.
    static func pointOrigin(_ series: Series) -> PointOrigin
    /// How a polar chart draws it (lines, areas, wedges for bars, dots); nil when a polar chart does not.
    static var polarShape: PolarShape? { get }
    /// Whether its cells are laid out on the axes' categories in the order given, so that no series of its chart
    /// may sort them (a heatmap's).
    static var keepsCategoryOrder: Bool { get }
    /// Checks the numbers of its own options against their limits (`ChartLimit`); `path` names the series.
    static func checkLimits(_ series: Series, path: String) throws
    /// Whether its series take points appended live (`RetainedChart.append`) and a followed view (`Chart.follow`)
    /// ends at their newest x: a stream's lines and dots.
    static var streams: Bool { get }
    /// Whether it joins its points in their order (a line): a database reads its rows in x order, and a live
    /// series of it keeps whether its x is sorted (`Series.xIsSorted`) so that a view cuts it by binary search.
    static var joinsPoints: Bool { get }
    /// Whether a long run of its points is drawn from their M4 extremes per pixel column rather than one by one (a
    /// plain line's, `LinePreparation`; a database reduces them in SQL, `DatabaseReading`).
    static func decimates(_ series: Series) -> Bool
    /// The points of another series of `chart` that `series` is drawn from (an area filled down to another series);
    /// nil when it is drawn from its own alone.
    static func baseline(of series: Series, in chart: Chart) -> MarkPoints?
    /// The shape of the data it reads from the spec: points by default.
    static var dataShape: DataShape { get }
    /// The data keys beyond x, y and size that name a column it reads a value per row from (a heatmap's `value`,
    /// a candle's `open`); the spec refuses them on other kinds and resolves them against the series' table.
    static var dataColumns: [String] { get }
    /// Whether it reads its colours from `color` itself, in `read` (a heatmap's scale); else the spec reads `color`
    /// as one colour, or a colour per point.
    static var readsOwnColors: Bool { get }
    /// The series it draws from a grid read as a heatmap's cells (`Series.heatmap`), for a kind whose data shape is
    /// a grid: the cells themselves, as a series of this kind, by default.
    static func fromCells(_ cells: Series) -> Series
}

extension MarkDefinition {
    static var keys: [String] { [] }
    static var unusedKeys: [String] { [] }
    static var unusedKeysReason: String { "" }
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {}
    static var hasPositions: Bool { false }
    static func drawsDots(_ series: Series) -> Bool { false }
    static func cover(_ series: Series) -> PlotCover { .points([]) }
    static var sharesCategorySlots: Bool { false }
    static func prepared(_ series: Series) -> Series { series }
    static func validate(_ series: Series, index: Int, in chart: Chart) throws {}
    static var drawsAxes: Bool { true }
    static var takesPointLabels: Bool { true }
    static var hitByDistance: Bool { true }
    static func styled(_ series: Series, at index: Int, theme: Theme) -> Series? { nil }
    static func legendEntries(_ series: Series, index: Int, legend: Legend, theme: Theme) -> [LegendBox.Entry]? { nil }
    static func underlyingHit(_ pixel: Point, series: Series, index: Int, layout: ChartLayout, threads: Int) -> ChartHit? { nil }
    static var takes: Set<SharedOption> { [] }
    static var polarShape: PolarShape? { nil }
    static func pointOrigin(_ series: Series) -> PointOrigin { .rows }
    static var keepsCategoryOrder: Bool { false }
    static func checkLimits(_ series: Series, path: String) throws {}
    static var streams: Bool { false }
    static var joinsPoints: Bool { false }
    static func decimates(_ series: Series) -> Bool { false }
    static func baseline(of series: Series, in chart: Chart) -> MarkPoints? { nil }
    static var dataShape: DataShape { .points }
    static var dataColumns: [String] { [] }
    static var readsOwnColors: Bool { false }
    static func fromCells(_ cells: Series) -> Series {
        var s = cells
        s.kind = kind
        return s
    }
}

/// The keys of one series object of a spec, as a kind reads its own (`MarkDefinition.read`): each value checked for
/// its type and range, each error naming its JSON path. The spec's reader conforms; marks see nothing else of it.
public protocol MarkKeys {
    /// Whether the object has the key (null counts as present).
    func has(_ key: String) -> Bool
    /// The JSON path of a key of the object (`series[2].baseline`).
    func childPath(_ key: String) -> String
    /// A finite number, nil when absent; an error when the value is another type.
    func number(_ key: String) throws -> Double?
    /// A number within `limit`, nil when absent; an error naming the key and the range otherwise.
    func number(_ key: String, within limit: ChartLimit) throws -> Double?
    /// An array of numbers (null entries NaN), nil when absent; an error when the value is another type.
    func numbers(_ key: String) throws -> [Double]?
    /// A string, nil when absent.
    func string(_ key: String) throws -> String?
    /// Whether the key's value is a string (a name, where a number would be a value).
    func isText(_ key: String) -> Bool
    /// A boolean, nil when absent.
    func bool(_ key: String) throws -> Bool?
    /// One of `type`'s values by its name, nil when absent; an error listing the names otherwise.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws -> T? where T.RawValue == String
    /// A whole number within `limit`, nil when absent; an error naming the key and the range otherwise.
    func integer(_ key: String, within limit: ChartLimit) throws -> Int?
    /// A colour by name or hex, nil when absent; an error naming the nearest name otherwise.
    func color(_ key: String) throws -> Color?
    /// The scale `color` colours values through — `{"scale": {...}}` or a continuous `{"palette": "viridis"}` —
    /// nil when `color` is absent, or a plain colour and `allowsColor`; `what` names the series in the error for a
    /// plain colour otherwise ("a heatmap").
    func colorScale(for what: String, allowsColor: Bool) throws -> ColorScale?
    /// The colours `color` gives `names` (the `key` given a category per point): a categorical `palette` by name or
    /// a colour per category, categories in its `order` and then as they first appear; tableau10 when `color` is
    /// absent. More than `limit` categories is an error saying "`counting` at most `limit` categories".
    func categoryColors(_ names: [String?], of key: String, atMost limit: Int, counting: String) throws -> PointColors
    /// Whether a value per row is given for `key`: inline, or as a column the data object names.
    func givesColumn(_ key: String) -> Bool
    /// The path of the value `givesColumn(key)` found: the inline key's, else the data object's.
    func columnPath(_ key: String) -> String
    /// The numbers given for `key`, a value per row: inline, or the column the data object's `key` names, resolved
    /// against the series' table as its x and y are (a CSV file, `.npy` or binary files, columns handed over);
    /// `what` says what they are in errors ("prices"). Nil when neither is given; an error when both are.
    func column(_ key: String, what: String) throws -> Column?
    /// The names given for `key`, one per row (nil for none): inline strings, or the column the data object's `key`
    /// names, as `column` resolves it. Nil when neither is given.
    func texts(_ key: String) throws -> [String?]?
}
