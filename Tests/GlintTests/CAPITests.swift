import Foundation
import Glint
import Testing

/// The C API (include/glint.h, libGlintC.so): a C program compiled with `cc` against the header and the built
/// library, and the Python ctypes example from the README, run for real.
@Suite struct CAPITests {
    /// The folder holding libGlintC.so, built with the tests.
    static var libraryFolder: URL? {
        CLITests.binary?.deletingLastPathComponent()
    }

    static let repository = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
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
        #expect(ran.output.contains("no context: no GL context is current"))
    }
}
