import GlintScales
import GlintTestSupport
import Testing
@testable import GlintTable

@Suite struct M4DecimationTests {
    /// One data unit per pixel column, origin at column 0.
    let mapping = PixelMapping(DataTransform(originX: 0, originY: 0, scaleX: 1, scaleY: -1, pixelX: 0, pixelY: 100))

    @Test func keepsFirstLowestHighestAndLastOfEachColumn() throws {
        // Column 0 holds five points, column 1 three.
        let x = [0.0, 0.2, 0.4, 0.6, 0.8, 1.1, 1.5, 1.9]
        let y = [5.0, 9.0, 1.0, 4.0, 6.0, 3.0, 3.0, 7.0]
        let r = try #require(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: mapping, columns: 0..<2, threads: 2))
        #expect(r.x == [0.0, 0.2, 0.4, 0.8, 1.1, 1.9])
        #expect(r.y == [5.0, 9.0, 1.0, 6.0, 3.0, 7.0])
    }

    /// A sub-column is the floor of x's Float32 pixel times the subdivisions, clamped to ±1e9: checked against
    /// Float's own floor at whole and half pixels either side of 0, just below and above whole numbers, around
    /// 2^23 and 2^24 (where every Float is whole), past the clamp, at the infinities and at NaN.
    @Test func subColumnsAreTheFloorOfThePixel() {
        let buckets = M4Buckets(mapping: mapping, columns: 0..<10, subdivisions: 16)
        var xs: [Double] = [0, -0, 0.5, -0.5, 1, -1, 3.75, -3.75, 1e9, -1e9, 2e12, -2e12, .infinity, -.infinity, .nan]
        for whole: Float in [1, 7, 8_388_608 / 16, 16_777_216 / 16, 1e9 / 16] {
            let near: [Float] = [whole, -whole, whole.nextDown, whole.nextUp, -whole.nextUp, -whole.nextDown]
            xs += near.map(Double.init)
        }
        for x in xs {
            let p = mapping.x(x) * 16
            let expected = p.isNaN ? Int.max : Int(max(min(p.rounded(.down), 1e9), -1e9))
            #expect(buckets.subColumn(x) == expected, "x = \(x)")
        }
    }

    @Test func fewPointsComeBackUnchanged() throws {
        let x = [0.5, 3.5, 7.25], y = [1.0, 2.0, 3.0]
        let r = try #require(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: mapping, columns: 0..<10, threads: 2))
        #expect(r.x == Column(x) && r.y == Column(y))
    }

    @Test func gapsStayGaps() throws {
        let x = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
        let y = [1.0, 8.0, 2.0, .nan, 4.0, 9.0, 5.0]
        let r = try #require(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: mapping, columns: 0..<1, threads: 2))
        #expect(r.x.count == 7)
        #expect(r.y[3].isNaN)
        #expect(Array(r.y[0..<3]) == [1, 8, 2] && Array(r.y[4...]) == [4, 9, 5])
    }

    @Test func pointsBeyondTheColumnsKeepOnlyTheirEnds() throws {
        let x = [-50.0, -40, -30, -20, 0.5, 1.5, 30, 40, 50]
        let y = [1.0, 99, -99, 2, 3, 4, 5, 77, 6]
        let r = try #require(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: mapping, columns: 0..<2, threads: 2))
        #expect(r.x == [-50, -20, 0.5, 1.5, 30, 50])
    }

    @Test(arguments: [[0.0, 2, 1, 3], [0.0, .nan, 2, 3], [0.0, 1, .infinity, 3]])
    func unsortedOrNonFiniteXIsRefused(x: [Double]) {
        #expect(M4Decimation.decimate(x: Column(x), y: [1, 2, 3, 4], mapping: mapping, columns: 0..<4, threads: 2) == nil)
    }

    @Test func unsortedAcrossThreadBoundariesIsRefused() {
        // Sorted inside every column, out of order between two of them.
        var x = (0..<4000).map { Double($0) / 1000 }
        x.swapAt(1999, 2000)
        #expect(M4Decimation.decimate(x: Column(x), y: Column(x), mapping: mapping, columns: 0..<4, threads: 2) == nil)
    }

    @Test(arguments: [1, 2, 3])
    func unsortedExactlyAtAColumnBoundaryIsRefused(threads: Int) {
        // Each column is sorted on its own; x steps back exactly where column 1 starts.
        let x = [0.1, 0.5, 0.9, 1.2, 1.5, 1.8, 1.1, 2.5, 2.9]
        let y = [Double](repeating: 1, count: x.count)
        #expect(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: mapping, columns: 0..<3, threads: threads) == nil)
    }

    @Test func sameResultWhateverTheThreadCount() throws {
        let x = (0..<50_000).map { Double($0) / 1000 }
        let y = SeededGenerator.walk(x.count, seed: 9)
        let one = try #require(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: mapping, columns: 0..<50, threads: 1))
        let many = try #require(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: mapping, columns: 0..<50, threads: 7))
        #expect(one.x == many.x && one.y == many.y)
        #expect(one.x.count <= 4 * 50)
    }
}
