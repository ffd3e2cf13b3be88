/// What a density series puts in each cell (pixel) from the points that land in it (datashader's reductions).
public enum DensityReduction: String, CaseIterable, Sendable {
    /// How many points.
    case count
    /// The sum, mean, smallest or largest of their values (`DensityStyle.values`).
    case sum, mean, min, max
    /// How many of each category (`DensityStyle.values` holds category codes): the cell's colour is the categories'
    /// colours mixed by their counts, its opacity from the total.
    case countBy = "count_by"

    /// Whether the reduction reads a value per point.
    public var readsValues: Bool { self != .count }
}

/// How a density series spreads its cells' values along its colours (datashader's `how`).
public enum DensityNormalization: String, CaseIterable, Sendable {
    case linear, log, cbrt
    /// Histogram equalisation: each colour given to about as many cells as any other (datashader's default).
    case eqHist = "eq_hist"
}

/// What a density series' points are: points each counted in its cell, or a polyline (NaN breaks it; many
/// series as one, separated by NaN) whose segments count in every cell they cross (datashader's `Canvas.line`).
public enum DensityGeometry: String, CaseIterable, Sendable {
    case points, lines
}

/// A density series (`"type": "density"`): its points are aggregated into the plot's pixel grid — each point in the
/// cell whose pixel a dot at it covers — and the reduced cells drawn as one image through `scale`, empty cells left
/// transparent. How the cells are reduced, normalised and spread.
public struct DensityStyle: MarkStyle {
    /// Whether the points are counted one by one or as the segments of a polyline.
    public var geometry: DensityGeometry = .points
    /// What each cell holds.
    public var reduction: DensityReduction = .count
    /// How cell values are spread along the colours (and so where the colour bar's labels go).
    public var normalization: DensityNormalization = .eqHist
    /// Pixels each non-empty cell spreads into on every side (for sparse data): a cell takes the largest value
    /// within this many pixels (the smallest, for `min`). 0 to 16.
    public var spread = 0
    /// A value per point for `sum`, `mean`, `min` and `max`; a category code (0, 1, 2, …, an index into
    /// `scale.categories`) per point for `countBy`. Nil for `count`.
    public var values: Column? = nil
    /// How many points each point stands for, for `count` (nil: one each): the counts of cells a database counted
    /// (`DensityCells`), read as one point at each cell's centre.
    public var weights: Column? = nil
    /// The colours: a continuous scale for counts and values (its range, when given, fixes the ends), a
    /// categorical one for `countBy`. By default `lightScale`, which a dark theme draws as `darkScale`.
    public var scale = DensityStyle.lightScale
    /// The default colours: light blue for the fewest to navy for the most (datashader's).
    public static let lightScale = ColorScale(stops: [ColorScale.Stop(0, Color(rgb: 0xADD8E6)), ColorScale.Stop(1, Color(rgb: 0x00008B))])
    /// The default colours on a dark plot: a dim blue for the fewest to a pale one for the most, the densest cells
    /// brightest.
    public static let darkScale = ColorScale(stops: [ColorScale.Stop(0, Color(rgb: 0x2F5E99)), ColorScale.Stop(1, Color(rgb: 0xDDF1FF))])
    /// The colours as an earlier count of the same points resolved them (`scale` with its range and normalisation
    /// filled in), used as they are; nil to resolve them from the cells. Layout sets it: a plot resized by its
    /// colour bar's labels is counted again, and keeping the first count's scale keeps those labels — and the plot —
    /// from changing again.
    public var resolvedScale: ColorScale? = nil
    /// The most spread a density series takes.
    public static let maximumSpread = 16
    /// The most categories `countBy` counts: each is a count per cell (and per thread while counting), and past a
    /// few dozen their mixed colours tell nothing apart.
    public static let maximumCategories = 64

    /// A count of the points, histogram-equalised, light blue to dark blue (datashader's defaults).
    public init() {}
}

extension DensityStyle {
    /// The scale cells holding `counts` points are coloured with (the counts of the non-empty cells): `scale`
    /// with its range and normalisation resolved from them.
    public func resolved(forCounts counts: [UInt32]) -> ColorScale {
        DensityShading.counted(counts, style: self).1
    }
}

extension Series {
    /// How a density series (`kind == .density`) aggregates, normalises and colours its points.
    public var density: DensityStyle {
        get { styles[DensityStyle.self] }
        set { styles[DensityStyle.self] = newValue }
    }

    /// A density series of the points (`x`, `y`), reduced and coloured as `style` says.
    public static func density(name: String = "", x: Column, y: Column, style: DensityStyle = DensityStyle()) -> Series {
        var s = Series(kind: .density, name: name, x: x, y: y)
        s.density = style
        return s
    }
}

extension ChartLimit {
    /// Pixels a density cell spreads into.
    public static let densitySpread = ChartLimit(lower: 0, includesLower: true, upper: Double(DensityStyle.maximumSpread))
}
