import FoundationEssentials
import Glibc

/// The text on a pie's slices (`PieStyle.labels`: a share, a value, a name or both): centred in its slice where its
/// box fits inside the slice, in white or near-black by the slice's colour; else just outside the rim along the
/// slice's middle, in the text colour, where it stays in the chart's content and off the legends and other labels;
/// else left out, and a notice counts those. Slices are labelled largest first, so the small ones give way.
enum SliceLabelMark: ChartMark {
    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing {
        var runs: [TextShape] = [], notices: [String] = [], taken = context.taken
        let layout = context.layout, type = layout.typography, theme = context.chart.theme
        for (index, s) in context.chart.series.enumerated() where s.kind == .pie && s.pie.labels != .none {
            let pie = PieGeometry(s, layout: layout), color = PieMark.sliceColors(s), names = PieMark.names(s)
            var skipped = 0
            // The largest slices first: where labels compete for room outside the rim, a 40 % slice keeps its label
            // before a 2 % one.
            for slice in pie.slices.sorted(by: { $0.share > $1.share }) {
                let text = label(slice, of: s, names: names)
                let m = context.text.measurer.measure(text, fontSize: type.tickLabel)
                let role = TextRole(.pointLabel, series: index, index: slice.index)
                // Inside: centred half-way across the ring (a little outside the middle of a full pie).
                let inside = pie.point(slice.middle, pie.hole > 0 ? (pie.hole + pie.radius) / 2 : pie.radius * 0.62)
                let fill = color(slice.index) ?? theme.text
                let centred = context.text.centered(text, x: inside.x, middleY: inside.y, fontSize: type.tickLabel,
                                                    color: PointLabels.contrasting(fill, over: theme.background), role: role)
                let box = context.text.box(of: centred)
                if fits(box, in: slice, of: pie, margin: type.px(2)), !taken.contains(where: box.intersects) {
                    runs.append(centred)
                    taken.append(box)
                    continue
                }
                // Outside: the box's near side touches a point just past the rim, pushed outwards along the middle.
                let anchor = pie.point(slice.middle, pie.radius + type.px(6))
                let centre = Point(anchor.x + sin(slice.middle) * m.width / 2, anchor.y - cos(slice.middle) * m.lineHeight / 2)
                let outside = context.text.centered(text, x: centre.x, middleY: centre.y, fontSize: type.tickLabel, color: theme.text, role: role)
                let outer = context.text.box(of: outside)
                // A gap from the other labels, so that neighbours never run together ("2%2%").
                if layout.content.contains(outer), !taken.contains(where: outer.insetBy(-type.px(3)).intersects) {
                    runs.append(outside)
                    taken.append(outer)
                } else {
                    skipped += 1
                }
            }
            if skipped > 0 {
                notices.append("series[\(index)]: \(skipped) of \(pie.slices.count) slice labels left out: no room inside their slices or "
                               + "beside them (make the chart larger, or give \"sliceLabels\": \"none\" and read the legend)")
            }
        }
        return ChartMarkDrawing(layers: runs.isEmpty ? [:] : [.overSeries: [SceneCommand(.text(runs))]], notices: notices)
    }

    /// The text of `slice`, as the series' `sliceLabels` asks.
    static func label(_ slice: PieGeometry.Slice, of s: Series, names: [String]) -> String {
        let percent = slice.share < 0.005 ? "<1%" : Printf.double("%.0f%%", slice.share * 100)
        let name = slice.index < names.count ? names[slice.index] : ""
        switch s.pie.labels {
        case .percent: return percent
        case .value: return CellLabelMark.label(s.y[slice.index], s)
        case .name: return name
        case .namePercent: return name + " " + percent
        case .none: return ""
        }
    }

    /// Whether `box`, grown by `margin`, lies inside `slice`: each corner within the ring and within the slice's angles.
    static func fits(_ box: Rect, in slice: PieGeometry.Slice, of pie: PieGeometry, margin: Double) -> Bool {
        let grown = Rect(x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin)
        let corners = [Point(grown.x, grown.y), Point(grown.maxX, grown.y), Point(grown.x, grown.maxY), Point(grown.maxX, grown.maxY)]
        return corners.allSatisfy { pie.slice(at: $0)?.index == slice.index }
    }
}
