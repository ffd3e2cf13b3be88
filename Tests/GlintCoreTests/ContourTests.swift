@testable import GlintCore
import Glibc
import Testing

/// Contours against their judge (Tests/References/contour_reference.py writes ContourReference.swift): contourpy's
/// lines on the same grid — every vertex to 1e-12, as many lines — and its filled bands' areas to 1e-9.
@Suite struct ContourTests {
    /// The grid the reference script makes, in the same arithmetic.
    static let grid: ContourGrid = {
        let x = (0..<40).map { Double($0) * 0.2 + 0.013 * Double($0 * $0) }, y = (0..<30).map { Double($0) * 0.15 + 0.011 * Double($0 * $0) }
        return ContourGrid(x: x, y: y, z: y.flatMap { b in x.map { a in sin(a) * cos(1.3 * b) + 0.3 * a - 0.1 * b } })
    }()

    static let reference: [(x: [Double], y: [Double], count: Int)] = [
        (ContourReference.x0, ContourReference.y0, ContourReference.count0), (ContourReference.x1, ContourReference.y1, ContourReference.count1),
        (ContourReference.x2, ContourReference.y2, ContourReference.count2), (ContourReference.x3, ContourReference.y3, ContourReference.count3),
        (ContourReference.x4, ContourReference.y4, ContourReference.count4), (ContourReference.x5, ContourReference.y5, ContourReference.count5)]

    @Test func linesMatchContourpy() {
        for (k, level) in ContourReference.levels.enumerated() {
            let lines = MarchingSquares.lines(Self.grid, level: level)
            // Every vertex once (a closed line's last is its first).
            let open: [[Point]] = lines.map { line -> [Point] in line.count > 1 && line.first == line.last ? Array(line.dropLast()) : line }
            // In order of x (to 1e-9: a vertex on a vertical edge is at the edge's x, which contourpy's interpolation
            // may miss by a rounding), then y.
            let order = { (a: Point, b: Point) -> Bool in
                let (u, v) = ((a.x * 1e9).rounded(), (b.x * 1e9).rounded())
                return u != v ? u < v : a.y < b.y
            }
            let vertices: [Point] = open.flatMap { $0 }.sorted(by: order)
            let expected = Self.reference[k]
            let theirs: [Point] = zip(expected.x, expected.y).map { Point($0, $1) }.sorted(by: order)
            #expect(lines.count == expected.count, "level \(level): \(lines.count) lines, contourpy \(expected.count)")
            #expect(vertices.count == expected.x.count, "level \(level)")
            var worst = 0.0
            for (v, w) in zip(vertices, theirs) { worst = max(worst, abs(v.x - w.x), abs(v.y - w.y)) }
            #expect(worst < 1e-12, "level \(level): \(worst)")
        }
    }

    @Test func filledBandsCoverWhatContourpyFills() {
        func area(_ polygons: [[Point]]) -> Double {
            var sum = 0.0
            for p in polygons {
                for i in p.indices {
                    let (a, b) = (p[i], p[(i + 1) % p.count])
                    sum += (a.x * b.y - b.x * a.y) / 2
                }
            }
            return sum
        }
        let regions = ContourReference.levels.map { MarchingSquares.above(Self.grid, level: $0) }
        for k in 0..<(regions.count - 1) {
            let band = area(regions[k]) - area(regions[k + 1]), expected = ContourReference.bandAreas[k]
            #expect(abs(band - expected) <= 1e-9 * expected, "band \(k): \(band) against \(expected)")
        }
    }

    @Test func niceLevelsLieInsideTheValuesForLinesAndCoverThemForBands() {
        #expect(ContourKind.levels(.count(7), over: -0.83...2.41, filled: false, finite: true) == [-0.5, 0, 0.5, 1, 1.5, 2])
        #expect(ContourKind.levels(.count(7), over: -0.83...2.41, filled: true, finite: true) == [-1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5])
        #expect(ContourKind.levels(.given([3, 1, 1, .nan]), over: 0...1, filled: false, finite: true) == [1, 3])
        #expect(ContourKind.levels(.count(7), over: 1...1, filled: false, finite: true).isEmpty)
    }

    @Test func aDensityContourOfPointsPeaksWhereTheyCrowd() throws {
        let xs: [Double] = (0..<200).map { (k: Int) -> Double in Double(k % 20) / 10 + (k % 3 == 0 ? 5 : 0) }
        let ys: [Double] = (0..<200).map { (k: Int) -> Double in Double(k % 7) / 7 }
        let s = ContourKind.prepared(.densityContour(x: Column(xs), y: Column(ys)))
        let grid = try #require(s.contour.grid)
        #expect(grid.x.count == 100 && grid.y.count == 100)
        // The peak lies in the larger cluster (about x 1, two thirds of the points), not between the clusters.
        let peak = grid.z.indices.max { (a: Int, b: Int) -> Bool in grid.z[a] < grid.z[b] }!
        let peakX = grid.x[peak % 100]
        #expect(peakX > 0 && peakX < 2.2, "\(peakX)")
        #expect(s.contour.drawn?.lines.isEmpty == false)
        // Points on one line have no kernel: nothing is drawn.
        #expect(ContourKind.prepared(.densityContour(x: Column([1.0, 2, 3]), y: Column([1.0, 2, 3]))).contour.drawn?.lines.isEmpty == true)
    }
}
