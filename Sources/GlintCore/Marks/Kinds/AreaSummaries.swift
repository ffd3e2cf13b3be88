/// What the kinds that summarise their points over an area of the plot — hexbins, contours — refuse alike.
enum AreaSummaries {
    /// Refuses in series `index` of `chart` (`what`: "a hexbin", "a contour"; `draws`: what it draws, for the
    /// message) points read at render time, per-point sizes, labels, error bars and bands, and log axes (its cells
    /// are equal in data units).
    static func validate(_ s: Series, index: Int, in chart: Chart, what: String, draws: String) throws {
        func refuse(_ field: String, _ reason: String) throws { throw ChartError.invalidStyle(series: index, field: field, reason: reason) }
        if s.source != nil { try refuse("data", "\(what) is worked out from its points in memory; read them into columns (a database series is read at render time)") }
        if let key = [("size", s.size != nil), ("labels", s.labels != nil), ("errorBars", s.errorBars != nil), ("band", s.band != nil)].first(where: \.1)?.0 {
            try refuse(key, "\(what) \(draws); it takes no per-point \"\(key)\"")
        }
        if chart.x.scale == .log || chart.axis(for: s).scale == .log {
            try refuse("type", "\(what)'s cells are equal in data units: its axes are linear or time, not log")
        }
    }
}
