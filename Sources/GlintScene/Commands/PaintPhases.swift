import Dispatch

/// Seconds a painter spent in each phase of one image.
public struct PaintPhases: Sendable {
    /// Converting and copying data into GPU buffers (0 on the CPU painter).
    public var upload: Double = 0
    /// Drawing, until every command has finished.
    public var draw: Double = 0
    /// Resolving and reading the image back into memory (0 on the CPU painter).
    public var readback: Double = 0
    /// Points written into GPU buffers (0 on the CPU painter): every point of every line and dots series drawn, save
    /// those of a live series that the GPU kept from the frame before.
    public var pointsUploaded = 0

    /// No time yet.
    public init() {}

    /// A clock reading for the phases.
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds since a clock reading.
    public static func since(_ start: UInt64) -> Double { Double(now() - start) / 1e9 }
}
