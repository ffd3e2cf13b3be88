import Foundation

/// What `GET /metrics` reports, in Prometheus's text format: requests by status, a render-time histogram, renders
/// by backend, renders that timed out, and (read at scrape time) the queue depth and the backend in use.
final class ServerMetrics: @unchecked Sendable {
    /// Upper bounds of the render-time buckets, in seconds.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private let lock = NSLock()
    private var requests: [Int: Int] = [:]
    private var bucketCounts = [Int](repeating: 0, count: buckets.count)
    private var renderCount = 0, renderSum = 0.0
    private var byBackend: [String: Int] = [:]
    private var timeouts = 0

    /// A request answered with `status`.
    func answered(_ status: Int) {
        lock.lock()
        requests[status, default: 0] += 1
        lock.unlock()
    }

    /// A render that finished in `seconds` on `backend`.
    func rendered(seconds: Double, backend: String) {
        lock.lock()
        renderCount += 1
        renderSum += seconds
        for (i, bound) in ServerMetrics.buckets.enumerated() where seconds <= bound { bucketCounts[i] += 1 }
        byBackend[backend, default: 0] += 1
        lock.unlock()
    }

    /// A render that ran past the timeout.
    func timedOut() {
        lock.lock()
        timeouts += 1
        lock.unlock()
    }

    /// The exposition text, with the gauges given.
    func text(queueDepth: Int, backend: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        var lines = ["# HELP glint_requests_total HTTP requests answered, by status.", "# TYPE glint_requests_total counter"]
        lines += requests.keys.sorted().map { "glint_requests_total{status=\"\($0)\"} \(requests[$0]!)" }
        lines += ["# HELP glint_render_seconds Time to render and encode one chart.", "# TYPE glint_render_seconds histogram"]
        lines += zip(ServerMetrics.buckets, bucketCounts).map { "glint_render_seconds_bucket{le=\"\($0)\"} \($1)" }
        lines += ["glint_render_seconds_bucket{le=\"+Inf\"} \(renderCount)", "glint_render_seconds_sum \(renderSum)",
                  "glint_render_seconds_count \(renderCount)"]
        lines += ["# HELP glint_renders_total Charts rendered, by the painter that drew them.", "# TYPE glint_renders_total counter"]
        lines += byBackend.keys.sorted().map { "glint_renders_total{backend=\"\($0)\"} \(byBackend[$0]!)" }
        lines += ["# HELP glint_render_timeouts_total Renders that ran past --timeout (answered 504).",
                  "# TYPE glint_render_timeouts_total counter", "glint_render_timeouts_total \(timeouts)"]
        lines += ["# HELP glint_queue_depth Render requests waiting for a free renderer.", "# TYPE glint_queue_depth gauge",
                  "glint_queue_depth \(queueDepth)"]
        lines += ["# HELP glint_backend_info The painter the warm renderers use.", "# TYPE glint_backend_info gauge",
                  "glint_backend_info{backend=\"\(backend)\"} 1"]
        return lines.joined(separator: "\n") + "\n"
    }
}
