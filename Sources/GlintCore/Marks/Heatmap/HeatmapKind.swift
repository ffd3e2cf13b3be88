extension SeriesKind {
    /// A grid of cells coloured by value (`Series.heatmap(x:y:values:scale:)`), drawn as one image.
    public static let heatmap = SeriesKind(named: "heatmap")
}

/// A grid of cells coloured by value (`HeatmapMark`): `z` and `cellLabels` are its keys, its `color` a scale.
enum HeatmapKind: MarkDefinition {
    static let kind = SeriesKind.heatmap
    static let plural = "heatmaps"
    static let keys = ["z", "cellLabels"]
    static let unusedKeys = ["size", "labels", "stack", "orientation", "barWidth", "aggregate", "markers", "width", "dash", "radius",
                             "valueLabels"]
    static let unusedKeysReason = "it colours a grid of cells by value"
    static let keepsCategoryOrder = true
    static let dataShape = DataShape.grid
    static let dataColumns = ["value"]
    static let readsOwnColors = true

    /// `color`: the scale its cells' values are coloured through (viridis by default); `cellLabels`: each value
    /// written in its cell. (Its `z` is read with the cells, by the spec, as a grid.)
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        if let scale = try keys.colorScale(for: "a heatmap", allowsColor: false) { series.pointColors?.scale = scale }
        series.heatmap.cellLabels = try keys.bool("cellLabels") ?? false
    }
    static func pointOrigin(_ series: Series) -> PointOrigin { .cells }
    static func validate(_ series: Series, index: Int, in chart: Chart) throws { try chart.validateHeatmap(series, index: index) }
}

extension Chart {
    /// A heatmap's grid: as many points and values as cells, cells of a finite size on linear, time or category axes.
    func validateHeatmap(_ s: Series, index i: Int) throws {
        let grid = s.heatmap
        guard grid.columns > 0, grid.rows > 0, grid.columns * grid.rows == s.x.count else {
            throw ChartError.invalidStyle(series: i, field: "z", reason: "a heatmap of \(grid.columns) × \(grid.rows) cells needs as many "
                                          + "points, found \(s.x.count)")
        }
        guard s.pointColors != nil else {
            throw ChartError.invalidStyle(series: i, field: "color", reason: "a heatmap colours its cells through a colour scale; give one")
        }
        guard grid.cellWidth > 0, grid.cellWidth.isFinite, grid.cellHeight > 0, grid.cellHeight.isFinite else {
            throw ChartError.invalidStyle(series: i, field: "z", reason: "cells must have a finite size above 0")
        }
        if x.scale == .log || axis(for: s).scale == .log {
            throw ChartError.invalidStyle(series: i, field: "type", reason: "a heatmap's cells are equal: its axes are linear, time or categories, not log")
        }
    }
}
