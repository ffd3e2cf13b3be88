/// A series' mark as drawn, in image pixels, as `glint layout` reports it (`marks`).
public struct PlacedMark: Sendable, Equatable {
    /// What the box is.
    public enum Kind: String, Sendable {
        /// A filled rectangle: a bar, a histogram bin, a candle's body or wick, an error bar's whisker or cap, a
        /// heatmap cell lowered to rectangles.
        case rect
        /// A dot: its box is its disc's square.
        case dot
        /// A point of a line (sampled evenly along long ones): a box of no size.
        case point
        /// A filled outline (a hexbin's hexagon, a pie's slice, an area's fill): its bounding box. Reported, not
        /// tested for collisions (an area's fill under a label is drawn to be read through).
        case shape
    }

    /// Its kind.
    public let kind: Kind
    /// The series that drew it: its index in the chart (in a figure, in its panel's chart).
    public let series: Int
    /// The box it takes, within the rectangle it is clipped to.
    public let box: Rect
}

/// The series marks of a scene as drawn (commands tagged with their series): rectangles, dots as discs, lines as
/// points and the pieces between them. `Collisions` tests text and legends against them; `LayoutReport` lists them.
struct SceneMarks {
    /// Dots kept, over all series (a million dots cannot stall a report).
    static let dotLimit = 100_000
    /// Points of a line kept, per line (evenly spaced).
    static let lineSamples = 16_384

    private(set) var rects: [(series: Int, box: Rect)] = []
    private(set) var discs: [(series: Int, centre: Point, radius: Double)] = []
    private(set) var points: [(series: Int, point: Point)] = []
    /// Filled outlines' bounding boxes, at most `dotLimit` over all series.
    private(set) var shapes: [(series: Int, box: Rect)] = []
    /// The lines through those points.
    private(set) var lines = LineSegments()

    /// The marks of `scene`, in an image of `size`.
    init(_ scene: Scene, size: (width: Int, height: Int)) {
        let image = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        for command in scene.commands {
            guard let series = command.series else { continue }
            let clip = command.clip.map { Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)) } ?? image
            switch command.shape {
            case let .rects(shapes):
                rects += shapes.compactMap { shape in shape.filled ? SceneMarks.clipped(shape.rect, to: clip).map { (series, $0) } : nil }
            case let .dots(dots):
                let n = min(dots.x.count, dots.y.count), sizes = dots.size?.doubles
                for i in 0..<n {
                    guard discs.count < SceneMarks.dotLimit else { break }
                    guard let c = dots.transform.point(dots.x[i], dots.y[i]), clip.contains(c), let f = dots.sizeFraction(i, sizes: sizes) else { continue }
                    discs.append((series, c, dots.radius.lowerBound + (dots.radius.upperBound - dots.radius.lowerBound) * Double(f)))
                }
            case let .line(line):
                let n = min(line.x.count, line.y.count), stride = max(1, (n + SceneMarks.lineSamples - 1) / SceneMarks.lineSamples)
                var (xs, ys) = ([Double](), [Double]())
                for i in Swift.stride(from: 0, to: n, by: stride) {
                    let p = line.transform.point(line.x[i], line.y[i])
                    if let p, clip.contains(p) { points.append((series, p)) }
                    xs.append(p?.x ?? .nan)
                    ys.append(p?.y ?? .nan)
                }
                lines.add(x: xs, y: ys, within: clip)
            case let .paths(paths):
                for outline in paths.lazy.flatMap(\.finiteOutlines) where shapes.count < SceneMarks.dotLimit {
                    let xs = outline.map(\.x), ys = outline.map(\.y)
                    let box = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
                    if let inside = SceneMarks.clipped(box, to: clip) { shapes.append((series, inside)) }
                }
            default:
                continue
            }
        }
    }

    /// The square of a disc.
    static func square(_ centre: Point, _ radius: Double) -> Rect {
        Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// The first `limit` marks as reported: rectangles, then dots, then line points, then filled outlines.
    func placed(limit: Int) -> [PlacedMark] {
        var marks = rects.prefix(limit).map { PlacedMark(kind: .rect, series: $0.series, box: $0.box) }
        marks += discs.prefix(limit - marks.count).map { PlacedMark(kind: .dot, series: $0.series, box: SceneMarks.square($0.centre, $0.radius)) }
        marks += points.prefix(limit - marks.count).map { PlacedMark(kind: .point, series: $0.series, box: Rect(x: $0.point.x, y: $0.point.y, width: 0, height: 0)) }
        marks += shapes.prefix(max(0, limit - marks.count)).map { PlacedMark(kind: .shape, series: $0.series, box: $0.box) }
        return marks
    }

    /// `r` within `clip`; nil when nothing of it is left.
    static func clipped(_ r: Rect, to clip: Rect) -> Rect? {
        let x0 = max(r.x, clip.x), x1 = min(r.maxX, clip.maxX), y0 = max(r.y, clip.y), y1 = min(r.maxY, clip.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
