/// Applies the series' `sort` when a chart is drawn, after repeated categories are combined: the first series with a
/// sort on a category axis orders that axis's categories (every series on the axis moves with them; a category
/// without a value goes last). Points keep their indices, so hits name them as given.
enum CategoryOrder {
    static func applied(to chart: Chart) -> Chart {
        var chart = chart
        for index in chart.series.indices {
            guard let order = chart.series[index].sort else { continue }
            let s = chart.series[index], horizontal = s.isHorizontalBars
            if let names = horizontal ? chart.y.categories : chart.x.categories {
                let (positions, values) = horizontal ? (s.y, s.x) : (s.x, s.y)
                var value = [Double](repeating: .nan, count: names.count)
                for i in 0..<min(positions.count, values.count) {
                    let p = positions[i]
                    if p.isFinite, p >= 0, p < Double(names.count), p == p.rounded(), value[Int(p)].isNaN { value[Int(p)] = values[i] }
                }
                let ranked = names.indices.sorted { a, b in
                    if order.byValue { return order.precedes(value[a], a, value[b], b) { !$0.isFinite } }
                    return names[a] != names[b] ? (order.descending ? names[a] > names[b] : names[a] < names[b]) : a < b
                }
                var moved = [Double](repeating: .nan, count: names.count)
                for (place, old) in ranked.enumerated() { moved[old] = Double(place) }
                func remap(_ column: Column) -> Column {
                    Column(column.map { $0.isFinite && $0 >= 0 && $0 < Double(names.count) && $0 == $0.rounded() ? moved[Int($0)] : $0 })
                }
                for k in chart.series.indices where chart.series[k].isHorizontalBars == horizontal {
                    if horizontal { chart.series[k].y = remap(chart.series[k].y) } else { chart.series[k].x = remap(chart.series[k].x) }
                }
                if horizontal { chart.y.categories = ranked.map { names[$0] } } else { chart.x.categories = ranked.map { names[$0] } }
                // One order per axis: later sorts on it are the first's.
                for k in chart.series.indices where chart.series[k].isHorizontalBars == horizontal { chart.series[k].sort = nil }
            }
        }
        return chart
    }
}

extension Series {
    /// The series with its points in order of x (`.x`, or `.xDescending`; gaps last, ties in their given order) —
    /// sizes, labels, per-point colours, error bars and bands with them. Orders by y leave it as it is: they order
    /// categories (`Series.sort`).
    public func sorted(by order: SortOrder) -> Series {
        guard !order.byValue else { return self }
        let rows = (0..<min(x.count, y.count)).sorted { a, b in order.precedes(x[a], a, x[b], b) { $0.isNaN } }
        return gathered(rows: rows)
    }
}

extension SortOrder {
    /// Whether it orders by the series' values.
    var byValue: Bool { self == .y || self == .yDescending }
    /// Whether it runs from the largest down.
    var descending: Bool { self == .xDescending || self == .yDescending }

    /// Whether value `u` (of item `a`) comes before `w` (of item `b`) in this order: values that are `missing` last,
    /// ties in the items' given order.
    func precedes(_ u: Double, _ a: Int, _ w: Double, _ b: Int, missing: (Double) -> Bool) -> Bool {
        guard !missing(u) else { return false }
        guard !missing(w) else { return true }
        return u != w ? (descending ? u > w : u < w) : a < b
    }
}
