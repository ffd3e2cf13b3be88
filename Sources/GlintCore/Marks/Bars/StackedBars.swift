/// Stacked bars and areas: each bar or area series with a `stack` name is redrawn from the top of the series below
/// it in its stack (bars stack with bars, areas with areas). At each position, positive values pile up on the
/// positive ones before them in series order and negative ones down from the negative ones; a stack that asks to be
/// `normalize`d shows each value as its percentage of the total of the stack's absolute values there (so the
/// positives and the negatives together span 100). A series' y values become its tops (so layout, auto ranges and
/// labels see the stack's height), value labels are written from the values before that, and each point's base is
/// kept for drawing. Positions match by value; when every series of a stack has the same positions (the common
/// case of columns read from one table), the stack is built with arrays in one pass per series.
struct StackedBars {
    /// The chart with stacked series' y replaced by their tops.
    let chart: Chart
    /// Per stacked series (by index): where each bar or area point starts.
    let bases: [Int: [Double]]
    /// Per stacked series (by index): whether each bar ends its stack (no bar of the stack goes on past it).
    let ends: [Int: [Bool]]

    /// The stack a series belongs to, as one key for its kind and name; nil for a series of its own.
    static func stack(of s: Series) -> String? {
        switch s.kind {
        case .bars: return s.bars.stack.map { "bars:" + $0 }
        case .area: return s.area.stack.map { "area:" + $0 }
        default: return nil
        }
    }

    /// Whether the series asks its stack to show percentages of the total.
    static func normalizes(_ s: Series) -> Bool { s.kind == .bars ? s.bars.normalize : s.area.normalize }

    init(_ chart: Chart) {
        var chart = chart
        var members: [String: [Int]] = [:], order: [String] = []
        for index in chart.series.indices {
            guard let key = StackedBars.stack(of: chart.series[index]) else { continue }
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(index)
            let s = chart.series[index]
            if s.labelStyle.values && s.labels == nil { chart.series[index].labels = PointLabels.values(of: s) }
        }
        var bases: [Int: [Double]] = [:], ends: [Int: [Bool]] = [:]
        for key in order {
            let indices = members[key] ?? []
            let normalized = indices.contains { StackedBars.normalizes(chart.series[$0]) }
            // A vertical bar's or an area's value is y at position x; a horizontal bar's value is x at position y.
            let columns = indices.map { index -> (positions: Column, values: [Double]) in
                let s = chart.series[index]
                return s.isHorizontalBars ? (s.y, s.x.doubles) : (s.x, s.y.doubles)
            }
            let built = StackedBars.aligned(columns) ? StackedBars.byIndex(columns, normalized: normalized)
                                                     : StackedBars.byPosition(columns, normalized: normalized)
            for (k, index) in indices.enumerated() {
                let tops = Column(built.tops[k])
                if chart.series[index].isHorizontalBars { chart.series[index].x = tops } else { chart.series[index].y = tops }
                bases[index] = built.bases[k]
                ends[index] = built.ends[k]
            }
        }
        self.chart = chart
        self.bases = bases
        self.ends = ends
    }

    /// Whether every series of a stack has the same positions, point by point.
    static func aligned(_ columns: [(positions: Column, values: [Double])]) -> Bool {
        guard let first = columns.first?.positions else { return true }
        return columns.dropFirst().allSatisfy { $0.positions.count == first.count && $0.positions.elementsEqual(first) }
    }

    /// Each series' tops, bases and stack ends.
    typealias Built = (tops: [[Double]], bases: [[Double]], ends: [[Bool]])

    /// A stack whose series share their positions: running totals by point index.
    static func byIndex(_ columns: [(positions: Column, values: [Double])], normalized: Bool) -> Built {
        let n = columns.first?.values.count ?? 0
        var scale = [Double](repeating: 1, count: n)
        if normalized {
            var total = [Double](repeating: 0, count: n)
            for column in columns { for i in 0..<min(n, column.values.count) where column.values[i].isFinite { total[i] += abs(column.values[i]) } }
            for i in 0..<n where total[i] > 0 && total[i].isFinite { scale[i] = 100 / total[i] }
        }
        var up = [Double](repeating: 0, count: n), down = up
        var built: Built = ([], [], [])
        for column in columns {
            var base = [Double](repeating: 0, count: column.values.count), top = column.values
            for i in 0..<min(n, column.values.count) where column.positions[i].isFinite && column.values[i].isFinite {
                let v = column.values[i] * scale[i]
                if v >= 0 { (base[i], up[i]) = (up[i], up[i] + v) } else { (base[i], down[i]) = (down[i], down[i] + v) }
                top[i] = base[i] + v
            }
            built.tops.append(top)
            built.bases.append(base)
        }
        built.ends = zip(built.tops, built.bases).map { tops, base in
            tops.indices.map { i in i < n && tops[i].isFinite && tops[i] == (tops[i] >= base[i] ? up[i] : down[i]) }
        }
        return built
    }

    /// A stack whose series have positions of their own: running totals by position value.
    static func byPosition(_ columns: [(positions: Column, values: [Double])], normalized: Bool) -> Built {
        var total: [Double: Double] = [:]
        if normalized {
            for column in columns {
                for i in 0..<min(column.positions.count, column.values.count) where column.positions[i].isFinite && column.values[i].isFinite {
                    total[column.positions[i], default: 0] += abs(column.values[i])
                }
            }
        }
        var up: [Double: Double] = [:], down: [Double: Double] = [:]
        var built: Built = ([], [], [])
        for column in columns {
            var base = [Double](repeating: 0, count: column.values.count), top = column.values
            for i in 0..<min(column.positions.count, column.values.count) where column.positions[i].isFinite && column.values[i].isFinite {
                let at = column.positions[i]
                let sum = total[at] ?? 0
                let v = normalized && sum > 0 && sum.isFinite ? column.values[i] / sum * 100 : column.values[i]
                if v >= 0 {
                    base[i] = up[at, default: 0]
                    up[at] = base[i] + v
                } else {
                    base[i] = down[at, default: 0]
                    down[at] = base[i] + v
                }
                top[i] = base[i] + v
            }
            built.tops.append(top)
            built.bases.append(base)
        }
        built.ends = zip(zip(built.tops, built.bases), columns).map { pair, column in
            let (tops, base) = pair
            return tops.indices.map { i in
                guard i < column.positions.count, column.positions[i].isFinite, tops[i].isFinite else { return false }
                return (tops[i] >= base[i] ? up : down)[column.positions[i]] == tops[i]
            }
        }
        return built
    }
}
