/// The shape of the data a kind of series reads (`MarkDefinition.dataShape`): which of the spec's data keys give
/// its points, and what it is built from.
public enum DataShape: Sendable {
    /// A point per row: x, y and size (lines, dots, bars, …).
    case points
    /// A period per row: x, and the kind's own value columns (a candle's open, high, low and close), which its
    /// `read` takes.
    case periods
    /// A grid of values: `z` rows, a long table of x, y and `value`, or a CSV grid whose `grid` column names the
    /// rows (a heatmap's cells).
    case grid
    /// A grid of values when given one (`z`, `data.value` or `data.grid`), else points (a contour of their
    /// density).
    case gridOrPoints
    /// Values counted into bins along x, no y (a histogram's).
    case binnedValues
}

extension SeriesKind {
    /// The shape of the data the kind reads (`MarkDefinition.dataShape`).
    public var dataShape: DataShape { definition.dataShape }

    /// The columns beyond x, y and size the kind reads a value per row from (`MarkDefinition.dataColumns`).
    public var dataColumns: [String] { definition.dataColumns }

    /// Whether the kind reads its colours from `color` itself (`MarkDefinition.readsOwnColors`).
    public var readsOwnColors: Bool { definition.readsOwnColors }

    /// The series a kind reading a grid draws from `cells`, the grid read as a heatmap's cells
    /// (`MarkDefinition.fromCells`).
    public func fromCells(_ cells: Series) -> Series { definition.fromCells(cells) }
}
