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
            let built = StackedBars.aligned(columns) ? StackedBars.build(columns, normalized: normalized, totals: ByIndex(count: columns[0].values.count))
                                                     : StackedBars.build(columns, normalized: normalized, totals: ByPosition())
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

    /// The stack built on running totals kept in `totals` (by point index, or by position value): normalised when
    /// asked (each value scaled to its share of the absolute total at its place, in percent), then positives piled on
    /// `up` and negatives on `down`; a point ends its stack where its top is the final total there.
    static func build<Totals: StackTotals>(_ columns: [(positions: Column, values: [Double])], normalized: Bool,
                                           totals empty: Totals) -> Built {
        func points(_ column: (positions: Column, values: [Double])) -> Range<Int> {
            0..<min(column.positions.count, column.values.count)
        }
        var total = empty
        if normalized {
            for column in columns {
                for i in points(column) where column.positions[i].isFinite && column.values[i].isFinite {
                    total[i, column.positions[i]] += abs(column.values[i])
                }
            }
        }
        var up = empty, down = empty
        var built: Built = ([], [], [])
        for column in columns {
            var base = [Double](repeating: 0, count: column.values.count), top = column.values
            for i in points(column) where column.positions[i].isFinite && column.values[i].isFinite {
                let at = column.positions[i], sum = total[i, at]
                let v = normalized && sum > 0 && sum.isFinite ? column.values[i] / sum * 100 : column.values[i]
                if v >= 0 {
                    base[i] = up[i, at]
                    up[i, at] = base[i] + v
                } else {
                    base[i] = down[i, at]
                    down[i, at] = base[i] + v
                }
                top[i] = base[i] + v
            }
            built.tops.append(top)
            built.bases.append(base)
        }
        built.ends = columns.indices.map { k in
            let (column, tops, base) = (columns[k], built.tops[k], built.bases[k])
            return tops.indices.map { i in
                guard i < column.positions.count, column.positions[i].isFinite, tops[i].isFinite else { return false }
                return (tops[i] >= base[i] ? up : down)[i, column.positions[i]] == tops[i]
            }
        }
        return built
    }
}

/// Running totals of a stack at each place: point `i` at position `at`.
protocol StackTotals {
    subscript(i: Int, at: Double) -> Double { get set }
}

/// Totals by point index, for a stack whose series share their positions (an array, one pass per series).
struct ByIndex: StackTotals {
    private var totals: [Double]

    init(count: Int) { totals = [Double](repeating: 0, count: count) }

    subscript(i: Int, at: Double) -> Double {
        get { i < totals.count ? totals[i] : 0 }
        set { if i < totals.count { totals[i] = newValue } }
    }
}

/// Totals by position value, for a stack whose series have positions of their own.
struct ByPosition: StackTotals {
    private var totals: [Double: Double] = [:]

    subscript(i: Int, at: Double) -> Double {
        get { totals[at] ?? 0 }
        set { totals[at] = newValue }
    }
}
