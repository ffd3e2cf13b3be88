import CWorkerProcess
import Dispatch
import FoundationEssentials
import Glint
#if canImport(Glibc)
import Glibc
#endif

/// The worker side of `glint serve`: a process that holds warm renderers and renders one job at a time from its
/// channel (descriptor 3), until the channel closes. The front end starts it with `ServerOptions.workerCommand`
/// (`glint serve-worker`); an executable that embeds the server calls `RenderWorker.run` for that command.
///
/// Whatever a job does to the worker — a trap, a signal, running out of its memory limit — ends this process
/// only: the front end answers that request 500 and starts a replacement.
public enum RenderWorker {
    /// Serves jobs on descriptor 3 with `drivers` for database series, writing SVG and PDF with `documents` (without
    /// one, those requests are refused as bad requests); returns the exit status when the front end closes the channel
    /// (0), or when the worker could not start (69).
    public static func run(drivers: [any DatabaseDriver], documents: (any DocumentWriter)?) -> Int32 {
        _ = glint_worker_die_with_parent()
        signal(SIGPIPE, SIG_IGN)
        let channel = WorkerChannel(fd: GLINT_WORKER_CHANNEL)
        guard let first = try? channel.receive() else { return 0 }
        let settings = WorkerSettings(first)
        guard glint_worker_limit_memory(UInt64(settings.memoryLimit)) == 0 else {
            try? channel.send(WorkerReply.startFailure(GlintError.usage("cannot set the worker memory limit")))
            return 69
        }
        var renderers: [Backend: Renderer] = [:]
        func renderer(_ backend: Backend) throws -> Renderer {
            if let made = renderers[backend] { return made }
            let made = try Renderer(options: .fromEnvironment(backend: backend, cpuThreads: settings.cpuThreads))
            renderers[backend] = made
            return made
        }
        do {
            try channel.send(WorkerReady.frame(renderer(settings.backend).diagnostics))
        } catch {
            try? channel.send(WorkerReply.startFailure(error))
            return 69
        }
        let files: DataFiles = settings.dataDirectory.map { .confined(to: $0) } ?? .none
        let databases = DatabaseAccess(drivers: drivers, allowed: Set(settings.allowedDatabases))
        while let job = try? channel.receive() {
            let reply: WorkerFrame
            do {
                let request = try RenderRequest(job.body, multipartBoundary: WorkerReply.multipartBoundary(of: job), files: files,
                                                databases: databases, query: WorkerReply.query(of: job),
                                                threads: settings.cpuThreads)
                if WorkerReply.asksForLayout(job) {
                    let json = try renderer(settings.backend).layoutReport(request.chart).json()
                    reply = WorkerReply.frame(HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: [UInt8](json)))
                } else {
                    let start = DispatchTime.now()
                    let written = try renderer(request.backend ?? settings.backend)
                        .output([request.chart], format: request.format, pngLevel: request.pngLevel, vector: request.vector,
                                documents: documents)
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                    let response = HTTPResponse(status: 200, headers: [("Content-Type", request.format.mediaType), ("Vary", "Accept"),
                                                                       ("X-Glint-Backend", written.painter),
                                                                       ("X-Glint-Render-Ms", Printf.double("%.1f", seconds * 1000))],
                                                body: written.bytes)
                    // A GL render that failed and was drawn on the CPU instead is said in the front end's log.
                    reply = WorkerReply.frame(response, seconds: seconds, backend: written.painter,
                                              notices: written.notices.filter { $0.hasPrefix("rendered on the CPU") })
                }
            } catch {
                reply = WorkerReply.frame(.error(for: error))
            }
            guard (try? channel.send(reply)) != nil else { break }
        }
        return 0
    }
}
