/// How the values of bars that share a category are combined into one bar (`BarStyle.aggregate`; the spec's
/// `"aggregate"`).
public enum Aggregate: String, CaseIterable, Sendable {
    case sum, mean, count, min, max, median

    /// The combined value of `values` (finite ones only; NaN when there are none, except a count of 0).
    func combine(_ values: [Double]) -> Double {
        let finite = values.filter(\.isFinite)
        guard !finite.isEmpty || self == .count else { return .nan }
        switch self {
        case .count: return Double(finite.count)
        case .sum: return finite.reduce(0, +)
        case .mean: return finite.reduce(0) { $0 + $1 / Double(finite.count) }
        case .min: return finite.min()!
        case .max: return finite.max()!
        case .median:
            let sorted = finite.sorted(), middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : sorted[middle - 1] / 2 + sorted[middle] / 2
        }
    }
}

/// Bars on a category axis whose positions repeat — a raw CSV column of 1,461 rows in 5 categories — would be
/// drawn on top of each other; instead each category's values are combined into one bar, by the series' `aggregate`
/// (sum unless it says otherwise, with a notice that names the choice). A pie's slices that share a name are combined
/// into one slice the same way.
enum CategoryAggregation {
    /// `chart` with the repeated-category bars (and the pie slices that share a name) combined, and a notice for each
    /// series combined by the default.
    static func applied(to chart: Chart) -> (chart: Chart, notices: [String]) {
        var chart = chart, notices: [String] = []
        for index in chart.series.indices {
            let s = chart.series[index]
            let aggregate = s.bars.aggregate ?? .sum
            if s.kind == .bars {
                let horizontal = s.isHorizontalBars
                guard (horizontal ? chart.y.categories : chart.x.categories) != nil else { continue }
                let (positions, values) = horizontal ? (s.y, s.x) : (s.x, s.y)
                let n = min(positions.count, values.count)
                guard let (order, groups) = repeatedKeys(n, { positions[$0].isFinite ? positions[$0] : nil }) else { continue }
                let combined = groups.map { aggregate.combine($0.map { values[$0] }) }
                var out = keepingFirst(of: groups, s)
                (out.x, out.y) = horizontal ? (Column(combined), Column(order)) : (Column(order), Column(combined))
                chart.series[index] = out
                if s.bars.aggregate == nil { notices.append("series[\(index)]: \(n) values in \(order.count) categories" + summed("bar")) }
            } else if s.kind == .pie, let labels = s.labels {
                // Slices of one name are one slice: a raw CSV column of many rows in a few categories.
                guard let (order, groups) = repeatedKeys(min(labels.count, s.y.count), { labels[$0] ?? "" }) else { continue }
                var out = keepingFirst(of: groups, s)
                out.y = Column(groups.map { aggregate.combine($0.map { s.y[$0] }) })
                out.x = Column(order.indices.map(Double.init))
                chart.series[index] = out
                if s.bars.aggregate == nil { notices.append("series[\(index)]: \(s.y.count) values of \(order.count) names" + summed("slice")) }
            }
        }
        return (chart, notices)
    }

    /// The rows 0..<count that have a key, grouped by it in the order the keys first appear; nil when no key repeats.
    static func repeatedKeys<Key: Hashable>(_ count: Int, _ key: (Int) -> Key?) -> (keys: [Key], rows: [[Int]])? {
        var order: [Key] = [], groups: [Key: [Int]] = [:], placed = 0
        for i in 0..<count {
            guard let k = key(i) else { continue }
            if groups[k] == nil { order.append(k) }
            groups[k, default: []].append(i)
            placed += 1
        }
        return order.count < placed ? (order, order.map { groups[$0]! }) : nil
    }

    /// The rest of the notice for values summed by default into one `mark` each.
    static func summed(_ mark: String) -> String {
        " were summed into one \(mark) each; set \"aggregate\" to \"sum\" to keep this without a notice, or to mean, count, min, max or median"
    }

    /// `s` with the labels and per-point colour values of the first point of each of `groups` (its x and y for the
    /// caller to set).
    static func keepingFirst(of groups: [[Int]], _ s: Series) -> Series {
        var out = s
        out.labels = s.labels.map { labels in groups.map { $0.first.flatMap { $0 < labels.count ? labels[$0] : nil } } }
        if let colors = s.pointColors {
            out.pointColors = PointColors(values: groups.map { $0.first.map { $0 < colors.values.count ? colors.values[$0] : .nan } ?? .nan },
                                          scale: colors.scale)
        }
        return out
    }
}
