/// A point in pixel space: x to the right, y down, origin at the image's top-left corner.
public struct Point: Equatable, Sendable {
    /// Horizontal position in pixels.
    public var x: Double
    /// Vertical position in pixels, growing downwards.
    public var y: Double

    /// A point at (x, y) pixels.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in pixel space.
public struct Rect: Equatable, Sendable {
    /// Left edge in pixels.
    public var x: Double
    /// Top edge in pixels.
    public var y: Double
    /// Width in pixels.
    public var width: Double
    /// Height in pixels.
    public var height: Double

    /// A rectangle from its top-left corner and size, in pixels.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge in pixels.
    public var maxX: Double { x + width }
    /// Bottom edge in pixels.
    public var maxY: Double { y + height }
    /// The centre point.
    public var center: Point { Point(x + width / 2, y + height / 2) }

    /// The rectangle shrunk by `d` pixels on every side.
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }

    /// The rectangle with every edge rounded to whole pixels.
    public var pixelAligned: Rect {
        let x0 = x.rounded(), y0 = y.rounded()
        return Rect(x: x0, y: y0, width: maxX.rounded() - x0, height: maxY.rounded() - y0)
    }

    /// Whether the point lies inside (edges included).
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x <= maxX && p.y >= y && p.y <= maxY
    }

    /// Whether `r` lies wholly inside (edges included).
    public func contains(_ r: Rect) -> Bool {
        r.x >= x && r.maxX <= maxX && r.y >= y && r.maxY <= maxY
    }

    /// The smallest rectangle holding both.
    public func union(_ r: Rect) -> Rect {
        let x0 = min(x, r.x), y0 = min(y, r.y)
        return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
    }

    /// The part both cover; nil where they do not meet (a shared edge is a rectangle of no width).
    public func intersection(_ r: Rect) -> Rect? {
        let x0 = max(x, r.x), x1 = min(maxX, r.maxX), y0 = max(y, r.y), y1 = min(maxY, r.maxY)
        guard x1 >= x0, y1 >= y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two share some area (touching edges do not count).
    public func intersects(_ r: Rect) -> Bool {
        x < r.maxX && r.x < maxX && y < r.maxY && r.y < maxY
    }
}

/// Space to leave on each side of something, in pixels.
public struct EdgeInsets: Equatable, Sendable {
    /// Space on the left, in pixels.
    public var left: Double
    /// Space on the top, in pixels.
    public var top: Double
    /// Space on the right, in pixels.
    public var right: Double
    /// Space on the bottom, in pixels.
    public var bottom: Double

    /// Insets per side, in pixels.
    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// The same inset on all four sides.
    public init(all value: Double) {
        self.init(left: value, top: value, right: value, bottom: value)
    }

    /// Every side multiplied by `factor` (HiDPI scale).
    public func scaled(by factor: Double) -> EdgeInsets {
        EdgeInsets(left: left * factor, top: top * factor, right: right * factor, bottom: bottom * factor)
    }
}

extension EdgeInsets {
    /// How far inside `frame` each edge of `inner` lies.
    package init(around inner: Rect, in frame: Rect) {
        self.init(left: inner.x - frame.x, top: inner.y - frame.y, right: frame.maxX - inner.maxX, bottom: frame.maxY - inner.maxY)
    }

    /// Whether no side is more than a pixel (rounding to whole pixels) wider than `other`'s.
    package func fits(within other: EdgeInsets) -> Bool {
        left <= other.left + 1 && top <= other.top + 1 && right <= other.right + 1 && bottom <= other.bottom + 1
    }
}

/// Angles the spec and the Swift API give in degrees (a pie's start, a polar chart's).
package enum Degrees {
    /// `degrees` as radians, less whole turns; 0 for a value that is not finite.
    package static func radians(_ degrees: Double) -> Double {
        degrees.isFinite ? degrees.truncatingRemainder(dividingBy: 360) * .pi / 180 : 0
    }
}
