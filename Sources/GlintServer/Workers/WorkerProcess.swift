import CWorkerProcess
import Dispatch
import FoundationEssentials
import Glint
#if canImport(Glibc)
import Glibc
#endif

/// One worker process as the front end holds it: its pid and channel, started with the server's worker command
/// and told its settings in the first frame; it answers with a ready frame (what it renders on) or the error
/// that stopped it.
final class WorkerProcess: @unchecked Sendable {
    let pid: pid_t
    private let channel: WorkerChannel
    /// What the worker's renderer runs on, from its ready frame.
    let ready: WorkerReady
    private var reaped = false

    /// Starts a worker and waits (at most `startTimeout` seconds) for it to be ready. Throws
    /// `GlintError.backendUnavailable` (or the worker's own error) when it cannot start or render.
    init(command: [String], settings: WorkerSettings, startTimeout: Double = 60) throws {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw GlintError.internalFailure("cannot make a worker channel: \(String(cString: strerror(errno)))")
        }
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let pid = glint_worker_spawn(&argv, ends[1])
        close(ends[1])
        guard pid > 0 else {
            close(ends[0])
            throw GlintError.backendUnavailable("cannot start the worker \(command.joined(separator: " ")): \(String(cString: strerror(errno)))")
        }
        self.pid = pid
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        channel = WorkerChannel(fd: ends[0])
        let deadline = DispatchTime.now() + startTimeout
        do {
            try channel.send(settings.frame, by: deadline)
            let answer = try channel.receive(by: deadline)
            if let error = answer.fields["error"] {
                throw WorkerReply.glintError(kind: answer.fields["kind"], message: error)
            }
            ready = WorkerReady(answer)
        } catch {
            // An init that throws runs no deinit: the worker is reaped here.
            let cause = WorkerProcess.reap(pid)
            close(ends[0])
            guard let failure = error as? ChannelFailure else { throw error }
            throw GlintError.backendUnavailable("the worker \(command.joined(separator: " ")) did not start "
                                                + (failure == .timedOut ? "within \(startTimeout) s" : "(\(cause))"))
        }
    }

    deinit { stop() }

    /// Sends `job` and waits for the reply until `deadline`. Throws `ChannelFailure.timedOut` when the deadline
    /// passes (the worker is then killed), `.closed` when the worker died; `stop()` reaps it and says why.
    func run(_ job: WorkerFrame, by deadline: DispatchTime) throws -> WorkerFrame {
        do {
            try channel.send(job, by: deadline)
            return try channel.receive(by: deadline)
        } catch ChannelFailure.timedOut {
            kill(pid, SIGKILL)
            throw ChannelFailure.timedOut
        }
    }

    /// Whether the worker has ended while it waited for a job (killed from outside: an operator, the OOM killer): an
    /// idle worker writes nothing, so a channel that is readable or hung up now has lost it.
    var endedWhileIdle: Bool {
        var entry = pollfd(fd: channel.fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
    }

    /// Ends the worker (killed if it still runs) and says how it ended: "SIGKILL", "exit 70", ...
    @discardableResult
    func stop() -> String {
        guard !reaped else { return "stopped" }
        reaped = true
        let cause = WorkerProcess.reap(pid)
        close(channel.fd)
        return cause
    }

    /// Waits for `pid` to end (killed after a moment, if it has not ended by itself) and names how it ended.
    static func reap(_ pid: pid_t) -> String {
        var status: Int32 = 0
        // A worker whose channel broke has usually ended already; give it a moment before the kill.
        for _ in 0..<20 {
            if waitpid(pid, &status, WNOHANG) == pid { return describe(status) }
            usleep(5000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return "gone" }
        }
        return describe(status)
    }

    /// "SIGILL", "exit 70", as a status from `waitpid` says.
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "exit \((status >> 8) & 0xFF)" }
        let names: [Int32: String] = [SIGILL: "SIGILL", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS",
                                      SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGFPE: "SIGFPE", SIGTRAP: "SIGTRAP"]
        return names[signal] ?? "signal \(signal)"
    }
}

/// What a worker says when it is ready: the painter it renders with and what `glint info` would say.
struct WorkerReady {
    var backend: String
    var reason: String
    var problems: [String]
    var report: [String]

    init(_ frame: WorkerFrame) {
        backend = frame.fields["backend"] ?? "-"
        reason = frame.fields["reason"] ?? ""
        problems = frame.list("problems")
        report = frame.list("report")
    }

    /// The frame a worker sends.
    static func frame(_ diagnostics: BackendDiagnostics) -> WorkerFrame {
        var frame = WorkerFrame(fields: ["backend": diagnostics.backend.rawValue, "reason": diagnostics.reason ?? ""])
        frame.setList("problems", diagnostics.problems)
        frame.setList("report", diagnostics.report.split(separator: "\n").map(String.init))
        return frame
    }
}

/// The settings a worker is started with, sent as its first frame.
struct WorkerSettings {
    var backend: Backend
    var cpuThreads: Int
    var dataDirectory: String?
    var allowedDatabases: [String]
    var memoryLimit: Int

    var frame: WorkerFrame {
        var frame = WorkerFrame(fields: ["backend": backend.rawValue, "cpuThreads": "\(cpuThreads)", "memoryLimit": "\(memoryLimit)"])
        frame.fields["dataDirectory"] = dataDirectory
        frame.setList("allowedDatabases", allowedDatabases)
        return frame
    }

    init(backend: Backend, cpuThreads: Int, dataDirectory: String?, allowedDatabases: [String], memoryLimit: Int) {
        (self.backend, self.cpuThreads, self.dataDirectory) = (backend, cpuThreads, dataDirectory)
        (self.allowedDatabases, self.memoryLimit) = (allowedDatabases, memoryLimit)
    }

    init(_ frame: WorkerFrame) {
        backend = frame.fields["backend"].flatMap(Backend.init(rawValue:)) ?? .auto
        cpuThreads = max(1, frame.fields["cpuThreads"].flatMap { Int($0) } ?? 1)
        dataDirectory = frame.fields["dataDirectory"]
        allowedDatabases = frame.list("allowedDatabases")
        memoryLimit = max(0, frame.fields["memoryLimit"].flatMap { Int($0) } ?? 0)
    }
}
