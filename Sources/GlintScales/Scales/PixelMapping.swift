/// Data to pixel positions in exactly the arithmetic both painters use: the value's offset from the Double
/// origin is scaled to pixels *in Double* (clamped to ±1e30 px, far outside any image) and only then converted
/// to Float32; the Float32 pixel position of the origin is added last. Every finite Double thus lands on its
/// pixel: neither a huge offset (1e308) nor a tiny scale (1e-300 px per unit) is ever held in Float32, and
/// epoch-millisecond x values keep sub-pixel precision. Decimation assigns pixel columns with it, so its
/// columns are the painters' columns. Values are moved into their axis's scale space first (`ScaleFunction`).
public struct PixelMapping: Sendable, Equatable {
    /// Scaled offsets are clamped to this many pixels.
    public static let limit: Double = 1e30

    /// Data values subtracted, in Double, before scaling.
    public let originX: Double, originY: Double
    /// Pixels per data unit, in Double.
    public let scaleX: Double, scaleY: Double
    /// Pixel position of the origin, as the painters hold it.
    public let offsetX: Float, offsetY: Float
    /// Data values to scale space, per axis.
    public let forwardX: ScaleFunction, forwardY: ScaleFunction

    /// The mapping of a transform.
    public init(_ t: DataTransform) {
        (originX, originY) = (t.originX, t.originY)
        (scaleX, scaleY) = (t.scaleX, t.scaleY)
        (offsetX, offsetY) = (Float(t.pixelX), Float(t.pixelY))
        (forwardX, forwardY) = (t.forwardX, t.forwardY)
    }

    /// The mapping of linear axes given by its numbers: what a partial aggregate computed elsewhere (a worker of a
    /// distributed frame, through the C API) is handed.
    public init(originX: Double, scaleX: Double, offsetX: Float, originY: Double, scaleY: Double, offsetY: Float) {
        (self.originX, self.originY, self.scaleX, self.scaleY) = (originX, originY, scaleX, scaleY)
        (self.offsetX, self.offsetY) = (offsetX, offsetY)
        (forwardX, forwardY) = (.identity, .identity)
    }

    /// `(v - origin) × scale` in pixels, clamped, as Float32: what the GL painter uploads.
    @inlinable @inline(__always)
    public static func scaled(_ v: Double, _ origin: Double, _ scale: Double) -> Float {
        let pixels = SafeSpan.scaled(v, from: origin, by: scale)
        // NaN (an infinite offset times a zero scale) cannot come from finite input; clamp it like the rest.
        return Float(pixels.isNaN ? 0 : min(max(pixels, -limit), limit))
    }

    /// The Float32 pixel offset of a data x from the origin's pixel (input with a finite position on the scale).
    @inlinable @inline(__always)
    public func relativeX(_ v: Double) -> Float { PixelMapping.scaled(forwardX(v), originX, scaleX) }

    /// The Float32 pixel offset of a data y from the origin's pixel (input with a finite position on the scale).
    @inlinable @inline(__always)
    public func relativeY(_ v: Double) -> Float { PixelMapping.scaled(forwardY(v), originY, scaleY) }

    /// The Float32 pixel offsets of (x, y) from the origin's pixel, nil for a gap (no finite position on the scales).
    @inlinable @inline(__always)
    public func relative(_ x: Double, _ y: Double) -> (x: Float, y: Float)? {
        let u = forwardX(x), w = forwardY(y)
        guard u.isFinite, w.isFinite else { return nil }
        return (PixelMapping.scaled(u, originX, scaleX), PixelMapping.scaled(w, originY, scaleY))
    }

    /// Pixel x of a data x (finite input).
    @inlinable @inline(__always)
    public func x(_ v: Double) -> Float { relativeX(v) + offsetX }

    /// Pixel y of a data y (finite input).
    @inlinable @inline(__always)
    public func y(_ v: Double) -> Float { relativeY(v) + offsetY }

    /// The pixel position of (x, y), nil for a gap (NaN, ±Inf, or no position on a scale: ≤ 0 on a log axis).
    @inlinable @inline(__always)
    public func point(_ x: Double, _ y: Double) -> (x: Float, y: Float)? {
        relative(x, y).map { ($0.x + offsetX, $0.y + offsetY) }
    }

    /// Whether both axes are linear (their scale functions the identity): a point's pixel is then plain arithmetic
    /// on its values, which the CPU painter runs vectorised (`raster_map_points` in CRaster, the same steps).
    public var isLinear: Bool { forwardX == .identity && forwardY == .identity }

    /// The pixel positions of the points (`x[i]`, `y[i]`) into `xs[i]`, `ys[i]`, `gap` for a gap: what `point`
    /// gives each (as many as all four hold).
    public func points(_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>,
                       into xs: UnsafeMutableBufferPointer<Float>, _ ys: UnsafeMutableBufferPointer<Float>, gap: Float) {
        for i in 0..<min(x.count, y.count, xs.count, ys.count) {
            let p = point(x[i], y[i])
            (xs[i], ys[i]) = (p?.x ?? gap, p?.y ?? gap)
        }
    }
}
