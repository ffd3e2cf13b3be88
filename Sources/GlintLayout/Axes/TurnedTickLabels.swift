/// X tick labels turned 45° or 90° (`Axis.tickLabelRotation`), for long category names and long numbers: each ends
/// at its tick just below the axis, so its text reads up from (or along to) the tick. The layout keeps their depth
/// below the plot — the longest label's, at most a third of the chart's height — and labels longer than that room
/// (or, rising, than the room left of their tick) are shortened with an ellipsis; labels closer than a line apart
/// across their slant are thinned as level ones are.
enum TurnedTickLabels {
    /// Where a run measured `m` turned by `rotation` starts so that the middle of its line ends under `anchor`, its
    /// box's top at the anchor's height.
    static func origin(_ m: TextMetrics, anchor: Point, rotation: TextRotation) -> Point {
        switch rotation {
        case .none: return Point(anchor.x - m.width / 2, anchor.y + m.ascent)
        case .counterClockwise: return Point(anchor.x + (m.ascent - m.descent) / 2, anchor.y + m.width)
        case .rising:
            // The line's top corner at the end rises half the line's slanted height above its middle.
            let end = Point(anchor.x, anchor.y + m.lineHeight * TextRotation.risingSine / 2)
            return rotation.point(end, u: -m.width, v: (m.ascent - m.descent) / 2)
        }
    }

    /// The box of a run measured `m` turned by `rotation` and ending at `anchor`.
    static func box(_ m: TextMetrics, anchor: Point, rotation: TextRotation) -> Rect {
        rotation.box(origin: origin(m, anchor: anchor, rotation: rotation), width: m.width, above: m.ascent, below: m.lineHeight - m.ascent)
    }

    /// How far below its anchor the box of a run `width` long reaches, with the line metrics of `m`.
    static func depth(width: Double, _ m: TextMetrics, rotation: TextRotation) -> Double {
        let sized = TextMetrics(width: width, ascent: m.ascent, descent: m.descent)
        return box(sized, anchor: Point(0, 0), rotation: rotation).maxY
    }

    /// The longest run, with the line metrics of `m`, whose depth below its anchor is at most `depth`.
    static func longest(depth limit: Double, _ m: TextMetrics, rotation: TextRotation) -> Double {
        // Depth grows with the width at the rate of the slant: solve from the depth of an empty run.
        let rate = rotation == .rising ? TextRotation.risingSine : 1
        return max(0, (limit - depth(width: 0, m, rotation: rotation)) / rate)
    }

    /// The depth the x tick labels of `chart` take below their anchor when turned: the longest of `labels`
    /// (the category names, or the labels of a provisional x axis), at most `limit`.
    static func depth(_ chart: Chart, labels: [String], limit: Double, fontSize: Double, measurer: TextMeasuring) -> Double {
        let line = measurer.measure("0", fontSize: fontSize)
        let widest = labels.map { measurer.measure($0, fontSize: fontSize).width }.max() ?? 0
        return min(depth(width: widest, line, rotation: chart.x.tickLabelRotation), max(limit, depth(width: 0, line, rotation: chart.x.tickLabelRotation)))
    }

    /// The runs of the x tick labels of `layout`, turned by `layout.xTickLabelRotation`, anchored `gap` below the
    /// plot, none left of `left` and none deeper than the layout's tick-label depth.
    static func runs(_ layout: ChartLayout, labels: [String], gap: Double, left: Double, _ text: TextPlacer) -> [TextShape] {
        let rotation = layout.xTickLabelRotation, type = layout.typography, size = type.tickLabel
        let line = text.measurer.measure("0", fontSize: size)
        let anchors = layout.x.ticks.map { Point(layout.transform.apply($0, 0).x.rounded(), layout.plot.maxY + gap) }
        let room = longest(depth: layout.xTickLabelDepth, line, rotation: rotation)
        let shown = zip(labels, anchors).map { label, anchor -> String in
            // A rising label reaches left of its tick by its slanted length and half its line.
            let leftRoom = rotation == .rising ? (anchor.x - left) / TextRotation.risingSine - line.lineHeight / 2 : room
            return TextFitting.truncated(label, fontSize: size, maxWidth: min(room, leftRoom), measurer: text.measurer)
        }
        // Neighbours must be a line apart across the slant: along x that is the line over the slant's sine.
        let across = rotation == .rising ? line.lineHeight / TextRotation.risingSine : line.lineHeight
        let spans = anchors.map { ($0.x - across / 2)...($0.x + across / 2) }
        return TextFitting.thinned(spans, gap: type.px(2)).enumerated().compactMap { i, keep in
            guard keep, !shown[i].isEmpty else { return nil }
            let m = text.measurer.measure(shown[i], fontSize: size)
            let o = origin(m, anchor: anchors[i], rotation: rotation)
            return TextShape(shown[i], origin: Point(o.x.rounded(), o.y.rounded()), fontSize: size, color: text.color, rotation: rotation,
                             role: TextRole(.tickLabel, axis: "x")).shortened(from: labels[i])
        }
    }
}
