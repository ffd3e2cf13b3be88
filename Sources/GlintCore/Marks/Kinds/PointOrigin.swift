/// What a series' points are of the rows it was read from (`MarkDefinition.pointOrigin`): what the spec's row
/// transforms — filters, rolling windows, facets, splits — may do with them.
public enum PointOrigin: Sendable {
    /// A point per row (lines, dots, bars, areas …): every row transform applies.
    case rows
    /// A point per row holding several values (a candle's open, high, low and close): filtered, faceted and split by
    /// row, but not rolled (there is no one y to roll).
    case periods
    /// A point per row, each a share of the whole (a pie's slices): filtered, rolled and split by row, but not
    /// faceted (a panel per group would show shares of different wholes).
    case slices
    /// Counts of the rows' values (a histogram's bins): split by the rows' values, nothing else.
    case bins
    /// A grid's cells (a heatmap's, a contour's of a grid): no row transform applies.
    case cells
}

extension Series {
    /// What the series' points are of the rows it was read from (`MarkDefinition.pointOrigin`).
    public var pointOrigin: PointOrigin { kind.definition.pointOrigin(self) }
}
