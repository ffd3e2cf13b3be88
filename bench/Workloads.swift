import Foundation
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

/// One benchmark case: a chart made on demand, the number of points it draws and the bytes of its input.
struct Workload {
    let name: String
    let points: Int
    /// Bytes of input (Double arrays, or the CSV file).
    let inputBytes: Int
    let chart: () -> Chart
    /// Rows of a CSV file the chart is read from, each run (`chart` is then unused).
    var csvRows: Int? = nil
    /// Makes the chart again for each run, its time counted in `prepare` (a histogram counting its values).
    var rebuild: (() throws -> Chart)? = nil
    /// Reads the input once and returns the seconds it took: the floor's read, when the chart's own points are
    /// not the input (a histogram's points are its bins).
    var readOnce: (() throws -> Double)? = nil

    /// A line read from a CSV file of `rows` rows × 2 columns through a JSON spec, as `glint render` reads it.
    static func csv(_ rows: Int) -> Workload {
        Workload(name: "csv", points: rows, inputBytes: rows * 19, chart: { Chart() }, csvRows: rows)
    }

    /// A random walk over sorted x (0, 1, 2, ... or epoch milliseconds), one series.
    static func line(_ n: Int, epoch: Bool = false) -> Workload {
        Workload(name: epoch ? "line-epoch-ms" : "line", points: n, inputBytes: n * 16) {
            Chart(width: 1920, height: 1080, series: [walk(n, seed: 42, origin: epoch ? 1_700_000_000_000 : 0, name: "walk")])
        }
    }

    /// The random walk on a log y axis: y = 10^(walk × 3 / √n), about six decades, read in place through the scale.
    static func logLine(_ n: Int) -> Workload {
        Workload(name: "line-log-y", points: n, inputBytes: n * 16) {
            var walk = walk(n, seed: 42, origin: 0, name: "walk")
            let spread = 3 / Double(n).squareRoot()
            walk.y = Column(walk.y.map { pow(10, $0 * spread) })
            return Chart(width: 1920, height: 1080, y: Axis(scale: .log), series: [walk])
        }
    }

    /// One frame of a retained, panned view: a 1280×720 window over a tenth of an `n`-point walk whose x is known
    /// sorted and whose y range is fixed (what `RetainedChart` keeps), so the frame reads only the points in view.
    static func pan(_ n: Int) -> Workload {
        Workload(name: "pan 10%", points: n, inputBytes: n * 16) {
            var walk = walk(n, seed: 42, origin: 0, name: "walk")
            walk.xIsSorted = true
            let (lo, hi) = (walk.y.min() ?? 0, walk.y.max() ?? 1)
            return Chart(width: 1280, height: 720, x: Axis(range: Double(n) * 0.45...Double(n) * 0.55),
                         y: Axis(range: lo...hi), series: [walk])
        }
    }

    /// Many random-walk series of `n` points each.
    static func lines(_ count: Int, of n: Int) -> Workload {
        Workload(name: "\(count)-lines", points: count * n, inputBytes: count * n * 16) {
            Chart(width: 1920, height: 1080, series: (0..<count).map { walk(n, seed: UInt64($0), origin: 0, name: "") })
        }
    }

    /// Many random-walk areas of `n` points each over the same x, stacked (the series share their x, so the stack is
    /// built by index), each filled from the top of the one below.
    static func stackedAreas(_ count: Int, of n: Int) -> Workload {
        Workload(name: "\(count)-stacked-areas", points: count * n, inputBytes: count * n * 16) {
            let x = Column((0..<n).map(Double.init))
            return Chart(width: 1920, height: 1080, series: (0..<count).map { k in
                var s = walk(n, seed: UInt64(100 + k), origin: 0, name: "")
                s.kind = .area
                (s.x, s.y, s.area.stack) = (x, Column(s.y.map { abs($0) + 1 }), "all")
                return s
            })
        }
    }

    /// A histogram of `n` values (the sum of two uniforms: a triangle on 0…2) in `bins`. Each run counts them
    /// again; the floor reads them once (a sum).
    static func histogram(_ n: Int, bins: HistogramBins) -> Workload {
        let values = LazyValues(n)
        let make = { Chart(width: 1920, height: 1080, series: [try Series.histogram(name: "values", values: values.column, bins: bins)]) }
        var workload = Workload(name: bins == .auto ? "histogram-auto" : "histogram", points: n, inputBytes: n * 8) { (try? make()) ?? Chart() }
        workload.rebuild = make
        workload.readOnce = {
            let start = DispatchTime.now().uptimeNanoseconds
            let sum = values.column.withUnsafeDoubles { $0.reduce(0, +) }
            if sum == .infinity { print("") }  // keeps the sum alive
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        return workload
    }

    /// A box plot of `n` values in `groups` groups (value i in group i mod `groups`, a sum of two uniforms shifted
    /// by its group, on a category axis): each run groups the values and finds their quartiles, whiskers and
    /// outliers again. The floor reads x and y once.
    static func box(_ n: Int, groups: Int) -> Workload {
        Workload(name: "box \(groups) groups", points: n, inputBytes: n * 16) {
            var random = SeededRandom(seed: 11)
            var x = [Double](repeating: 0, count: n), y = x
            for i in 0..<n {
                let g = i % groups
                (x[i], y[i]) = (Double(g), Double(g % 7) + random.next() + random.next())
            }
            var chart = Chart(width: 1920, height: 1080, series: [.box(x: Column(x), y: Column(y))])
            chart.x.categories = (0..<groups).map { "g\($0)" }
            return chart
        }
    }

    /// A hexbin of `n` points (two clusters, each coordinate a sum of three uniforms) in 100 hexagons across,
    /// matplotlib's default grid: each run bins the points again. The floor reads x and y once.
    static func hexbin(_ n: Int) -> Workload {
        Workload(name: "hexbin 100 across", points: n, inputBytes: n * 16) {
            var random = SeededRandom(seed: 13)
            var x = [Double](repeating: 0, count: n), y = x
            for i in 0..<n {
                let shift = i % 3 == 0 ? 1.5 : 0
                x[i] = random.next() + random.next() + random.next() + shift
                y[i] = random.next() + random.next() + random.next() - shift
            }
            var series = Series.hexbin(x: Column(x), y: Column(y))
            series.hexbin.columns = 100
            return Chart(width: 1920, height: 1080, series: [series])
        }
    }

    /// A contour of an `n × n` grid (a surface of hills and valleys, sin × cos plus a slope) at 7 nice levels, as
    /// lines or filled bands: each run finds the levels' lines (and bands) again. The floor reads the values once.
    static func contour(_ n: Int, filled: Bool) -> Workload {
        Workload(name: filled ? "contour filled" : "contour lines", points: n * n, inputBytes: n * n * 8) {
            let positions = (0..<n).map { Double($0) / Double(n - 1) * 10 }
            let z = positions.flatMap { y in positions.map { x in sin(x) * cos(1.3 * y) + 0.2 * x } }
            return Chart(width: 1920, height: 1080, series: [.contour(grid: ContourGrid(x: positions, y: positions, z: z), filled: filled)])
        }
    }

    /// An `n × n` heatmap (values varying across every cell) through viridis, on a plot smaller than the grid: one
    /// sampled image.
    static func heatmap(_ n: Int) -> Workload {
        Workload(name: "heatmap", points: n * n, inputBytes: n * n * 8) {
            let values = (0..<(n * n)).map { i in Double((i % n) ^ (i / n)) }
            let positions = (0..<n).map(Double.init)
            return Chart(width: 1920, height: 1080, series: [(try? Series.heatmap(x: positions, y: positions, values: values)) ?? .line(x: [], y: [])])
        }
    }

    /// Dots with uniform positions and a per-point size mapped onto 1...8 px; with `colorMapped`, each dot also
    /// takes its colour from a value through the viridis scale (the "colour-mapped dots" row, to compare with the
    /// single-colour one).
    static func dots(_ n: Int, colorMapped: Bool = false) -> Workload {
        Workload(name: colorMapped ? "dots viridis" : "dots", points: n, inputBytes: n * (colorMapped ? 32 : 24)) {
            var random = SeededRandom(seed: 7)
            var x = [Double](repeating: 0, count: n), y = x, size = x
            for i in 0..<n {
                x[i] = random.next()
                y[i] = random.next()
                size[i] = random.next()
            }
            var series = Series.dots(name: "scatter", x: Column(x), y: Column(y), size: Column(size), radius: 1...8, color: Color(rgb: 0x1F77B4, alpha: 0.5))
            if colorMapped { series.pointColors = PointColors(values: y, scale: ColorScale(palette: .viridis)) }
            return Chart(width: 1920, height: 1080, series: [series])
        }
    }

    /// A density series (count, eq_hist: datashader's defaults) of `n` points on 1920×1080: uniform on the unit
    /// square, or `clustered` (five Gaussian blobs of different sizes). `float32` holds the points as `Float`
    /// arrays, as a mapped float32 `.npy` pair is held (read in place, 8 bytes a point).
    static func density(_ n: Int, clustered: Bool = false, float32: Bool = false) -> Workload {
        let points = DensityPoints(n, clustered: clustered, float32: float32)
        var workload = Workload(name: "density" + (clustered ? " clustered" : "") + (float32 ? " f32" : ""), points: n,
                                inputBytes: n * (float32 ? 8 : 16)) {
            Chart(width: 1920, height: 1080, x: Axis(range: 0...1), y: Axis(range: 0...1),
                  series: [.density(name: "points", x: points.columns.x, y: points.columns.y)])
        }
        // The floor reads Float columns as they are (Column's own double reads would copy them).
        if float32 { workload.readOnce = points.readFloatsOnce }
        return workload
    }

    /// The chart `glint demo` draws.
    static let demo = Workload(name: "demo", points: Chart.demo.series.reduce(0) { $0 + $1.x.count },
                               inputBytes: Chart.demo.series.reduce(0) { $0 + $1.x.count * 16 }) { .demo }

    static func walk(_ n: Int, seed: UInt64, origin: Double, name: String) -> Series {
        var random = SeededRandom(seed: seed)
        var x = [Double](repeating: 0, count: n), y = x
        var level = 0.0
        for i in 0..<n {
            x[i] = origin + Double(i)
            level += random.next() - 0.5
            y[i] = level
        }
        return .line(name: name, x: Column(x), y: Column(y), width: 1)
    }
}

/// A workload's values, drawn on first use (a full run lists workloads it may skip).
final class LazyValues {
    private let count: Int
    init(_ count: Int) { self.count = count }

    lazy var column: Column = {
        var random = SeededRandom(seed: 9)
        return Column((0..<count).map { _ in random.next() + random.next() })
    }()
}

/// A density workload's points, drawn on first use: uniform on the unit square, or five Gaussian blobs of different
/// sizes; held as `Double` arrays, or as `Float` arrays as a mapped float32 `.npy` pair is held.
final class DensityPoints {
    private let count: Int, clustered: Bool, float32: Bool
    init(_ count: Int, clustered: Bool, float32: Bool) { (self.count, self.clustered, self.float32) = (count, clustered, float32) }

    private lazy var floats: ([Float], [Float]) = {
        let (x, y) = generated()
        return (x.map(Float.init), y.map(Float.init))
    }()

    private lazy var doubles: ([Double], [Double]) = generated()

    private func generated() -> ([Double], [Double]) {
        var random = SeededRandom(seed: 7)
        let centres = [(0.3, 0.3, 0.08), (0.7, 0.6, 0.05), (0.5, 0.8, 0.02), (0.2, 0.75, 0.1), (0.8, 0.2, 0.04)]
        var x = [Double](repeating: 0, count: count), y = x
        for i in 0..<count {
            guard clustered else {
                (x[i], y[i]) = (random.next(), random.next())
                continue
            }
            // Box–Muller: a normal pair around the blob's centre.
            let (c, r, t) = (centres[i % 5], (-2 * log(max(random.next(), 1e-300))).squareRoot(), 2 * Double.pi * random.next())
            (x[i], y[i]) = (c.0 + c.2 * r * cos(t), c.1 + c.2 * r * sin(t))
        }
        return (x, y)
    }

    var columns: (x: Column, y: Column) { float32 ? (Column(floats.0), Column(floats.1)) : (Column(doubles.0), Column(doubles.1)) }

    /// Reads the Float arrays once, in place; the seconds it took.
    func readFloatsOnce() -> Double {
        let (x, y) = floats
        let start = DispatchTime.now().uptimeNanoseconds
        var sum: Float = 0
        for i in 0..<min(x.count, y.count) { sum += x[i] + y[i] }
        if sum == .infinity { print("") }  // keeps the sum alive
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
