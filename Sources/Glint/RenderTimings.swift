import Dispatch

/// Where one render spent its time, in seconds.
public struct RenderTimings: Sendable {
    /// Validation, ranges, ticks, text measurement and scene building.
    public let layout: Double
    /// Upload, drawing and readback by the painter.
    public let paint: Double

    static func seconds(_ from: DispatchTime, _ to: DispatchTime) -> Double {
        Double(to.uptimeNanoseconds - from.uptimeNanoseconds) / 1e9
    }
}
