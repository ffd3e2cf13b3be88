import CRaster
import GlintCore
import GlintRaster
import GlintTestSupport
import Testing

/// A line's segments sorted into the CPU painter's bands (`raster_bin_line`, a vector of segments at a time where the
/// band height is a power of two): each band lists, in order, exactly the segments whose rows, ± the reach, touch
/// it — checked against the rule written out here, over gaps, NaN, infinities, values past the clamp, rows above
/// the image and below it; with each kernel variant this CPU runs.
@Suite struct LineBinsTests {
    static let bands = 12

    /// The bands segment i touches by the rule: none at a gap (an x beyond ±1e37) or a NaN y; else the rows from
    /// the floor of its top minus the reach to the ceiling of its bottom plus it, divided as C divides.
    static func expectedBands(_ xs: [Float], _ ys: [Float], _ i: Int, reach: Float, height: Int) -> ClosedRange<Int>? {
        guard abs(xs[i]) <= 1e37 || xs[i].isNaN, abs(xs[i + 1]) <= 1e37 || xs[i + 1].isNaN else { return nil }
        let (top, bottom) = (ys[i + 1] < ys[i] ? ys[i + 1] : ys[i], ys[i + 1] >= ys[i] ? ys[i + 1] : ys[i])
        guard !top.isNaN, !bottom.isNaN else { return nil }
        let first = max(WholeNumbers.below(top - reach) / height, 0)
        let last = min(WholeNumbers.above(bottom + reach) / height, bands - 1)
        return first <= last ? first...last : nil
    }

    @Test(arguments: [32, 24]) func eachBandListsTheSegmentsThatReachIt(height: Int) {
        var generator = SeededGenerator(seed: 29)
        let odd: [Float] = [.nan, .infinity, -.infinity, 1e12, -1e12, -20, -31.9, -32, -33.5, -0.4, 5.5, 380, 383.6, 1e9, -1e9]
        let n = 4003
        var xs = (0..<n).map { Float($0) }, ys = [Float](repeating: 0, count: n)
        for i in 0..<n {
            ys[i] = generator.next() < 0.3 ? odd[Int(generator.next() * Double(odd.count))] : Float(generator.next() * 420 - 30)
            if generator.next() < 0.05 { xs[i] = generator.next() < 0.5 ? PixelGap.marker : .nan }
        }
        let reach: Float = 2.5
        let expected = (0..<LineBinsTests.bands).map { band in
            (0..<n - 1).filter { LineBinsTests.expectedBands(xs, ys, $0, reach: reach, height: height)?.contains(band) ?? false }
        }
        defer { CPUKernels.use(nil) }
        for variant in CPUKernels.variants.filter({ CPUKernels.runs($0) }) {
            #expect(CPUKernels.use(variant))
            var starts = [Int](repeating: 0, count: LineBinsTests.bands + 1)
            var spans = [raster_band_span](repeating: raster_band_span(), count: n - 1)
            var indices: [Int32] = []
            xs.withUnsafeBufferPointer { x in
                ys.withUnsafeBufferPointer { y in
                    let points = raster_points(xs: x.baseAddress, ys: y.baseAddress, count: n)
                    let total = raster_bin_line(points, false, reach, height, LineBinsTests.bands, &starts, &spans, nil)
                    indices = [Int32](repeating: -1, count: total)
                    _ = raster_bin_line(points, false, reach, height, LineBinsTests.bands, &starts, &spans, &indices)
                }
            }
            for band in 0..<LineBinsTests.bands {
                let listed = indices[starts[band]..<starts[band + 1]].map(Int.init)
                let first = zip(listed, expected[band]).first { $0 != $1 }.map { "first difference \($0) against \($1)" } ?? ""
                #expect(listed == expected[band] ? true : false,
                        "\(variant), band \(band) of \(height) rows: \(listed.count) listed, \(expected[band].count) expected \(first)")
            }
            #expect(starts[LineBinsTests.bands] > n / 2, "most segments are binned")
        }
    }

    /// Runs of segments in one band (written through a pointer kept in a register): a line that stays in one band,
    /// one that ends in a run, and one whose runs alternate with segments that cross into the next band; with each
    /// variant.
    @Test func runsInOneBandAreListedWhole() {
        let height = 32, bands = 6
        let lines: [[Float]] = [
            [Float](repeating: 100, count: 300),
            (0..<300).map { $0 < 120 ? 40 : 170 },
            (0..<300).map { i in i % 50 < 40 ? 80 : 95 },
        ]
        defer { CPUKernels.use(nil) }
        for (k, ys) in lines.enumerated() {
            let xs = (0..<ys.count).map(Float.init)
            let expected = (0..<bands).map { band in
                (0..<ys.count - 1).filter { LineBinsTests.expectedBands(xs, ys, $0, reach: 2.5, height: height)?.contains(band) ?? false }
            }
            for variant in CPUKernels.variants.filter({ CPUKernels.runs($0) }) {
                #expect(CPUKernels.use(variant))
                var starts = [Int](repeating: 0, count: bands + 1)
                var spans = [raster_band_span](repeating: raster_band_span(), count: ys.count - 1)
                var indices: [Int32] = []
                var total = 0
                xs.withUnsafeBufferPointer { x in
                    ys.withUnsafeBufferPointer { y in
                        let points = raster_points(xs: x.baseAddress, ys: y.baseAddress, count: ys.count)
                        total = raster_bin_line(points, false, 2.5, height, bands, &starts, &spans, nil)
                        indices = [Int32](repeating: -1, count: total)
                        total = raster_bin_line(points, false, 2.5, height, bands, &starts, &spans, &indices)
                    }
                }
                let listed = (0..<bands).map { band in indices[starts[band]..<starts[band + 1]].map(Int.init) }
                #expect(listed == expected && total == expected.joined().count, "line \(k), \(variant)")
            }
        }
    }
}
