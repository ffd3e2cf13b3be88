/// Where a figure's panels go (`Chart.panels`): the figure's title row and its one legend of the series that repeat
/// by name, laid out as a chart without series of its own; the rest of the image divided into the grid's cells;
/// each panel's chart, styled and checked, laid out in its cells on the domains of the first pass linked across the
/// panels that share an axis, then laid out again in rows and columns sized so that every plot has one size
/// (`PanelTracks`), its edges aligned to the others of its rows and columns.
struct FigureLayout {
    /// The cells of the grid a panel takes: its first row and column, and how many of each it spans.
    typealias Cell = (row: Int, column: Int, rowSpan: Int, columnSpan: Int)

    /// One panel as laid out: its chart as drawn (styled, combined, stacked), its stacks and notices, its frame and
    /// its layout.
    struct PlacedPanel {
        let chart: Chart
        let stacks: StackedBars
        let notices: [String]
        let frame: Rect
        let layout: ChartLayout
    }

    /// The smallest plot, in logical pixels, a panel keeps before the figure gives up its panels' axis titles, and
    /// below which it says the plots are too small: lower than a chart's own (`ChartLayout.readablePlot`), as small
    /// multiples are read side by side, the same axes repeated.
    static let readablePlot = (width: 60.0, height: 30.0)

    /// The figure's own frame: a chart of the figure's size, title and legend (its entries one per series name) with
    /// no points, and its layout, whose `content` the panels divide.
    let frame: (chart: Chart, layout: ChartLayout)
    /// The panels in order.
    let panels: [PlacedPanel]

    /// Lays out `figure` (a chart with `panels`), measuring text with `measurer` and data on `threads` threads.
    /// Throws `ChartError` for a grid that cannot be laid out, or a panel's chart that is invalid (its path under
    /// `panels[i]`).
    init(_ figure: Chart, measurer: TextMeasuring, threads: Int) throws {
        guard let grid = figure.panels else { throw ChartError.invalidValue(path: "panels", reason: "the chart has no panels") }
        try figure.validate()
        let cells = try FigureLayout.cells(grid)
        let rows = cells.map { $0.row + $0.rowSpan }.max() ?? 1, columns = cells.map { $0.column + $0.columnSpan }.max() ?? 1

        // Series that share a name share a colour in every panel, and one legend entry for the figure (a pie's
        // slices, the one chart without axes, keep their own legend).
        var names: [String] = []
        var counts: [String: Int] = [:]
        for panel in grid.panels where panel.chart.kindsDrawAxes {
            var seen = Set<String>()
            for name in panel.chart.series.map(\.name) where !name.isEmpty && seen.insert(name).inserted {
                if counts[name] == nil { names.append(name) }
                counts[name, default: 0] += 1
            }
        }
        let shared = figure.legend.visible && names.contains { counts[$0, default: 0] > 1 }
        var frameChart = figure
        frameChart.panels = nil
        (frameChart.x, frameChart.y) = (Axis(range: 0...1), Axis(range: 0...1))
        frameChart.series = names.enumerated().map { k, name in
            let first = grid.panels.lazy.flatMap(\.chart.series).first { $0.name == name }!
            var s = first.withoutPoints
            s.color = first.color ?? figure.theme.paletteColor(k)
            return s
        }
        frameChart.legend.visible = shared
        if shared, frameChart.legend.placement == .inside { (frameChart.legend.placement, frameChart.legend.position) = (.outside, .right) }
        frameChart.legends = []
        let frameLayout = ChartLayout(chart: frameChart, domains: AxisDomains(chart: frameChart, threads: 1),
                                      frame: Rect(x: 0, y: 0, width: Double(figure.pixelSize.width), height: Double(figure.pixelSize.height)),
                                      measurer: measurer)
        frame = (frameChart, frameLayout)

        // The cells divide the content; each panel takes its cells' union.
        let content = frameLayout.content
        let (cellWidth, cellHeight) = (content.width / Double(columns), content.height / Double(rows))
        let frames = cells.map { c in
            Rect(x: content.x + Double(c.column) * cellWidth, y: content.y + Double(c.row) * cellHeight,
                 width: Double(c.columnSpan) * cellWidth, height: Double(c.rowSpan) * cellHeight)
        }
        // Each panel's chart, in the figure's size and theme, its shared axes labelled once per group.
        var styled: [(chart: Chart, stacks: StackedBars, notices: [String])] = []
        for (index, panel) in grid.panels.enumerated() {
            var chart = panel.chart
            (chart.width, chart.height, chart.scale, chart.theme) = (figure.width, figure.height, figure.scale, figure.theme)
            for k in chart.series.indices where chart.series[k].color == nil && !chart.series[k].name.isEmpty {
                chart.series[k].color = frameChart.series.first { $0.name == chart.series[k].name }?.color
            }
            // The figure's legend lists the panel's series.
            if shared, chart.kindsDrawAxes { chart.legend.visible = false }
            // A shared x is labelled by the lowest panel of each column of its group, a shared y by the leftmost of each row.
            let c = cells[index]
            chart.x.labelled = chart.x.labelled && !FigureLayout.group(grid.shareX, cells, of: index).contains {
                let o = cells[$0]
                return o.column < c.column + c.columnSpan && c.column < o.column + o.columnSpan && o.row + o.rowSpan > c.row + c.rowSpan
            }
            chart.y.labelled = chart.y.labelled && !FigureLayout.group(grid.shareY, cells, of: index).contains {
                let o = cells[$0]
                return o.row < c.row + c.rowSpan && c.row < o.row + o.rowSpan && o.column < c.column
            }
            do {
                styled.append(try SceneBuilder.styled(chart))
            } catch let error as ChartError {
                throw ChartError.inPanel(panel: index, error)
            }
        }
        // The first pass per panel, linked across each group that shares an axis (of one scale kind).
        var domains = styled.map { AxisDomains(chart: $0.chart, threads: threads) }
        for (sharing, isX) in [(grid.shareX, true), (grid.shareY, false)] where sharing != .none {
            var done = Set<Int>()
            for index in cells.indices where !done.contains(index) {
                let group = FigureLayout.group(sharing, cells, of: index)
                done.formUnion(group)
                try FigureLayout.checkScales(of: group, in: styled.map(\.chart), x: isX)
                let linked = AxisDomains.linked(group.map { domains[$0] }, x: isX, y: !isX)
                for (k, member) in group.enumerated() { domains[member] = linked[k] }
            }
        }
        // Laid out once in equal cells (then in rows and columns that make the plots equal, below).
        let first = styled.indices.map { ChartLayout(chart: styled[$0].chart, domains: domains[$0], frame: frames[$0], panel: true, measurer: measurer) }
        // Density series are counted on their first layout and keep those colours, so their colour bars are laid out
        // with the counts' labels (the marks count again on the final plot, with the same colours).
        for index in styled.indices where styled[index].chart.hasDensities {
            styled[index].chart = DensityPreparation.frozen(styled[index].chart, on: first[index], threads: threads)
        }
        // The plots made equal; where a cell is too small for a readable plot, the panels' axis titles are given up
        // first (the tick labels say what the axes show; the notice says what was left out).
        var (placed, laidOut) = PanelTracks.equalPlots(styled.map(\.chart), domains: domains, cells: cells, content: content, frames: frames,
                                                       first: first, measurer: measurer)
        let smallest = (width: FigureLayout.readablePlot.width * figure.scale, height: FigureLayout.readablePlot.height * figure.scale)
        let axed = styled.indices.filter { styled[$0].chart.drawsAxes }
        let tooSmall = { (index: Int) in laidOut[index].plot.width < smallest.width || laidOut[index].plot.height < smallest.height }
        let titled = styled.indices.filter { i in [styled[i].chart.x.title, styled[i].chart.y.title, styled[i].chart.y2.title].contains { $0?.isEmpty == false } }
        if !titled.isEmpty, axed.contains(where: tooSmall) {
            for index in titled { (styled[index].chart.x.title, styled[index].chart.y.title, styled[index].chart.y2.title) = (nil, nil, nil) }
            styled[titled[0]].notices.append("axis titles left out: the figure's cells are too small for them beside a readable plot "
                                             + "(make the figure larger, or give it fewer panels)")
            let untitled = styled.indices.map { ChartLayout(chart: styled[$0].chart, domains: domains[$0], frame: frames[$0], panel: true, measurer: measurer) }
            (placed, laidOut) = PanelTracks.equalPlots(styled.map(\.chart), domains: domains, cells: cells, content: content, frames: frames,
                                                       first: untitled, measurer: measurer)
        }
        // Still smaller than a reader can read: drawn, and said.
        if let worst = axed.filter(tooSmall).min(by: { laidOut[$0].plot.width * laidOut[$0].plot.height < laidOut[$1].plot.width * laidOut[$1].plot.height }) {
            let plot = laidOut[worst].plot
            styled[worst].notices.append("the figure's plots are \(Int(plot.width / figure.scale))×\(Int(plot.height / figure.scale)) px, "
                                     + "smaller than the \(Int(FigureLayout.readablePlot.width))×\(Int(FigureLayout.readablePlot.height)) "
                                     + "a reader needs (make the figure larger, or give it fewer panels)")
        }
        panels = styled.indices.map { index in
            PlacedPanel(chart: styled[index].chart, stacks: styled[index].stacks, notices: styled[index].notices, frame: placed[index],
                        layout: laidOut[index])
        }
    }

    /// Refuses a group of panels sharing an axis whose scales differ in kind (category, time, linear, log): one
    /// domain cannot hold category slots and numbers, or instants and values. Panels without axes (pies) are
    /// left out of the group.
    static func checkScales(of group: [Int], in charts: [Chart], x: Bool) throws {
        func kind(_ axis: Axis) -> String { axis.categories == nil ? axis.scale.rawValue : "category" }
        let kinds = group.filter { charts[$0].drawsAxes }.map { (index: $0, kind: kind(x ? charts[$0].x : charts[$0].y)) }
        guard let first = kinds.first, let other = kinds.first(where: { $0.kind != first.kind }) else { return }
        let name = x ? "x" : "y"
        throw ChartError.invalidValue(path: "panels[\(other.index)].\(name)", reason: "it shares its \(name) axis (share.\(name)) with "
                                       + "panels[\(first.index)], whose \(name) is a \(first.kind) axis and this one a \(other.kind) axis; "
                                       + "share axes of one kind, or set share.\(name) to none")
    }

    /// The panels that share an axis with panel `index` by `sharing` (itself included): its row's, its column's, or all.
    static func group(_ sharing: AxisSharing, _ cells: [Cell], of index: Int) -> [Int] {
        switch sharing {
        case .none: return [index]
        case .row: return cells.indices.filter { cells[$0].row == cells[index].row }
        case .column: return cells.indices.filter { cells[$0].column == cells[index].column }
        case .all: return Array(cells.indices)
        }
    }

    /// Each panel's cells: where it says, or the next free cell row by row that holds its span; refused where
    /// panels overlap or a span leaves the grid.
    static func cells(_ grid: PanelGrid) throws -> [Cell] {
        let n = grid.panels.count
        var root = 1
        while root * root < n { root += 1 }
        let columns = grid.columns ?? grid.rows.map { max(1, (n + $0 - 1) / $0) } ?? root
        var taken = Set<Int>(), cells: [Cell] = []
        var next = 0
        for (index, panel) in grid.panels.enumerated() {
            let path = "panels[\(index)]"
            guard panel.columnSpan <= columns else {
                throw ChartError.invalidValue(path: path + ".columnSpan", reason: "spans \(panel.columnSpan) columns of a grid of \(columns)")
            }
            var at: (row: Int, column: Int)
            if let row = panel.row, let column = panel.column {
                guard column + panel.columnSpan <= columns else {
                    throw ChartError.invalidValue(path: path + ".column", reason: "column \(column) with a span of \(panel.columnSpan) "
                                                   + "leaves the grid of \(columns) columns")
                }
                at = (row, column)
            } else {
                // The next cell, row by row, where the span fits in the row and on free cells.
                func fits(_ cell: Int) -> Bool {
                    let (r, c) = (cell / columns, cell % columns)
                    guard c + panel.columnSpan <= columns else { return false }
                    return (r..<r + panel.rowSpan).allSatisfy { rr in (c..<c + panel.columnSpan).allSatisfy { !taken.contains(rr * columns + $0) } }
                }
                while !fits(next) { next += 1 }
                at = (next / columns, next % columns)
            }
            for r in at.row..<at.row + panel.rowSpan {
                for c in at.column..<at.column + panel.columnSpan {
                    guard taken.insert(r * columns + c).inserted else {
                        throw ChartError.invalidValue(path: path, reason: "its cell (row \(r), column \(c)) is taken by an earlier panel")
                    }
                }
            }
            cells.append((at.row, at.column, panel.rowSpan, panel.columnSpan))
        }
        if let rows = grid.rows, let beyond = cells.firstIndex(where: { $0.row + $0.rowSpan > rows }) {
            throw ChartError.invalidValue(path: "panels[\(beyond)]", reason: "it lies beyond the grid's \(rows) rows")
        }
        return cells
    }
}

extension Chart {
    /// A figure's own options: panels to lay out, a grid and spans of at most `PanelGrid.maximumPanels`, no series
    /// or extra legends of its own (those belong in panels).
    func validateFigure() throws {
        guard let grid = panels else { return }
        let limit = PanelGrid.maximumPanels
        guard !grid.panels.isEmpty, grid.panels.count <= limit else {
            throw ChartError.invalidValue(path: "panels", reason: "a figure has 1 to \(limit) panels, found \(grid.panels.count)")
        }
        for (name, count) in [("columns", grid.columns), ("rows", grid.rows)] {
            if let count, !(1...limit).contains(count) { throw ChartError.countOutOfRange(path: name, value: count, range: 1...limit) }
        }
        for (key, given) in [("series", !series.isEmpty), ("legends", !legends.all.isEmpty), ("references", !references.isEmpty),
                             ("annotations", !annotations.isEmpty)] where given {
            throw ChartError.invalidValue(path: key, reason: "a figure's \(key) belong in its panels")
        }
        for (index, panel) in grid.panels.enumerated() {
            for (field, value) in [("row", panel.row), ("column", panel.column), ("rowSpan", panel.rowSpan), ("columnSpan", panel.columnSpan)] {
                guard let value else { continue }
                let range = field.hasSuffix("Span") ? 1...limit : 0...(limit - 1)
                if !range.contains(value) { throw ChartError.countOutOfRange(path: "panels[\(index)].\(field)", value: value, range: range) }
            }
            if (panel.row == nil) != (panel.column == nil) {
                throw ChartError.invalidValue(path: "panels[\(index)]", reason: "give both row and column, or neither (the next free cell)")
            }
            if let k = panel.chart.series.firstIndex(where: { $0.source != nil }) {
                throw ChartError.invalidValue(path: "panels[\(index)].series[\(k)].data", reason: "a database series is read for a chart of its "
                                               + "own; a figure's panels take arrays, CSV and binary data")
            }
            if panel.chart.panels != nil {
                throw ChartError.invalidValue(path: "panels[\(index)].panels", reason: "a panel is a chart; panels do not nest")
            }
        }
    }
}
