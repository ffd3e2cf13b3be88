/// Lays out a chart and decimates its long sorted lines, reading such a line's data once instead of twice.
///
/// Layout needs each series' extent, and decimation needs the layout's pixel columns. For a long line
/// whose x looks sorted, the extent is first guessed — x from the first and last finite points, y from
/// a sample — then M4 runs on the guessed layout's columns. M4 keeps every column's extremes, so its
/// result gives the exact extent. If the exact extent lays out the same plot and x axis, the columns
/// were right and the result stands; otherwise M4 runs again on the exact layout. Unsorted x falls
/// back to measuring every series first. The outcome is always the layout and the points the plain
/// path (`ChartLayout`, then `LineMark.decimation`) gives.
struct LinePreparation {
    /// Series below this many points take the plain path: reading them twice costs little.
    static let minimumPoints = 1_000_000
    /// Points between samples of the y guess.
    static let sampleStride = 4096

    /// The chart's layout.
    let layout: ChartLayout
    /// M4 results of the lines decimated during preparation, by series index.
    let decimated: [Int: M4Decimation.Result]

    /// A layout made elsewhere (a figure's panel), with no lines decimated yet: the marks reduce them as they draw.
    init(layout: ChartLayout) {
        (self.layout, decimated) = (layout, [:])
    }

    /// Prepares `chart`, its parallel scans (extents, M4) on `threads` threads; `known` gives the data extents of
    /// series whose points are not in the chart (see `ChartLayout.init`).
    init(chart: Chart, measurer: TextMeasuring, threads: Int, known: [Int: DataExtent] = [:]) {
        // Guesses are data values: only charts whose axes are linear (a log axis lays out in decades) and rectangular
        // (a polar chart's lines are not reduced) take this path.
        let linear = chart.polar == nil && chart.x.function.isIdentity && chart.y.function.isIdentity && chart.y2.function.isIdentity
        let candidates = chart.x.range == nil && linear ? chart.series.indices.filter { LinePreparation.isCandidate(chart.series[$0]) } : []
        var guesses = known
        for index in candidates where known[index] == nil {
            guard let guess = LinePreparation.guessExtent(chart.series[index]) else { continue }
            guesses[index] = guess
        }
        guard guesses.count > known.count else {
            (layout, decimated) = (ChartLayout(chart: chart, measurer: measurer, threads: threads, extents: known), [:])
            return
        }
        var current = ChartLayout(chart: chart, measurer: measurer, threads: threads, extents: guesses)
        // Legends the guess placed stay there, so that the exact layout keeps the guess's plot.
        let chart = current.keepingLegendsPlaced(chart)
        for _ in 0..<2 {
            var results: [Int: M4Decimation.Result] = [:]
            var exact = guesses
            for index in guesses.keys where known[index] == nil {
                guard let result = LinePreparation.decimate(chart, index, layout: current, threads: threads),
                      let extent = LinePreparation.extent(of: result) else {
                    // Not sorted after all, or nothing finite: measure everything the plain way.
                    (layout, decimated) = (ChartLayout(chart: chart, measurer: measurer, threads: threads, extents: known), [:])
                    return
                }
                results[index] = result
                exact[index] = extent
            }
            let settled = ChartLayout(chart: chart, measurer: measurer, threads: threads, extents: exact, decimated: results)
            if settled.plot == current.plot && settled.x.domain == current.x.domain {
                (layout, decimated) = (settled, results)
                return
            }
            current = settled
            guesses = exact
        }
        (layout, decimated) = (current, [:])
    }

    /// A long line that would be decimated and whose x looks sorted at its ends.
    static func isCandidate(_ s: Series) -> Bool {
        guard s.decimates, s.x.count >= minimumPoints, s.x.count == s.y.count else { return false }
        return s.x[0] <= s.x[s.x.count - 1]
    }

    /// x from the first and last points with finite x and y (exact when x is sorted), y from a sample.
    static func guessExtent(_ s: Series) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        let n = s.x.count
        guard let first = (0..<n).first(where: { s.x[$0].isFinite && s.y[$0].isFinite }),
              let last = (0..<n).reversed().first(where: { s.x[$0].isFinite && s.y[$0].isFinite }),
              s.x[first] <= s.x[last] else { return nil }
        var low = s.y[first], high = s.y[first]
        for i in stride(from: first, through: last, by: sampleStride) where s.y[i].isFinite && s.x[i].isFinite {
            low = min(low, s.y[i])
            high = max(high, s.y[i])
        }
        low = min(low, s.y[last])
        high = max(high, s.y[last])
        return (s.x[first]...s.x[last], low...high)
    }

    /// The series' M4 result on `layout`'s columns, as `SceneBuilder` would compute it.
    static func decimate(_ chart: Chart, _ index: Int, layout: ChartLayout, threads: Int) -> M4Decimation.Result? {
        let line = LineMark.shape(chart.series[index], color: .black, layout: layout)
        return LineMark.decimation(of: line, plot: layout.plotClip, threads: threads)
    }

    /// The finite extent of a decimated line: exact for the raw line, since M4 keeps each column's extremes
    /// and, x being sorted, the first and last finite points. A few points per pixel column: one thread.
    static func extent(of r: M4Decimation.Result) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        DataRange.finiteExtent(x: r.x, y: r.y, threads: 1)
    }
}
