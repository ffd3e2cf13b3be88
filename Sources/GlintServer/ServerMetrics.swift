import FoundationEssentials
import GlintCore
import Glibc

/// What `GET /metrics` reports, in Prometheus's text format: requests by path and status, render and queue-wait
/// histograms, renders by backend, timeouts, and (read at scrape time) in-flight requests, open connections,
/// queue depth, worker restarts by cause, connections closed unread, and the backend in use.
final class ServerMetrics: @unchecked Sendable {
    /// Upper bounds of the time buckets, in seconds.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// A histogram of seconds over `buckets`.
    struct Histogram {
        var counts = [Int](repeating: 0, count: ServerMetrics.buckets.count)
        var count = 0, sum = 0.0

        mutating func add(_ seconds: Double) {
            count += 1
            sum += seconds
            for (i, bound) in ServerMetrics.buckets.enumerated() where seconds <= bound { counts[i] += 1 }
        }

        func lines(_ name: String, help: String) -> [String] {
            ["# HELP \(name) \(help)", "# TYPE \(name) histogram"]
                + zip(ServerMetrics.buckets, counts).map { "\(name)_bucket{le=\"\($0)\"} \($1)" }
                + ["\(name)_bucket{le=\"+Inf\"} \(count)", "\(name)_sum \(sum)", "\(name)_count \(count)"]
        }
    }

    /// Values read when the metrics are scraped.
    struct Gauges {
        var inFlight: Int, openConnections: Int, queueDepth: Int, readTimeouts: Int
        var restarts: [String: Int]
        var backend: String
    }

    private let lock = Lock()
    private var requests: [String: [Int: Int]] = [:]
    private var renderTimes = Histogram(), queueWaits = Histogram()
    private var byBackend: [String: Int] = [:]
    private var timeouts = 0

    /// A request to `path` answered with `status` (paths outside the routes count as "other").
    func answered(_ status: Int, path: String) {
        let label = RenderServer.routes[path] == nil ? "other" : path
        lock.lock()
        requests[label, default: [:]][status, default: 0] += 1
        lock.unlock()
    }

    /// A render that finished in `seconds` on `backend`.
    func rendered(seconds: Double, backend: String) {
        lock.lock()
        renderTimes.add(seconds)
        byBackend[backend, default: 0] += 1
        lock.unlock()
    }

    /// A render request that waited `seconds` for a worker.
    func waited(_ seconds: Double) {
        lock.lock()
        queueWaits.add(seconds)
        lock.unlock()
    }

    /// A request that ran past the timeout.
    func timedOut() {
        lock.lock()
        timeouts += 1
        lock.unlock()
    }

    /// The exposition text, with the gauges given.
    func text(_ gauges: Gauges) -> String {
        lock.lock()
        defer { lock.unlock() }
        var lines = ["# HELP glint_requests_total HTTP requests answered, by path and status.", "# TYPE glint_requests_total counter"]
        for path in requests.keys.sorted() {
            lines += requests[path]!.keys.sorted().map { "glint_requests_total{path=\"\(path)\",status=\"\($0)\"} \(requests[path]![$0]!)" }
        }
        lines += renderTimes.lines("glint_render_seconds", help: "Time to render and encode one chart, in its worker.")
        lines += queueWaits.lines("glint_queue_wait_seconds", help: "Time a render request waited for a free worker.")
        lines += ["# HELP glint_renders_total Charts rendered, by the painter that drew them.", "# TYPE glint_renders_total counter"]
        lines += byBackend.keys.sorted().map { "glint_renders_total{backend=\"\($0)\"} \(byBackend[$0]!)" }
        lines += ["# HELP glint_render_timeouts_total Requests that ran past --timeout (answered 504).",
                  "# TYPE glint_render_timeouts_total counter", "glint_render_timeouts_total \(timeouts)"]
        lines += ["# HELP glint_worker_restarts_total Worker processes replaced, by how they ended.",
                  "# TYPE glint_worker_restarts_total counter"]
        lines += gauges.restarts.keys.sorted().map { "glint_worker_restarts_total{cause=\"\($0)\"} \(gauges.restarts[$0]!)" }
        lines += ["# HELP glint_read_timeouts_total Connections closed because a whole request did not arrive within --read-timeout.",
                  "# TYPE glint_read_timeouts_total counter", "glint_read_timeouts_total \(gauges.readTimeouts)"]
        lines += ["# HELP glint_in_flight_requests Requests begun and not yet answered.", "# TYPE glint_in_flight_requests gauge",
                  "glint_in_flight_requests \(gauges.inFlight)"]
        lines += ["# HELP glint_open_connections TCP (or unix socket) connections open.", "# TYPE glint_open_connections gauge",
                  "glint_open_connections \(gauges.openConnections)"]
        lines += ["# HELP glint_queue_depth Render requests waiting for a free worker.", "# TYPE glint_queue_depth gauge",
                  "glint_queue_depth \(gauges.queueDepth)"]
        lines += ["# HELP glint_backend_info The painter the workers use.", "# TYPE glint_backend_info gauge",
                  "glint_backend_info{backend=\"\(gauges.backend)\"} 1"]
        return lines.joined(separator: "\n") + "\n"
    }
}
