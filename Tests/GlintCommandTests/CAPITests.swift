import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// The C API (include/glint.h, libGlintC.so): a C program compiled with `cc` against the header and the built
/// library, and the Python ctypes example (Examples/python/render.py), run for real.
@Suite struct CAPITests {
    /// The folder holding libGlintC.so, built with the tests.
    static var libraryFolder: URL? {
        GlintCommand.binary?.deletingLastPathComponent()
    }

    static let repository = repositoryRoot

    func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        // Into files, not a pipe another test's server could inherit (`GlintCommand.capturingOutput`).
        let (out, err) = try GlintCommand.capturingOutput(of: process)
        return (process.terminationStatus, String(decoding: out + err, as: UTF8.self))
    }

    @Test func aCProgramRendersThroughTheHeader() throws {
        let folder = try #require(CAPITests.libraryFolder)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("libGlintC.so").path))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glint-c-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let program = scratch.appendingPathComponent("render").path
        let repo = CAPITests.repository.path
        let compiled = try run("cc", ["\(repo)/Examples/c/render.c", "-I\(repo)/include", "-L\(folder.path)", "-lGlintC", "-o", program])
        #expect(compiled.status == 0, "\(compiled.output)")
        let png = scratch.appendingPathComponent("out.png").path
        let ran = try run(program, [png], environment: ["LD_LIBRARY_PATH": folder.path])
        #expect(ran.status == 0, "\(ran.output)")
        #expect(ran.output.contains("pixels 400x240, top-left 255,255,255,255"))
        #expect(ran.output.contains("bad spec: 65 series[0].y: expected an array of numbers, found a string"))
        #expect(ran.output.contains("null renderer: 1"))
        #expect(ran.output.contains("starts %PDF-"), "glint_render_format writes a PDF: \(ran.output)")
        #expect(ran.output.contains("format tiff: 1 glint_render_format: 'tiff' is not a format Glint writes; formats: png, svg, pdf"))
        #expect(ran.output.contains("title placed: yes"), "glint_layout's JSON names the title: \(ran.output)")
        #expect(ran.output.contains("figure hit kind 1 panel 1 series 0"), "glint_hit names the panel: \(ran.output)")
        let image = try Image(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(image.width == 400 && image.height == 240)
        // The same spec rendered in-process gives the same pixels.
        var chart = try decodeSpec(#"{"width": 400, "height": 240, "title": "From C", "series": [{"name": "a", "x": [0, 1, 2, 3], "y": [1, 3, 2, 4]}]}"#)
        chart.scale = 1
        #expect(try Shared.renderer(.cpu).render(chart).pixels == image.pixels)
    }

    @Test func thePythonExampleRuns() throws {
        let folder = try #require(CAPITests.libraryFolder)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("glint-py-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let ran = try run("python3", [CAPITests.repository.appendingPathComponent("Examples/python/render.py").path, out.path],
                          environment: ["GLINT_LIBRARY": folder.appendingPathComponent("libGlintC.so").path])
        #expect(ran.status == 0, "\(ran.output)")
        let image = try Image(pngData: [UInt8](try Data(contentsOf: out)))
        #expect(image.width == 480 && image.height == 280)
    }

    /// A C program with its own EGL context and framebuffer draws a chart into it through `glint_gl_draw`.
    @Test(needsGL) func aCProgramDrawsWithItsOwnGLContext() throws {
        let folder = try #require(CAPITests.libraryFolder)
        let program = FileManager.default.temporaryDirectory.appendingPathComponent("glint-host-gl-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: program) }
        let repo = CAPITests.repository.path
        let compiled = try run("cc", ["\(repo)/Examples/c/host_gl.c", "-I\(repo)/include", "-L\(folder.path)", "-lGlintC", "-lEGL",
                                      "-lGLESv2", "-o", program])
        #expect(compiled.status == 0, "\(compiled.output)")
        let ran = try run(program, [], environment: ["LD_LIBRARY_PATH": folder.path])
        #expect(ran.status == 0, "\(ran.output)")
        #expect(ran.output.contains("draw 0, framebuffer still bound 1, inside 255,255,255, outside 0,0,128"), "\(ran.output)")
        #expect(ran.output.contains("bad spec 65: invalid JSON at line 1, column 2"), "\(ran.output)")
        #expect(ran.output.contains("live frames 0, the line drawn yes"), "\(ran.output)")
        #expect(ran.output.contains("live, no painter 1: glint_chart_gl_draw: a null pointer"), "\(ran.output)")
        #expect(ran.output.contains("no context: no GL context is current"))
    }

    /// A C program hands arrays over with glint_render: an interleaved record array read by stride and offset (a
    /// float64 and a float32 field), a NaN gap, category codes with names, datetime64 nanoseconds; the PNG it writes
    /// has the pixels of the same arrays handed over in Swift, and bad columns get their status and message.
    @Test func aCProgramHandsOverColumns() throws {
        let folder = try #require(CAPITests.libraryFolder)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glint-columns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let repo = CAPITests.repository.path
        let program = scratch.appendingPathComponent("columns").path
        let compiled = try run("cc", ["\(repo)/Examples/c/columns.c", "-I\(repo)/include", "-L\(folder.path)", "-lGlintC", "-lm", "-o", program])
        #expect(compiled.status == 0, "\(compiled.output)")
        let png = scratch.appendingPathComponent("columns.png").path
        let ran = try run(program, [png], environment: ["LD_LIBRARY_PATH": folder.path])
        #expect(ran.status == 0, "\(ran.output)")
        for line in ["glint \(GlintVersion.string)", "png: cpu 480x300", "rgba: cpu 480x300, 576000 bytes, 0 notices", "rgba top-left 255,255,255,255",
                     "svg: vector 480x300", "png: cpu 800x500, ", "1 notices: series[0]: 4 values in 3 categories were summed",
                     #"missing column: 65 at series[0].data.y: series[0].data.y: no column named "price": the columns given are "fruit", "n", "day""#,
                     #"unknown type: 1 columns[0] ("x"): type 42 is not a glint_column_type"#,
                     #"narrow stride: 1 columns[0] ("n"): a stride of 4 bytes is not at least one value (8 bytes)"#,
                     "after a failure: painter '', 0 notices", "layout names the plot: yes", "hit kind 1 series 0 index 0"] {
            #expect(ran.output.contains(line), "expected '\(line)' in:\n\(ran.output)")
        }
        // The same values handed over in Swift draw the same pixels.
        let t = (0..<1000).map { Double($0) * 0.01 }
        let raw = (0..<1000).map { Double(Float(sin(Double($0) * 0.02))) }
        var smooth = (0..<1000).map { 0.8 * sin(Double($0) * 0.02 - 0.3) }
        smooth[500] = .nan
        var columns = SuppliedColumns()
        try columns.add("t", .numbers(Column(t)), path: "t")
        try columns.add("raw", .numbers(Column(raw)), path: "raw")
        try columns.add("smooth", .numbers(Column(smooth)), path: "smooth")
        let spec = #"{"width": 480, "height": 300, "title": "Columns from C", "series": [{"name": "raw", "data": {"x": "t", "y": "raw"}},"#
            + #"{"name": "smooth", "data": {"x": "t", "y": "smooth"}, "width": 3}]}"#
        var chart = try ChartSpec.decode(Array(spec.utf8), relativeTo: ".", columns: columns)
        chart.scale = 1
        let image = try Image(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(try Shared.renderer(.cpu).render(chart).pixels == image.pixels)
    }

    /// Column fields at their extremes (a count, stride or offset of SIZE_MAX, null pointers, codes past the names,
    /// an unknown type, a column count of SIZE_MAX) each get a status and a message, never a crash.
    @Test func columnsAtTheirExtremesAreRefused() throws {
        let folder = try #require(CAPITests.libraryFolder)
        let program = FileManager.default.temporaryDirectory.appendingPathComponent("glint-column-edges-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: program) }
        let repo = CAPITests.repository.path
        let compiled = try run("cc", ["\(repo)/Tests/CPrograms/column_edges.c", "-I\(repo)/include", "-L\(folder.path)", "-lGlintC", "-o", program])
        #expect(compiled.status == 0, "\(compiled.output)")
        let ran = try run(program, [], environment: ["LD_LIBRARY_PATH": folder.path])
        #expect(ran.status == 0, "\(ran.output)")
        for line in [#"case 0: 1 columns[0] ("x"): count 18446744073709551615 is not a count of values"#,
                     #"case 1: 1 columns[0] ("x"): stride 18446744073709551615 runs past the address space"#,
                     #"case 2: 1 columns[0] ("x"): 4 values 9223372036854775807 bytes apart run past the end of the address space"#,
                     #"case 3: 1 columns[0] ("x"): offset 18446744073709551615 runs past the address space"#,
                     #"case 4: 1 columns[0] ("x").data is null but count is 4"#,
                     #"case 5: 1 columns[0] ("x").categories is null but category_count is 2"#,
                     #"case 6: 65 columns[0] ("x"): row 2: category code 7 is past the 2 category names"#,
                     #"case 7: 1 columns[0] ("x"): category_count 18446744073709551615 is not a count of names"#,
                     "case 8: 1 columns[0].name is null", #"case 9: 1 columns[0] ("x"): type -5 is not a glint_column_type"#,
                     "case 10: 0 rendered", "null columns: 1 columns is null but column_count is 3",
                     "column_count SIZE_MAX: 1 column_count 18446744073709551615 is not a count of columns"] {
            #expect(ran.output.contains(line), "expected '\(line)' in:\n\(ran.output)")
        }
    }

    /// A live chart from C: a producer thread appends while the main thread renders frames; the last frame is what
    /// the same appends draw in Swift, refused calls say why, and the view pans, zooms, resizes, hides a series and
    /// is hit as a window's controls ask.
    @Test func aLiveChartTakesAppendsFromAnotherThread() throws {
        let folder = try #require(CAPITests.libraryFolder)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glint-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (program, frame) = (scratch.appendingPathComponent("live").path, scratch.appendingPathComponent("frame.rgba").path)
        let repo = CAPITests.repository.path
        let compiled = try run("cc", ["\(repo)/Tests/CPrograms/live_chart.c", "-I\(repo)/include", "-L\(folder.path)", "-lGlintC", "-lpthread", "-lm",
                                      "-o", program])
        #expect(compiled.status == 0, "\(compiled.output)")
        let ran = try run(program, [frame], environment: ["LD_LIBRARY_PATH": folder.path])
        #expect(ran.status == 0, "\(ran.output)")
        for line in ["capacity: 0", "follow: 0", "frames drawn while appending: some; last frame 0: 480x300",
                     "series 9: 65 series[9]: points are appended to line and dots series only",
                     "null xs: 1 glint_chart_append: a null pointer", "count SIZE_MAX: 1 glint_chart_append: 18446744073709551615 points is not a count",
                     "follow -1: 65 follow: the x width must be finite and positive", "capacity 0: 65 capacity: expected 1 to",
                     "small buffer: 2 480x300",
                     "x range: 0, 3000 wide, ends at 99999", "pan: 0, 3000 wide, ends at 98495", "zoom: 0, 1500 wide, ends at 98495",
                     "resize: 0, frame 0: 640x400", "hit: 0, kind 1 series 0",
                     "plot area: 0, inside 1", "data at the plot's left edge: 0, x is the view's lower 1",
                     "data at the plot's right edge: x is the view's upper 1",
                     "data at NaN: 65 data at: the pixel must be finite, found (nan, 0.0)",
                     "scale 2: 0, 640x400, plot narrower 1", "scale 0: 65 scale: expected above 0, up to 16, found 0.0",
                     "tooltip: 0, frame changed 1, hidden again 1", "tooltip not UTF-8: 65 tooltip: the text is not UTF-8",
                     "hidden: 0, hit kind 0",
                     "series 5: 65 series[5]: the chart has 1 series", "pan NaN: 65 pan: the fraction of the view must be finite, found nan",
                     "zoom 0: 65 zoom: expected a finite factor above 0 around a finite x, found 0.0 around 1.0",
                     "resize 0: 65 resize: expected a width and height of 1 to 32768 device pixels, found 0x400"] {
            #expect(ran.output.contains(line), "expected '\(line)' in:\n\(ran.output)")
        }
        // The same appends in Swift, one after another, draw the same last frame (the legend pinned in both: one the
        // data places is held between a following chart's frames, so the C side's last frame would depend on how
        // many frames it drew while appending).
        let spec = #"{"width": 480, "height": 300, "legend": {"position": "top-left"}, "series": [{"name": "signal", "x": [], "y": [], "antialias": false}]}"#
        let live = try RetainedChart(try ChartSpec.decode(Array(spec.utf8), relativeTo: "."), renderer: Shared.renderer(.cpu))
        try live.setCapacity(5000, series: 0)
        try live.follow(x: 3000)
        let x = (0..<100_000).map(Double.init), y = x.map { sin($0 / 300) * 10 + (Int($0) % 50 == 0 ? 3 : 0) }
        for start in stride(from: 0, to: 100_000, by: 1000) {
            try live.append(series: 0, x: Array(x[start..<(start + 1000)]), y: Array(y[start..<(start + 1000)]))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: frame)) == Data(try live.render().pixels))
    }

    /// libGlintC.so exports exactly the functions glint.h declares and no other global symbol (deploy/libglint.map):
    /// no Swift one ($s…), no C++ one (fast_float's _Z…), so it cannot clash with an application's own copies; its
    /// kernels, PNG codec and number parser are internal.
    @Test func theLibraryExportsTheHeadersFunctionsOnly() throws {
        let folder = try #require(CAPITests.libraryFolder)
        let header = try String(contentsOf: CAPITests.repository.appendingPathComponent("include/glint.h"), encoding: .utf8)
        let declared = Set(header.matches(of: #/\b(glint_[a-z0-9_]+)\(/#).map { String($0.output.1) })
        let symbols = try run("nm", ["-D", "--defined-only", folder.appendingPathComponent("libGlintC.so").path])
        #expect(symbols.status == 0, "\(symbols.output)")
        let exported = Set(symbols.output.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            // Global symbols have an upper-case type letter; lower-case ones are local, seen by no one else.
            guard fields.count == 3, fields[1].first?.isUppercase == true, let name = fields.last else { return nil }
            return String(name)
        })
        #expect(declared.count >= 19, "the header's functions were not all found: \(declared.sorted())")
        #expect(exported == declared, "exported but not declared: \(exported.subtracting(declared).sorted()); declared but not exported: \(declared.subtracting(exported).sorted())")
    }

    /// `deploy/install-libglint.sh PREFIX` installs a library a C program finds through pkg-config alone: no
    /// LD_LIBRARY_PATH, SONAME libGlintC.so.1, its Swift runtime beside it.
    @Test func theInstalledLibraryLinksThroughPkgConfig() throws {
        let folder = try #require(CAPITests.libraryFolder)
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("glint-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let repo = CAPITests.repository.path
        let installed = try run("\(repo)/deploy/install-libglint.sh", [prefix.path, folder.appendingPathComponent("libGlintC.so").path])
        #expect(installed.status == 0, "\(installed.output)")
        let flags = try run("pkg-config", ["--cflags", "--libs", "glint"], environment: ["PKG_CONFIG_PATH": prefix.path + "/lib/pkgconfig"])
        #expect(flags.status == 0 && flags.output.contains("-lGlintC"), "\(flags.output)")
        let program = prefix.appendingPathComponent("columns").path
        let arguments = ["\(repo)/Examples/c/columns.c"] + flags.output.split(whereSeparator: \.isWhitespace).map(String.init) + ["-lm", "-o", program]
        let compiled = try run("cc", arguments)
        #expect(compiled.status == 0, "\(compiled.output)")
        let ran = try run(program, [prefix.appendingPathComponent("out.png").path], environment: ["LD_LIBRARY_PATH": ""])
        #expect(ran.status == 0 && ran.output.contains("png: cpu 480x300"), "\(ran.output)")
        let dynamic = try run("readelf", ["-d", prefix.appendingPathComponent("lib/glint/libGlintC.so.1").path])
        #expect(dynamic.output.contains("Library soname: [libGlintC.so.1]") && dynamic.output.contains("Library runpath: [$ORIGIN]"), "\(dynamic.output)")
        let libraries = try run("ldd", [program])
        #expect(libraries.output.contains(prefix.path + "/lib/glint/libswiftCore.so"), "\(libraries.output)")
    }
}
