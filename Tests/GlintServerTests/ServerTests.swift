import Foundation
import Glint
import GlintRenderTestSupport
import GlintServer
import GlintTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `glint serve` started for real on an ephemeral loopback port: every status provoked and checked, concurrent
/// clients, a fuzzer, and SIGTERM under load.
@Suite(.serialized) struct ServerTests {
    static let small = #"{"width": 200, "height": 120, "series": [{"name": "a", "y": [1, 3, 2]}]}"#

    /// `glint serve` started as a process on a free port (one CPU worker, and `extra` options): the process, its
    /// standard error (the start-up line already read) and the port from that line.
    static func serveProcess(_ extra: [String]) throws -> (Process, Pipe, UInt16) {
        let process = Process()
        process.executableURL = try #require(GlintCommand.binary)
        process.arguments = ["serve", "--port", "0", "--workers", "1", "--backend", "cpu"] + extra
        let err = Pipe()
        process.standardError = err
        try process.run()
        var log = ""
        while !log.contains("\n") {
            let data = err.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            log += String(decoding: data, as: UTF8.self)
        }
        guard let port = log.components(separatedBy: "127.0.0.1:").last.flatMap({ UInt16($0.prefix { $0.isNumber }) }) else {
            process.terminate()
            throw GlintError.internalFailure("glint serve did not say its port: \(log)")
        }
        return (process, err, port)
    }

    /// A spec big enough to keep one renderer busy for a while (a 3000×3000 image).
    static let slow = (spec: small, query: "?width=3000&height=3000")

    @Test func rendersAPNGWithItsHeaders() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let reply = try #require(HTTPClient.render(server.port, ServerTests.small, query: "?width=320&height=180&scale=2"))
        #expect(reply.status == 200 && reply.header("Content-Type") == "image/png")
        #expect(reply.header("X-Glint-Backend") == "cpu")
        #expect(Double(reply.header("X-Glint-Render-Ms") ?? "") != nil)
        let image = try Image(pngData: reply.body)
        #expect(image.width == 640 && image.height == 360, "the query's size and scale win over the spec's")
        // The same spec rendered in-process gives the same pixels.
        var chart = try decodeSpec(ServerTests.small)
        (chart.width, chart.height, chart.scale) = (320, 180, 2)
        #expect(try Shared.renderer(.cpu).render(chart).pixels == image.pixels)
    }

    @Test func answersSVGAndPDFByAcceptOrFormat() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        func render(_ query: String = "", accept: String?) -> HTTPReply? {
            HTTPClient.request(server.port, "POST", "/render" + query, body: Array(ServerTests.small.utf8),
                               extraHeaders: accept.map { ["Accept: \($0)"] } ?? [])
        }
        let svg = try #require(render(accept: "image/svg+xml"))
        #expect(svg.status == 200 && svg.header("Content-Type") == "image/svg+xml" && svg.header("X-Glint-Backend") == "vector")
        #expect(String(decoding: svg.body.prefix(5), as: UTF8.self) == "<?xml" && svg.header("Vary") == "Accept")
        let pdf = try #require(render(accept: "image/png;q=0.5, application/pdf"))
        #expect(pdf.status == 200 && pdf.header("Content-Type") == "application/pdf", "the higher q wins")
        #expect(String(decoding: pdf.body.prefix(5), as: UTF8.self) == "%PDF-")
        let asked = try #require(render("?format=svg", accept: "image/png"))
        #expect(asked.header("Content-Type") == "image/svg+xml", "?format= wins over Accept")
        for accept in ["*/*", "image/*", "text/html, */*;q=0.1", nil] {
            #expect(render(accept: accept)?.header("Content-Type") == "image/png", "\(accept ?? "no Accept"): PNG")
        }
        let refused = try #require(render(accept: "image/jpeg, text/html"))
        #expect(refused.status == 406 && String(decoding: refused.body, as: UTF8.self).contains("svg+xml"))
        #expect(render(accept: "image/png;q=0")?.status == 406, "q=0 refuses")
        #expect(render("?format=gif", accept: nil)?.status == 400)
        #expect(render("?format=svg&rasterize-above=1.5", accept: nil)?.status == 400)
        #expect(render("?format=svg&rasterize-above=10", accept: nil)?.status == 200)
    }

    @Test func answersTheLayoutAsJSON() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let reply = try #require(HTTPClient.request(server.port, "POST", "/layout?width=320&height=180", body: Array(ServerTests.small.utf8)))
        #expect(reply.status == 200 && reply.header("Content-Type") == "application/json")
        // The same report as in-process, byte for byte.
        var chart = try decodeSpec(ServerTests.small)
        (chart.width, chart.height) = (320, 180)
        #expect(reply.body == [UInt8](try Shared.renderer(.cpu).layoutReport(chart).json()))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        #expect((object["texts"] as? [[String: Any]])?.isEmpty == false)
        // It takes the size arguments only, and a spec's errors as /render does.
        #expect(HTTPClient.request(server.port, "POST", "/layout?png-level=3", body: Array(ServerTests.small.utf8))?.status == 400)
        #expect(HTTPClient.request(server.port, "POST", "/layout", body: Array(#"{"series": 1}"#.utf8))?.status == 400)
        #expect(HTTPClient.request(server.port, "GET", "/layout")?.status == 405)
        // A figure: its panels, each text naming its own; and its PNG at the figure's size.
        let figure = #"{"width": 400, "height": 200, "columns": 2, "panels": [{"title": "a", "series": [{"y": [1, 2]}]}, {"title": "b", "series": [{"type": "pie", "y": [1, 2]}]}]}"#
        let laid = try #require(HTTPClient.request(server.port, "POST", "/layout", body: Array(figure.utf8)))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(laid.body)) as? [String: Any])
        #expect((report["panels"] as? [[String: Any]])?.count == 2)
        let titles = (report["texts"] as? [[String: Any]] ?? []).compactMap { t -> String? in
            guard let role = t["role"] as? [String: Any], role["kind"] as? String == "title" else { return nil }
            return "\(t["text"] ?? "")@\(role["panel"] ?? "-")"
        }
        #expect(titles.sorted() == ["a@0", "b@1"])
        let png = try #require(HTTPClient.request(server.port, "POST", "/render", body: Array(figure.utf8)))
        let image = try Image(pngData: png.body)
        #expect(png.status == 200 && image.width == 400)
    }

    @Test func everyErrorHasItsStatus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glint-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "x,y\n0,1\n1,3\n".write(to: folder.appendingPathComponent("ok.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out.csv").path, withDestinationPath: "/etc/hostname")
        // A link out of the folder to a file that does not exist is refused the same way (403), not told apart (400).
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("gone.csv").path, withDestinationPath: "/etc/no-such-file.csv")
        let server = try TestServer.start { $0.maxBody = 4096; $0.dataDirectory = folder.path }
        defer { server.shutdown() }
        let port = server.port
        func csv(_ path: String) -> String { #"{"series": [{"data": {"csv": "\#(path)", "x": "x", "y": "y"}}]}"# }

        let bad = try #require(HTTPClient.render(port, #"{"series": [{"y": "oops"}]}"#))
        #expect(bad.status == 400 && bad.header("Content-Type") == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bad.body)) as? [String: String])
        #expect(json["error"] == "series[0].y: expected an array of numbers, found a string" && json["path"] == "series[0].y")
        #expect(HTTPClient.render(port, ServerTests.small, query: "?width=99999")?.status == 400, "size over the limits")
        #expect(HTTPClient.render(port, ServerTests.small, query: "?backend=metal")?.status == 400)
        if painters.contains(.gl) {
            // The compute painter, asked for by name, draws the CPU painter's bytes (the PNGs are the same).
            let compute = try #require(HTTPClient.render(port, ServerTests.small, query: "?backend=compute"))
            let cpu = try #require(HTTPClient.render(port, ServerTests.small, query: "?backend=cpu"))
            #expect(compute.status == 200 && compute.header("X-Glint-Backend") == "compute" && compute.body == cpu.body)
        }
        #expect(HTTPClient.render(port, csv("ok.csv"))?.status == 200, "a file inside --data-dir")
        #expect(HTTPClient.render(port, csv("missing.csv"))?.status == 400, "a missing file inside --data-dir")
        for escape in ["../ok.csv", "/etc/hostname", "out.csv", "gone.csv", "sub/../../ok.csv", "-"] {
            let reply = try #require(HTTPClient.render(port, csv(escape)))
            #expect(reply.status == 403 && reply.text.contains("series[0].data.csv"), "\(escape): \(reply.status) \(reply.text)")
        }
        #expect(HTTPClient.request(port, "GET", "/nowhere")?.status == 404)
        let wrongMethod = try #require(HTTPClient.request(port, "GET", "/render"))
        #expect(wrongMethod.status == 405 && wrongMethod.header("Allow") == "POST")
        #expect(HTTPClient.request(port, "POST", "/render", body: Array(ServerTests.small.utf8), contentType: "text/plain")?.status == 415)
        #expect(HTTPClient.request(port, "POST", "/render", body: [UInt8](repeating: 32, count: 5000))?.status == 413)
        // A chunked body has no length up front: it is cut off when it passes the limit.
        if let fd = HTTPClient.connect(port) {
            let chunk = String(repeating: " ", count: 3000)
            let raw = "POST /render HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "bb8\r\n\(chunk)\r\nbb8\r\n\(chunk)\r\n0\r\n\r\n"
            HTTPClient.send(fd, Array(raw.utf8))
            #expect(HTTPClient.receive(fd)?.status == 413)
            close(fd)
        }
        let without = try TestServer.start()
        defer { without.shutdown() }
        #expect(HTTPClient.render(without.port, csv("ok.csv"))?.status == 403, "no --data-dir: no files at all")
    }

    /// Keep-alive and pipelining: one connection carries request after request — renders, and refusals decided from
    /// the headers alone (404, 415, an unknown query argument), whose bodies are read and dropped so that the next
    /// request is read as one — each answered in order without `Connection: close`; then the same requests sent at
    /// once (pipelined) come back in order too. A proxy's upstream keep-alive depends on it.
    @Test func oneConnectionCarriesManyRequests() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let fd = try #require(HTTPClient.connect(server.port))
        defer { close(fd) }
        func get(_ path: String) -> [UInt8] { Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8) }
        func post(_ path: String, _ body: String, type: String = "application/json") -> [UInt8] {
            Array("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        }
        let requests = [get("/healthz"), post("/render", Self.small), get("/nowhere"), post("/render", Self.small, type: "text/plain"),
                        post("/render?widht=3", Self.small), post("/render", #"{"series": [{"y": "x"}]}"#), get("/metrics")]
        let expected = [200, 200, 404, 415, 400, 400, 200]
        var oneByOne: [HTTPReply] = []
        for request in requests {
            HTTPClient.send(fd, request)
            oneByOne += HTTPClient.receive(fd, replies: 1)
        }
        #expect(oneByOne.map(\.status) == expected)
        HTTPClient.send(fd, requests.flatMap { $0 })
        let pipelined = HTTPClient.receive(fd, replies: requests.count)
        #expect(pipelined.map(\.status) == expected)
        let closing = (oneByOne + pipelined).filter { $0.header("Connection")?.lowercased() == "close" }
        #expect(closing.isEmpty, "\(closing.map(\.status)) asked to close the connection")
        // A body announced over --max-body is not read: its 413 closes the connection.
        let big = try #require(HTTPClient.connect(server.port))
        defer { close(big) }
        HTTPClient.send(big, Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(1 << 30)\r\n\r\n".utf8))
        let refused = HTTPClient.receive(big, replies: 1)
        #expect(refused.first?.status == 413 && refused.first?.header("Connection")?.lowercased() == "close")
    }

    @Test func operatorsEndpoints() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        _ = HTTPClient.render(server.port, ServerTests.small)
        let health = try #require(HTTPClient.request(server.port, "GET", "/healthz"))
        #expect(health.status == 200 && health.text == "ok\n")
        let info = try #require(HTTPClient.request(server.port, "GET", "/info"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.body)) as? [String: Any])
        #expect(object["backend"] as? String == "cpu" && (object["report"] as? [String])?.isEmpty == false)
        let metrics = try #require(HTTPClient.request(server.port, "GET", "/metrics")).text
        #expect(metrics.contains("glint_requests_total{path=\"/render\",status=\"200\"} 1")
                && metrics.contains("glint_requests_total{path=\"/healthz\",status=\"200\"} 1")
                && metrics.contains("glint_requests_total{path=\"/info\",status=\"200\"} 1"), "\(metrics)")
        #expect(metrics.contains("glint_in_flight_requests 1") && !metrics.contains("glint_open_connections 0"), "the scrape itself")
        #expect(metrics.contains("glint_queue_wait_seconds_count 1") && metrics.contains("glint_read_timeouts_total 0"))
        #expect(object["version"] as? String == GlintVersion.string)
        #expect(metrics.contains("glint_renders_total{backend=\"cpu\"} 1") && metrics.contains("glint_render_seconds_count 1"))
        #expect(metrics.contains("glint_queue_depth 0") && metrics.contains("glint_backend_info{backend=\"cpu\"} 1"))
    }

    @Test func aFullQueueAnswers503AndASlowRender504() throws {
        let server = try TestServer.start { $0.workers = 1; $0.queue = 0 }
        defer { server.shutdown() }
        let first = Locked<HTTPReply?>(nil)
        let busy = DispatchGroup()
        DispatchQueue.global().async(group: busy) {
            first.set(HTTPClient.render(server.port, ServerTests.slow.spec, query: ServerTests.slow.query))
        }
        // Until the slow render holds the only worker: in flight beside the scrape that asks (at most 5 s).
        for _ in 0..<100 {
            let metrics = HTTPClient.request(server.port, "GET", "/metrics")?.text ?? ""
            if metrics.contains("glint_in_flight_requests 2") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let turnedAway = try #require(HTTPClient.render(server.port, ServerTests.small))
        #expect(turnedAway.status == 503 && turnedAway.header("Retry-After") == "1")
        busy.wait()
        #expect(first.value?.status == 200)

        let hurried = try TestServer.start { $0.timeout = 0.05 }
        defer { hurried.shutdown() }
        let late = try #require(HTTPClient.render(hurried.port, ServerTests.slow.spec, query: ServerTests.slow.query))
        #expect(late.status == 504)
        #expect(HTTPClient.render(hurried.port, ServerTests.small)?.status != nil, "the server still answers")
    }

    @Test func concurrentClientsGetIdenticalPNGs() throws {
        let server = try TestServer.start { $0.backend = .auto }
        defer { server.shutdown() }
        let spec = #"{"width": 400, "height": 240, "series": [{"name": "a", "y": [1, 3, 2, 5, 4]}, {"type": "dots", "y": [2, 2, 4, 1, 3], "radius": 5}]}"#
        let replies = Locked([HTTPReply?](repeating: nil, count: 12))
        DispatchQueue.concurrentPerform(iterations: 12) { i in
            let reply = HTTPClient.render(server.port, spec)
            replies.update { $0[i] = reply }
        }
        let bodies = replies.value.map { $0?.status == 200 ? $0?.body : nil }
        #expect(bodies.allSatisfy { $0 != nil && $0 == bodies[0] })
    }

    /// Mutated specs and malformed HTTP never take the server down; well-formed requests are answered after.
    @Test func fuzzedRequestsNeverTakeTheServerDown() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let port = server.port
        let base = Array(#"{"width": 120, "height": 80, "title": "t", "series": [{"type": "line", "name": "a", "y": [1, 3, null, 2], "dash": [4, 2]}, {"type": "bars", "x": ["a", "b"], "y": [2, -1], "valueLabels": true}], "legend": {"placement": "outside", "position": "bottom"}}"#.utf8)
        let alphabet = Array(#"{}[]":,.-+e0123456789 nulltrue"#.utf8)
        let statuses = Locked([Int: Int]())
        let clients = 4, perClient = 2500
        DispatchQueue.concurrentPerform(iterations: clients) { client in
            var seeded = SeededGenerator(seed: UInt64(client + 1))
            for _ in 0..<perClient {
                var body = base
                for _ in 0..<(1 + Int(seeded.nextBits() % 4)) {
                    let at = Int(seeded.nextBits() % UInt64(max(body.count, 1)))
                    switch seeded.nextBits() % 4 {
                    case 0: if !body.isEmpty { body.remove(at: at) }
                    case 1: body.insert(alphabet[Int(seeded.nextBits() % UInt64(alphabet.count))], at: at)
                    case 2: if !body.isEmpty { body[at] = alphabet[Int(seeded.nextBits() % UInt64(alphabet.count))] }
                    default: body = Array(body.prefix(at))
                    }
                }
                let status = HTTPClient.request(port, "POST", "/render", body: body)?.status ?? 0
                statuses.update { $0[status, default: 0] += 1 }
            }
        }
        let counts = statuses.value
        #expect(Set(counts.keys).isSubset(of: [200, 400]), "every mutated spec answered 200 or 400: \(counts)")
        #expect(counts[200, default: 0] > 0 && counts[400, default: 0] > 0 && counts.values.reduce(0, +) == clients * perClient)
        // Malformed HTTP: a body shorter than its length, a garbage request line, a slow sender.
        for raw in ["POST /render HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"series\"",
                    "HELLO\r\n\r\n", "POST /render HTTP/1.1\r\nContent-Length: -5\r\n\r\n", "\u{0}\u{1}\u{2}\r\n\r\n"] {
            if let fd = HTTPClient.connect(port) {
                HTTPClient.send(fd, Array(raw.utf8))
                shutdown(fd, Int32(SHUT_WR))
                _ = HTTPClient.receive(fd)
                close(fd)
            }
        }
        if let fd = HTTPClient.connect(port) {
            let request = Array("POST /render HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(ServerTests.small.utf8.count)\r\n\r\n\(ServerTests.small)".utf8)
            for piece in stride(from: 0, to: request.count, by: 40) {
                HTTPClient.send(fd, Array(request[piece..<min(piece + 40, request.count)]))
                Thread.sleep(forTimeInterval: 0.01)
            }
            #expect(HTTPClient.receive(fd)?.status == 200, "a slow sender is answered")
            close(fd)
        }
        #expect(HTTPClient.render(port, ServerTests.small)?.status == 200, "well-formed requests are answered after the fuzzing")
    }

    /// `glint serve` as a process: SIGTERM while requests wait loses none of them, and the exit is 0.
    @Test func sigtermFinishesTheAcceptedRequests() throws {
        let (process, err, port) = try ServerTests.serveProcess(["--drain", "0.2"])
        defer { if process.isRunning { process.terminate() } }
        let count = 6
        let replies = Locked([HTTPReply?](repeating: nil, count: count))
        let sent = Locked(0)
        let group = DispatchGroup()
        for i in 0..<count {
            DispatchQueue.global().async(group: group) {
                guard let fd = HTTPClient.connect(port) else { return }
                let body = Array(#"{"width": 1600, "height": 1200, "series": [{"y": [1, 3, 2]}]}"#.utf8)
                HTTPClient.send(fd, Array("POST /render HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
                sent.update { $0 += 1 }
                let reply = HTTPClient.receive(fd)
                close(fd)
                replies.update { $0[i] = reply }
            }
        }
        while sent.value < count { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.1)
        kill(process.processIdentifier, SIGTERM)
        group.wait()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(replies.value.allSatisfy { $0?.status == 200 }, "\(replies.value.map { $0?.status ?? 0 })")
        let rest = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.contains("received SIGTERM") && rest.contains("stopped"))
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    func set(_ value: Value) { lock.withLock { stored = value } }

    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
