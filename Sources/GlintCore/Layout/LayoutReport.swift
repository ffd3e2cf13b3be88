import FoundationEssentials
import Glibc

/// Everything a chart's layout placed, in image pixels from the top-left corner: the plot, each axis with its
/// ticks, each legend's box, every piece of text with its role and box, and every notice. `glint layout` prints
/// it as JSON; apps use it for hit regions, tests to assert placement.
public struct LayoutReport: Sendable {
    /// A text run as drawn.
    public struct PlacedText: Sendable {
        /// The text as drawn (shortened with an ellipsis where it did not fit).
        public let text: String
        /// What it is on the chart.
        public let role: TextRole
        /// Its box: the advance along the baseline by the font's ascent plus descent (turned for a rotated run),
        /// so the drawn glyphs lie inside it.
        public let box: Rect
        /// Font size in device pixels.
        public let fontSize: Double
        /// How it is turned (x tick labels may be).
        public var rotation: TextRotation = .none
        /// The whole text where `text` was shortened with an ellipsis to fit (a long category name, legend entry
        /// or title); nil when it is whole.
        public var fullText: String?
        /// The corners of its box turned with it (the same as `box`'s for level text), for collisions.
        var corners: [Point] = []
    }

    /// An axis.
    public struct PlacedAxis: Sendable {
        /// "x", "y" or "y2".
        public let name: String
        /// Its scale's name ("linear", "log", "time", "category").
        public let scale: String
        /// The data range it shows.
        public let range: ClosedRange<Double>
        /// Each tick's data value and pixel position along the axis (x for the x axis, y for the others).
        public let ticks: [(value: Double, pixel: Double)]
        /// The figure's panel it belongs to; nil for a single chart.
        public var panel: Int? = nil
        /// A polar chart's disc, for its "angle" axis (whose tick pixels are their spokes' angles in degrees clockwise
        /// from 12 o'clock) and its "radius" axis (whose tick pixels are their rings' distances from the centre); nil
        /// on rectangular axes.
        public var disc: (centre: Point, radius: Double, hole: Double)? = nil
    }

    /// A legend.
    public struct PlacedLegend: Sendable {
        /// Its id.
        public let id: String
        /// Its kind's spec name ("series", "colorbar", "points", "sizes").
        public let kind: String
        /// Its box; nil when it was left out (a notice says why).
        public let box: Rect?
        /// The figure's panel it belongs to; nil for a single chart and for the figure's own legend.
        public var panel: Int? = nil
    }

    /// A panel of a figure.
    public struct PlacedPanel: Sendable {
        /// Its index in `PanelGrid.panels`.
        public let index: Int
        /// The cells it takes, and its plot rectangle.
        public let frame: Rect, plot: Rect
    }

    /// The image size in device pixels.
    public let width: Int, height: Int
    /// The plot rectangle (of a figure: the box around its panels' plots).
    public let plot: Rect
    /// A figure's panels, in order (each one's axes, legends and texts name it); empty for a single chart.
    public var panels: [PlacedPanel] = []
    /// The axes drawn: x, y, and y2 when a series uses it; none for a pie.
    public let axes: [PlacedAxis]
    /// Every legend, placed or left out.
    public let legends: [PlacedLegend]
    /// Every text run, in drawing order.
    public let texts: [PlacedText]
    /// What the layout left out, and why; first, what its database reads may leave out (`Database.caveat`).
    public private(set) var notices: [String]
    /// What the render did that is no problem (`Scene.information`).
    public let information: [String]
    /// Text over text, text across marks, legends over data and text past the image's edge (`Collisions`); empty
    /// for a clean picture.
    public var collisions: [Collision] = []

    /// The report with `caveats` (what the chart's database reads may leave out) before its notices.
    public func noticing(_ caveats: [String]) -> LayoutReport {
        var report = self
        report.notices = caveats + notices
        return report
    }
    /// The series' marks as drawn (`SceneMarks`): rectangles, dots, then line points, the first `reportedMarks`.
    public var marks: [PlacedMark] = []
    /// The most marks a report lists.
    public static let reportedMarks = 10_000

    /// The report of `scene`, built from `chart` on `layout` with text measured by `measurer`.
    public init(chart: Chart, scene: Scene, layout: ChartLayout, measurer: TextMeasuring) {
        self.init(chart: chart, scene: scene, layout: layout, measurer: measurer, judging: true)
    }

    /// The report of `scene`; its marks and collisions found only when `judging` (a figure judges its whole scene
    /// once, with every panel's legends).
    private init(chart: Chart, scene: Scene, layout: ChartLayout, measurer: TextMeasuring, judging: Bool) {
        (width, height, plot, notices, information) = (scene.width, scene.height, layout.plot, scene.notices, scene.information)
        var axes = [LayoutReport.axis("x", chart.x, layout.x) { layout.transform.apply($0, 0).x },
                    LayoutReport.axis("y", chart.y, layout.y) { layout.transform.apply(0, $0).y }]
        if let y2 = layout.y2, let t = layout.transformY2 {
            axes.append(LayoutReport.axis("y2", chart.y2, y2) { t.apply(0, $0).y })
        }
        // A chart without axes (a pie's) reports none; a polar chart its angle and radius axes.
        self.axes = layout.polar.map { LayoutReport.polarAxes(chart, $0) } ?? (chart.drawsAxes ? axes : [])
        legends = layout.legends.map { PlacedLegend(id: $0.legend.id, kind: $0.legend.kind.name, box: $0.frame.map { $0.pixelAligned }) }
        let placer = TextPlacer(measurer: measurer, color: .black)
        texts = scene.commands.flatMap { command -> [PlacedText] in
            guard case let .text(runs) = command.shape else { return [] }
            // Each run measured once: its turned corners, and its upright box around them.
            return runs.map { run in
                let corners = placer.corners(of: run)
                return PlacedText(text: run.text, role: run.role, box: TextRotation.bounds(of: corners), fontSize: run.fontSize,
                                  rotation: run.rotation, fullText: run.fullText, corners: corners)
            }
        }
        if judging { (marks, collisions) = LayoutReport.judged(scene, texts: texts, legends: legends) }
    }

    /// The marks of `scene`, and the collisions of its `texts` and `legends` with each other and with them.
    private static func judged(_ scene: Scene, texts: [PlacedText], legends: [PlacedLegend]) -> ([PlacedMark], [Collision]) {
        let size = (scene.width, scene.height), marks = SceneMarks(scene, size: size)
        return (marks.placed(limit: reportedMarks),
                Collisions.find(marks: marks, texts: texts, legends: legends.compactMap { l in l.box.map { (l.id, $0) } }, size: size))
    }

    /// The report of a figure: the report of each panel's part of `scene`, gathered, each naming its panel.
    init(figure: FigureLayout, scene: Scene, measurer: TextMeasuring) {
        let parts = figure.panels.enumerated().map { index, panel in
            LayoutReport(chart: panel.chart, scene: Scene(width: scene.width, height: scene.height, background: .clear, fontFamily: ""),
                         layout: panel.layout, measurer: measurer, judging: false)
        }
        let frame = LayoutReport(chart: figure.frame.chart, scene: scene, layout: figure.frame.layout, measurer: measurer, judging: false)
        (width, height, notices, information, texts) = (scene.width, scene.height, scene.notices, scene.information, frame.texts)
        plot = figure.panels.dropFirst().reduce(figure.panels[0].layout.plot) { $0.union($1.layout.plot) }
        axes = parts.enumerated().flatMap { index, part in part.axes.map { var a = $0; a.panel = index; return a } }
        legends = frame.legends + parts.enumerated().flatMap { index, part in part.legends.map { var l = $0; l.panel = index; return l } }
        panels = figure.panels.enumerated().map { PlacedPanel(index: $0, frame: $1.frame, plot: $1.layout.plot) }
        (marks, collisions) = LayoutReport.judged(scene, texts: texts, legends: legends)
    }

    /// The report of `chart` as `measurer` lays it out and `threads` measure its data: a single chart's, or a
    /// figure's with its panels.
    public static func of(_ chart: Chart, measurer: TextMeasuring, threads: Int) throws -> LayoutReport {
        guard chart.panels != nil else {
            let (scene, layout) = try SceneBuilder.laidOut(chart, measurer: measurer, threads: threads)
            return LayoutReport(chart: chart, scene: scene, layout: layout, measurer: measurer)
        }
        let figure = try FigureLayout(chart, measurer: measurer, threads: threads)
        return LayoutReport(figure: figure, scene: try SceneBuilder.figureScene(figure, measurer: measurer, threads: threads), measurer: measurer)
    }

    /// The angle and radius axes of a polar chart laid out by `polar`.
    private static func polarAxes(_ chart: Chart, _ polar: PolarLayout) -> [PlacedAxis] {
        let g = polar.geometry
        let degrees = { (tick: Double) -> Double in
            let a = g.angle(tick) * 180 / .pi
            return a - 360 * (a / 360).rounded(.down)
        }
        var angle = PlacedAxis(name: "angle", scale: chart.x.categories == nil ? "linear" : "category", range: g.turn,
                               ticks: polar.angle.ticks.map { ($0, degrees($0)) })
        var radius = PlacedAxis(name: "radius", scale: "linear", range: g.radii, ticks: polar.radius.ticks.map { ($0, g.distance($0)) })
        angle.disc = (g.centre, g.radius, g.hole)
        radius.disc = angle.disc
        return [angle, radius]
    }

    private static func axis(_ name: String, _ axis: Axis, _ placed: AxisLayout, pixel: (Double) -> Double) -> PlacedAxis {
        PlacedAxis(name: name, scale: axis.scale.rawValue, range: axis.function.inverse(placed.domain),
                   ticks: placed.ticks.map { (axis.function.inverse($0), pixel($0)) })
    }

    /// The report as a JSON object: sorted keys, pixel positions rounded to 1/100, a number that is not finite as
    /// null.
    public func json() throws -> Data {
        func box(_ r: Rect) -> JSONTree {
            ["x": LayoutReport.rounded(r.x), "y": LayoutReport.rounded(r.y), "width": LayoutReport.rounded(r.width),
             "height": LayoutReport.rounded(r.height)]
        }
        func number(_ v: Int) -> JSONTree { .number(Double(v)) }
        func role(_ r: TextRole) -> JSONTree {
            var o: [String: JSONTree] = ["kind": .string(r.kind.rawValue)]
            if let axis = r.axis { o["axis"] = .string(axis) }
            if let legend = r.legend { o["legend"] = .string(legend) }
            if let series = r.series { o["series"] = number(series) }
            if let index = r.index { o["index"] = number(index) }
            if let panel = r.panel { o["panel"] = number(panel) }
            return .object(o)
        }
        let object: JSONTree = [
            "image": ["width": number(width), "height": number(height)],
            "plot": box(plot),
            "panels": .array(panels.map { ["index": number($0.index), "frame": box($0.frame), "plot": box($0.plot)] }),
            "axes": .array(axes.map { a -> JSONTree in
                var o: [String: JSONTree] = ["name": .string(a.name), "scale": .string(a.scale),
                                              "range": [.number(a.range.lowerBound), .number(a.range.upperBound)],
                                              "ticks": .array(a.ticks.map { ["value": .number($0.value), "pixel": LayoutReport.rounded($0.pixel)] })]
                if let panel = a.panel { o["panel"] = number(panel) }
                if let disc = a.disc {
                    o["disc"] = ["x": LayoutReport.rounded(disc.centre.x), "y": LayoutReport.rounded(disc.centre.y),
                                 "radius": LayoutReport.rounded(disc.radius), "hole": LayoutReport.rounded(disc.hole)]
                }
                return .object(o)
            }),
            "legends": .array(legends.map { l -> JSONTree in
                var o: [String: JSONTree] = ["id": .string(l.id), "kind": .string(l.kind), "box": l.box.map(box) ?? .null]
                if let panel = l.panel { o["panel"] = number(panel) }
                return .object(o)
            }),
            "texts": .array(texts.map { t -> JSONTree in
                var o: [String: JSONTree] = ["text": .string(t.text), "role": role(t.role), "box": box(t.box),
                                              "fontSize": LayoutReport.rounded(t.fontSize)]
                if let full = t.fullText { o["fullText"] = .string(full) }
                switch t.rotation {
                case .none: break
                case .rising: o["rotation"] = 45
                case .counterClockwise: o["rotation"] = 90
                }
                return .object(o)
            }),
            "notices": .array(notices.map(JSONTree.string)),
            "information": .array(information.map(JSONTree.string)),
            "collisions": .array(collisions.map { ["kind": .string($0.kind.rawValue), "subjects": .array($0.subjects.map(JSONTree.string)), "box": box($0.box)] }),
            "marks": .array(marks.map { ["kind": .string($0.kind.rawValue), "series": number($0.series), "box": box($0.box)] }),
        ]
        return try object.data()
    }

    /// `v` to 1/100 pixel; null when it is not finite (JSON has no NaN or infinity).
    private static func rounded(_ v: Double) -> JSONTree { .number((v * 100).rounded() / 100) }
}
