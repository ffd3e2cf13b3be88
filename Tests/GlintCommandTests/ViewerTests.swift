import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// The SDL2 viewer run for real under Xvfb, driven through SDL's event queue by a script: what its window shows
/// (read back from SDL or GL) after panning, a legend click and a hover, painted on the CPU or with the window's own
/// OpenGL 3.3 core context.
@Suite struct ViewerTests {
    static let xvfb = ["/usr/bin/xvfb-run"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var viewer: URL? { GlintCommand.binary?.deletingLastPathComponent().appendingPathComponent("viewer") }
    static let spec = repositoryRoot.appendingPathComponent("Examples/legend-outside.json")

    /// Runs the viewer on the example under Xvfb with `steps` (each `shot` names only a file; it is written in a
    /// scratch folder) and returns its standard error and the shots in order.
    static func run(_ steps: [String], options: [String] = [], spec: URL = ViewerTests.spec, input: Data? = nil) throws -> (log: String, shots: [Image]) {
        let viewer = try #require(ViewerTests.viewer)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-viewer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = steps.map { $0.hasPrefix("shot ") ? "shot \(dir.path)/\($0.dropFirst(5))" : $0 }.joined(separator: "\n")
        try script.write(to: dir.appendingPathComponent("script.txt"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ViewerTests.xvfb))
        process.arguments = ["-a", viewer.path, spec.path] + options + ["--script", dir.appendingPathComponent("script.txt").path]
        let err = Pipe(), stdin = Pipe()
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(log)")
        let shots = try steps.filter { $0.hasPrefix("shot ") }.map {
            try Image(pngData: [UInt8](try Data(contentsOf: dir.appendingPathComponent(String($0.dropFirst(5))))))
        }
        return (log, shots)
    }

    /// Whether a window shot shows `expected`: ≥ 99.9 % of pixels within 8/255.
    static func matches(_ shot: Image, _ expected: Image) -> Bool {
        guard shot.width == expected.width, shot.height == expected.height else { return false }
        let close = stride(from: 0, to: shot.pixels.count, by: 4).filter { i in
            (0..<3).allSatisfy { abs(Int(shot.pixels[i + $0]) - Int(expected.pixels[i + $0])) <= 8 }
        }.count
        return Double(close) / Double(shot.width * shot.height) >= 0.999
    }

    @Test(.enabled(if: xvfb != nil, "xvfb-run is not installed (Debian: apt-get install xvfb xauth)"))
    func panLegendClickAndHoverShowInTheWindow() throws {
        let chart = try ChartSpec.decode(file: ViewerTests.spec.path)
        let renderer = try Shared.renderer(.cpu)
        let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get())
        let kitchen = try #require(legend.entries.first { $0.seriesIndex == 0 }?.checkbox).center
        // A point of the Attic line, found after the pan (computed the same way the viewer pans).
        let retained = try RetainedChart(chart, renderer: renderer)
        let unpanned = try retained.render()
        retained.pan(by: 100 / (try renderer.layout(retained.chart)).plot.width)
        let panned = try renderer.layout(retained.chart)
        let attic = panned.transform.apply(14, 28.4)
        let shots = try ViewerTests.run(["shot 0.png", "drag 400 200 300 200", "shot 1.png", "click \(Int(kitchen.x)) \(Int(kitchen.y))",
                                         "shot 2.png", "move \(Int(attic.x)) \(Int(attic.y))", "shot 3.png", "wheel 300 200 2",
                                         "shot 4.png"]).shots
        // The window shows the headless render: at first, and of the panned view after the drag.
        #expect(ViewerTests.matches(shots[0], unpanned))
        #expect(ViewerTests.matches(shots[1], try retained.render()), "the drag panned the data 100 px left")
        #expect(!ViewerTests.matches(shots[1], shots[0]))
        // The legend click hid the kitchen: its blue is gone from the plot.
        let blue = RGB(Theme.light.paletteColor(0)), plot = panned.plot
        func blueCount(_ image: Image) -> Int {
            (Int(plot.x)..<Int(plot.maxX)).flatMap { x in (Int(plot.y)..<Int(plot.maxY)).map { RGB(image, x, $0) } }.filter { $0.near(blue, 10) }.count
        }
        #expect(blueCount(shots[1]) > 200 && blueCount(shots[2]) == 0)
        retained.setVisible(false, series: 0)
        #expect(ViewerTests.matches(shots[2], try retained.render()))
        // Hovering the Attic's peak shows its values in a box drawn by Glint.
        retained.setTooltip("Attic: x 14, y 28.4")
        #expect(ViewerTests.matches(shots[3], try retained.render()))
        #expect(!ViewerTests.matches(shots[3], shots[2]))
        // Two wheel notches zoom 1.25² around the data x under the cursor.
        let t = try renderer.layout(retained.chart).transform
        retained.zoom(by: 1.25 * 1.25, around: t.originX + (300 - t.pixelX) / t.scaleX)
        #expect(ViewerTests.matches(shots[4], try retained.render()))
    }

    /// `--gl`: the viewer draws with its own OpenGL 3.3 core context (SDL2 under Xvfb: a desktop GL core context on
    /// llvmpipe) through `HostGLRenderer`; the window shows the headless render, before and after a pan.
    @Test(.enabled(if: xvfb != nil, "xvfb-run is not installed (Debian: apt-get install xvfb xauth)"))
    func drawsWithTheWindowsOwnGLContext() throws {
        let (log, shots) = try ViewerTests.run(["shot 0.png", "drag 400 200 300 200", "shot 1.png", "resize 500 300", "shot 2.png"],
                                               options: ["--gl"])
        #expect(log.contains("Core Profile"), "a desktop GL core context: \(log)")
        let renderer = try Shared.renderer(.cpu)
        let retained = try RetainedChart(try ChartSpec.decode(file: ViewerTests.spec.path), renderer: renderer)
        #expect(ViewerTests.matches(shots[0], try retained.render()))
        retained.pan(by: 100 / (try renderer.layout(retained.chart)).plot.width)
        #expect(ViewerTests.matches(shots[1], try retained.render()))
        // A resized window re-lays the chart out at its new size.
        retained.resize(width: 500, height: 300)
        let resized = try retained.render()
        #expect(shots[2].width == 500 && shots[2].height == 300 && ViewerTests.matches(shots[2], resized))
    }

    /// Resizing the CPU-painted window re-lays the chart out (and replaces the texture of the old size).
    @Test(.enabled(if: xvfb != nil, "xvfb-run is not installed (Debian: apt-get install xvfb xauth)"))
    func resizingReLaysTheChartOut() throws {
        let shots = try ViewerTests.run(["resize 500 300", "shot 0.png", "resize 900 420", "shot 1.png"]).shots
        let retained = try RetainedChart(try ChartSpec.decode(file: ViewerTests.spec.path), renderer: try Shared.renderer(.cpu))
        for (shot, size) in zip(shots, [(500, 300), (900, 420)]) {
            retained.resize(width: size.0, height: size.1)
            let expected = try retained.render()
            #expect(shot.width == size.0 && shot.height == size.1 && ViewerTests.matches(shot, expected))
        }
    }

    /// `viewer --stream --follow 500`: rows piped into standard input (a header, a bad row, 3,000 points of a square
    /// wave with steps) are appended as they come; once the input ends the window shows what the same points
    /// appended to a retained chart that follows 500 draw, and the bad row is named on standard error. With `--gl`
    /// the frames are drawn with the window's GL context (`RetainedChart.draw(with:)`; the line is aliased, which
    /// the GL painter uploads each frame: LiveGLTests and HostContextTests cover the lines it keeps).
    @Test(.enabled(if: xvfb != nil, "xvfb-run is not installed (Debian: apt-get install xvfb xauth)"), arguments: [false, true])
    func rowsFromStandardInputAreDrawnLive(gl: Bool) throws {
        let spec = ViewerTests.spec.deletingLastPathComponent().appendingPathComponent("stream.json")
        let x = (0..<3000).map(Double.init)
        let y = (0..<3000).map { (i: Int) -> Double in ((i / 50) % 2 == 0 ? 10.0 : -10.0) + Double(i % 5) }
        var rows = "sample,value\n" + zip(x, y).map { "\(Int($0)),\($1)" }.joined(separator: "\n") + "\n"
        rows = rows.replacingOccurrences(of: "\n1500,", with: "\n1500,oops\n1500,")
        let (log, shots) = try ViewerTests.run(["wait", "shot 0.png"], options: ["--stream", "--follow", "500"] + (gl ? ["--gl"] : []), spec: spec,
                                               input: Data(rows.utf8))
        #expect(log.contains("viewer: stdin line 1502: expected x and 1 numbers separated by commas, found \"1500,oops"), "\(log)")
        let retained = try RetainedChart(try ChartSpec.decode(file: spec.path), renderer: Shared.renderer(.cpu))
        try retained.follow(x: 500)
        try retained.append(series: 0, x: x, y: y)
        #expect(retained.chart.x.range == 2499...2999)
        #expect(ViewerTests.matches(shots[0], try retained.render()))
    }
}
