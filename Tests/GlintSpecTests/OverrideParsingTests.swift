import Glint
import Testing

/// The width/height/scale overrides and backend names: one parser each, the same ranges and words wherever they
/// are read (CLI options, the server's query, the C API).
@Suite struct OverrideParsingTests {
    @Test func sizeOverridesTakeTheSpecsRanges() throws {
        let given = ["width": "640", "height": "32768", "scale": "16"]
        let overrides = try SizeOverrides({ given[$0] }, prefix: "--", problem: GlintError.usage)
        #expect(overrides == SizeOverrides(width: 640, height: 32768, scale: 16))
        let chart = overrides.applied(to: Chart())
        #expect((chart.width, chart.height, chart.scale) == (640, 32768, 16))
        #expect(try SizeOverrides({ _ in nil }, prefix: "", problem: GlintError.badData).applied(to: Chart()).width == Chart().width)
        for (name, text, message) in [("width", "100.5", "width must be a whole number from 1 to 32768, got '100.5'"),
                                      ("height", "0", "height must be a whole number from 1 to 32768, got '0'"),
                                      ("width", "40000", "width must be a whole number from 1 to 32768, got '40000'"),
                                      ("scale", "0", "scale must be a number in (0, 16], got '0'"),
                                      ("scale", "nan", "scale must be a number in (0, 16], got 'nan'"),
                                      ("scale", "16.5", "scale must be a number in (0, 16], got '16.5'")] {
            #expect(throws: GlintError.badData(message)) { try SizeOverrides({ $0 == name ? text : nil }, prefix: "", problem: GlintError.badData) }
            #expect(throws: GlintError.usage("--" + message)) { try SizeOverrides({ $0 == name ? text : nil }, prefix: "--", problem: GlintError.usage) }
        }
    }

    @Test func backendNamesHaveOneParserAndOneMessage() throws {
        for backend in Backend.allCases { #expect(try Backend.named(backend.rawValue, source: "--backend") == backend) }
        #expect(throws: GlintError.usage("--backend must be one of auto, gl, cpu, compute, got 'vulkan'")) { try Backend.named("vulkan", source: "--backend") }
        #expect(throws: GlintError.badData("backend must be one of auto, gl, cpu, compute, got 'GL'")) {
            try Backend.named("GL", source: "backend", problem: GlintError.badData)
        }
    }
}
