import Dispatch
import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Many threads rendering through one pool get the same pictures as one renderer drawing them in turn.
@Suite struct RendererPoolTests {
    @Test(arguments: painters)
    func concurrentRendersMatchSerialOnes(backend: Backend) throws {
        let pool = try RendererPool(count: 3, options: Renderer.Options(backend: backend))
        #expect(pool.count == 3 && pool.diagnostics.backend == backend)
        let charts = (0..<12).map { i -> Chart in
            var chart = GoldenCharts.legend(i % 2 == 0 ? .vertical : .horizontal, .topRight)
            chart.width = 300 + 10 * i
            chart.title = "chart \(i)"
            return chart
        }
        let serial = try charts.map { try Shared.renderer(backend).render($0) }
        let results = UnsafeMutableBufferPointer<Result<Image, Error>?>.allocate(capacity: charts.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: charts.count) { i in
            results[i] = Result { try pool.render(charts[i]) }
        }
        for i in charts.indices {
            let image = try #require(results[i]).get()
            #expect(image.width == serial[i].width)
            let differing = zip(image.pixels, serial[i].pixels).filter { abs(Int($0) - Int($1)) > 0 }.count
            #expect(differing == 0, "chart \(i): \(differing) bytes differ from the serial render")
        }
    }
}
