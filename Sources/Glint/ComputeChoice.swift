import GlintCompute
import GlintCore
import GlintPaint
import GlintText
import Synchronization

/// Whether `auto` draws with the compute painter rather than the GL painter on this GPU: measured, not assumed. At a
/// renderer's start on a hardware GL (a software one never uses it: llvmpipe runs compute shaders on the CPU, where
/// the CPU painter is faster), a fixed probe scene — 100,000 radius-scaled translucent dots and a 30,000-point line
/// on 1280 × 800 — is painted by both, once to warm up and twice timed; the compute painter is chosen when its best
/// time is under four fifths of the GL painter's. The verdict (a failed probe's too) is kept for the process by
/// renderer string, so later renderers (a pool's, a server worker's) measure nothing.
enum ComputeChoice {
    /// The decision and the figures behind it, as `glint info` says them.
    struct Verdict: Sendable {
        /// Whether `auto` paints with the compute painter.
        let chosen: Bool
        /// "chosen: the probe took 3.1 ms against 12.4 ms on the GL painter", or why not.
        let summary: String
    }

    /// How much faster the compute painter must be to be chosen: its time under this share of GL's.
    static let margin = 0.8

    private static let verdicts = Mutex<[String: Verdict]>([:])

    /// The verdict kept for the driver called `renderer`, if one was measured in this process.
    static func kept(renderer: String) -> Verdict? { verdicts.withLock { $0[renderer] } }

    /// The verdict for the driver called `renderer`: the one kept for it, else `measure`'s (kept when it measured).
    static func verdict(renderer: String, measure: () throws -> (compute: Double, gl: Double)) -> Verdict {
        if let kept = kept(renderer: renderer) { return kept }
        let verdict: Verdict
        do {
            let times = try measure()
            verdict = decide(compute: times.compute, gl: times.gl)
        } catch {
            verdict = Verdict(chosen: false, summary: "not chosen: the probe failed: \(error)")
        }
        verdicts.withLock { $0[renderer] = verdict }
        return verdict
    }

    /// The verdict for probe times in seconds.
    static func decide(compute: Double, gl: Double) -> Verdict {
        // Milliseconds to a tenth.
        func ms(_ seconds: Double) -> String { "\((seconds * 10_000).rounded() / 10) ms" }
        let figures = "the probe took \(ms(compute)) against \(ms(gl)) on the GL painter"
        return compute < gl * margin ? Verdict(chosen: true, summary: "chosen by auto: " + figures)
            : Verdict(chosen: false, summary: "not chosen by auto: " + figures)
    }

    /// The best of two paints of `scene` (the probe) by each painter, after one to warm up, in seconds.
    static func measure(compute: ComputePainter, gl: any RasterPainter, text: TextEngine, scene: Scene = probe) throws
        -> (compute: Double, gl: Double) {
        (try best(compute, scene, text: text), try best(gl, scene, text: text))
    }

    /// The best whole paint of `scene` by `painter` of two, after one to warm up.
    private static func best(_ painter: any RasterPainter, _ scene: Scene, text: TextEngine) throws -> Double {
        var pixels: [UInt8] = []
        var best = Double.infinity
        for run in 0..<3 {
            var phases = PaintPhases()
            let start = PaintPhases.now()
            try painter.paint(scene, text: text, into: &pixels, phases: &phases)
            if run > 0 { best = min(best, PaintPhases.since(start)) }
        }
        return best
    }

    /// The probe: 100,000 translucent dots of radii 1 to 4 px scattered by a fixed sequence over 1280 × 800 pixels,
    /// under a 30,000-point line 2 px wide.
    static let probe: Scene = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let (width, height) = (1280, 800)
        let n = 100_000
        let x = (0..<n).map { _ in next() * Double(width) }, y = (0..<n).map { _ in next() * Double(height) }
        let sizes = (0..<n).map { _ in next() }
        let dots = DotShape(x: Column(x), y: Column(y), size: Column(sizes), transform: .identity, radius: 1...4, sizeRange: 0...1,
                            fill: Color(rgb: 0x1f77b4, alpha: 0.4))
        let m = 30_000
        let lineX = (0..<m).map { Double($0) * Double(width) / Double(m) }, lineY = (0..<m).map { _ in next() * Double(height) }
        let line = LineShape(x: Column(lineX), y: Column(lineY), transform: .identity, color: Color(rgb: 0xd62728), width: 2)
        return Scene(width: width, height: height, background: .white, fontFamily: "sans-serif",
                     commands: [SceneCommand(.dots(dots)), SceneCommand(.line(line))])
    }()
}
