import Foundation
import Glint

/// Hostile specs at two sizes, n and 2n: the seconds from the spec's bytes to a PNG on the CPU painter (best of
/// `runs`, after a warm-up) and their ratio. Each class was once quadratic (a 2n that took about 4×): escapes in a
/// JSON string, legends, pie slices, a rolling median as long as its series, sorted categories, split groups and
/// series. A ratio near 2 is linear, near 2.1 n log n; the row says "superlinear" past 2.6.
enum ScalingBench {
    /// One class: its name and its spec for a size.
    struct Case {
        let name: String
        let size: Int
        let spec: (Int) -> String
    }

    static func cases(quick: Bool) -> [Case] {
        let k = quick ? 1 : 5
        func numbers(_ n: Int, _ value: (Int) -> Double) -> String { (0..<n).map { "\(value($0))" }.joined(separator: ",") }
        func names(_ n: Int, _ prefix: String) -> String { (0..<n).map { "\"\(prefix)\($0)\"" }.joined(separator: ",") }
        return [
            Case(name: "title escapes", size: 100_000 * k) { n in
                #"{"width": 320, "height": 200, "title": "\#(String(repeating: #"\n"#, count: n))", "series": [{"y": [1, 2]}]}"#
            },
            // A legend entry of n spaces, shortened to fit: trailing spaces were once dropped one at a time from the start.
            Case(name: "blank legend name", size: 5_000 * k) { n in
                #"{"width": 160, "height": 100, "series": [{"y": [1, 2], "name": "a"}, {"y": [2, 1], "name": "\#(String(repeating: " ", count: n))"}]}"#
            },
            Case(name: "legends", size: 2_000 * k) { n in
                #"{"series": [{"y": [1, 2], "name": "a"}], "legends": [\#((0..<n).map { #"{"kind": "series", "id": "l\#($0)"}"# }.joined(separator: ","))]}"#
            },
            // 2n stays within a pie's 1,000 slices (PieStyle.maximumSlices).
            Case(name: "pie slices", size: quick ? 250 : 500) { n in #"{"series": [{"type": "pie", "y": [\#(numbers(n) { Double(1 + $0 % 7) })]}]}"# },
            Case(name: "rolling median", size: 100_000 * k) { n in
                #"{"series": [{"y": [\#(numbers(n) { Double(($0 &* 7919) % 1000) })], "rolling": {"window": \#(n / 2), "op": "median"}}]}"#
            },
            Case(name: "sorted categories", size: 10_000 * k) { n in
                #"{"x": {"categories": true}, "series": [{"type": "bars", "x": [\#(names(n, "c"))], "y": [\#(numbers(n) { Double(($0 &* 7919) % 1000) })], "sort": "-y"}]}"#
            },
            // More names than the text engine's shape cache holds (1,024) at both sizes, so neither size is timed on a
            // warm cache and the other on a cold one; 2n within a chart's 10,000 series.
            Case(name: "split groups", size: quick ? 2_000 : 5_000) { n in
                #"{"series": [{"y": [\#(numbers(n) { Double($0) })], "split": [\#(names(n, "g"))]}]}"#
            },
            Case(name: "series", size: quick ? 2_000 : 5_000) { n in
                #"{"series": [\#((0..<n).map { #"{"y": [\#($0), \#($0 + 1)]}"# }.joined(separator: ","))]}"#
            },
        ]
    }

    static func run(quick: Bool, renderer: Renderer, runs: Int) throws -> [[String: Any]] {
        print("\n| hostile spec | n | n: spec → PNG | 2n: spec → PNG | 2n ÷ n |")
        print("|---|---:|---:|---:|---:|")
        var records: [[String: Any]] = []
        for c in cases(quick: quick) {
            func seconds(_ n: Int) throws -> Double {
                let bytes = Array(c.spec(n).utf8)
                return try Stats.bestSeconds(runs: runs) { _ = try renderer.render(ChartSpec.decode(bytes, files: .none, threads: 1)).pngData() }
            }
            let (one, two) = (try seconds(c.size), try seconds(2 * c.size))
            let ratio = two / one
            print("| \(c.name) | \(c.size) | \(ms(one)) | \(ms(two)) | \(String(format: "%.2f", ratio))\(ratio > 2.6 ? " superlinear" : "") |")
            records.append(["workload": "scaling \(c.name)", "points": c.size, "backend": renderer.diagnostics.backend.rawValue,
                            "n_s": one, "twice_n_s": two, "ratio": ratio])
        }
        return records
    }
}
