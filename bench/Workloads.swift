import Glint

/// A seeded SplitMix64 generator, so every run draws the same data.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A uniform value in [0, 1).
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}

/// One benchmark case: a chart and the number of data points it draws.
struct Workload {
    let name: String
    let points: Int
    let chart: () -> Chart

    /// A sorted-x random walk line, optionally with epoch-millisecond x values.
    static func line(_ n: Int, epoch: Bool = false) -> Workload {
        Workload(name: epoch ? "line-epoch-ms" : "line", points: n) {
            var random = SeededRandom(seed: 42)
            let origin = epoch ? 1_700_000_000_000.0 : 0
            let x = (0..<n).map { origin + Double($0) }
            var level = 0.0
            let y = (0..<n).map { _ in
                level += random.next() - 0.5
                return level
            }
            return Chart(width: 1920, height: 1080, series: [.line(name: "walk", x: x, y: y, width: 1)])
        }
    }

    /// Dots whose radius maps from a per-point size into 1...8 px.
    static func dots(_ n: Int) -> Workload {
        Workload(name: "dots", points: n) {
            var random = SeededRandom(seed: 7)
            let x = (0..<n).map { _ in random.next() }
            let y = (0..<n).map { _ in random.next() }
            let size = (0..<n).map { _ in random.next() }
            return Chart(width: 1920, height: 1080, series: [
                .dots(name: "scatter", x: x, y: y, size: size, radius: 1...8, color: Color(rgb: 0x1F77B4, alpha: 0.5)),
            ])
        }
    }

    /// The chart `glint demo` draws.
    static let demo = Workload(name: "demo", points: Chart.demo.series.reduce(0) { $0 + $1.x.count }) { .demo }
}
