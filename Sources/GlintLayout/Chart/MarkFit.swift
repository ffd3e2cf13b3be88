/// What a mark adds to the axes' domains for one series.
package struct MarkFit {
    /// The ranges the x axis and the series' vertical axis must hold.
    package var x: ClosedRange<Double>, y: ClosedRange<Double>
    /// Whether the domain of x, or of the series' vertical axis, starts from zero on a linear scale (bars do).
    package var zeroBaselineX = false, zeroBaselineY = false
    /// Whether the mark fills the ranges exactly (heatmap cells), so an auto domain need not pad them.
    package var tight = false

    /// A fit of the ranges `x` and `y`, from no baseline, padded.
    package init(x: ClosedRange<Double>, y: ClosedRange<Double>) { (self.x, self.y) = (x, y) }

    /// Both fits at once: the ranges' union, either's baselines, tight when both are.
    package func union(_ other: MarkFit) -> MarkFit {
        var u = MarkFit(x: DataRange.union(x, other.x) ?? x, y: DataRange.union(y, other.y) ?? y)
        (u.zeroBaselineX, u.zeroBaselineY) = (zeroBaselineX || other.zeroBaselineX, zeroBaselineY || other.zeroBaselineY)
        u.tight = tight && other.tight
        return u
    }
}
