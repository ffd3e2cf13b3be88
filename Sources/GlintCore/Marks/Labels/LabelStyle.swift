/// How a series' point labels are drawn (`Series.labelStyle`; the texts themselves are `Series.labels`).
public struct LabelStyle: MarkStyle, Equatable {
    /// Label colour; nil for the theme's text colour.
    public var color: Color?
    /// Whether each point's value is written above it (below a negative bar) as its label; `Series.labels`, when
    /// given, win.
    public var values: Bool
    /// How value labels show numbers; nil for the shortest form (`150`, `2.5`).
    public var format: NumberFormat?

    /// A label style; every option at its default unless given.
    public init(color: Color? = nil, values: Bool = false, format: NumberFormat? = nil) {
        (self.color, self.values, self.format) = (color, values, format)
    }

    /// Labels in the theme's text colour, no value labels.
    public init() { self.init(color: nil) }
}

extension Series {
    /// How point labels are drawn: colour, value labels and their format.
    public var labelStyle: LabelStyle {
        get { styles[LabelStyle.self] }
        set { styles[LabelStyle.self] = newValue }
    }
}
