import Foundation
import Glint
import Testing

/// Golden-image comparison. The CPU painter must match exactly. The GL painter may differ by driver:
/// each channel within 4/255, and at most 0.25 % of the pixels beyond that. On failure the actual image
/// and a diff image are written next to the golden; `GLINT_RECORD_GOLDENS=1` re-records instead of comparing.
public enum Golden {
    public static let directory = testsFolder.appendingPathComponent("Goldens")

    /// Compares `image` with `Tests/Goldens/<backend>/<name>.png`; a missing golden fails.
    public static func check(_ image: Image, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = directory.appendingPathComponent(image.backend?.rawValue ?? "png")
        let golden = folder.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["GLINT_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try image.writePNG(to: golden.path)
            return
        }
        guard let data = FileManager.default.contents(atPath: golden.path) else {
            let message = "missing golden \(golden.path); look at the render, then record with GLINT_RECORD_GOLDENS=1"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            try image.writePNG(to: folder.appendingPathComponent(name + ".actual.png").path)
            return
        }
        let expected = try Image(pngData: [UInt8](data))
        guard expected.width == image.width, expected.height == image.height else {
            let message = "\(name): size \(image.width)x\(image.height), golden \(expected.width)x\(expected.height)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        let exact = image.backend == .cpu
        let channelTolerance = exact ? 0 : 4
        let maxDifferingShare = exact ? 0 : 0.0025
        var differing = 0
        var diff = [UInt8](repeating: 255, count: image.pixels.count)
        for p in stride(from: 0, to: image.pixels.count, by: 4) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(image.pixels[p + c]) - Int(expected.pixels[p + c]))) }
            if worst > channelTolerance {
                differing += 1
                (diff[p], diff[p + 1], diff[p + 2]) = (255, 0, 0)
            } else if worst > 0 {
                (diff[p], diff[p + 1], diff[p + 2]) = (255, 200, 0)
            }
        }
        let share = Double(differing) / Double(image.width * image.height)
        if share > maxDifferingShare {
            try image.writePNG(to: folder.appendingPathComponent(name + ".actual.png").path)
            try Image(width: image.width, height: image.height, pixels: diff, backend: nil)
                .writePNG(to: folder.appendingPathComponent(name + ".diff.png").path)
            let message = "\(name): \(differing) pixels (\(share * 100)%) differ by more than \(channelTolerance)/255; "
                + "see \(name).actual.png and \(name).diff.png"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}
