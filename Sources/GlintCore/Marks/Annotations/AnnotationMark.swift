import FoundationEssentials
import Glibc

/// Annotations (`Chart.annotations`), over the series: each text placed beside its point — above right, above left,
/// below right, below left, right, left, above, below, in that order of preference — at the first place inside the
/// plot clear of the legends, the text placed before it, the data's marks and lines (else clear of marks, else of
/// text alone) — preferring
/// places whose arrow crosses no other note's text, whose box no earlier arrow crosses and that cover no other
/// note's point — with an arrow from the text's box to the point and the box drawn when asked. A note with no place, or whose point is not
/// in the plot, is left out with a notice.
enum AnnotationMark: ChartMark {
    /// Annotated points on the left axis take part in its auto range, and every one in x's.
    static func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?) {
        var x: ClosedRange<Double>?, y: ClosedRange<Double>?
        for a in chart.annotations where chart.x.function.admits(a.x) {
            x = DataRange.union(x, chart.x.function(a.x)...chart.x.function(a.x))
            if a.axis == .y, chart.y.function.admits(a.y) { y = DataRange.union(y, chart.y.function(a.y)...chart.y.function(a.y)) }
        }
        return (x, y)
    }

    /// The pixels an auto left axis leaves above its largest value and below its smallest for the notes whose point
    /// is that value (`data`, in scale space), so that such a note has a place beside its point clear of the data:
    /// its box and its arrow's reach, for the place straight above (or below) it. A crest's note otherwise finds
    /// every place beside it crossed by the line.
    static func room(_ chart: Chart, data: ClosedRange<Double>, type: Typography, measurer: TextMeasuring) -> (above: Double, below: Double) {
        var room = (above: 0.0, below: 0.0)
        for a in chart.annotations where a.axis == .y && chart.y.function.admits(a.y) {
            let v = chart.y.function(a.y)
            guard v >= data.upperBound || v <= data.lowerBound else { continue }
            let box = size(a, measurer.measure(a.text, fontSize: type.tickLabel), type: type)
            // Room for the place straight above (or below) the point, the one a wide note beside it may need.
            let needed = box.height + box.reach + 1
            if v >= data.upperBound { room.above = max(room.above, needed) }
            if v <= data.lowerBound { room.below = max(room.below, needed) }
        }
        return room
    }

    /// The box `a`'s text, measured `m`, takes (with its padding when boxed) and how far from its point the box sits.
    static func size(_ a: Annotation, _ m: TextMetrics, type: Typography) -> (width: Double, height: Double, reach: Double) {
        let pad = a.boxed ? type.px(4) : 0
        return (m.width + 2 * pad, m.lineHeight + 2 * pad, a.arrow ? type.px(28) : type.px(6))
    }

    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing {
        let (chart, layout, text) = (context.chart, context.layout, context.text)
        let type = layout.typography, plot = layout.plot, fontSize = type.tickLabel
        var taken = OccupiedBoxes(cell: 64, bounds: plot)
        for box in context.taken { taken.insert(box) }
        var boxes: [RectShape] = [], runs: [TextShape] = [], arrows: [SceneCommand] = [], notices: [String] = []
        // The notes' texts and the points along their arrows, so that no arrow crosses another note's text.
        var texts = OccupiedBoxes(cell: 64, bounds: plot), shafts: [Point] = []
        // Every note's point, which no other note's text covers (its arrow would end inside that text).
        let points = chart.annotations.map { a -> Point? in
            let t = a.axis == .y2 ? layout.transformY2 ?? layout.transform : layout.transform
            return t.forward(a.x, a.y).map { t.apply($0.x, $0.y) }
        }
        for (index, a) in chart.annotations.enumerated() {
            let t = a.axis == .y2 ? layout.transformY2 ?? layout.transform : layout.transform
            guard let (u, w) = t.forward(a.x, a.y), case let point = t.apply(u, w), plot.contains(point) else {
                notices.append("annotations[\(index)]: \"\(BoundedText.line(a.text, limit: 40))\" is left out: its point is not in the plot")
                continue
            }
            let m = text.measurer.measure(a.text, fontSize: fontSize)
            let pad = a.boxed ? type.px(4) : 0
            let (width, height, reach) = AnnotationMark.size(a, m, type: type)
            // Each place: the box's corner (or edge middle) nearest the point, `reach` away from it along a diagonal or an axis.
            let places: [(Double, Double)] = [(1, -1), (-1, -1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1), (0, 1)]
            let candidates = places.map { dx, dy -> Rect in
                let step = dx != 0 && dy != 0 ? reach / 2.squareRoot() : reach
                let near = Point(point.x + dx * step, point.y + dy * step)
                let x = dx > 0 ? near.x : dx < 0 ? near.x - width : near.x - width / 2
                let y = dy > 0 ? near.y : dy < 0 ? near.y - height : near.y - height / 2
                return Rect(x: x.rounded(), y: y.rounded(), width: width, height: height)
            }
            // Places whose arrow crosses no earlier note's text, whose box no earlier arrow crosses and that cover no
            // other note's point, first.
            let uncrossed = candidates.map { box in
                !a.arrow || !shaft(from: box, to: point, step: type.px(3)).contains { texts.overlaps(Rect(x: $0.x - 0.5, y: $0.y - 0.5, width: 1, height: 1)) }
            }.enumerated().map { k, clear in
                clear && !shafts.contains(where: candidates[k].insetBy(0.5).contains)
                    && !points.enumerated().contains { $0.offset != index && $0.element.map(candidates[k].insetBy(-2).contains) == true }
            }
            let clearOfArrows = candidates.indices.filter { uncrossed[$0] }
            let preferred = clearOfArrows.map { candidates[$0] }
            let found = taken.takeFirst(of: preferred, inside: plot, clearOf: context.marks, lines: context.lines).map { clearOfArrows[$0] }
                ?? taken.takeFirst(of: candidates, inside: plot, clearOf: context.marks, lines: context.lines)
                ?? taken.takeFirst(of: preferred, inside: plot, clearOf: context.marks).map { clearOfArrows[$0] }
                ?? taken.takeFirst(of: candidates, inside: plot, clearOf: context.marks) ?? taken.takeFirst(of: candidates, inside: plot)
            guard let k = found else {
                notices.append("annotations[\(index)]: \"\(BoundedText.line(a.text, limit: 40))\" is left out: no room beside its point inside the "
                               + "plot clear of other text and legends")
                continue
            }
            let box = candidates[k], color = a.color ?? chart.theme.text
            texts.insert(box)
            if a.arrow { shafts += shaft(from: box, to: point, step: type.px(3)) }
            if a.boxed {
                boxes.append(RectShape(box, chart.theme.legendBackground, border: RectBorder(width: type.px(1), color: chart.theme.legendBorder)))
            }
            runs.append(TextShape(a.text, origin: Point(box.x + pad, (box.y + pad + m.ascent).rounded()), fontSize: fontSize, color: color,
                                  role: TextRole(.annotation, index: index)))
            if a.arrow { arrows += arrow(from: box, to: point, color: color, type: type) }
        }
        let drawn = arrows + (boxes.isEmpty ? [] : [SceneCommand(.rects(boxes))]) + (runs.isEmpty ? [] : [SceneCommand(.text(runs))])
        return ChartMarkDrawing(layers: drawn.isEmpty ? [:] : [.overSeries: drawn], notices: notices)
    }

    /// Points every `step` pixels along the ray from `box`'s centre to `point`, outside the box: where its arrow runs.
    static func shaft(from box: Rect, to point: Point, step: Double) -> [Point] {
        let centre = box.center, (dx, dy) = (point.x - centre.x, point.y - centre.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length.isFinite, length > 0, step > 0 else { return [] }
        let count = min(Int(length / step), 1_000)
        return (0...count).map { k in Point(centre.x + dx * Double(k) / Double(max(count, 1)), centre.y + dy * Double(k) / Double(max(count, 1))) }
            .filter { !box.contains($0) }
    }

    /// An arrow from the edge of `box` towards `point`, stopping a little short of it: a line and a filled head.
    static func arrow(from box: Rect, to point: Point, color: Color, type: Typography) -> [SceneCommand] {
        let centre = box.center
        let (dx, dy) = (point.x - centre.x, point.y - centre.y), length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return [] }
        let (ux, uy) = (dx / length, dy / length)
        // Where the ray from the centre leaves the box.
        let exit = min(ux == 0 ? .infinity : box.width / 2 / abs(ux), uy == 0 ? .infinity : box.height / 2 / abs(uy))
        let start = Point(centre.x + ux * (exit + type.px(2)), centre.y + uy * (exit + type.px(2)))
        let tip = Point(point.x - ux * type.px(3), point.y - uy * type.px(3))
        let head = type.px(7), half = type.px(3)
        guard (tip.x - start.x) * ux + (tip.y - start.y) * uy > head else { return [] }
        let base = Point(tip.x - ux * head, tip.y - uy * head)
        let line = LineShape(x: [start.x, base.x + ux], y: [start.y, base.y + uy], transform: .identity, color: color, width: type.px(1.25), cap: .butt)
        let triangle = [tip, Point(base.x - uy * half, base.y + ux * half), Point(base.x + uy * half, base.y - ux * half)]
        return [SceneCommand(.line(line)), SceneCommand(.paths([PathShape(outlines: [triangle], color: color)]))]
    }
}
