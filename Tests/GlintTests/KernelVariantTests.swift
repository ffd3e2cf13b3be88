import Glint
import GlintRaster
import Testing

/// The CPU kernels' instruction-set variants draw the same bytes: every golden scene, and random scenes with
/// every cap, join, outline, gap and aliased strokes, rendered with each variant this CPU runs in turn.
@Suite(.serialized) struct KernelVariantTests {
    /// The scenes compared: the goldens, then random scenes, anti-aliased and aliased.
    static var scenes: [(String, Chart)] {
        var scenes = GoldenTests.cases
        for seed in 1...4 {
            scenes.append(("random \(seed)", ParityTests.randomChart(seed: UInt64(seed))))
            var aliased = ParityTests.randomChart(seed: UInt64(seed + 10))
            for i in aliased.series.indices { aliased.series[i].line.antialias = false }
            scenes.append(("random aliased \(seed + 10)", aliased))
        }
        return scenes
    }

    @Test func everyVariantDrawsTheSameBytes() throws {
        let best = CPUKernels.variant
        defer { CPUKernels.use(nil) }
        let renderer = try Renderer(options: Renderer.Options(backend: .cpu))
        let runnable = CPUKernels.variants.filter { CPUKernels.runs($0) }
        #expect(runnable.contains("baseline") && runnable.contains(best), "runnable: \(runnable), chosen: \(best)")
        if runnable.count < 2 { print("KernelVariantTests: this CPU runs only \(runnable); nothing to compare against") }
        for (name, chart) in KernelVariantTests.scenes {
            var first: (variant: String, pixels: [UInt8])?
            for variant in runnable {
                #expect(CPUKernels.use(variant) && CPUKernels.variant == variant)
                let pixels = try renderer.render(chart).pixels
                guard let first else {
                    first = (variant, pixels)
                    continue
                }
                let differing = pixels.count == first.pixels.count ? zip(pixels, first.pixels).filter { $0 != $1 }.count : -1
                #expect(differing == 0, "\(name): \(variant) differs from \(first.variant) in \(differing) bytes")
            }
        }
    }

    @Test func anUnknownOrUnrunnableVariantIsRefusedAndChangesNothing() throws {
        let before = CPUKernels.variant
        #expect(!CPUKernels.runs("sse9") && !CPUKernels.use("sse9") && CPUKernels.variant == before)
        let problem = #expect(throws: GlintError.self) {
            try Renderer(options: .fromEnvironment(["GLINT_CPU_KERNELS": "sse9"], backend: .cpu))
        }
        #expect("\(problem.map { "\($0)" } ?? "")".contains("GLINT_CPU_KERNELS=sse9 is not valid"))
        #expect(CPUKernels.variant == before)
    }
}
