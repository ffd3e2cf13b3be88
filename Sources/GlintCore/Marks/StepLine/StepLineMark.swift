/// A line that steps between points (`"type": "line", "step": "pre" | "post" | "mid"`): horizontal runs and
/// vertical rises, drawn by the line painters with the series' width, joins, caps and dashes.
///
/// It reduces as a line does — a long line to the M4 extremes of each pixel column, a zoomed sorted line to the
/// points in view — and steps the points that remain: each column keeps its lowest and highest value and its
/// first and last point, so the vertical reach of every column and the runs between columns are the full
/// data's. The first mark built on the `Mark` stages alone: see docs/ARCHITECTURE.md, "How to add a mark".
enum StepLineMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .line && series.line.step != nil }

    static func reduce(_ context: MarkContext) -> MarkPoints {
        LineMark.reduce(context)
    }

    /// A line's sample and second look.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        LineMark.legendSample(s, color: color, in: rect, type: type)
    }

    static func repeatedLook(_ s: Series, background: Color) -> Series {
        LineMark.repeatedLook(s, background: background)
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        guard let mode = context.series.line.step else { return [] }
        let scaled = points.movedToScaleSpace(by: context.layout.transform(for: context.series))
        return LineMark.emit(StepPoints.stepped(scaled, mode), context)
    }
}
