import Foundation
import Glint
import GlintRenderTestSupport
import GlintServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What keeps one request from taking `glint serve` down: renders in worker processes that may die alone, limits
/// on time, memory, bytes and connections, and a front end that answers operators throughout.
@Suite(.serialized) struct ServerIsolationTests {
    static let small = ServerTests.small

    /// A worker killed in the middle of a render costs that request only: it is answered 500 with its request id,
    /// the worker is replaced and counted, and the next requests are served.
    @Test func aWorkerThatDiesCostsOnlyItsRequest() throws {
        let server = try TestServer.start { $0.workers = 1 }
        defer { server.shutdown() }
        let victim = try #require(server.workerProcesses.first)
        let reply = Locked<HTTPReply?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            reply.set(HTTPClient.request(server.port, "POST", "/render?width=6000&height=6000", body: Array(Self.small.utf8),
                                         extraHeaders: ["X-Request-Id": "crash-1"].map { "\($0): \($1)" }))
            done.signal()
        }
        // Wait until the render is under way (the worker is no longer idle), then kill it as a trap would.
        let until = Date().addingTimeInterval(10)
        while server.workerProcesses.contains(victim) && Date() < until { usleep(2000) }
        kill(victim, SIGKILL)
        done.wait()
        let answer = try #require(reply.value)
        #expect(answer.status == 500 && answer.header("X-Request-Id") == "crash-1")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(json["requestId"] as? String == "crash-1" && (json["error"] as? String)?.contains("SIGKILL") == true, "\(json)")
        #expect(HTTPClient.render(server.port, Self.small)?.status == 200, "a replacement worker renders the next request")
        #expect(!server.workerProcesses.contains(victim))
        let metrics = try #require(HTTPClient.request(server.port, "GET", "/metrics")).text
        #expect(metrics.contains("glint_worker_restarts_total{cause=\"SIGKILL\"} 1"), "\(metrics)")
    }

    /// A worker killed while idle (an operator, the OOM killer) costs no request: the one it would have been handed
    /// goes to another worker, and it is replaced and counted when it is found dead.
    @Test func aWorkerKilledWhileIdleCostsNoRequest() throws {
        let server = try TestServer.start { $0.workers = 2 }
        defer { server.shutdown() }
        let until = Date().addingTimeInterval(10)
        while server.workerProcesses.count < 2 && Date() < until { usleep(10_000) }
        // The last idle worker is the next one handed a job.
        let victim = try #require(server.workerProcesses.last)
        kill(victim, SIGKILL)
        usleep(200_000)
        let statuses = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let status = HTTPClient.render(server.port, Self.small)?.status ?? 0
            statuses.update { $0.append(status) }
        }
        #expect(statuses.value == [200, 200, 200, 200])
        let metrics = try #require(HTTPClient.request(server.port, "GET", "/metrics")).text
        #expect(metrics.contains("glint_worker_restarts_total{cause=\"SIGKILL\"} 1"), "\(metrics)")
        #expect(!server.workerProcesses.contains(victim))
    }

    /// A render past --timeout is stopped with its worker (its CPU time is bounded too), answered 504, counted.
    @Test func aRenderPastTheTimeoutIsStoppedWithItsWorker() throws {
        let server = try TestServer.start { $0.workers = 1; $0.timeout = 0.3 }
        defer { server.shutdown() }
        let before = try #require(server.workerProcesses.first)
        let late = try #require(HTTPClient.render(server.port, Self.small, query: "?width=12000&height=12000"))
        #expect(late.status == 504 && late.text.contains("--timeout"))
        #expect(kill(before, 0) != 0, "the worker that ran past the timeout is gone")
        // Its replacement starts in the background; once it is ready it renders (a request before that would wait
        // for it, within this server's short timeout).
        let until = Date().addingTimeInterval(20)
        while server.workerProcesses.isEmpty && Date() < until { usleep(10_000) }
        #expect(HTTPClient.render(server.port, Self.small)?.status == 200)
        let metrics = try #require(HTTPClient.request(server.port, "GET", "/metrics")).text
        #expect(metrics.contains("glint_worker_restarts_total{cause=\"timeout\"} 1") && metrics.contains("glint_render_timeouts_total 1"))
    }

    /// Replacement workers stay up: after a 504 and a worker killed mid-render, both replacements are still the
    /// same processes 30 s later (past the few seconds after which libdispatch retires an idle thread: a worker
    /// forked from such a thread was killed with it by its parent-death signal) and answer 200, with no restart
    /// counted beyond the two causes.
    @Test func replacementWorkersStayUpWhileIdle() throws {
        let server = try TestServer.start { $0.workers = 2; $0.timeout = 1 }
        defer { server.shutdown() }
        let late = try #require(HTTPClient.render(server.port, Self.small, query: "?width=12000&height=12000"))
        #expect(late.status == 504)
        func waitForWorkers(_ count: Int) -> [Int32] {
            let until = Date().addingTimeInterval(20)
            while server.workerProcesses.count < count && Date() < until { usleep(10_000) }
            return server.workerProcesses
        }
        let afterTimeout = waitForWorkers(2)
        #expect(afterTimeout.count == 2)
        // Kill one of the two mid-render (it leaves the idle list when it takes the job).
        let done = DispatchSemaphore(value: 0)
        let reply = Locked<HTTPReply?>(nil)
        DispatchQueue.global().async {
            reply.set(HTTPClient.render(server.port, Self.small, query: "?width=6000&height=6000"))
            done.signal()
        }
        let until = Date().addingTimeInterval(10)
        while server.workerProcesses.count == 2 && Date() < until { usleep(2000) }
        let busy = Set(afterTimeout).subtracting(server.workerProcesses)
        #expect(busy.count == 1)
        busy.forEach { kill($0, SIGKILL) }
        done.wait()
        #expect(reply.value?.status == 500)
        let replaced = Set(waitForWorkers(2))
        #expect(replaced.count == 2)
        Thread.sleep(forTimeInterval: 30)
        // Alive and not a zombie (a killed worker the front end has not reaped yet still answers kill(pid, 0)).
        func running(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let state = stat.split(separator: ")").last?.split(separator: " ").first else { return false }
            return state != "Z" && state != "X"
        }
        #expect(replaced.allSatisfy(running), "the replacements are alive after 30 s idle")
        #expect(Set(server.workerProcesses) == replaced)
        for _ in 0..<4 { #expect(HTTPClient.render(server.port, Self.small)?.status == 200) }
        let metrics = try #require(HTTPClient.request(server.port, "GET", "/metrics")).text
        let restarts = metrics.split(separator: "\n").filter { $0.hasPrefix("glint_worker_restarts_total{") }
        #expect(restarts.sorted() == ["glint_worker_restarts_total{cause=\"SIGKILL\"} 1", "glint_worker_restarts_total{cause=\"timeout\"} 1"],
                "\(restarts)")
    }

    /// The front end gives back the memory of the bodies it held: 48 bodies of 10 MB, six at a time, leave its
    /// resident size within 12 MB of where it started. Before large blocks were mapped on their own and the arenas
    /// trimmed after each large request, it kept its high-water mark: 40 MB more here, 31 → 185 MB after 150 bodies.
    @Test func bufferedBodiesLeaveNoHighWaterMark() throws {
        let (process, _, port) = try ServerTests.serveProcess(["--drain", "0", "--quiet"])
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        func residentKiB() -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        }
        // The worker refuses it at its first byte: the front end's buffering is what is measured, not a render.
        let body = Array("x".utf8) + [UInt8](repeating: 32, count: 10 << 20)
        #expect(HTTPClient.render(port, Self.small)?.status == 200)
        let before = residentKiB()
        let statuses = Locked<[Int]>([])
        let group = DispatchGroup()
        for _ in 0..<6 {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<8 {
                    let status = HTTPClient.request(port, "POST", "/render", body: body)?.status ?? 0
                    statuses.update { $0.append(status) }
                }
            }
        }
        group.wait()
        let after = residentKiB()
        #expect(statuses.value.count == 48 && statuses.value.allSatisfy { $0 == 400 }, "\(Set(statuses.value))")
        #expect(after - before < 12 << 10, "the front end grew from \(before >> 10) to \(after >> 10) MB")
    }

    /// A worker over its memory limit (a 16384 × 16384 image needs 1 GiB) ends alone; the server goes on.
    @Test func aWorkerOverItsMemoryLimitEndsAlone() throws {
        let server = try TestServer.start { $0.workers = 1; $0.workerMemoryLimit = 384 << 20 }
        defer { server.shutdown() }
        let big = try #require(HTTPClient.render(server.port, Self.small, query: "?width=16384&height=16384"))
        #expect(big.status == 500 && big.text.contains("replaced"), "\(big.status) \(big.text)")
        #expect(HTTPClient.render(server.port, Self.small)?.status == 200)
    }

    /// 500 idle connections held open (a proxy's keep-alive pool, slow clients) leave /healthz answering at once.
    @Test func healthAnswersWhileManyIdleConnectionsAreHeld() throws {
        let server = try TestServer.start { $0.idleTimeout = 30 }
        defer { server.shutdown() }
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<500 {
            guard let fd = HTTPClient.connect(server.port) else { break }
            idle.append(fd)
        }
        #expect(idle.count == 500)
        // Each has sent half a request line, as a slow client does; wait until the server holds them all.
        for fd in idle { HTTPClient.send(fd, Array("GET /hea".utf8)) }
        func open() -> Int? {
            HTTPClient.request(server.port, "GET", "/metrics")?.text.split(separator: "\n")
                .first { $0.hasPrefix("glint_open_connections ") }.flatMap { Int($0.split(separator: " ")[1]) }
        }
        let until = Date().addingTimeInterval(10)
        while (open() ?? 0) < 501 && Date() < until { usleep(50_000) }
        var slowest = 0.0
        for _ in 0..<5 {
            let start = DispatchTime.now()
            let health = HTTPClient.request(server.port, "GET", "/healthz")
            slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
            #expect(health?.status == 200)
        }
        #expect(slowest < 100, "/healthz took \(slowest) ms with 500 idle connections open")
        #expect((501...506).contains(open() ?? 0), "the 500 idle connections and the scrape's own are held and counted")
    }

    /// A connection that never completes its request is closed after --read-timeout.
    @Test func slowClientsAreCutOff() throws {
        let server = try TestServer.start { $0.readTimeout = 0.5; $0.idleTimeout = 60 }
        defer { server.shutdown() }
        let slow = try #require(HTTPClient.connect(server.port))
        defer { close(slow) }
        // A header a byte at a time: never idle long enough for the idle timeout, but never done either.
        let start = Date()
        var closed = false
        for byte in Array("POST /render HTTP/1.1\r\nHost: x\r\nX-Padding: ".utf8) + [UInt8](repeating: 0x61, count: 400) {
            var one = byte
            if Glibc.send(slow, &one, 1, Int32(MSG_NOSIGNAL)) <= 0 { closed = true; break }
            usleep(10_000)
            if Date().timeIntervalSince(start) > 5 { break }
        }
        #expect(closed || HTTPClient.receive(slow) == nil, "the slow request was cut off")
        #expect(Date().timeIntervalSince(start) < 3, "within about --read-timeout")
        let metrics = try #require(HTTPClient.request(server.port, "GET", "/metrics")).text
        #expect(metrics.contains("glint_read_timeouts_total 1"), "\(metrics)")
    }

    /// A client over the per-client connection limit is refused while its other connections are held. The read
    /// timeout is long, so that the held connections (which send nothing) are not cut off on a loaded machine
    /// before the fourth one arrives.
    @Test func greedyClientsAreRefused() throws {
        let server = try TestServer.start { $0.readTimeout = 60; $0.idleTimeout = 60; $0.maxConnectionsPerClient = 3 }
        defer { server.shutdown() }
        let held = (0..<3).compactMap { _ in HTTPClient.connect(server.port) }
        defer { held.forEach { close($0) } }
        #expect(held.count == 3, "three connections from one address are allowed")
        usleep(100_000)
        #expect(HTTPClient.request(server.port, "GET", "/healthz") == nil, "a fourth connection from the same client is refused")
    }

    /// SIGTERM's drain: /healthz says 503 while renders are still served, then the listener closes.
    @Test func drainingAnswersHealth503WhileServing() throws {
        let server = try TestServer.start()
        let port = server.port
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.shutdown(drain: 3.0)
            stopped.signal()
        }
        let until = Date().addingTimeInterval(5)
        while !server.draining && Date() < until { usleep(10_000) }
        #expect(HTTPClient.request(port, "GET", "/healthz")?.status == 503)
        #expect(HTTPClient.render(port, Self.small)?.status == 200, "requests are still served while draining")
        stopped.wait()
        #expect(HTTPClient.request(port, "GET", "/healthz") == nil, "the listener is closed after the drain")
    }

    /// Query arguments are checked: an unknown one is 400 naming it, on every path.
    @Test func unknownQueryArgumentsAreRefused() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let typo = try #require(HTTPClient.render(server.port, Self.small, query: "?widht=300"))
        #expect(typo.status == 400 && typo.text.contains("unknown query argument 'widht'"), "\(typo.text)")
        #expect(HTTPClient.request(server.port, "GET", "/healthz?verbose=1")?.status == 400)
        #expect(HTTPClient.render(server.port, Self.small, query: "?width=300&png-level=1")?.status == 200)
    }

    /// Bodies held at once are bounded over all requests: past --max-buffered a request is told to retry.
    @Test func bodiesHeldAtOnceAreBounded() throws {
        let server = try TestServer.start { $0.maxBufferedBytes = 1000 }
        defer { server.shutdown() }
        let padded = Self.small + String(repeating: " ", count: 2000)
        let reply = try #require(HTTPClient.render(server.port, padded))
        #expect(reply.status == 503 && reply.header("Retry-After") == "1" && reply.text.contains("--max-buffered"))
        #expect(HTTPClient.render(server.port, Self.small)?.status == 200, "a small body fits")
    }

    /// A unix-socket listener and an IPv6 loopback one answer like the IPv4 one; a port in use is refused as
    /// such (`GlintError.addressInUse`, exit 69 from the CLI), not as a usage error.
    @Test func listensOnUnixSocketsAndIPv6() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glint-\(UUID().uuidString.prefix(8)).sock").path
        let unix = try TestServer.start { $0.host = "unix:" + path }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in path.utf8.enumerated().forEach { raw[$0] = $1 } }
        #expect(ServerIsolationTests.health(at: &address, family: AF_UNIX) == 200)
        unix.shutdown()
        #expect(!FileManager.default.fileExists(atPath: path), "the socket file is removed at shutdown")

        if let six = try? TestServer.start({ $0.host = "::1" }) {
            var v6 = sockaddr_in6()
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = six.port.bigEndian
            inet_pton(AF_INET6, "::1", &v6.sin6_addr)
            #expect(ServerIsolationTests.health(at: &v6, family: AF_INET6) == 200)
            six.shutdown()
        }

        let first = try TestServer.start()
        defer { first.shutdown() }
        let port = first.port
        do {
            _ = try TestServer.start { $0.port = port }
            Issue.record("a second server on port \(port) started")
        } catch let GlintError.addressInUse(message) {
            #expect(message.contains("in use"))
        }
    }

    /// The status of `GET /healthz` sent over a new connection to `address` (a `sockaddr_un`, `sockaddr_in6`, ...).
    static func health<Address>(at address: inout Address, family: Int32) -> Int? {
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
        guard connected == 0 else { return nil }
        HTTPClient.send(fd, Array("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        return HTTPClient.receive(fd)?.status
    }

    /// Each request is one log line with its time, client, id, status, bytes, time and, for an error, the reason;
    /// `--log-format json` writes the same as JSON. Checked on the CLI's stderr.
    @Test func eachRequestIsOneLogLine() throws {
        for format in ["text", "json"] {
            let (process, err, port) = try ServerTests.serveProcess(["--drain", "0", "--log-format", format])
            defer { if process.isRunning { process.terminate() } }
            var log = ""
            _ = HTTPClient.request(port, "POST", "/render", body: Array(#"{"series": [{"y": "\r\nforged"}]}"#.utf8),
                                   extraHeaders: ["X-Request-Id: abc-123"])
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            log += String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let lines = log.split(separator: "\n").filter { $0.contains("abc-123") }
            #expect(lines.count == 1, "\(format): \(log)")
            let line = String(lines.first ?? "")
            #expect(!log.contains("\nforged"), "user text cannot start a line")
            if format == "json" {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["status"] as? Int == 400 && object["client"] as? String == "127.0.0.1" && object["path"] as? String == "/render")
                #expect((object["reason"] as? String)?.hasPrefix("series[0].y: expected an array of numbers") == true)
            } else {
                #expect(line.contains(" 127.0.0.1 abc-123 POST /render 400 ") && line.contains("reason=\"series[0].y"), "\(line)")
            }
        }
    }
}
