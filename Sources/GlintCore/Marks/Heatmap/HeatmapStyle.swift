/// A heatmap series' grid (`Series.heatmap`): its points are the cells, row by row from the lowest y — x each
/// cell's column position, y its row position — coloured by `pointColors` (a value per cell through a colour
/// scale, NaN for a missing cell); each cell spans half-way to its neighbours, `cellWidth × cellHeight` in data
/// units.
public struct HeatmapStyle: MarkStyle, Equatable {
    /// The grid's size in cells; 0 for a series that is not a heatmap.
    public var columns = 0, rows = 0
    /// A cell's size in data units: the spacing of the column and row positions (1 for a single one).
    public var cellWidth = 1.0, cellHeight = 1.0
    /// Whether each cell's value is written in it, in a colour that contrasts with the cell's.
    public var cellLabels = false

    /// No grid.
    public init() {}
}

/// Why a heatmap cannot be made from its positions and values.
public enum HeatmapProblem: Error, Equatable, CustomStringConvertible {
    case noCells
    case valueCount(expected: Int, found: Int)
    case positionNotFinite(axis: String, index: Int)
    case repeatedPosition(axis: String, value: Double)
    case unevenPositions(axis: String)
    case spacingPastLargestDouble(axis: String)
    case tooManyCells(Int)

    /// The spec key the problem is in.
    public var key: String {
        switch self {
        case let .positionNotFinite(axis, _), let .repeatedPosition(axis, _), let .unevenPositions(axis), let .spacingPastLargestDouble(axis):
            return axis
        default: return "z"
        }
    }

    public var description: String {
        switch self {
        case .noCells: return "a heatmap needs at least one column and one row"
        case let .valueCount(expected, found): return "expected \(expected) values (a row per y, a column per x), found \(found)"
        case let .positionNotFinite(axis, i): return "\(axis) position \(i) is not a finite number"
        case let .repeatedPosition(axis, v): return "\(axis) position \(v) is given twice; each column and row has one position"
        case let .unevenPositions(axis):
            return "\(axis) positions must be evenly spaced (cells are equal, drawn as one image); use a category axis for uneven ones"
        case let .spacingPastLargestDouble(axis):
            return "\(axis) positions lie further apart than the largest Double (\(Double.greatestFiniteMagnitude)): a cell's size must be a finite number"
        case let .tooManyCells(n): return "\(n) cells is more than \(Series.maximumHeatmapCells)"
        }
    }
}

extension Series {
    /// The grid of a heatmap series (`kind == .heatmap`).
    public var heatmap: HeatmapStyle {
        get { styles[HeatmapStyle.self] }
        set { styles[HeatmapStyle.self] = newValue }
    }

    /// The most cells a heatmap has (a 4096 × 4096 grid).
    public static let maximumHeatmapCells = 1 << 24

    /// A heatmap of `values`, row-major — a row per `y` position, a column per `x` position — coloured through
    /// `scale` (NaN: a missing cell, left empty). Positions may come in any order (columns and rows are sorted by
    /// them) but must be finite, distinct and evenly spaced: category indices, or numbers such as hours or weeks.
    public static func heatmap(name: String = "", x: [Double], y: [Double], values: [Double],
                               scale: ColorScale = ColorScale(palette: .viridis)) throws(HeatmapProblem) -> Series {
        let (columns, rows) = (x.count, y.count)
        guard columns > 0, rows > 0 else { throw .noCells }
        let (cells, overflow) = columns.multipliedReportingOverflow(by: rows)
        guard !overflow, cells <= maximumHeatmapCells else { throw .tooManyCells(overflow ? Int.max : cells) }
        guard values.count == columns * rows else { throw .valueCount(expected: columns * rows, found: values.count) }
        let (xOrder, width) = try cellOrder(x, axis: "x"), (yOrder, height) = try cellOrder(y, axis: "y")
        var xs = [Double](), ys = [Double](), zs = [Double]()
        xs.reserveCapacity(values.count)
        ys.reserveCapacity(values.count)
        zs.reserveCapacity(values.count)
        for r in yOrder {
            for c in xOrder {
                xs.append(x[c])
                ys.append(y[r])
                zs.append(values[r * columns + c])
            }
        }
        var s = Series(kind: .heatmap, name: name, x: Column(xs), y: Column(ys))
        s.pointColors = PointColors(values: zs, scale: scale)
        (s.heatmap.columns, s.heatmap.rows, s.heatmap.cellWidth, s.heatmap.cellHeight) = (columns, rows, width, height)
        return s
    }

    /// The order of `positions` from lowest to highest, and their spacing; throws when they are not finite,
    /// distinct and evenly spaced (to a millionth of the spacing).
    static func cellOrder(_ positions: [Double], axis: String) throws(HeatmapProblem) -> (order: [Int], spacing: Double) {
        if let bad = positions.firstIndex(where: { !$0.isFinite }) { throw .positionNotFinite(axis: axis, index: bad) }
        let order = positions.indices.sorted { positions[$0] < positions[$1] }
        guard order.count > 1 else { return (order, 1) }
        let first = positions[order[0]], last = positions[order[order.count - 1]]
        let spacing = last / Double(order.count - 1) - first / Double(order.count - 1)
        guard spacing.isFinite else { throw .spacingPastLargestDouble(axis: axis) }
        for (k, i) in order.enumerated() {
            if k > 0, positions[i] == positions[order[k - 1]] { throw .repeatedPosition(axis: axis, value: positions[i]) }
            guard abs(positions[i] - (first + Double(k) * spacing)) <= spacing * 1e-6 else { throw .unevenPositions(axis: axis) }
        }
        return (order, spacing)
    }
}
