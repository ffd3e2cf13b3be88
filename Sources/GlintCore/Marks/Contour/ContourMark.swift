/// Contours (`"type": "contour"`): each level's lines in its colour through the series' scale (or the series' own
/// colour when it gives one), or with `filled` the bands between levels, each filled in the colour of its middle
/// value. A band is drawn as the region at or above its lower level, less the region above the highest level, the
/// higher bands over it, so that no background shows along the levels where bands meet. Labelled lines are drawn
/// by `ContourLabelMark`, parted under their labels.
enum ContourMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .contour }

    /// A grid's extent, unpadded; a density's lines (and bands), padded as points are.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        guard let drawn = s.contour.drawn, drawn.ofDensity else {
            var fit = MarkFit(x: extent.x, y: extent.y)
            fit.tight = true
            return fit
        }
        let points = drawn.lines.joined().joined()
        guard let x = DataRange.finite(points.map(\.x)), let y = DataRange.finite(points.map(\.y)) else { return MarkFit(x: extent.x, y: extent.y) }
        return MarkFit(x: x, y: y)
    }

    /// A short line in the middle level's colour, or a square of it when filled.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let sample = s.contour.lineColor ?? resolvedScale(s).sampleColor
        if s.contour.filled { return BarMark.legendSample(s, color: sample, in: rect, type: type) }
        return LineMark.legendSample(s, color: sample, in: rect, type: type)
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let s = context.series, layout = context.layout, t = layout.transform(for: s)
        guard let drawn = s.contour.drawn, t.isLinear else { return [] }
        let scale = resolvedScale(s)
        func pixels(_ polygon: [Point]) -> [Point] { polygon.map { t.apply($0.x, $0.y) } }
        var commands: [SceneCommand] = []
        if s.contour.filled, drawn.levels.count > 1, let top = drawn.regions.last {
            let hole = top.map(pixels)
            let paths = (0..<(drawn.levels.count - 1)).map { k in
                PathShape(outlines: drawn.regions[k].map(pixels) + hole, fillRule: .evenOdd,
                          color: scale.color(for: drawn.levels[k] / 2 + drawn.levels[k + 1] / 2) ?? context.color)
            }
            commands.append(SceneCommand(.paths(paths), clip: layout.plotClip))
        }
        if !s.contour.filled, !s.contour.levelLabels {
            for (k, lines) in drawn.lines.enumerated() where !lines.isEmpty {
                commands.append(SceneCommand(.line(lineShape(lines.map(pixels), color: lineColor(s, level: drawn.levels[k], scale: scale),
                                                             width: s.line.width * layout.typography.scale)), clip: layout.plotClip))
            }
        }
        return commands
    }

    /// The series' scale over its values' range.
    static func resolvedScale(_ s: Series) -> ColorScale {
        guard let drawn = s.contour.drawn, s.contour.scale.range == nil else { return s.contour.scale }
        var scale = s.contour.scale
        scale.range = drawn.range
        return scale
    }

    /// A level's line colour: the series' own, or the level's through the scale.
    static func lineColor(_ s: Series, level: Double, scale: ColorScale) -> Color {
        s.contour.lineColor ?? scale.color(for: level) ?? .black
    }

    /// Polylines in pixels as one line, a gap between them.
    static func lineShape(_ lines: [[Point]], color: Color, width: Double) -> LineShape {
        var (xs, ys) = ([Double](), [Double]())
        for line in lines {
            if !xs.isEmpty { xs.append(.nan); ys.append(.nan) }
            xs += line.map(\.x)
            ys += line.map(\.y)
        }
        return LineShape(x: Column(xs), y: Column(ys), transform: .identity, color: color, width: width, join: .round, cap: .round)
    }
}
