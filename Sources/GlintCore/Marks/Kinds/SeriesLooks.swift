extension Series {
    /// A series with the options of the marks every kind shares given (`line`, `dots`, `bars`, `labelStyle`); the
    /// others at their defaults.
    public init(kind: SeriesKind, name: String = "", x: Column, y: Column, size: Column? = nil, color: Color? = nil,
                line: LineStyle = LineStyle(), dots: DotStyle = DotStyle(), bars: BarStyle = BarStyle(),
                outline: Outline = Outline(), labelStyle: LabelStyle = LabelStyle()) {
        self.init(kind: kind, name: name, x: x, y: y, size: size, color: color, outline: outline)
        (self.line, self.dots, self.bars, self.labelStyle) = (line, dots, bars, labelStyle)
    }

    /// The series as drawn when hidden: no points, so it draws nothing and takes no room, but keeps its index,
    /// name, look and colour for the legend.
    public var withoutPoints: Series {
        var s = self
        // The radius its sizes gave it stays: the legend's sample and the layout's room for dots do not change.
        s.dots.radius = radius
        (s.x, s.y, s.size, s.labels) = ([], [], nil, nil)
        // The colour scale keeps the range its values gave it, for a colour bar that names the series.
        if let colors = s.pointColors { s.pointColors = PointColors(values: [], scale: colors.scale.resolved(for: colors.values)) }
        return s
    }

    /// The series as drawn when selected: a wider line; dots and bars outlined in `outline`.
    public func emphasised(outline color: Color) -> Series {
        var s = self
        s.line.width += 2
        if s.kind != .line || s.line.markers {
            s.outline = Outline(color: color, width: max(s.outline.width, 2))
        }
        return s
    }

    /// Whether the series draws dots at its points (a dot series, a line with markers, stems' heads).
    public var drawsDots: Bool { kind.definition.drawsDots(self) }

    /// Whether text is placed at its points: its own `labels`, or its values (`labelStyle.values`).
    public var hasLabels: Bool { kind.definition.takesPointLabels && (labels != nil || labelStyle.values) }
}
