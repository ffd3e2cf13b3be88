/// What a hexbin's hexagons show of the points in them.
public enum HexbinReduction: String, CaseIterable, Sendable {
    /// How many points (without values).
    case count
    /// The sum, mean, median, smallest or largest of their values (`HexbinStyle.values`; matplotlib's
    /// `reduce_C_function`).
    case sum, mean, median, min, max
}

/// How a hexbin is drawn (`"type": "hexbin"`): its grid, what each hexagon shows, and which hexagons are drawn. Its
/// colours are a colour scale's (viridis by default), which a colour bar naming the series shows.
public struct HexbinStyle: MarkStyle, Equatable {
    /// The most hexagons across or up.
    public static let maximumGridSize = 500
    /// Hexagons across, 1 to `maximumGridSize` (matplotlib's `gridsize`).
    public var columns = 50
    /// Hexagons up; nil for matplotlib's ⌊columns / √3⌋, which makes them regular on a plot about as wide as tall.
    public var rows: Int? = nil
    /// What each hexagon shows: a count without values, the mean of the values with them, by default.
    public var reduction: HexbinReduction? = nil
    /// A value per point for the reductions other than `count`.
    public var values: Column? = nil
    /// The fewest points a hexagon needs to be drawn (matplotlib's `mincnt`, 1 by default here: empty hexagons
    /// are left out; 0 draws every hexagon of a count).
    public var minimumCount = 1
    /// The data extent the grid covers (matplotlib's `extent`); nil for the points' own (widened where it has no
    /// width), points outside it being left out.
    public var extent: (x: ClosedRange<Double>, y: ClosedRange<Double>)? = nil
    /// The colours of the hexagons' values.
    public var scale = ColorScale(palette: .viridis)
    /// The grid, each drawn hexagon's index in it and how many points it holds, once the points are binned (before
    /// layout, `HexbinKind.prepared`); nil before.
    public var binned: (grid: HexGrid, cells: [Int], counts: [Int])? = nil

    /// 50 hexagons across, counts, hexagons with a point drawn.
    public init() {}

    /// The rows of a grid of `columns` hexagons across: `rows`, or matplotlib's ⌊columns / √3⌋ (at least 1).
    public var gridRows: Int { rows ?? Swift.max(1, Int(Double(columns) / 3.0.squareRoot())) }

    /// The reduction drawn: `reduction`, or a count without values and a mean with them.
    public var drawnReduction: HexbinReduction { reduction ?? (values == nil ? .count : .mean) }

    public static func == (a: HexbinStyle, b: HexbinStyle) -> Bool {
        a.columns == b.columns && a.rows == b.rows && a.reduction == b.reduction && a.values == b.values && a.minimumCount == b.minimumCount
            && a.extent?.x == b.extent?.x && a.extent?.y == b.extent?.y && a.scale == b.scale
            && a.binned?.grid == b.binned?.grid && a.binned?.cells == b.binned?.cells && a.binned?.counts == b.binned?.counts
    }
}

extension Series {
    /// How the series' hexbin is drawn (`kind == .hexbin`).
    public var hexbin: HexbinStyle {
        get { styles[HexbinStyle.self] }
        set { styles[HexbinStyle.self] = newValue }
    }

    /// A hexbin of the points (`x`, `y`): `columns` hexagons across, each coloured through `scale` by how many points
    /// fall in it, or with `values` (one per point) by their `reduction` (the mean by default).
    public static func hexbin(name: String = "", x: Column, y: Column, columns: Int = 50, values: Column? = nil,
                              reduction: HexbinReduction? = nil, scale: ColorScale = ColorScale(palette: .viridis)) -> Series {
        var s = Series(kind: .hexbin, name: name, x: x, y: y)
        (s.hexbin.columns, s.hexbin.values, s.hexbin.reduction, s.hexbin.scale) = (columns, values, reduction, scale)
        return s
    }
}
