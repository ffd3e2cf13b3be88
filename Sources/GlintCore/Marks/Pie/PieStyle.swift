/// What the text on each slice of a pie shows (`"sliceLabels"`).
public enum SliceLabelContent: String, CaseIterable, Sendable {
    /// The slice's share of the whole, as a whole percentage ("42%").
    case percent
    /// The slice's value, by the series' `valueFormat` (the shortest form without one).
    case value
    /// The slice's name.
    case name
    /// The name and, below it, the share.
    case namePercent = "name+percent"
    /// No text on the slices (the legend names them).
    case none
}

/// How a pie or donut is drawn (`series.pie`, for `kind == .pie`): a slice per point, its angle its `y` value's share
/// of the total, named by the series' `labels`.
public struct PieStyle: MarkStyle, Equatable {
    /// The hole's radius as a share of the pie's: 0 for a pie, 0.6 for a donut; from 0 up to (not including) 1.
    public var inner: Double = 0
    /// Where the first slice starts, in degrees clockwise from 12 o'clock; slices follow clockwise.
    public var startAngle: Double = 0
    /// What each slice's text shows: written inside the slice where it fits, else just outside its rim, else left
    /// out (a notice counts those).
    public var labels: SliceLabelContent = .percent
    /// The most slices a pie draws. Each slice is filled over its bounding box, about a third of the disc's square
    /// for a thin one, so a pie's cost grows with its slices times its area (20,000 slices took 19 s at 1600 × 1000);
    /// and far fewer slices than this can be told apart.
    public static let maximumSlices = 1_000

    /// A pie style; a full pie from 12 o'clock with percentages on its slices by default. The lines parting the
    /// slices are the series' `outline` (the plot's background colour, 1 px, unless it gives one).
    public init(inner: Double = 0, startAngle: Double = 0, labels: SliceLabelContent = .percent) {
        (self.inner, self.startAngle, self.labels) = (inner, startAngle, labels)
    }

    /// A full pie from 12 o'clock with percentages on its slices.
    public init() {}
}

extension Series {
    /// The slices of a pie series (`kind == .pie`): hole, start angle, what their text shows.
    public var pie: PieStyle {
        get { styles[PieStyle.self] }
        set { styles[PieStyle.self] = newValue }
    }
}
