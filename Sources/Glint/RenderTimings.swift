import GlintCore

/// Where one render spent its time, in seconds.
public struct RenderTimings: Sendable {
    /// Validation, ranges, ticks, text measurement, decimation: building the scene.
    public let prepare: Double
    /// The painter's phases: upload, draw, readback.
    public let paint: PaintPhases

    /// The whole render, PNG encoding excluded.
    public var total: Double { prepare + paint.upload + paint.draw + paint.readback }
}
