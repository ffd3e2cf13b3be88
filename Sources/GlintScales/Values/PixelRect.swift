/// A rectangle of whole device pixels.
public struct PixelRect: Equatable, Sendable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A rectangle of whole pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The pixels in both `a` and `b` (an empty rectangle when they do not meet).
    public static func intersection(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The whole pixels covered by a pixel-aligned `Rect`.
    public init(_ rect: Rect) {
        let r = rect.pixelAligned
        self.init(x: Int(saturating: r.x), y: Int(saturating: r.y), width: Int(saturating: r.width), height: Int(saturating: r.height))
    }
}
