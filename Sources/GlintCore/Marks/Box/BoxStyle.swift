/// How a box plot is drawn (`"type": "box"`): how far its whiskers reach, whether its boxes are notched and its
/// outliers shown, and how wide its boxes are. Its colour is the series'.
public struct BoxStyle: MarkStyle, Equatable {
    /// Where the whiskers end: Tukey's 1.5 × IQR by default.
    public var whiskers: BoxWhiskers = .tukey
    /// Whether each box is notched at its median's confidence interval.
    public var notch = false
    /// Whether the values beyond the whiskers are drawn as dots.
    public var outliers = true
    /// A box's width as a share (0…1] of the smallest distance between groups (the spec's `barWidth`): narrower
    /// than a bar by default, so that neighbouring boxes read apart.
    public var width = 0.6
    /// The boxes, once the series' values are summarised (before layout, `BoxKind.prepared`); nil before.
    public var summaries: [BoxSummary]? = nil

    /// Tukey's whiskers, no notch, outliers shown.
    public init() {}
}

extension Series {
    /// How the series' box plot is drawn (`kind == .box`).
    public var box: BoxStyle {
        get { styles[BoxStyle.self] }
        set { styles[BoxStyle.self] = newValue }
    }

    /// A box plot: a box per distinct `x` (a category's index on a category axis) of the `y` values at it, from the
    /// first to the third quartile with a line at the median, whiskers to `whiskers`, the values beyond as dots.
    public static func box(name: String = "", x: Column, y: Column, whiskers: BoxWhiskers = .tukey, notch: Bool = false,
                           outliers: Bool = true, color: Color? = nil) -> Series {
        var s = Series(kind: .box, name: name, x: x, y: y, color: color)
        (s.box.whiskers, s.box.notch, s.box.outliers) = (whiskers, notch, outliers)
        return s
    }
}
