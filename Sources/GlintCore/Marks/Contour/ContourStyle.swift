/// Which values a contour draws its lines at (and its bands between).
public enum ContourLevels: Equatable, Sendable {
    /// About this many levels on 1-2-5 steps over the values' range (the axis ticks' rule).
    case count(Int)
    /// These values.
    case given([Double])

    /// How many levels are asked for (nice ones may be a few more or fewer).
    public var asked: Int {
        switch self {
        case .count(let n): return n
        case .given(let values): return values.count
        }
    }
}

/// A grid of values: `z` row by row from the lowest y, a value per x position in each; positions increase.
public struct ContourGrid: Equatable, Sendable {
    public var x: [Double], y: [Double], z: [Double]

    /// A grid of `z` (row-major, `y.count` rows of `x.count` values) at increasing positions `x` and `y`.
    public init(x: [Double], y: [Double], z: [Double]) { (self.x, self.y, self.z) = (x, y, z) }

    /// Its nodes row by row from the lowest y, as a series' points: x the column's position, y the row's.
    public var nodes: (x: Column, y: Column) {
        (Column(y.flatMap { _ in x }), Column(y.flatMap { row in x.map { _ in row } }))
    }

    /// The value at column `c`, row `r`.
    @inline(__always)
    func value(_ c: Int, _ r: Int) -> Double { z[r * x.count + c] }
}

/// How a contour is drawn (`"type": "contour"`): from a grid of values, or from points through their kernel
/// density; at which levels; as lines (in the level's colour through the scale, or the series' colour) or as
/// filled bands between levels; labelled on the lines or not.
public struct ContourStyle: MarkStyle, Equatable {
    /// The most grid nodes a kernel density is evaluated at, across or up.
    public static let maximumGridSize = 1_000
    /// The most kernel evaluations (points × grid nodes) a density contour takes.
    public static let maximumEvaluations = 200_000_000
    /// The most levels.
    public static let maximumLevels = 1_000
    /// The most cell visits of a contour's levels: levels × cells.
    public static let maximumCellPasses = 400_000_000
    /// The most cells a contour's levels cross (each a piece of line and of band), over all its levels.
    public static let maximumCrossings = 10_000_000

    /// The levels: about 7 nice ones by default (matplotlib's).
    public var levels = ContourLevels.count(7)
    /// Whether the bands between levels are filled instead of the lines drawn.
    public var filled = false
    /// Whether each level's value is written on its lines, the lines parted under it.
    public var levelLabels = false
    /// The grid of values; nil for a contour of the series' points' kernel density.
    public var grid: ContourGrid? = nil
    /// Nodes across and up of a density contour's grid.
    public var gridSize = 100
    /// The colours of the levels' values.
    public var scale = ColorScale(palette: .viridis)
    /// One colour for every line (the spec's `"color": "#333"`); nil for each level's colour through `scale`.
    public var lineColor: Color? = nil
    /// The lines and bands, worked out before layout (`ContourKind.prepared`); nil before.
    public var drawn: ContourDrawing? = nil

    /// Seven nice levels as lines, unlabelled, viridis.
    public init() {}
}

/// A contour's geometry in data units: its levels, each level's lines (polylines; a closed one ends where it
/// starts) and, for filled contours, the region at or above each level as polygons (cells of the grid).
public struct ContourDrawing: Equatable, Sendable {
    public var levels: [Double] = []
    public var lines: [[[Point]]] = []
    public var regions: [[[Point]]] = []
    /// The finite values' range (what the colour scale spans).
    public var range: ClosedRange<Double> = 0...1
    /// Whether the grid is the points' kernel density (the axes then hold the lines, not the whole grid).
    public var ofDensity = false
}

extension Series {
    /// How the series' contour is drawn (`kind == .contour`).
    public var contour: ContourStyle {
        get { styles[ContourStyle.self] }
        set { styles[ContourStyle.self] = newValue }
    }

    /// A contour of `grid` (lines at `levels`, or bands between them when `filled`), coloured through `scale`.
    public static func contour(name: String = "", grid: ContourGrid, levels: ContourLevels = .count(7), filled: Bool = false,
                               scale: ColorScale = ColorScale(palette: .viridis)) -> Series {
        let nodes = grid.nodes
        var s = Series(kind: .contour, name: name, x: nodes.x, y: nodes.y)
        (s.contour.grid, s.contour.levels, s.contour.filled, s.contour.scale) = (grid, levels, filled, scale)
        return s
    }

    /// A contour of the kernel density of the points (`x`, `y`) (scipy's `gaussian_kde`, Scott's rule).
    public static func densityContour(name: String = "", x: Column, y: Column, levels: ContourLevels = .count(7), filled: Bool = false) -> Series {
        var s = Series(kind: .contour, name: name, x: x, y: y)
        (s.contour.levels, s.contour.filled) = (levels, filled)
        return s
    }
}
