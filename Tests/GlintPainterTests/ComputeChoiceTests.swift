@testable import Glint
import GlintCompute
import GlintGL
import GlintRenderTestSupport
import Testing

/// How `auto` decides on the compute painter: by the probe's times, kept per driver; never on software GL.
@Suite struct ComputeChoiceTests {
    @Test func chosenOnlyWhenClearlyFaster() {
        #expect(ComputeChoice.decide(compute: 0.003, gl: 0.012).chosen)
        #expect(!ComputeChoice.decide(compute: 0.0099, gl: 0.012).chosen)
        #expect(!ComputeChoice.decide(compute: 0.02, gl: 0.012).chosen)
        #expect(ComputeChoice.decide(compute: 0.0031, gl: 0.0124).summary
                == "chosen by auto: the probe took 3.1 ms against 12.4 ms on the GL painter")
    }

    @Test func aVerdictIsMeasuredOncePerDriver() {
        var measured = 0
        let name = "test renderer \(UInt64.random(in: 0...UInt64.max))"
        for _ in 0..<3 {
            let verdict = ComputeChoice.verdict(renderer: name) {
                measured += 1
                return (compute: 0.001, gl: 0.01)
            }
            #expect(verdict.chosen)
        }
        #expect(measured == 1)
        struct Broken: Error {}
        let failed = ComputeChoice.verdict(renderer: name + " broken") { throw Broken() }
        #expect(!failed.chosen && failed.summary.hasPrefix("not chosen: the probe failed"))
    }

    /// A probe runs on both painters of this machine (llvmpipe here, a small scene: the real probe takes seconds on
    /// a CPU): a real measurement of each, whatever it says.
    @Test(needsGL) func aProbeTimesBothPainters() throws {
        let gl = try HeadlessGLPainter(egl: HeadlessEGL(), msaaSamples: 0, shaderDirectory: nil, threads: 2)
        let compute = try ComputePainter(egl: HeadlessEGL(), shaderDirectory: nil, threads: 2)
        let times = try ComputeChoice.measure(compute: compute, gl: gl, text: Shared.text.get(),
                                              scene: ComputePainterTests.pile())
        #expect(times.compute > 0 && times.gl > 0)
        #expect(ComputeChoice.probe.width == 1280 && ComputeChoice.probe.commands.count == 2)
    }

    /// Under auto with software GL allowed, llvmpipe draws with the GL painter and says why the compute painter is
    /// not used; asked for, the compute painter draws.
    @Test(needsGL) func softwareGLNeverChoosesIt() throws {
        let auto = try Renderer(options: Renderer.Options(softwareGL: true))
        #expect(auto.diagnostics.backend == .gl)
        #expect(auto.diagnostics.compute?.hasPrefix("not used by auto: software OpenGL ES") == true)
        #expect(auto.diagnostics.report.contains("compute painter:  not used by auto"))
        let asked = try Shared.renderer(.compute)
        #expect(asked.diagnostics.backend == .compute && asked.diagnostics.report.contains("compute painter:  asked for"))
    }
}
