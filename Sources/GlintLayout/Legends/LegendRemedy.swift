/// What the layout tries, in order, for a legend nobody placed (not `pinned`) that covers data wherever it goes
/// inside the plot, or that is left out for want of room, before it is laid over the data or left out with a
/// notice: beside the plot on the right, then below it in rows, first as given, then with its font a logical
/// pixel smaller at a time down to `fontFloor` and its margins `tightMargins`, then at the floor with its names
/// shortened with an ellipsis to `labelLimits`, then packed tight (`Legend.compact`: 1-px row gaps, 14-px samples)
/// with its names whole and then shortened to `compactLabelLimits`. The first that shows every entry and leaves the
/// plot enough room wins (`ChartLayout`).
package struct LegendRemedy {
    /// The smallest legend font a remedy takes, in logical pixels (tick labels are 12).
    package static let fontFloor = Typography.smallestLabel
    /// The widths, in logical pixels, names are shortened to at the floor font, widest first.
    static let labelLimits = [96.0, 64.0]
    /// The widths names are shortened to in a tight legend, widest first.
    static let compactLabelLimits = [96.0, 64.0, 48.0]
    /// The most legends of one chart the remedies are tried for.
    static let mostLegends = 8
    /// The most a legend's margins take, in logical pixels, once its font is made smaller.
    static let tightMargins = 4.0

    /// Where the legend goes.
    let position: LegendPosition
    /// Its font size in logical pixels.
    let fontSize: Double
    /// The widest a name may be; nil for the room's.
    let labelLimit: Double?
    /// Whether rows and samples are packed tight.
    var compact = false

    /// The remedies for a legend whose font is `fontSize` (logical pixels), in the order they are tried.
    static func ladder(fontSize: Double) -> [LegendRemedy] {
        // A pixel smaller at a time (a sixth at a time for large fonts), at most five sizes before the floor.
        var sizes = [fontSize]
        while let last = sizes.last, last > fontFloor {
            sizes.append(sizes.count < 5 ? max(fontFloor, min(last - 1, (last * 5 / 6).rounded(.down))) : fontFloor)
        }
        let smallest = sizes.last!
        let steps = sizes.map { ($0, nil as Double?, false) } + labelLimits.map { (smallest, $0 as Double?, false) }
            + ([nil] + compactLabelLimits).map { (smallest, $0 as Double?, true) }
        return steps.flatMap { size, limit, compact in
            [LegendPosition.right, .bottom].map { LegendRemedy(position: $0, fontSize: size, labelLimit: limit, compact: compact) }
        }
    }

    /// `legend` as this remedy lays it out: outside at `position` (in a row below the plot), its font (never
    /// larger than its own), margins (tight once the font is smaller than its own) and names.
    func applied(to legend: inout Legend) {
        legend.placement = .outside
        legend.position = position
        if position == .bottom { legend.orientation = .horizontal }
        let fontSize = min(self.fontSize, legend.style.fontSize)
        if fontSize < legend.style.fontSize {
            let m = legend.margins, tight = LegendRemedy.tightMargins
            legend.margins = EdgeInsets(left: min(m.left, tight), top: min(m.top, tight), right: min(m.right, tight), bottom: min(m.bottom, tight))
        }
        legend.style.fontSize = fontSize
        legend.labelLimit = labelLimit
        legend.compact = compact
    }

    /// The share of its width (beside a legend on the right) or height (above one below) a plot with axes keeps of
    /// what it had with the legend inside where no remedy leaves it half: a legend names what the plot shows, so a
    /// long one may take more than half before it is laid over the data or left out.
    static let lastShare = 0.4

    /// Whether a plot `plot` keeps enough of `before` (the plot with the legend inside) on a chart that draws
    /// `axes`: `share` of its width beside a legend on the right, of its height above one below; a chart without axes
    /// (a pie, drawn in the plot's largest square) half its smaller side; a plot with axes at least `ChartLayout.readablePlot`
    /// (logical pixels, times `scale`).
    func keepsEnough(of before: Rect, plot: Rect, axes: Bool, scale: Double, share: Double = 0.5) -> Bool {
        guard axes else { return min(plot.width, plot.height) >= min(before.width, before.height) / 2 }
        guard plot.width >= ChartLayout.readablePlot.width * scale, plot.height >= ChartLayout.readablePlot.height * scale else { return false }
        return position == .right ? plot.width >= before.width * share : plot.height >= before.height * share
    }
}
