/// Stacked bars: each bar series with a `stack` name is redrawn from the top of the bars below it. Its y values
/// become the tops of its bars (so layout, auto ranges and labels see the stack's height), value labels are
/// written from the values before that, and each bar's base is kept for drawing.
struct StackedBars {
    /// The chart with stacked series' y replaced by their bars' tops.
    let chart: Chart
    /// Per stacked series (by index): where each bar starts.
    let bases: [Int: [Double]]
    /// Per stacked series (by index): whether each bar ends its stack (no bar of the stack goes on past it).
    let ends: [Int: [Bool]]

    init(_ chart: Chart) {
        var chart = chart
        var bases: [Int: [Double]] = [:]
        // Running totals per stack and x: positives grow up, negatives down.
        var up: [String: [Double: Double]] = [:], down: [String: [Double: Double]] = [:]
        for index in chart.series.indices {
            let s = chart.series[index]
            guard s.kind == .bars, let stack = s.bars.stack else { continue }
            if s.labelStyle.values && s.labels == nil { chart.series[index].labels = PointLabels.values(of: s) }
            // A vertical bar's value is y at position x; a horizontal bar's value is x at position y.
            let (positions, values) = s.isHorizontalBars ? (s.y, s.x) : (s.x, s.y)
            var base = [Double](repeating: 0, count: values.count), top = values.doubles
            for i in values.indices where i < positions.count && positions[i].isFinite && values[i].isFinite {
                let at = positions[i]
                if values[i] >= 0 {
                    base[i] = up[stack, default: [:]][at, default: 0]
                    up[stack, default: [:]][at] = base[i] + values[i]
                } else {
                    base[i] = down[stack, default: [:]][at, default: 0]
                    down[stack, default: [:]][at] = base[i] + values[i]
                }
                top[i] = base[i] + values[i]
            }
            if s.isHorizontalBars { chart.series[index].x = Column(top) } else { chart.series[index].y = Column(top) }
            bases[index] = base
        }
        // Once every stack is built, a bar ends its stack where its top is the stack's running total.
        var ends: [Int: [Bool]] = [:]
        for (index, base) in bases {
            let s = chart.series[index], stack = s.bars.stack ?? ""
            let (positions, tops) = s.isHorizontalBars ? (s.y, s.x) : (s.x, s.y)
            ends[index] = base.indices.map { i in
                guard i < positions.count, i < tops.count, positions[i].isFinite, tops[i].isFinite else { return false }
                let totals = tops[i] >= base[i] ? up[stack] : down[stack]
                return totals?[positions[i]] == tops[i]
            }
        }
        self.chart = chart
        self.bases = bases
        self.ends = ends
    }
}
