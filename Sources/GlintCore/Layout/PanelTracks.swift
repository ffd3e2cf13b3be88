/// The rows and columns of a figure's grid sized so that its plots are equal: every row's plots one height, every
/// column's plots one width, whatever the tick labels, titles and legends around each panel need. Each row takes
/// the largest inset above a plot of the panels that start in it and the largest below a plot of those that end in
/// it, then an equal share of what is left for its plots; columns likewise. A panel that spans tracks takes their
/// plots and the insets between them.
struct PanelTracks {
    /// Each panel's frame: the union of its cells.
    let frames: [Rect]
    /// Each panel's insets: how far inside its frame each edge of its plot lies.
    let insets: [EdgeInsets]

    /// Tracks for `cells` dividing `content`, given how far inside its frame each panel's plot lay when laid out
    /// (`needed`, one per cell). Nil where the insets leave a plot no height or width (a tiny image): the caller
    /// keeps equal cells then.
    init?(cells: [FigureLayout.Cell], content: Rect, needed: [EdgeInsets]) {
        let rows = cells.map { $0.row + $0.rowSpan }.max() ?? 1, columns = cells.map { $0.column + $0.columnSpan }.max() ?? 1
        var (top, bottom) = ([Double](repeating: 0, count: rows), [Double](repeating: 0, count: rows))
        var (left, right) = ([Double](repeating: 0, count: columns), [Double](repeating: 0, count: columns))
        for (c, inset) in zip(cells, needed) {
            top[c.row] = max(top[c.row], inset.top)
            bottom[c.row + c.rowSpan - 1] = max(bottom[c.row + c.rowSpan - 1], inset.bottom)
            left[c.column] = max(left[c.column], inset.left)
            right[c.column + c.columnSpan - 1] = max(right[c.column + c.columnSpan - 1], inset.right)
        }
        let plotHeight = (content.height - top.reduce(0, +) - bottom.reduce(0, +)) / Double(rows)
        let plotWidth = (content.width - left.reduce(0, +) - right.reduce(0, +)) / Double(columns)
        guard plotHeight >= 1, plotWidth >= 1 else { return nil }
        // Where each track starts: the content's edge, then each earlier track's insets and plot.
        func starts(_ origin: Double, _ before: [Double], _ after: [Double], _ plot: Double) -> [Double] {
            var edges = [origin]
            for k in before.indices { edges.append(edges[k] + before[k] + plot + after[k]) }
            return edges
        }
        let ys = starts(content.y, top, bottom, plotHeight), xs = starts(content.x, left, right, plotWidth)
        frames = cells.map { c in
            Rect(x: xs[c.column], y: ys[c.row], width: xs[c.column + c.columnSpan] - xs[c.column],
                 height: ys[c.row + c.rowSpan] - ys[c.row])
        }
        insets = cells.map { c in
            EdgeInsets(left: left[c.column], top: top[c.row], right: right[c.column + c.columnSpan - 1],
                       bottom: bottom[c.row + c.rowSpan - 1])
        }
    }

    /// `charts` (a figure's panels, styled) laid out on `domains` with equal plots: from their `first` layouts on
    /// equal cells `frames` of `content`, the rows and columns sized around the insets the panels need, laid out
    /// again until no panel needs more than its track gives (a shorter plot can take wider tick labels; at most
    /// three rounds). A tiny image whose insets leave no plot keeps equal cells (`first`). Each panel's frame and layout.
    static func equalPlots(_ charts: [Chart], domains: [AxisDomains], cells: [FigureLayout.Cell], content: Rect, frames: [Rect],
                           first: [ChartLayout], measurer: TextMeasuring) -> (frames: [Rect], layouts: [ChartLayout]) {
        var (placed, align, laidOut) = (frames, [EdgeInsets](repeating: EdgeInsets(all: 0), count: cells.count), first)
        for round in 0..<3 {
            let needed = charts.indices.map { EdgeInsets(around: laidOut[$0].plot, in: placed[$0]) }
            if round > 0, zip(needed, align).allSatisfy({ $0.fits(within: $1) }) { break }
            // No tracks leave a plot (a tiny image): the last round's layout stands, or equal cells in the first.
            guard let tracks = PanelTracks(cells: cells, content: content, needed: needed) else { break }
            (placed, align) = (tracks.frames, tracks.insets)
            laidOut = charts.indices.map {
                ChartLayout(chart: charts[$0], domains: domains[$0], frame: placed[$0], align: align[$0], panel: true, measurer: measurer)
            }
        }
        return (placed, laidOut)
    }
}
