import Dispatch
import FoundationEssentials
import Glint
#if canImport(Glibc)
import Glibc
#endif

/// The server's worker processes: `size` of them started before the server listens, each handed one job at a
/// time. A worker that dies or runs past a request's deadline is reaped and replaced in the background, and the
/// cause is counted; the rest go on serving.
final class WorkerPool: @unchecked Sendable {
    /// How a job ended.
    enum Outcome {
        /// The worker's reply.
        case reply(WorkerFrame)
        /// No worker became free before the deadline.
        case noWorker
        /// The worker ran past the deadline and was stopped.
        case timedOut
        /// The worker died during the job: how it ended ("SIGILL", "exit 70", ...).
        case died(String)
    }

    /// What the first worker said it renders with.
    let ready: WorkerReady
    private let command: [String]
    private let settings: WorkerSettings
    private let log: @Sendable (String) -> Void
    private var free: [WorkerProcess] = []
    private var stopped = false
    private var restarts: [String: Int] = [:]
    private let condition = Condition()

    /// Starts `size` workers (all of them before it returns). Throws what a worker's start throws.
    init(size: Int, command: [String], settings: WorkerSettings, log: @escaping @Sendable (String) -> Void) throws {
        (self.command, self.settings, self.log) = (command, settings, log)
        var started: [WorkerProcess] = []
        for _ in 0..<max(1, size) { started.append(try WorkerProcess(command: command, settings: settings)) }
        ready = started[0].ready
        free = started
    }

    /// Runs `job` on a free worker, waiting for one until `deadline`; `waited` gets the seconds spent waiting. A
    /// worker that ended while idle is replaced (and counted) rather than handed the job, which waits for another.
    func run(_ job: WorkerFrame, by deadline: DispatchTime, waited: inout Double) -> Outcome {
        let start = DispatchTime.now()
        var taken: WorkerProcess? = nil
        while taken == nil {
            condition.lock()
            while free.isEmpty && !stopped {
                guard condition.wait(until: Date(timeIntervalSinceNow: WorkerPool.seconds(until: deadline))) || !free.isEmpty else { break }
            }
            // A request whose time ran out while it waited (or while its body was read) takes no worker: it would
            // only be killed at once.
            guard !stopped, deadline > .now(), let next = free.popLast() else {
                condition.unlock()
                waited = WorkerPool.seconds(from: start, to: .now())
                return .noWorker
            }
            condition.unlock()
            if next.endedWhileIdle { replace(next, cause: nil) } else { taken = next }
        }
        waited = WorkerPool.seconds(from: start, to: .now())
        guard let worker = taken else { return .noWorker }
        do {
            let reply = try worker.run(job, by: deadline)
            makeFree(worker)
            return .reply(reply)
        } catch ChannelFailure.timedOut {
            replace(worker, cause: "timeout")
            return .timedOut
        } catch {
            let cause = replace(worker, cause: nil)
            return .died(cause)
        }
    }

    /// Worker restarts so far, by cause ("timeout", "SIGILL", "exit 70", ...).
    var restartCounts: [String: Int] {
        condition.lock()
        defer { condition.unlock() }
        return restarts
    }

    /// The pids of the workers now running (for operators and tests).
    var pids: [pid_t] {
        condition.lock()
        defer { condition.unlock() }
        return free.map(\.pid)
    }

    /// Stops every idle worker and each busy one as it comes back; no job starts after this.
    func stop() {
        condition.lock()
        stopped = true
        let idle = free
        free = []
        condition.broadcast()
        condition.unlock()
        for worker in idle { worker.stop() }
    }

    /// Puts a worker on the free list for the next job, or stops it when the pool has stopped.
    private func makeFree(_ worker: WorkerProcess) {
        condition.lock()
        if stopped {
            condition.unlock()
            worker.stop()
            return
        }
        free.append(worker)
        condition.signal()
        condition.unlock()
    }

    /// Reaps a worker that failed its job and starts another in its place; returns how it ended.
    @discardableResult
    private func replace(_ worker: WorkerProcess, cause given: String?) -> String {
        let ended = worker.stop()
        let cause = given ?? ended
        condition.lock()
        restarts[cause, default: 0] += 1
        let again = !stopped
        condition.unlock()
        log("worker \(worker.pid) ended (\(cause)\(given != nil ? ", \(ended)" : "")); starting a replacement")
        if again { DispatchQueue.global().async { self.startReplacement() } }
        return cause
    }

    /// Starts one worker, retrying each second while it fails (a machine out of processes, a broken binary).
    private func startReplacement() {
        while true {
            do {
                makeFree(try WorkerProcess(command: command, settings: settings))
                return
            } catch {
                log("a replacement worker failed to start: \(error); trying again in 1 s")
                condition.lock()
                let give = stopped
                condition.unlock()
                if give { return }
                sleep(1)
            }
        }
    }

    static func seconds(until deadline: DispatchTime) -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        return deadline.uptimeNanoseconds > now ? Double(deadline.uptimeNanoseconds - now) / 1e9 : 0
    }

    static func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds &- start.uptimeNanoseconds) / 1e9
    }
}
