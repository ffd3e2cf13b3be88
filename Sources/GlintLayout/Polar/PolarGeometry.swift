import Glibc

/// Where a polar chart's axes lie in device pixels: a disc (or ring) centred in the plot, its angle axis a whole turn
/// from `start`, its radius axis from the hole's edge to the rim. Angles are in radians clockwise from 12 o'clock on
/// the image, whichever way the chart's angles grow.
public struct PolarGeometry: Sendable, Equatable {
    /// The disc's centre.
    public let centre: Point
    /// The rim's and the hole's radius, in pixels.
    public let radius: Double, hole: Double
    /// The data values of one whole turn of the angle axis: 0…n for n categories, 0…360 degrees, or the x range.
    public let turn: ClosedRange<Double>
    /// The radius axis's domain: the hole's edge shows its lower bound, the rim its upper one.
    public let radii: ClosedRange<Double>
    /// Where the turn starts, in radians clockwise from 12 o'clock.
    public let start: Double
    /// Whether angles grow clockwise.
    public let clockwise: Bool
    /// How far from the centre the plot's farthest corner lies: nothing drawn beyond it shows.
    public let reach: Double

    /// The image angle of angle-axis value `x`: its share of the turn as a share of a whole circle from `start`,
    /// either way round, values past the turn's ends wrapped onto it (370° is 10°); NaN for a value that is not finite.
    public func angle(_ x: Double) -> Double {
        // Halves, so that a turn across the whole of Double's range does not overflow.
        let share = (x / 2 - turn.lowerBound / 2) / SafeSpan.half(turn.lowerBound, turn.upperBound)
        guard share.isFinite else { return .nan }
        return start + (clockwise ? 1 : -1) * 2 * .pi * (share - share.rounded(.down))
    }

    /// The distance from the centre of radius-axis value `y`, in pixels: values below the domain sit on the hole's
    /// edge (or the centre), values above it beyond the rim, at most a thousand times `reach` (far outside the plot, in
    /// the same direction); NaN for a value that is not finite.
    public func distance(_ y: Double) -> Double {
        guard y.isFinite else { return .nan }
        let span = SafeSpan.half(radii.lowerBound, radii.upperBound)
        let share = span > 0 ? (y / 2 - radii.lowerBound / 2) / span : 0
        return min(hole + (radius - hole) * max(0, share), 1000 * reach)
    }

    /// The most points an arc takes.
    static let arcPoints = 100_000.0

    /// The pixel at image angle `angle`, `distance` pixels from the centre.
    public func point(angle: Double, distance: Double) -> Point {
        Point(centre.x + distance * sin(angle), centre.y - distance * cos(angle))
    }

    /// The pixel of the point (`x` on the angle axis, `y` on the radius axis); NaN coordinates for a gap.
    public func point(_ x: Double, _ y: Double) -> Point {
        let (a, d) = (angle(x), distance(y))
        guard a.isFinite, d.isFinite else { return Point(.nan, .nan) }
        return point(angle: a, distance: d)
    }

    /// The image angle of `pixel` about the centre, in 0..<2π from 12 o'clock, and its distance from the centre.
    package func polar(of pixel: Point) -> (angle: Double, distance: Double) {
        let (dx, dy) = (pixel.x - centre.x, pixel.y - centre.y)
        var a = atan2(dx, -dy)
        if a < 0 { a += 2 * .pi }
        return (a, (dx * dx + dy * dy).squareRoot())
    }

    /// Points along the circle of `distance` from image angle `from` to `to` (either way), each chord within 1/20
    /// pixel of the arc (at most `arcPoints` of them); the centre alone for a distance of 0.
    package func arc(_ distance: Double, from a: Double, to b: Double) -> [Point] {
        guard distance > 0 else { return [centre] }
        let steps = abs(b - a) / (2 * acos(max(-1, 1 - 0.05 / distance)))
        let n = steps.isFinite ? Int(min(PolarGeometry.arcPoints, max(1, steps.rounded(.up)))) : Int(PolarGeometry.arcPoints)
        return (0...n).map { point(angle: a + (b - a) * Double($0) / Double(n), distance: distance) }
    }
}
