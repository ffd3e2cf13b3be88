import Foundation
import Glint

/// How close two images of the same chart are, pixel by pixel: the share within 8/255 on every channel, the mean
/// absolute difference, the worst channel difference.
public struct ParityFigures: CustomStringConvertible {
    public let withinShare: Double
    public let meanDifference: Double
    public let worst: Int

    public init(_ a: Image, _ b: Image) {
        var within = 0, total = 0, worst = 0
        for p in stride(from: 0, to: a.pixels.count, by: 4) {
            var pixelWorst = 0
            for c in 0..<4 {
                let d = abs(Int(a.pixels[p + c]) - Int(b.pixels[p + c]))
                total += d
                pixelWorst = max(pixelWorst, d)
            }
            if pixelWorst <= 8 { within += 1 }
            worst = max(worst, pixelWorst)
        }
        withinShare = Double(within) / Double(a.pixels.count / 4)
        meanDifference = Double(total) / Double(a.pixels.count)
        self.worst = worst
    }

    /// The parity bound: at least 99.5 % of pixels within 8/255 on every channel and a mean absolute difference
    /// of at most 0.5/255.
    public var holdsParity: Bool { withinShare >= 0.995 && meanDifference <= 0.5 }

    public var description: String {
        String(format: "%.4f%% of pixels within 8/255, mean |difference| %.4f/255, worst %d/255",
               withinShare * 100, meanDifference, worst)
    }
}
