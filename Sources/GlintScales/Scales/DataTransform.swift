/// Maps data coordinates to pixels: each value is first moved into its axis's scale space (`forwardX`,
/// `forwardY`: base-10 logarithms on a log axis, nothing on a linear one), then the origin is subtracted in Double,
/// so values such as epoch milliseconds keep their precision when a painter converts them to Float32. Origins,
/// scales and `apply` are in scale space; `point` takes data values.
public struct DataTransform: Equatable, Sendable {
    /// Data x subtracted before scaling.
    public var originX: Double
    /// Data y subtracted before scaling.
    public var originY: Double
    /// Pixels per data unit along x.
    public var scaleX: Double
    /// Pixels per data unit along y (negative: y grows upwards in data, downwards in pixels).
    public var scaleY: Double
    /// Pixel x of the data origin.
    public var pixelX: Double
    /// Pixel y of the data origin.
    public var pixelY: Double
    /// Data x to scale space.
    public var forwardX: ScaleFunction
    /// Data y to scale space.
    public var forwardY: ScaleFunction

    /// A transform from its parts; linear unless `forwardX` or `forwardY` says otherwise.
    public init(originX: Double, originY: Double, scaleX: Double, scaleY: Double, pixelX: Double, pixelY: Double,
                forwardX: ScaleFunction = .identity, forwardY: ScaleFunction = .identity) {
        self.originX = originX
        self.originY = originY
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.pixelX = pixelX
        self.pixelY = pixelY
        self.forwardX = forwardX
        self.forwardY = forwardY
    }

    /// The identity: data coordinates are pixels.
    public static let identity = DataTransform(originX: 0, originY: 0, scaleX: 1, scaleY: 1, pixelX: 0, pixelY: 0)

    /// The pixel position of a point in scale space (a tick, a domain bound, a value already moved by `forward`).
    public func apply(_ x: Double, _ y: Double) -> Point {
        Point(pixelX + SafeSpan.scaled(x, from: originX, by: scaleX), pixelY + SafeSpan.scaled(y, from: originY, by: scaleY))
    }

    /// A data point in scale space: nil for a gap (a value that is not finite there).
    @inline(__always)
    public func forward(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        let u = forwardX(x), w = forwardY(y)
        return u.isFinite && w.isFinite ? (u, w) : nil
    }

    /// The pixel position of a data point; nil for a gap.
    @inline(__always)
    public func point(_ x: Double, _ y: Double) -> Point? {
        forward(x, y).map { apply($0.x, $0.y) }
    }

    /// The scale-space point at pixel `p`.
    public func inverse(_ p: Point) -> (x: Double, y: Double) {
        (originX + (p.x - pixelX) / scaleX, originY + (p.y - pixelY) / scaleY)
    }

    /// Whether both axes are linear: data values are scale-space values.
    public var isLinear: Bool { forwardX.isIdentity && forwardY.isIdentity }

    /// The same mapping for points already in scale space.
    public var scaleSpace: DataTransform {
        var t = self
        (t.forwardX, t.forwardY) = (.identity, .identity)
        return t
    }
}
