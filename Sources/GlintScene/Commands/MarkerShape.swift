import Glibc
import GlintScales

/// The shape a dot is drawn in (the spec's `"shape"`): a disc by default, or one of matplotlib's and Vega-Lite's
/// point shapes. Both raster painters draw each from one signed-distance formula (Shaders/coverage.h,
/// `markerCover`); vector painters draw the same outlines as paths.
public enum MarkerShape: String, CaseIterable, Sendable {
    case circle, square
    case triangleUp = "triangle-up"
    case triangleDown = "triangle-down"
    case diamond, cross, plus, star

    /// The shape's code in coverage.h (MARKER_ …).
    public var code: Int32 {
        switch self {
        case .circle: return 0
        case .square: return 1
        case .triangleUp: return 2
        case .triangleDown: return 3
        case .diamond: return 4
        case .cross: return 5
        case .plus: return 6
        case .star: return 7
        }
    }

    /// How far past the dot's radius the shape may reach, as a multiple of it (coverage.h's MARKER_REACH).
    public var reach: Double { self == .circle ? 1 : 1.3 }

    /// The shapes a series takes in turn with `"shape": "auto"`, as palette colours are taken: a split's groups
    /// each in its own.
    public static let sequence: [MarkerShape] = [.circle, .square, .triangleUp, .diamond, .triangleDown, .star, .plus, .cross]

    /// The outline of the shape about `c` at radius `r`, in pixels with y down, as coverage.h's formulas bound it
    /// (a disc as a 48-gon); what vector painters fill.
    public func outline(_ c: Point, radius r: Double) -> [Point] {
        func polar(_ count: Int, _ radius: (Int) -> Double, turn: Double) -> [Point] {
            (0..<count).map { k in
                let a = turn + 2 * Double.pi * Double(k) / Double(count)
                return Point(c.x + radius(k) * sin(a), c.y - radius(k) * cos(a))
            }
        }
        switch self {
        case .circle: return polar(48, { _ in r }, turn: 0)
        case .square:
            let h = 0.8862269 * r
            return [Point(c.x - h, c.y - h), Point(c.x + h, c.y - h), Point(c.x + h, c.y + h), Point(c.x - h, c.y + h)]
        case .triangleUp: return polar(3, { _ in 1.3 * r }, turn: 0)
        case .triangleDown: return polar(3, { _ in 1.3 * r }, turn: Double.pi)
        case .diamond: return polar(4, { _ in 1.2533141 * r }, turn: 0)
        case .star: return polar(10, { $0 % 2 == 0 ? 1.25 * r : 1.25 * r * 0.45 }, turn: 0)
        case .plus, .cross:
            let (arm, thick) = (1.1 * r, max(0.2 * r, 0.5))
            let corners = [(thick, arm), (thick, thick), (arm, thick), (arm, -thick), (thick, -thick), (thick, -arm), (-thick, -arm),
                           (-thick, -thick), (-arm, -thick), (-arm, thick), (-thick, thick), (-thick, arm)]
            let turn = self == .cross ? Double.pi / 4 : 0
            return corners.map { x, y in
                Point(c.x + x * cos(turn) - y * sin(turn), c.y - (x * sin(turn) + y * cos(turn)))
            }
        }
    }
}
