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

    /// Whether it orders by the series' values.
    package var byValue: Bool { self == .y || self == .yDescending }
    /// Whether it runs from the largest down.
    package var descending: Bool { self == .xDescending || self == .yDescending }

    /// Whether value `u` (of item `a`) comes before `w` (of item `b`) in this order: values that are `missing` last,
    /// ties in the items' given order.
    package func precedes(_ u: Double, _ a: Int, _ w: Double, _ b: Int, missing: (Double) -> Bool) -> Bool {
        guard !missing(u) else { return false }
        guard !missing(w) else { return true }
        return u != w ? (descending ? u > w : u < w) : a < b
    }
}
