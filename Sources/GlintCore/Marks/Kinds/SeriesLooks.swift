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

    /// The series outlined in its colour around a light fill (its colour mixed three quarters into `background`):
    /// the second look of dots and bars.
    func outlinedLook(background: Color) -> Series {
        var look = self
        look.outline = Outline(color: color, width: max(outline.width, 1.5))
        look.color = color?.mixed(with: background, amount: 0.75)
        return look
    }

    /// What the series covers in the plot, which legends and text keep clear of (`MarkDefinition.cover`).
    var cover: PlotCover { kind.definition.cover(self) }

    /// Whether the series draws dots at its points (a dot series, a line with markers, stems' heads).
    public var drawsDots: Bool { kind.definition.drawsDots(self) }

    /// Whether points are appended to it live and a followed view ends at its newest x (lines', dots',
    /// `MarkDefinition.streams`).
    public var streams: Bool { kind.definition.streams }

    /// Whether it joins its points in their order (a line's, `MarkDefinition.joinsPoints`).
    public var joinsPoints: Bool { kind.definition.joinsPoints }

    /// Whether a long run of its points is drawn from their M4 extremes per pixel column (a plain line's,
    /// `MarkDefinition.decimates`).
    public var decimates: Bool { kind.definition.decimates(self) }

    /// Whether text is placed at its points: its own `labels`, or its values (`labelStyle.values`).
    public var hasLabels: Bool { kind.definition.takesPointLabels && (labels != nil || labelStyle.values) }
}

extension Chart {
    /// The chart with every series as drawn: palette colours filled in and, past the palette's end, the
    /// second look (`Theme.styled(_:at:)`).
    public var withSeriesStyled: Chart {
        var chart = self
        chart.series = series.enumerated().map { theme.styled($1, at: $0) }
        return chart
    }

    /// The chart as drawn: selected series emphasised, hidden ones without points (see `Series.visible`).
    public var withVisibilityApplied: Chart {
        var chart = self
        chart.series = series.map { s in
            guard s.visible else { return s.withoutPoints }
            return s.selected ? s.emphasised(outline: theme.text) : s
        }
        return chart
    }

    /// Whether the chart is drawn with rectangular axes, grid and tick labels: every chart but a pie's (a pie is alone
    /// in its chart, centred in the plot) and a polar one's (its axes are a disc's, `PolarAxisMark`).
    public var drawsAxes: Bool { RegisteredMarks().drawsAxes(self) }

    /// Whether every series' kind is drawn on axes (all but a pie, which is alone in its chart), rectangular or polar.
    var kindsDrawAxes: Bool { RegisteredMarks().kindsDrawAxes(self) }
}

extension Theme {
    /// The series at `index` as drawn: a series without a colour takes the palette's (`paletteColor`: its colours,
    /// then their lighter tints). Past twice the palette's count, where colours repeat, the series also gets a
    /// second look so that it is not read as the series that had its colour: a line of at most `markerLimit`
    /// points gains markers, a longer line (where markers would merge into a band and cost a dot per point) is
    /// drawn half as wide, and dots and bars are drawn outlined (a light fill inside a border in the colour).
    /// Give charts of that many series explicit colours. A series with its own colour is left as it is.
    /// A pie's slices without colours of their own take the palette in order (a colour per name), and are parted by
    /// lines in the background colour (1 px; a pie has no plot area of its own) unless its outline gives a colour.
    public func styled(_ series: Series, at index: Int) -> Series {
        var series = series
        series.dots = series.dots.resolved(at: index)
        if let styled = series.kind.definition.styled(series, at: index, theme: self) { return styled }
        guard series.color == nil else { return series }
        var s = series
        s.color = paletteColor(index)
        guard index >= 2 * palette.count, !palette.isEmpty else { return s }
        return Marks.repeatedLook(s, background: plotBackground)
    }
}

extension Outline {
    /// A dot's stroke for this outline at `scale` device pixels per logical pixel: clear and 0 wide for none.
    func dotStroke(scale: Double) -> (color: Color, width: Double) {
        color.map { ($0, width * scale) } ?? (.clear, 0)
    }
}
