/// What a series covers in the plot, as the layout keeps what it places clear of the data: a legend placed inside
/// the plot (`BestPosition`), a legend's reach (`LegendFrames`); the marks keep text among lines clear of it too.
/// The marks say each series' own (`LayoutMarks.reach`, `SeriesReach.cover`).
package enum PlotCover {
    /// The disc centred in the plot (a pie and its labels).
    case disc
    /// The whole plot (a density's image, wherever its points lie).
    case plot
    /// Its points, and what `PointCover` adds between and beside them.
    case points(PointCover)

    /// Whether it covers the segments between consecutive points (a line).
    package var tracesSegments: Bool {
        if case let .points(cover) = self { cover.contains(.segments) } else { false }
    }
}

/// What a series drawn at its points covers besides them.
package struct PointCover: OptionSet {
    package let rawValue: Int

    /// The parts `rawValue`'s bits name.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Bars standing from their base across their slot.
    package static let verticalBars = PointCover(rawValue: 1)
    /// Bars lying from their base across their slot.
    package static let horizontalBars = PointCover(rawValue: 2)
    /// The fill down to the baseline (an area).
    package static let fill = PointCover(rawValue: 4)
    /// The segments between consecutive points (a line).
    package static let segments = PointCover(rawValue: 8)
}
