import Foundation
import Glint

/// The server's warm renderers: a pool of the chosen backend made at start-up, and pools of the other backends
/// made on the first request that asks for one.
final class RendererPools: @unchecked Sendable {
    private let workers: Int
    private let main: RendererPool
    private var others: [Backend: RendererPool] = [:]
    private let lock = NSLock()

    init(workers: Int, backend: Backend) throws {
        self.workers = workers
        main = try RendererPool(count: workers, options: Renderer.Options(backend: backend))
    }

    /// The backend the warm renderers draw with.
    var defaultBackend: String { main.diagnostics.backend.rawValue }

    /// Why a render would fail (no font, ...); empty when renders work.
    var problems: [String] { main.diagnostics.problems }

    /// What `glint info` says, as JSON.
    var info: [String: Any] {
        let d = main.diagnostics
        return ["backend": d.backend.rawValue, "reason": d.reason ?? "", "workers": workers, "problems": d.problems,
                "report": d.report.split(separator: "\n").map(String.init)]
    }

    /// The pool for `backend` (nil or the main one's: the main pool).
    func pool(_ backend: Backend?) throws -> RendererPool {
        guard let backend, backend != .auto, backend.rawValue != defaultBackend else { return main }
        lock.lock()
        defer { lock.unlock() }
        if let pool = others[backend] { return pool }
        let pool = try RendererPool(count: workers, options: Renderer.Options(backend: backend))
        others[backend] = pool
        return pool
    }
}
