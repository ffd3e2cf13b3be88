import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Every number a user gives is checked at the boundary against `ChartLimit`, from the spec and from the Swift API
/// alike, and extreme values that pass render instead of trapping. Each spec here once stopped the process (the
/// render server's with it): found by the issue's hostile client and by the fuzzers.
@Suite struct InputLimitTests {
    /// Specs refused with the JSON path and the allowed range, where they used to trap in layout.
    @Test(arguments: [
        (#"{"legend": {"margins": 1e+308}}"#, "legend.margins: expected a number from 0 to 1000, found 1e+308"),
        (#"{"legend": {"margins": {"left": -1}}}"#, "legend.margins.left: expected a number from 0 to 1000, found -1.0"),
        (#"{"series": [{"y": [], "width": 1e+20}]}"#, "series[0].width: expected a number above 0, up to 1000, found 1e+20"),
        (#"{"series": [{"type": "dots", "y": [1], "radius": [0, 1e+308]}]}"#, "series[0].radius[1]: expected a number from 0 to 1000, found 1e+308"),
        (#"{"series": [{"y": [1, 2], "dash": [1e+308]}]}"#, "series[0].dash[0]: expected a number above 0, up to 10000, found 1e+308"),
        (#"{"series": [{"y": [1, 2], "strokeWidth": -3}]}"#, "series[0].strokeWidth: expected a number from 0 to 1000, found -3.0"),
        (#"{"legends": [{"kind": "colorbar", "scale": {"palette": "viridis", "range": [0, 1]}, "length": 1e+300}]}"#,
         "legends[0].length: expected a number above 0, up to 32768, found 1e+300"),
        (#"{"legend": {"width": 1e+308}}"#, "legend.width: expected a number above 0, up to 32768, found 1e+308"),
    ])
    func outOfRangeSpecNumbersNameTheirPath(spec: String, message: String) {
        #expect(specError(spec) == message)
    }

    /// The same limits hold for a chart built in Swift: `render` throws `badData` with the path, never traps.
    @Test func swiftAPIChartsMeetTheSameLimits() throws {
        var chart = Chart(series: [.line(x: [0, 1], y: [0, 1])])
        chart.legend.margins = EdgeInsets(all: 1e308)
        #expect(throws: GlintError.badData("legend.margins.left: expected a number from 0 to 1000, found 1e+308")) {
            try Shared.renderer(.cpu).render(chart)
        }
        chart = Chart(series: [.line(x: [0, 1], y: [0, 1], width: .infinity)])
        #expect(throws: GlintError.badData("series[0].width: expected a number above 0, up to 1000, found inf")) {
            try Shared.renderer(.cpu).render(chart)
        }
        chart = Chart(series: [.dots(x: [0, 1], y: [0, 1], size: [1, 2])])
        chart.legends.add(Legend(id: "s", kind: .sizes(SizesLegend(series: -1))))
        #expect(throws: GlintError.badData("legends[0].series: expected a whole number from 0 to \(Int.max), found -1")) {
            try Shared.renderer(.cpu).render(chart)
        }
        chart = Chart(series: [.line(x: [0, 1], y: [0, 1])])
        chart.scale = 1e300
        #expect(throws: GlintError.badData("scale: expected a number above 0, up to 16, found 1e+300")) {
            try Shared.renderer(.cpu).layout(chart)
        }
        chart = Chart(width: 40_000, height: 10, series: [.line(x: [0, 1], y: [0, 1])])
        #expect(throws: GlintError.badData("width: expected a whole number from 1 to 32768, found 40000")) {
            try Shared.renderer(.cpu).layout(chart)
        }
        chart = Chart(series: [.line(x: [0, 1], y: [0, 1])])
        chart.y.range = 0...1e-308
        #expect(throws: GlintError.self) { try Shared.renderer(.cpu).render(chart) }
    }

    /// Values inside the limits, however extreme, render: data narrower than any image can show is drawn as a
    /// constant, and the largest widths and sizes draw.
    @Test(arguments: [
        #"{"series": [{"y": [0, 1e-308]}]}"#,
        #"{"series": [{"y": [5e-324, 1e-310, 0]}], "x": {"range": [0, 1e-290]}}"#,
        #"{"legend": {"margins": 1000, "width": 32768, "height": 32768}, "series": [{"name": "a", "y": [1, 2], "width": 1000}]}"#,
        #"{"width": 200, "height": 100, "series": [{"type": "dots", "y": [1, 2], "size": [0, 1e308], "radius": [1000, 1000]}], "legends": [{"kind": "sizes", "series": 0}]}"#,
        #"{"width": 300, "height": 200, "series": [{"y": [1, 2, 3], "dash": [10000, 1e-300]}]}"#,
        #"{"width": 300, "height": 200, "x": {"type": "time", "range": [-86400000, 0]}, "series": [{"x": [-1000, -10], "y": [1, 2]}]}"#,
    ])
    func extremeValuesInsideTheLimitsRender(spec: String) throws {
        let image = try Shared.renderer(.cpu).render(decodeSpec(spec))
        #expect(image.width > 0 && image.height > 0)
    }

    /// A time axis's range may start before 1970 (it was refused as if it were a log axis).
    @Test func aTimeRangeBefore1970IsAccepted() throws {
        let chart = try decodeSpec(#"{"x": {"type": "time", "range": [-1000, 1000]}, "series": [{"y": [1, 2]}]}"#)
        #expect(chart.x.range == -1000...1000)
        #expect(specError(#"{"x": {"type": "log", "range": [-1, 10]}, "series": [{"y": [1, 2]}]}"#).contains("a log axis needs a range above 0"))
    }

    /// Error text quotes user text on one bounded line: no CR or LF reaches a log or a response body raw.
    @Test func errorMessagesAreOneBoundedLine() {
        let header = String(repeating: "a,\r\nb\u{1b}[31m", count: 100_000)
        let error = GlintError.badData("data.csv: no column 'z' in \(header)")
        let text = error.description
        #expect(!text.contains("\n") && !text.contains("\r") && !text.contains("\u{1b}"))
        #expect(text.count < BoundedText.maxCharacters + 40 && text.hasSuffix("more characters)"), "\(text.count)")
        #expect(text.hasPrefix(#"data.csv: no column 'z' in a,\r\nb\u{1B}[31m"#))
        #expect(GlintError.badData("short").description == "short")
    }

    /// A colour name of megabytes is refused at once, without a "did you mean" search over it.
    @Test func aHugeInvalidColourIsRefusedWithoutAHint() {
        let word = String(repeating: "x", count: 8 << 20)
        let message = specError(#"{"series": [{"y": [1], "color": "\#(word)"}]}"#)
        #expect(message.hasPrefix("series[0].color: expected a colour") && !message.contains("did you mean"))
    }
}

/// The hit test's own numbers are checked too, for the Swift API, the CLI and the C API alike.
@Suite struct HitTestLimitTests {
    @Test(arguments: [(Double.nan, 10.0, 8.0), (.infinity, 10, 8), (10, -.infinity, 8), (10, 10, -1), (10, 10, .nan), (10, 10, 1e308)])
    func aHitTestRefusesNumbersItCannotUse(x: Double, y: Double, tolerance: Double) {
        let chart = Chart(series: [.line(x: [0, 1], y: [0, 1])])
        #expect(throws: GlintError.self) { try Shared.renderer(.cpu).hitTest(chart, at: Point(x, y), tolerance: tolerance) }
    }
}

/// One table of error codes: the CLI's exit codes are the C API's statuses, and each kind has its HTTP status.
@Suite struct ErrorTableTests {
    @Test func everyKindHasOneExitCodeAndOneHTTPStatus() {
        let kinds: [(GlintError, Int32, Int)] = [
            (.usage("u"), 64, 500), (.badData("b"), 65, 400), (.noInput("n"), 66, 400), (.backendUnavailable("g"), 69, 500),
            (.sourceUnavailable("s"), 69, 502), (.addressInUse("a"), 69, 500), (.internalFailure("i"), 70, 500),
            (.cannotWrite("w"), 73, 500), (.forbidden("f"), 77, 403),
        ]
        for (error, exit, status) in kinds {
            #expect(error.exitCode == exit && error.httpStatus == status, "\(error)")
        }
    }
}

/// The library reads `GLINT_` variables only when asked (`Renderer.Options.fromEnvironment`, as the CLI, the
/// server and the C API do): options an app builds itself are never changed by its environment.
@Suite struct EnvironmentOptionsTests {
    @Test func onlyFromEnvironmentReadsTheVariables() throws {
        #expect(Renderer.Options.fromEnvironment(["GLINT_BACKEND": "gl"]).backend == .gl)
        #expect(Renderer.Options.fromEnvironment(["GLINT_BACKEND": "gl"], backend: .cpu).backend == .cpu, "an explicit choice wins")
        #expect(throws: GlintError.usage("GLINT_BACKEND=metal is not valid: expected one of auto, gl, cpu, compute")) {
            try Renderer(options: .fromEnvironment(["GLINT_BACKEND": "metal"]))
        }
        // The process's own environment: a variable set there changes fromEnvironment() only. GLINT_THREADS is the
        // one set here, since CLI tests that run meanwhile inherit it and draw the same bytes on any thread count.
        setenv("GLINT_THREADS", "3", 1)
        defer { unsetenv("GLINT_THREADS") }
        #expect(Renderer.Options().cpuThreads == System.coreCount && Renderer.Options().backend == .auto)
        #expect(Renderer.Options.fromEnvironment().cpuThreads == 3)
        #expect(try Renderer(options: Renderer.Options(backend: .cpu)).diagnostics.cpuThreads == System.coreCount)
    }
}
