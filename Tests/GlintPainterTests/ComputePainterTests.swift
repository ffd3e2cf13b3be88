import Foundation
import Glint
@testable import GlintCompute
import GlintCore
import GlintGL
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// The compute painter draws what the CPU painter draws: on every golden chart and the random scenes within the
/// painters' parity bound (on llvmpipe, byte for byte); scenes whose overlaps make any change of order visible, cut
/// into tiles of every size the painter takes and into batches small enough that a line's coverage is carried from
/// one to the next; images at the painter's size limit.
@Suite(.serialized) struct ComputePainterTests {
    /// A compute painter with its own context, tiles of `tileSize` pixels and batches of at most `items` items and
    /// `words` side words.
    static func painter(tileSize: Int = 16, items: Int = 1 << 22, words: Int = 1 << 24) throws -> ComputePainter {
        var budget = TileBatch.Budget()
        (budget.items, budget.words) = (items, words)
        return try ComputePainter(egl: HeadlessEGL(), shaderDirectory: nil, threads: 2, tileSize: tileSize, budget: budget)
    }

    static let shared = Result { try painter() }

    /// `scene`'s pixels from `painter`.
    static func paint(_ scene: Scene, _ painter: ComputePainter) throws -> [UInt8] {
        var pixels: [UInt8] = [], phases = PaintPhases()
        try painter.paint(scene, text: Shared.text.get(), into: &pixels, phases: &phases)
        return pixels
    }

    /// How many bytes of two images differ.
    static func differingBytes(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) } }

    @Test(needsGL, arguments: GoldenCharts.parityCharts.map(\.0))
    func matchesTheCPUPainter(name: String) throws {
        let chart = try #require(GoldenCharts.parityCharts.first { $0.0 == name }).1
        let compute = try Shared.renderer(.compute).render(chart), cpu = try Shared.renderer(.cpu).render(chart)
        #expect(compute.backend == .compute)
        let figures = ParityFigures(compute, cpu)
        let differing = ComputePainterTests.differingBytes(compute.pixels, cpu.pixels)
        print("compute parity \(name): \(figures), \(differing) bytes differ")
        #expect(figures.holdsParity, "\(name): \(figures)")
        if try Shared.renderer(.compute).diagnostics.gl?.isSoftware == true {
            // llvmpipe computes in IEEE single precision with `precise` sums, as the CPU painter's C does.
            #expect(differing == 0, "\(name): \(differing) bytes differ")
        }
        if differing > 0 { try keepImages("compute \(name)", [("compute", compute), ("cpu", cpu)]) }
    }

    /// Values at the edges of Double, the widest stroke and largest radius the limits allow: the same bytes as the CPU.
    @Test(needsGL, arguments: TestCharts.extremes.keys.sorted())
    func extremeDataDrawsWhatTheCPUDraws(name: String) throws {
        let chart = try #require(TestCharts.extremes[name])
        let compute = try Shared.renderer(.compute).render(chart), cpu = try Shared.renderer(.cpu).render(chart)
        #expect(ComputePainterTests.differingBytes(compute.pixels, cpu.pixels) == 0, "\(name)")
    }

    /// Translucent dots of many colours piled on a small image (hundreds to a tile), a thick translucent line with
    /// miter joins running over them twice, a dashed one and text: any item drawn out of its order changes bytes.
    static func pile(width: Int = 96, height: Int = 64, dots count: Int = 6000) -> Scene {
        var generator = SeededGenerator(seed: 11)
        let x = (0..<count).map { _ in generator.next() * Double(width) }
        let y = (0..<count).map { _ in generator.next() * Double(height) }
        let sizes = (0..<count).map { _ in generator.next() }
        let values = (0..<count).map { _ in generator.next() < 0.05 ? Double.nan : generator.next() * 10 }
        var dots = DotShape(x: Column(x), y: Column(y), size: Column(sizes), transform: .identity, radius: 0.5...9, sizeRange: 0...1,
                            fill: Color(rgb: 0x3366cc, alpha: 0.5), stroke: Color(rgb: 0x111111, alpha: 0.6), strokeWidth: 1)
        let translucent = ColorScale(stops: [.init(0, Color(rgb: 0x440154, alpha: 0.3)), .init(1, Color(rgb: 0xfde725, alpha: 0.8))],
                                     range: 0...10)
        dots.colors = (values, ColorLookup(translucent))
        let zigzag = (0..<40).map { Double($0) * Double(width) / 39 }
        let line = LineShape(x: Column(zigzag + zigzag.reversed()), y: Column((0..<80).map { $0 % 2 == 0 ? 8 : Double(height) - 8 }),
                             transform: .identity, color: Color(rgb: 0xdd2200, alpha: 0.55), width: 7, join: .miter, cap: .square)
        var dashed = LineShape(x: [2, Double(width) - 2, 2], y: [Double(height) / 2, Double(height) / 3, 4], transform: .identity,
                               color: Color(rgb: 0x008844, alpha: 0.7), width: 3)
        dashed.dash = DashPattern([6, 3])
        let text = TextShape("Pile 42", origin: Point(4, 14), fontSize: 13, color: Color(rgb: 0x000000, alpha: 0.8))
        return Scene(width: width, height: height, background: Color(rgb: 0xfafafa), fontFamily: "sans-serif",
                     commands: [SceneCommand(.dots(dots)), SceneCommand(.line(line), clip: PixelRect(x: 3, y: 2, width: width - 9, height: height - 5)),
                                SceneCommand(.line(dashed)), SceneCommand(.text([text]))])
    }

    @Test(needsGL, arguments: ComputePainter.tileSizes)
    func sceneOrderHoldsForEveryTileSize(tileSize: Int) throws {
        let scene = ComputePainterTests.pile()
        let cpu = try Shared.paint(scene, on: .cpu)
        let compute = try ComputePainterTests.paint(scene, ComputePainterTests.painter(tileSize: tileSize))
        #expect(ComputePainterTests.differingBytes(compute, cpu) == 0)
        // One tile: the whole image in one work group's list.
        var small = ComputePainterTests.pile(width: tileSize, height: tileSize, dots: 400)
        small.background = Color(rgb: 0x202020)
        #expect(try ComputePainterTests.paint(small, ComputePainterTests.painter(tileSize: tileSize)) == Shared.paint(small, on: .cpu))
    }

    /// Batches of 7 and of 500 items: dots cut between batches, the zigzag line's segments and joins too (its
    /// coverage carried from one batch to the next and blended once); the same bytes as one batch and the CPU.
    @Test(needsGL, arguments: [7, 500])
    func batchesDrawWhatOneBatchDraws(items: Int) throws {
        let scene = ComputePainterTests.pile()
        let batched = try ComputePainterTests.paint(scene, ComputePainterTests.painter(items: items))
        #expect(ComputePainterTests.differingBytes(batched, try Shared.paint(scene, on: .cpu)) == 0)
    }

    /// A miter whose tip reaches a band of the CPU painter's that none of the line's segments reach: both painters
    /// draw the tip (the CPU painter skipped a band without segments, cutting the tip flat at its edge).
    @Test(needsGL)
    func aMiterTipPastTheSegmentsIsDrawn() throws {
        let line = LineShape(x: [20, 30, 40], y: [80, 40, 80], transform: .identity, color: .black, width: 8, join: .miter,
                             miterLimit: 10)
        let scene = Scene(width: 64, height: 96, background: .white, fontFamily: "sans-serif", commands: [SceneCommand(.line(line))])
        let cpu = try Shared.paint(scene, on: .cpu)
        // The tip is 16.5 px above the corner at y = 40; the CPU painter's bands are 32 rows.
        #expect(cpu[(28 * 64 + 30) * 4] < 40, "the tip's middle at y = 28 is dark")
        #expect(try ComputePainterTests.paint(scene, ComputePainterTests.shared.get()) == cpu)
    }

    /// Heatmaps (sampled images, cells smaller and larger than pixels) and filled areas cut into strips of a few
    /// hundred words, many to a batch and batches of one: the CPU painter's bytes.
    @Test(needsGL, arguments: [400, 4000])
    func imagesAndMasksInStripsDrawWhatTheCPUDraws(words: Int) throws {
        let painter = try ComputePainterTests.painter(words: words)
        for name in ["heatmap", "heatmap-grid", "density", "stacked-areas", "contours"] {
            let scene = try SceneBuilder.build(GoldenCharts.example(name), measurer: Shared.text.get(), threads: 2)
            #expect(ComputePainterTests.differingBytes(try ComputePainterTests.paint(scene, painter), try Shared.paint(scene, on: .cpu)) == 0,
                    "\(name), strips of \(words / 4) words")
        }
    }

    /// An image the painter's largest side wide (GL_MAX_TEXTURE_SIZE) and one as tall draw what the CPU draws; a
    /// side past it is a paint failure (a render under --backend compute refuses the size first).
    @Test(needsGL)
    func imagesAtTheSizeLimit() throws {
        let painter = try ComputePainterTests.shared.get()
        let side = painter.maxImageSide
        for (width, height) in [(side, 6), (5, side)] {
            let rects = [RectShape(Rect(x: 1.5, y: 0.25, width: Double(width) - 3, height: Double(height) - 0.5), Color(rgb: 0x3366cc, alpha: 0.6))]
            let dots = DotShape(x: [0, Double(width) / 2, Double(width) - 1], y: [0, Double(height) / 2, Double(height) - 1], size: nil,
                                transform: .identity, radius: 2...2, sizeRange: 0...1, fill: Color(rgb: 0xcc3300))
            let scene = Scene(width: width, height: height, background: .white, fontFamily: "sans-serif",
                              commands: [SceneCommand(.rects(rects)), SceneCommand(.dots(dots))])
            #expect(try ComputePainterTests.paint(scene, painter) == Shared.paint(scene, on: .cpu), "\(width)x\(height)")
        }
        let tooWide = Scene(width: side + 1, height: 2, background: .white, fontFamily: "sans-serif")
        #expect(throws: PaintFailure.self) { try ComputePainterTests.paint(tooWide, painter) }
        if side < Renderer.maxImageSide {
            let chart = Chart(width: side + 1, height: 100, series: [.line(name: "a", x: [0, 1], y: [0, 1])])
            #expect(throws: GlintError.self) { try Shared.renderer(.compute).render(chart) }
        }
    }
}
