import Glint

/// The region a vector document keeps geometry within: the page grown by a margin wider than any stroke reaches.
/// Beyond it nothing can show, and cairo's 24.8 fixed-point coordinates would overflow on the ±1e30-pixel positions
/// a zoomed view maps far-off data to; so segments, outlines and rectangles are cut to it exactly (what lies inside
/// is unchanged) before cairo sees them, as the raster painters' guard band does.
struct GuardBox {
    let minX: Double, minY: Double, maxX: Double, maxY: Double

    /// Pixels the box reaches past the page each way: more than any stroke, radius or border `ChartLimit` allows, and
    /// far inside cairo's ±8 million.
    static let margin = 100_000.0

    /// The page `width × height` grown by `GuardBox.margin` each way.
    init(width: Int, height: Int) {
        (minX, minY, maxX, maxY) = GuardBand.box(width: width, height: height, margin: GuardBox.margin)
    }

    /// Whether `p` lies inside.
    func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    /// Whether a disc of radius `r` at `p` reaches inside.
    func reaches(_ p: Point, radius r: Double) -> Bool {
        p.x + r >= minX && p.x - r <= maxX && p.y + r >= minY && p.y - r <= maxY
    }

    /// The part of the segment `a`–`b` inside (`GuardBand.cutSegment`, Liang–Barsky); nil when none of it is.
    func clip(_ a: Point, _ b: Point) -> (start: Point, end: Point)? {
        GuardBand.cutSegment(a, b, (minX, minY, maxX, maxY)).map { (start: $0.0, end: $0.1) }
    }

    /// `outline` cut to the box (`GuardBand.cutOutline`, Sutherland–Hodgman): the same filled area inside, nothing outside.
    func clip(_ outline: [Point]) -> [Point] {
        GuardBand.cutOutline(outline, (minX, minY, maxX, maxY))
    }

    /// `rect` cut to the box; nil when it lies wholly outside.
    func clip(_ rect: Rect) -> Rect? {
        let x0 = max(rect.x, minX), y0 = max(rect.y, minY)
        let x1 = min(rect.x + rect.width, maxX), y1 = min(rect.y + rect.height, maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
