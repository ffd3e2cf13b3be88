import GlintCore

/// The whole pixels whose centres fall inside a box, limited to a clip rectangle and a band.
struct PixelWindow {
    let x0: Int, x1: Int, y0: Int, y1: Int

    /// Pixels with centres in [minX, maxX] × [minY, maxY], inside `limit` and the band's rows; nil when none.
    init?(minX: Float, maxX: Float, minY: Float, maxY: Float, limit: PixelRect, band: Band) {
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        let left = max(Int((minX - 0.5).rounded(.up)), limit.x)
        let right = min(Int((maxX - 0.5).rounded(.down)) + 1, limit.x + limit.width)
        let top = max(Int((minY - 0.5).rounded(.up)), limit.y, band.top)
        let bottom = min(Int((maxY - 0.5).rounded(.down)) + 1, limit.y + limit.height, band.bottom)
        guard left < right, top < bottom else { return nil }
        (x0, x1, y0, y1) = (left, right, top, bottom)
    }
}

/// Converts data to pixel positions exactly as the shaders do: Float32 relative to the Double origin
/// (clamped like the upload), times a Float32 scale, plus a Float32 offset. Non-finite input is a gap.
struct ShaderTransform {
    let originX: Double, originY: Double
    let scaleX: Float, scaleY: Float, offsetX: Float, offsetY: Float
    static let limit: Double = 1e30

    init(_ t: DataTransform) {
        (originX, originY) = (t.originX, t.originY)
        (scaleX, scaleY) = (Float(t.scaleX), Float(t.scaleY))
        (offsetX, offsetY) = (Float(t.pixelX), Float(t.pixelY))
    }

    /// The pixel position of (x, y), nil for a gap.
    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (x: Float, y: Float)? {
        guard x.isFinite, y.isFinite else { return nil }
        let rx = Float(min(max(x - originX, -ShaderTransform.limit), ShaderTransform.limit))
        let ry = Float(min(max(y - originY, -ShaderTransform.limit), ShaderTransform.limit))
        return (rx * scaleX + offsetX, ry * scaleY + offsetY)
    }
}
