/// A polar chart's axes (`Chart.polar`): the x axis is the angle, the y axis the radius. Category names on x are
/// spokes a whole turn apart in equal steps (a radar chart; bars there are a rose chart's wedges); numbers on x are
/// degrees, a whole turn 0…360, unless the x axis's `range` names what a whole turn is (0…24 for hours). The radius
/// grows from the centre (or from the hole's edge) outwards, from 0 (or the smallest value, when one is below 0) to
/// the largest value rounded up to a tick, or over the y axis's `range`.
public struct PolarAxes: Sendable, Equatable {
    /// Where the angle axis starts, in degrees clockwise from 12 o'clock.
    public var startAngle: Double
    /// Whether angles grow clockwise (a compass's way, the default) or counter-clockwise (mathematics').
    public var clockwise: Bool
    /// The hole in the middle as a share of the radius, from 0 up to (not including) 1: the radius axis starts at its
    /// edge.
    public var inner: Double

    /// Polar axes; by default from 12 o'clock, clockwise, without a hole.
    public init(startAngle: Double = 0, clockwise: Bool = true, inner: Double = 0) {
        (self.startAngle, self.clockwise, self.inner) = (startAngle, clockwise, inner)
    }
}
