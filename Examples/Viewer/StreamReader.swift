import Foundation
import Glint

/// Rows of numbers read from standard input on a thread of their own and appended live to a chart (`viewer
/// --stream`): `x,y1,y2,…` gives y_k to the k-th line or dots series of the spec; an empty field is a gap, a first
/// line that is not numbers a header. Rows are appended in batches of up to 1,000, or every 50 ms when they come
/// slower, so a slow feed shows at once. A row that is not numbers of the right count is left out, its line named
/// on standard error; the window keeps going.
final class StreamReader: @unchecked Sendable {
    private let lock = NSLock()
    private var changed = false, finished = false

    /// Starts reading into `chart`'s series `series` (in the spec's order: the line and dots series).
    init(chart: RetainedChart, series: [Int]) {
        let thread = Thread { [self] in read(into: chart, series: series) }
        thread.start()
    }

    /// Whether rows were appended (or the input ended) since the last call.
    func takeChanged() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { changed = false }
        return changed
    }

    /// Whether standard input has ended and every row read from it is appended.
    var hasEnded: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    private func read(into chart: RetainedChart, series: [Int]) {
        var x: [Double] = [], ys = [[Double]](repeating: [], count: series.count)
        var lastFlush = Date(), number = 0
        func flush() {
            for (k, index) in series.enumerated() where !x.isEmpty {
                do {
                    try chart.append(series: index, x: x, y: ys[k])
                } catch {
                    FileHandle.standardError.write(Data("viewer: \(error)\n".utf8))
                }
            }
            (x, ys, lastFlush) = ([], ys.map { _ in [] }, Date())
            lock.lock()
            changed = true
            lock.unlock()
        }
        while let line = readLine(strippingNewline: true) {
            number += 1
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let values = fields.map { $0.isEmpty ? Double.nan : Double($0) }
            if number == 1, values.first.flatMap({ $0 }) == nil { continue }
            guard values.count == series.count + 1, values.allSatisfy({ $0 != nil }), let u = values[0], u.isFinite else {
                FileHandle.standardError.write(Data("viewer: stdin line \(number): expected x and \(series.count) numbers separated by commas, found \"\(line.prefix(80))\"\n".utf8))
                continue
            }
            x.append(u)
            for k in series.indices { ys[k].append(values[k + 1]!) }
            if x.count >= 1000 || Date().timeIntervalSince(lastFlush) > 0.05 { flush() }
        }
        flush()
        lock.lock()
        finished = true
        lock.unlock()
    }
}
