import FoundationEssentials
import Glibc

/// Where a pie's slices lie in device pixels: a disc (or ring) centred in the plot, each slice of the points with
/// a finite value above 0 an angle in proportion to its value, clockwise from `PieStyle.startAngle`. Angles are in
/// radians clockwise from 12 o'clock.
struct PieGeometry {
    /// One slice: the point it shows and the angles it spans.
    struct Slice {
        let index: Int
        let start: Double, end: Double
        /// Its value's share of the total, 0…1.
        let share: Double
        /// The angle through its middle.
        var middle: Double { (start + end) / 2 }
    }

    /// The disc's centre.
    let centre: Point
    /// The outer and inner (hole) radius, in pixels.
    let radius: Double, hole: Double
    /// The slices in order; points whose value is 0, negative or not finite have none.
    let slices: [Slice]

    /// The pie of `s` in `plot`, leaving `labelRoom` pixels around the disc for slice labels placed outside it.
    init(_ s: Series, plot: Rect, labelRoom: Double) {
        centre = plot.center
        radius = max(1, min(plot.width, plot.height) / 2 - labelRoom)
        hole = radius * min(max(s.pie.inner, 0), 0.99)
        let values = s.y
        // Shares are summed relative to the largest value, so that values near 1.8e308 do not overflow the total.
        var largest = 0.0
        for v in values where v.isFinite && v > largest { largest = v }
        var sum = 0.0
        for v in values where v.isFinite && v > 0 { sum += v / largest }
        guard sum > 0, sum.isFinite else {
            slices = []
            return
        }
        let origin = Degrees.radians(s.pie.startAngle)
        var slices: [Slice] = [], running = 0.0
        for i in values.indices {
            let v = values[i] / largest
            guard v.isFinite, v > 0 else { continue }
            let start = origin + 2 * .pi * running / sum
            running += v
            slices.append(Slice(index: i, start: start, end: origin + 2 * .pi * running / sum, share: v / sum))
        }
        self.slices = slices
    }

    /// The pie of `s` on `layout`'s plot: the disc leaves room around it for slice labels outside, but never
    /// shrinks below a radius of `smallestRadius` for them (a panel of a small figure); the labels that then find
    /// no room are left out with a notice.
    init(_ s: Series, layout: ChartLayout) {
        let type = layout.typography, half = min(layout.plot.width, layout.plot.height) / 2
        let radius = max(half - PieGeometry.labelRoom(s, type: type), min(half - type.px(2), type.px(PieGeometry.smallestRadius)))
        self.init(s, plot: layout.plot, labelRoom: half - radius)
    }

    /// The smallest radius, in logical pixels, a disc keeps beside room for its labels outside.
    static let smallestRadius = 24.0

    /// The room left around the disc: a label's line and a gap when slices are labelled, else a little padding.
    static func labelRoom(_ s: Series, type: Typography) -> Double {
        s.pie.labels == .none ? type.px(2) : type.px(s.pie.labels == .namePercent ? 40 : 24)
    }

    /// The pixel at `angle`, `distance` from the centre.
    func point(_ angle: Double, _ distance: Double) -> Point {
        Point(centre.x + distance * sin(angle), centre.y - distance * cos(angle))
    }

    /// The closed outline of `slice`: along the outer arc, then back along the hole's arc (or through the centre),
    /// each arc in steps short enough that the chord lies within 1/20 pixel of the circle.
    func outline(_ slice: Slice) -> [Point] {
        func arc(_ r: Double, from a: Double, to b: Double) -> [Point] {
            guard r > 0 else { return [centre] }
            let step = 2 * acos(max(-1, 1 - 0.05 / r))
            let n = max(1, Int((abs(b - a) / step).rounded(.up)))
            return (0...n).map { point(a + (b - a) * Double($0) / Double(n), r) }
        }
        return arc(radius, from: slice.start, to: slice.end) + arc(hole, from: slice.end, to: slice.start)
    }

    /// The slice whose area holds `pixel`, nil where none does (outside the disc, in the hole).
    func slice(at pixel: Point) -> Slice? {
        let (dx, dy) = (pixel.x - centre.x, pixel.y - centre.y)
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance <= radius, distance >= hole, let first = slices.first else { return nil }
        // The angle clockwise from 12 o'clock, turned into the first slice's turn.
        var angle = atan2(dx, -dy)
        while angle < first.start { angle += 2 * .pi }
        while angle >= first.start + 2 * .pi { angle -= 2 * .pi }
        return slices.first { angle >= $0.start && angle < $0.end } ?? slices.last
    }
}
