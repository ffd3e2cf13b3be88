import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import GlintSpec
import Testing

/// Series viewed in place in binary files (`data.binary`) and in lent memory draw what the same values in arrays
/// draw, on both painters; a file that does not hold what the spec says is refused with the key's path.
@Suite struct BinaryDataTests {
    /// 2000 points of a wave, values exact in Float32 (multiples of 1/64).
    static let x = (0..<2000).map { Double($0) / 4 }, y = (0..<2000).map { (64 * sin(Double($0) / 90)).rounded() / 64 }

    /// A scratch folder holding `walk.f64` (x, y interleaved float64) and `walk.f32` (y only, float32).
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-binary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let interleaved = zip(x, y).flatMap { [$0, $1] }
        try interleaved.withUnsafeBytes { Data($0) }.write(to: dir.appendingPathComponent("walk.f64"))
        try y.map { Float($0) }.withUnsafeBytes { Data($0) }.write(to: dir.appendingPathComponent("walk.f32"))
        return dir
    }

    static func chart(_ series: Series) -> Chart {
        Chart(width: 480, height: 300, series: [series], legend: Legend(visible: false))
    }

    @Test(arguments: painters)
    func binaryFilesDrawWhatArraysDraw(painter: Backend) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let renderer = try Shared.renderer(painter)
        let expected = try renderer.render(Self.chart(.line(x: Column(Self.x), y: Column(Self.y))))
        let interleaved = try ChartSpec.decode(Array(#"""
            {"width": 480, "height": 300, "legend": {"visible": false}, "series": [{"data": {"binary": "walk.f64",
             "x": {"offset": 0, "stride": 16}, "y": {"offset": 8, "stride": 16}}}]}
            """#.utf8), relativeTo: dir.path)
        #expect(interleaved.series[0].x.storageKind == "buffer" && interleaved.series[0].x.count == 2000)
        #expect(try renderer.render(interleaved).pixels == expected.pixels, "\(painter): float64 interleaved")
        var single = try ChartSpec.decode(Array(#"""
            {"width": 480, "height": 300, "legend": {"visible": false}, "series": [{"data": {"binary": "walk.f32", "type": "float32", "y": {}}}]}
            """#.utf8), relativeTo: dir.path)
        #expect(single.series[0].y.count == 2000)
        single.series[0].x = Column(Self.x)
        #expect(try renderer.render(single).pixels == expected.pixels, "\(painter): float32, x given in Swift")
        // A ring of live values and a Float32 array draw the same too.
        var ring = RingColumn(capacity: 2000)
        ring.append(contentsOf: [Double](repeating: 99, count: 500) + Self.y)
        let live = Self.chart(.line(x: Column(Self.x), y: Column(ring)))
        #expect(try renderer.render(live).pixels == expected.pixels, "\(painter): ring, oldest 500 dropped")
        let floats = Self.chart(.line(x: Column(Self.x.map { Float($0) }), y: Column(Self.y.map { Float($0) })))
        #expect(try renderer.render(floats).pixels == expected.pixels, "\(painter): Float32 arrays")
    }

    @Test func aFileThatDoesNotHoldTheColumnsIsRefusedWithItsPath() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func error(_ data: String) -> String {
            do {
                _ = try ChartSpec.decode(Array(#"{"series": [{"data": {\#(data)}}]}"#.utf8), relativeTo: dir.path)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(error(#""binary": "none.bin", "y": {}"#).hasPrefix("series[0].data.binary: none.bin: binary file not found"))
        #expect(error(#""binary": "walk.f64", "y": {"stride": 4}"#).hasPrefix("series[0].data.y: a stride of 4 bytes is smaller"))
        #expect(error(#""binary": "walk.f64", "count": 5000, "y": {}"#).hasPrefix("series[0].data.y: 5000 float64 values 8 bytes apart"))
        #expect(error(#""binary": "walk.f64", "y": {"offset": -8}"#).hasPrefix("series[0].data.y.offset:"))
        #expect(error(#""binary": "walk.f64", "y": {"offset": 1e300}"#).hasPrefix("series[0].data.y.offset:"))
        #expect(error(#""binary": "walk.f64", "count": 2.5, "y": {}"#).hasPrefix("series[0].data.count: expected a whole number"))
        #expect(error(#""binary": "walk.f64", "x": {}"#).hasPrefix("series[0].data.y: missing"))
        #expect(error(#""binary": "walk.f64", "type": "int8", "y": {}"#).hasPrefix("series[0].data.type:"))
        #expect(error(#""binary": "walk.f64", "y": "b""#).hasPrefix("series[0].data.y:"))
        #expect(error(#""binary": "walk.f64", "csv": "a.csv", "y": {}"#).contains("either csv or binary"))
        #expect(error(#""binary": "walk.f64", "labels": "l", "y": {}"#).hasPrefix("series[0].data.labels:"))
        // Every value of a column beyond the file's end, but none asked for: an empty series, drawn as an empty view.
        #expect(error(#""binary": "walk.f64", "y": {"offset": 40000}"#) == "")
        // A render server's policy applies as to CSV files.
        #expect(throws: GlintError.self) {
            _ = try ChartSpec.decode(Array(#"{"series": [{"data": {"binary": "/etc/passwd", "y": {}}}]}"#.utf8), files: .confined(to: dir.path))
        }
    }
}
