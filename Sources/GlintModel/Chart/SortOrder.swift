/// How a series orders what it draws (`Series.sort`, the spec's `"sort"`): on a category axis, the axis's categories
/// by the series' values or by name; on a numeric x axis, its points by x (`Series.sorted(by:)`, which the spec
/// applies as it reads the series).
public enum SortOrder: String, CaseIterable, Sendable {
    /// Categories by name (Unicode order); points by increasing x.
    case x
    /// Categories by name, in reverse; points by decreasing x.
    case xDescending = "-x"
    /// Categories by the series' value in each, smallest first.
    case y
    /// Categories by the series' value in each, largest first (a ranked bar chart).
    case yDescending = "-y"
}
