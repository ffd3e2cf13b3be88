/// Data to pixel positions in exactly the Float32 arithmetic both painters use: the value relative to
/// the Double origin (clamped to ±1e30) converted to Float32, times a Float32 scale, plus a Float32 offset.
/// Decimation assigns pixel columns with it, so its columns are the painters' columns.
public struct PixelMapping: Sendable {
    /// Relative values are clamped to this, far outside any image.
    public static let limit: Double = 1e30

    /// Data values subtracted, in Double, before the Float32 conversion.
    public let originX: Double, originY: Double
    /// Pixels per data unit, as the painters hold them.
    public let scaleX: Float, scaleY: Float
    /// Pixel position of the origin, as the painters hold it.
    public let offsetX: Float, offsetY: Float

    /// The mapping of a transform.
    public init(_ t: DataTransform) {
        (originX, originY) = (t.originX, t.originY)
        (scaleX, scaleY) = (Float(t.scaleX), Float(t.scaleY))
        (offsetX, offsetY) = (Float(t.pixelX), Float(t.pixelY))
    }

    /// A value relative to an origin, as uploaded: Float32, clamped.
    @inline(__always)
    public static func relative(_ v: Double, _ origin: Double) -> Float {
        Float(min(max(v - origin, -limit), limit))
    }

    /// Pixel x of a data x (finite input).
    @inline(__always)
    public func x(_ v: Double) -> Float { PixelMapping.relative(v, originX) * scaleX + offsetX }

    /// Pixel y of a data y (finite input).
    @inline(__always)
    public func y(_ v: Double) -> Float { PixelMapping.relative(v, originY) * scaleY + offsetY }

    /// The pixel position of (x, y), nil for a gap (NaN or ±Inf).
    @inline(__always)
    public func point(_ x: Double, _ y: Double) -> (x: Float, y: Float)? {
        guard x.isFinite, y.isFinite else { return nil }
        return (self.x(x), self.y(y))
    }
}
