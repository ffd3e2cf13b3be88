/// A chart with a right y axis names each untitled vertical axis after the one named series it measures, so that
/// a reader can tell which line belongs to which scale without matching colours through the legend.
package enum TwoAxesTitles {
    /// `chart` with an untitled `y` or `y2` titled by its series' name where exactly one named series (shown or not)
    /// is drawn against it; unchanged without a right axis, or where an axis has a title (an empty one included,
    /// which asks for none), several series or an unnamed one.
    package static func applied(to chart: Chart) -> Chart {
        guard chart.usesY2 else { return chart }
        var titled = chart
        for (axis, isY2) in [(SeriesAxis.y, false), (.y2, true)] where (isY2 ? chart.y2.title : chart.y.title) == nil {
            // Hidden series count too: a legend click must not add or take away a title (and move the plot).
            let measured = chart.series.filter { $0.axis == axis }
            guard measured.count == 1, let name = measured.first?.name, !name.isEmpty else { continue }
            if isY2 { titled.y2.title = name } else { titled.y.title = name }
        }
        return titled
    }
}
