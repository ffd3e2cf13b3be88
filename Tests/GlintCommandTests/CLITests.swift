import Foundation
import Glint
import GlintRenderTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `glint` binary, run as a user runs it.
@Suite struct CLITests {
    /// A fontconfig file in `dir` that reads the fonts under `fonts` and has no rules (no `conf.d`), for
    /// `FONTCONFIG_FILE`.
    func fontconfigFile(fonts: String, in dir: URL) throws -> URL {
        let config = dir.appendingPathComponent("fonts.conf")
        try "<?xml version=\"1.0\"?>\n<fontconfig><dir>\(fonts)</dir><cachedir>\(dir.path)/cache</cachedir></fontconfig>\n"
            .write(to: config, atomically: true, encoding: .utf8)
        return config
    }

    @Test func demoWritesARealPNG() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["demo", "-o", "demo.png"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try Image(pngData: [UInt8](try Data(contentsOf: dir.appendingPathComponent("demo.png"))))
        #expect(image.width == 960 && image.height == 540)
        #expect(GlintCommand.files(dir) == ["demo.png"], "no temporary files are left behind")
    }

    @Test func renderWithOverridesAndCSV() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "m,v\n1,3\n2,5\n3,4\n".write(to: dir.appendingPathComponent("d.csv"), atomically: true, encoding: .utf8)
        try #"{"series": [{"type": "bars", "data": {"csv": "d.csv", "x": "m", "y": "v"}}]}"#
            .write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let run = try GlintCommand.run(["render", "s.json", "--output=out.png", "--width", "300", "--height=200", "--scale", "2"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try Image(pngData: [UInt8](try Data(contentsOf: dir.appendingPathComponent("out.png"))))
        #expect(image.width == 600 && image.height == 400)
    }

    /// Three series from one CSV on standard input: it can be read only once, so all three come from one read.
    @Test func csvFromStandardInputServesEverySeries() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"series": [{"data": {"csv": "-", "x": "t", "y": "a"}}, {"data": {"csv": "-", "x": "t", "y": "b"}}, "#
            .appending(#"{"type": "dots", "data": {"csv": "-", "x": "t", "y": "a", "size": "b"}}]}"#)
            .write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let run = try GlintCommand.run(["render", "s.json", "-o", "out.png", "--backend", "cpu", "--width", "200", "--height", "120"],
                            stdin: "t,a,b\n1,2,3\n2,3,1\n3,1,2\n", in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Image(pngData: [UInt8](try Data(contentsOf: dir.appendingPathComponent("out.png")))).width == 200)
    }

    @Test func stdinToStdout() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["render", "-", "-o", "-", "--width", "120", "--height", "90"], stdin: #"{"series": [{"y": [1, 3, 2]}]}"#, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try Image(pngData: [UInt8](run.stdout))
        #expect(image.width == 120 && image.height == 90)
    }

    /// `glint layout --check`: exit 0 for a clean picture, 1 with the collisions named on standard error (the
    /// JSON printed either way); a legend pinned over the data is one.
    @Test func layoutCheckExitsOneForCollisions() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lines = #"[{"name": "a", "x": [0, 1, 2, 3], "y": [3, 3, 3, 3]}, {"name": "b", "x": [0, 1, 2, 3], "y": [0, 1, 2, 3]}]"#
        let clean = try GlintCommand.run(["layout", "-", "--check"], stdin: #"{"series": \#(lines)}"#, in: dir)
        #expect(clean.status == 0, "\(clean.stderr)")
        let over = try GlintCommand.run(["layout", "-", "--check"], stdin: #"{"series": \#(lines), "legend": {"position": "top-left"}}"#, in: dir)
        #expect(over.status == 1 && over.stderr.contains("glint: collision: legend/data: series"), "\(over.stderr)")
        let report = try JSONSerialization.jsonObject(with: over.stdout) as? [String: Any]
        let collisions = try #require(report?["collisions"] as? [[String: Any]])
        #expect(collisions.first?["kind"] as? String == "legend/data")
        // Only layout takes --check.
        #expect(try GlintCommand.run(["render", "-", "--check"], stdin: "{}", in: dir).status == 64)
    }

    @Test func badDataExits65AndLeavesAnExistingOutputUntouched() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let previous = Data("previous contents".utf8)
        try previous.write(to: dir.appendingPathComponent("out.png"))
        try #"{"series": [{"x": [1, 2], "y": "oops"}]}"#.write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let run = try GlintCommand.run(["render", "bad.json", "-o", "out.png"], in: dir)
        #expect(run.status == 65)
        #expect(run.stderr.contains("series[0].y: expected an array of numbers, found a string"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.png")) == previous)
        #expect(GlintCommand.files(dir) == ["bad.json", "out.png"])
    }

    /// Legend errors found only at layout (a label off a range taken from the data, a fixed size smaller than one
    /// entry) are bad data too: exit 65 with the legend's path, nothing written.
    @Test(arguments: [
        (#"{"series": [{"type": "dots", "y": [1, 2], "color": {"values": [0, 10], "palette": "viridis"}}], "legends": [{"kind": "colorbar", "series": 0, "values": [50]}]}"#,
         "legends[0]: label value 50.0 is outside the scale's range 0.0…10.0"),
        (#"{"series": [{"name": "a", "y": [1, 2]}], "legend": {"height": 5}}"#, "legend.height: 5 px is too small: the legend needs at least"),
    ])
    func legendErrorsAtLayoutExit65(spec: String, message: String) throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["render", "-", "-o", "out.png"], stdin: spec, in: dir)
        #expect(run.status == 65)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(GlintCommand.files(dir).isEmpty)
    }

    static let badCommands: [([String], Int32)] = [
        (["render"], 64), (["render", "a.json"], 64), (["frobnicate"], 64), (["demo", "--wat"], 64),
        (["demo", "--png-level", "12"], 64), (["demo", "--backend", "metal"], 64), (["render", "missing.json", "-o", "x.png"], 66),
    ]

    @Test(arguments: badCommands)
    func usageAndInputErrors(args: [String], expected: Int32) throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(args, in: dir)
        #expect(run.status == expected, "\(args): \(run.stderr)")
        #expect(run.stderr.hasPrefix("glint: "))
        #expect(run.stderr.split(separator: "\n").count == 1, "one line on stderr, as docs/cli.md says: \(run.stderr)")
        #expect(GlintCommand.files(dir).isEmpty, "nothing is written")
    }

    /// A spec read from a closed standard input is exit 66 (input unreadable), as docs/cli.md says, not 65.
    @Test func aClosedStdinIsExit66() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["-c", "exec \"$0\" render - -o out.png <&-", try #require(GlintCommand.binary).path], in: dir, shell: true)
        #expect(run.status == 66 && run.stderr.contains("standard input: it is closed"), "\(run.status) \(run.stderr)")
    }

    /// A spec naming an endless file stops at the size limit with an error, instead of growing without end.
    @Test func anEndlessSpecFileStopsAtItsLimit() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["render", "/dev/zero", "-o", "out.png"], in: dir)
        #expect(run.status == 65 && run.stderr.contains("longer than the limit of 256 MiB"), "\(run.status) \(run.stderr)")
        #expect(GlintCommand.files(dir).isEmpty)
    }

    /// `glint serve` on a port another server holds says so in one line and exits 69, not 64.
    @Test func servingOnAPortInUseIsExit69() throws {
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &length) == 0 }
        }
        let port = UInt16(bigEndian: address.sin_port)
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["serve", "--port", "\(port)", "--workers", "1", "--backend", "cpu"], in: dir)
        #expect(run.status == 69, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("in use"), "\(run.stderr)")
    }

    @Test func unwritableOutputExits73() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["demo", "-o", "no/such/folder/demo.png"], in: dir)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("the folder no/such/folder does not exist"))
        let folder = try GlintCommand.run(["demo", "-o", "."], in: dir)
        #expect(folder.status == 73 && folder.stderr.contains("it is a folder"), "\(folder.stderr)")
    }

    @Test(arguments: [
        ["GLINT_EGL_PLATFORM": "gbm"],
        ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/egl_vendor.json"],
    ])
    func forcedGLWithoutEGLExits69(environment: [String: String]) throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["demo", "--backend", "gl", "-o", "demo.png"], environment: environment, in: dir)
        #expect(run.status == 69, "\(run.stderr)")
        #expect(run.stderr.contains("OpenGL ES is unavailable"))
        #expect(GlintCommand.files(dir).isEmpty)
    }

    /// Whether this machine exposes a GPU (a DRM render node or an NVIDIA device file).
    static let hasGPU = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).contains { $0.hasPrefix("renderD") }
        || FileManager.default.fileExists(atPath: "/dev/nvidia0")

    @Test(needsGL) func autoPrefersTheCPUPainterToSoftwareGL() throws {
        guard !Self.hasGPU else {
            print("skipped autoPrefersTheCPUPainterToSoftwareGL: this machine has a GPU")
            return
        }
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["demo", "-o", "demo.png"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wrote demo.png (960x540, cpu)"), "\(run.stderr)")
        #expect(!run.stderr.contains("notice"), "choosing the faster painter is no substitution: \(run.stderr)")
        let info = String(decoding: try GlintCommand.run(["info"], in: dir).stdout, as: UTF8.self)
        #expect(info.hasPrefix("backend:          cpu (no GPU found; auto uses the CPU painter, which draws the same pixels"), "\(info)")
        #expect(info.contains("  surfaceless: not tried: with no GPU render node it could only give software OpenGL ES"))
        #expect(info.contains("with --backend gl:\n  EGL platform:     surfaceless"), "\(info)")
        #expect(info.contains("(software: draws on the CPU)"), "\(info)")
        let forced = try GlintCommand.run(["demo", "-o", "gl.png", "--backend", "gl"], in: dir)
        #expect(forced.status == 0 && forced.stderr.contains("wrote gl.png (960x540, gl)"), "\(forced.stderr)")
    }

    @Test func autoWithoutEGLRendersOnTheCPUAndInfoSaysWhy() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/egl_vendor.json"]
        let run = try GlintCommand.run(["demo", "-o", "demo.png"], environment: broken, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let notices = run.stderr.split(separator: "\n").filter { $0.hasPrefix("glint: notice:") }
        if Self.hasGPU {
            // A GPU that EGL cannot reach is a substitution worth one short line; the details are in `glint info`.
            #expect(notices == ["glint: notice: rendered on the CPU: OpenGL ES is unavailable: no EGL platform could be "
                                + "initialised ('glint info' says why)"], "\(run.stderr)")
        } else {
            #expect(notices.isEmpty, "without a GPU the CPU painter is auto's choice anyway: \(run.stderr)")
        }
        let image = try Image(pngData: [UInt8](try Data(contentsOf: dir.appendingPathComponent("demo.png"))))
        #expect(image.width == 960 && image.height == 540)
        let quiet = try GlintCommand.run(["demo", "-o", "quiet.png", "--quiet"], environment: broken, in: dir)
        // Drivers may print their own warnings; Glint itself says nothing with --quiet.
        #expect(quiet.status == 0 && !quiet.stderr.contains("glint:"), "\(quiet.stderr)")
        let info = String(decoding: try GlintCommand.run(["info"], environment: broken, in: dir).stdout, as: UTF8.self)
        #expect(info.hasPrefix("backend:          cpu ("), "\(info)")
        #expect(info.contains("no EGL vendor library was found"), "\(info)")
    }

    @Test(needsGL) func aShaderThatFailsToCompileIsAShortNoticeUnderAutoAndExit69WhenForced() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shaders = dir.appendingPathComponent("shaders")
        try FileManager.default.createDirectory(at: shaders, withIntermediateDirectories: true)
        for name in ["segment", "join", "dot", "rect", "glyph", "composite"] {
            for kind in ["vert", "frag"] {
                try "#version 300 es\nthis is not GLSL\n".write(to: shaders.appendingPathComponent("\(name).\(kind)"), atomically: true, encoding: .utf8)
            }
        }
        for part in ["prelude.glsl", "coverage.h"] {
            try "// a shared part, valid on its own\n".write(to: shaders.appendingPathComponent(part), atomically: true, encoding: .utf8)
        }
        // Auto, with software GL allowed so that this machine's llvmpipe is tried and fails.
        let environment = ProcessInfo.processInfo.environment.merging(["GLINT_SHADER_DIR": shaders.path]) { _, new in new }
        let renderer = try Renderer(options: .fromEnvironment(environment, backend: .auto, softwareGL: true))
        let image = try renderer.render(bareChart([Series(kind: .line, x: [0, 10], y: [0, 10])]))
        #expect(image.backend == .cpu)
        #expect(image.notices == ["rendered on the CPU: OpenGL ES is unavailable: shader segment.vert failed to compile "
                                  + "('glint info' says why)"])
        let forced = try GlintCommand.run(["demo", "--backend", "gl", "-o", "gl.png"], environment: ["GLINT_SHADER_DIR": shaders.path], in: dir)
        #expect(forced.status == 69)
        #expect(forced.stderr.contains("shader segment.vert failed"), "\(forced.stderr)")
    }

    @Test(needsGL) func autoDrawsImagesOverTheGLLimitOnTheCPU() throws {
        let renderer = try Renderer(options: Renderer.Options(backend: .auto, softwareGL: true))
        let limit = try #require(renderer.diagnostics.gl?.maxRenderbufferSize, "GL started")
        var chart = bareChart([Series(kind: .line, x: [0, 10], y: [0, 10])], width: limit + 100, height: 60)
        chart.legend.visible = false
        let image = try renderer.render(chart)
        #expect(image.backend == .cpu && image.width == limit + 100)
        #expect(image.notices == ["rendered on the CPU: \(limit + 100)x60 is over the GPU's limit of \(limit) pixels per side"])
        #expect(throws: GlintError.self) { try Shared.renderer(.gl).render(chart) }
    }

    @Test func cpuBackendIsForcedWithoutNotice() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["demo", "-o", "demo.png"], environment: ["GLINT_BACKEND": "cpu"], in: dir)
        #expect(run.status == 0)
        #expect(run.stderr.contains("wrote demo.png (960x540, cpu)"))
        #expect(!run.stderr.contains("notice"), "\(run.stderr)")
    }

    @Test(arguments: ["GLINT_BACKEND=metal", "GLINT_EGL_PLATFORM=wayland", "GLINT_EGL_DEVICE=first", "GLINT_MSAA=lots", "GLINT_THREADS=0",
                      "GLINT_SHADER_DIR=/nonexistent"])
    func misspeltSettingsAreUsageErrors(setting: String) throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let parts = setting.split(separator: "=").map(String.init)
        let run = try GlintCommand.run(["demo", "-o", "demo.png"], environment: [parts[0]: parts[1]], in: dir)
        #expect(run.status == 64, "\(setting): \(run.stderr)")
        #expect(run.stderr.contains("\(setting) is not valid"))
        #expect(GlintCommand.files(dir).isEmpty)
    }

    @Test(needsGL) func infoExplainsThePlatformChoice() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["info", "--backend", "gl"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let text = String(decoding: run.stdout, as: UTF8.self)
        #expect(text.contains("font:             DejaVu Sans ("), "\(text)")
        #expect(text.contains("EGL platform:"))
        #expect(text.contains("GL renderer:"))
        #expect(text.contains("MSAA samples:"))
        #expect(text.contains("max image side:"))
        // On machines without a GPU (these and CI) the software path is chosen and the others explained.
        if text.contains("llvmpipe") {
            #expect(text.contains("EGL platform:     surfaceless"))
            #expect(text.contains("EGL platforms not used:"))
            #expect(text.contains("  device: "))
            #expect(text.contains("  gbm: no /dev/dri render node"))
        }
    }

    @Test func movedBinaryNeedsNoSourceTree() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let moved = dir.appendingPathComponent("glint-moved")
        try FileManager.default.copyItem(at: try #require(GlintCommand.binary), to: moved)
        let process = Process()
        process.executableURL = moved
        process.arguments = ["demo", "-o", "demo.png", "--quiet"]
        process.currentDirectoryURL = dir
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "shaders are embedded in the binary")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("demo.png").path))
    }

    @Test func noFontIsAClearError() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = try fontconfigFile(fonts: "\(dir.path)/none", in: dir)
        let run = try GlintCommand.run(["demo", "-o", "demo.png"], environment: ["FONTCONFIG_FILE": config.path], in: dir)
        #expect(run.status == 70)
        #expect(run.stderr.contains("no font found for family 'sans-serif'"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("demo.png").path))
        let info = try GlintCommand.run(["info"], environment: ["FONTCONFIG_FILE": config.path], in: dir)
        let text = String(decoding: info.stdout, as: UTF8.self)
        #expect(info.status == 69, "a machine where every render fails does not look healthy: \(text)")
        #expect(text.contains("font:             none"))
        #expect(text.contains("problem:          no usable font: no font found for family 'sans-serif'"), "\(text)")
    }

    /// Fonts installed but fontconfig's rules not (a slim image): a generic name matches whatever font scores first
    /// (here Lohit Devanagari, for Latin text), and every render and `glint info` say so; a named family that is
    /// installed needs no rules and says nothing.
    @Test func aGenericFamilyWithoutFontconfigRulesIsNamed() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = try fontconfigFile(fonts: "/usr/share/fonts", in: dir)
        for (font, named) in [("sans-serif", true), ("monospace", true), ("DejaVu Sans", false)] {
            let run = try GlintCommand.run(["render", "-", "-o", "out.png", "--backend", "cpu"], environment: ["FONTCONFIG_FILE": config.path],
                                stdin: #"{"font": "\#(font)", "series": [{"y": [1, 3, 2]}]}"#, in: dir)
            #expect(run.status == 0, "\(font): \(run.stderr)")
            let notices = run.stderr.split(separator: "\n").filter { $0.hasPrefix("glint: notice:") }
            if named {
                #expect(notices.count == 1 && notices[0].contains("fontconfig's configuration names no font for '\(font)'")
                        && notices[0].contains("; using "), "\(font): \(run.stderr)")
            } else {
                #expect(notices.isEmpty, "\(font): \(run.stderr)")
            }
        }
        let info = String(decoding: try GlintCommand.run(["info"], environment: ["FONTCONFIG_FILE": config.path], in: dir).stdout, as: UTF8.self)
        #expect(info.contains("font notice:      fontconfig's configuration names no font for 'sans-serif'"), "\(info)")
    }

    @Test func aMissingFontIsNamedWithItsSubstitute() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (font, notice) in [("Comic Sans MS", "glint: notice: font 'Comic Sans MS' is not installed; using DejaVu Sans"),
                               ("DejaVu Sans", nil), ("dejavu sans", nil), ("sans-serif", nil), ("monospace", nil)] {
            let run = try GlintCommand.run(["render", "-", "-o", "out.png", "--backend", "cpu"],
                                stdin: #"{"font": "\#(font)", "series": [{"y": [1, 3, 2]}]}"#, in: dir)
            #expect(run.status == 0, "\(font): \(run.stderr)")
            let notices = run.stderr.split(separator: "\n").filter { $0.hasPrefix("glint: notice:") }
            #expect(notices == (notice.map { [Substring($0)] } ?? []), "\(font): \(run.stderr)")
        }
    }

    @Test func helpAndVersion() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let help = try GlintCommand.run(["--help"], in: dir)
        #expect(help.status == 0 && String(decoding: help.stdout, as: UTF8.self).contains("usage: glint"))
        let version = try GlintCommand.run(["--version"], in: dir)
        #expect(version.status == 0 && String(decoding: version.stdout, as: UTF8.self).hasPrefix("glint "))
    }
}
