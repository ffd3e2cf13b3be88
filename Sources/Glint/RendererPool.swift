import FoundationEssentials
import Glibc
import GlintCore

/// Renderers shared by many threads: each `render` call takes a free renderer, waiting while all are busy,
/// so that up to `count` charts render at once (one `Renderer` renders one chart at a time).
///
/// The CPU painter already spreads one chart over every core, so a pool divides the CPU threads among its
/// renderers: with the default options, `count` renderers of `cores / count` threads each.
public final class RendererPool: @unchecked Sendable {
    /// How many charts can render at once.
    public var count: Int { renderers.count }
    /// What the pool's renderers run on (they are all alike).
    public var diagnostics: BackendDiagnostics { renderers[0].diagnostics }

    private let renderers: [Renderer]
    private var free: [Int]
    private let condition = Condition()

    /// Creates `count` renderers (default: one per core) with `options`, whose CPU threads are divided among
    /// them. Throws what `Renderer.init` throws.
    public init(count: Int = System.coreCount, options: Renderer.Options = Renderer.Options()) throws {
        let count = max(1, count)
        var each = options
        each.cpuThreads = max(1, options.cpuThreads / count)
        renderers = try (0..<count).map { _ in try Renderer(options: each) }
        free = Array(renderers.indices)
    }

    /// Renders `chart` on a free renderer; see `Renderer.render(_:)`.
    public func render(_ chart: Chart) throws -> Image {
        condition.lock()
        while free.isEmpty { condition.wait() }
        let index = free.removeLast()
        condition.unlock()
        defer {
            condition.lock()
            free.append(index)
            condition.signal()
            condition.unlock()
        }
        return try renderers[index].render(chart)
    }
}
