import Glint
import Testing

/// The renderer's thread budget is the one every parallel stage of its renders uses, and a pool divides it.
@Suite struct ThreadBudgetTests {
    @Test func theRenderersBudgetReachesItsImages() throws {
        let renderer = try Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: 3))
        #expect(renderer.threads == 3 && renderer.diagnostics.cpuThreads == 3)
        let image = try renderer.render(.demo)
        #expect(image.threads == 3, "PNG encoding uses the renderer's budget")
        // The PNG is the same whatever the budget: pieces are deflated independently of the thread count.
        let one = try Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: 1)).render(.demo)
        #expect(one.pixels == image.pixels)
        #expect(try Image(pngData: try one.pngData()).pixels == (try Image(pngData: try image.pngData())).pixels)
        #expect(try Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: 0)).threads == 1, "at least one thread")
    }

    @Test func aPoolDividesTheBudget() throws {
        let pool = try RendererPool(count: 2, options: Renderer.Options(backend: .cpu, cpuThreads: 6))
        #expect(pool.diagnostics.cpuThreads == 3)
        #expect(try pool.render(.demo).threads == 3)
    }
}
