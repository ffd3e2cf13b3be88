import GlintScales
import Testing
@testable import GlintTable

/// M4 through a memo (`M4Memo`) over rings keeps, frame after frame, exactly the points a fresh M4 keeps — while
/// the line grows, drops its oldest points, scrolls by whole and by fractional pixels, zooms and has gaps — and
/// takes over from the frame before the buckets whose points did not change.
@Suite struct IncrementalM4Tests {
    /// A ring pair holding a line: x 0.37 apart, y a seeded walk with a gap every 97 points and a run of gaps.
    struct Line {
        var x = RingColumn(capacity: 40_000), y = RingColumn(capacity: 40_000)
        var next = 0, walk = 0.0, seed: UInt64 = 11
        /// Points that share an x value, in a row.
        var runs = 1

        mutating func append(_ n: Int) {
            for _ in 0..<n {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                walk += Double(Int64(bitPattern: seed) >> 40) / Double(1 << 23)
                x.append(Double(next / runs) * 0.37)
                y.append(next % 97 == 0 || (next / 1000) % 17 == 3 && next % 1000 < 40 ? .nan : walk)
                next += 1
            }
        }

        var newestX: Double { Double((next - 1) / runs) * 0.37 }

        /// A number in 0..<1 from the line's generator.
        mutating func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
    }

    /// Buckets for the x range `lower ..< lower + width` over 640 pixel columns.
    static func buckets(lower: Double, width: Double, subdivisions: Int) -> M4Buckets {
        let transform = DataTransform(originX: lower, originY: 0, scaleX: 640 / width, scaleY: -1, pixelX: 0, pixelY: 0)
        return M4Buckets(mapping: PixelMapping(transform), columns: 0..<640, subdivisions: subdivisions)
    }

    /// The indices of the ring whose x lies in `lower...upper`, one more each side (as a view's window is).
    static func window(_ line: Line, _ lower: Double, _ upper: Double) -> Range<Int> {
        let xs = Column(line.x)
        let first = xs.firstIndex { $0 >= lower } ?? xs.count, end = xs.firstIndex { $0 > upper } ?? xs.count
        return max(0, first - 1)..<min(xs.count, end + 1)
    }

    /// M4 of `window` with the memo and afresh: equal, NaN for NaN; the buckets the memo took over and scanned.
    static func compare(_ line: Line, _ window: Range<Int>, _ plan: M4Buckets, memo: M4Memo,
                        _ comment: Comment) throws -> (kept: Int, scanned: Int) {
        let (xs, ys) = (Column(line.x), Column(line.y)), before = memo.buckets
        let fresh = try #require(M4Decimation.decimate(x: xs, y: ys, buckets: plan, threads: 2, within: window))
        let kept = try #require(M4Memo.$current.withValue(memo) {
            M4Decimation.decimate(x: xs, y: ys, buckets: plan, threads: 2, within: window)
        })
        let same = { (a: Column, b: Column) in a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || $0.isNaN && $1.isNaN } }
        #expect(same(fresh.x, kept.x) && same(fresh.y, kept.y), comment)
        return (memo.buckets.kept - before.kept, memo.buckets.scanned - before.scanned)
    }

    /// A view moved by whole pixels, `moved` of its width, scans the buckets that came into view (and up to a
    /// pixel column's more: those whose bounds moved by a rounding of the new origin, and the edges) and takes the
    /// rest over.
    static func expectOnlyNewBucketsScanned(_ reuse: (kept: Int, scanned: Int), _ plan: M4Buckets, moved: Double,
                                            _ comment: Comment) {
        let entered = Int((moved * Double(plan.count - 2)).rounded())
        #expect(reuse.scanned <= entered + plan.subdivisions + 4 && reuse.kept + reuse.scanned >= plan.count - 2 * plan.subdivisions - 2,
                "\(comment): \(reuse) with \(entered) buckets entering of \(plan.count)")
    }

    @Test(arguments: [1, M4Decimation.antialiasedSubdivisions])
    func aFollowingViewKeepsWhatAFreshReductionKeeps(subdivisions: Int) throws {
        var line = Line()
        line.append(30_000)
        let memo = M4Memo(limit: 4), width = 4000.0, pixel = width / 640
        var upper = line.newestX
        for frame in 0..<12 {
            line.append(frame % 3 == 0 ? 5000 : 700)  // past the capacity: the oldest are dropped
            let step = (((line.newestX - upper) / pixel).rounded(.up)) * pixel
            upper += step
            let plan = Self.buckets(lower: upper - width, width: width, subdivisions: subdivisions)
            let reuse = try Self.compare(line, Self.window(line, upper - width, upper), plan, memo: memo, "frame \(frame)")
            if frame > 0 { Self.expectOnlyNewBucketsScanned(reuse, plan, moved: step / width, "frame \(frame)") }
        }
    }

    @Test(arguments: [1, M4Decimation.antialiasedSubdivisions])
    func pansAndZoomsKeepWhatAFreshReductionKeeps(subdivisions: Int) throws {
        var line = Line()
        line.append(40_000)
        let memo = M4Memo(limit: 4), width = 6000.0, pixel = width / 640
        var lower = 2000.0
        for (step, moved) in [(0.0, "first"), (64 * pixel, "a whole-pixel pan"), (-128 * pixel, "back"),
                              (0.3 * pixel, "a fractional pan"), (1e-9, "a hair")] {
            lower += step
            let plan = Self.buckets(lower: lower, width: width, subdivisions: subdivisions)
            let reuse = try Self.compare(line, Self.window(line, lower, lower + width), plan, memo: memo, "\(moved)")
            if step != 0 && abs(step / pixel).rounded() == abs(step / pixel) {
                Self.expectOnlyNewBucketsScanned(reuse, plan, moved: abs(step) / width, "\(moved)")
            }
        }
        let zoomed = Self.buckets(lower: lower, width: width / 3, subdivisions: subdivisions)
        _ = try Self.compare(line, Self.window(line, lower, lower + width / 3), zoomed, memo: memo, "a zoom")
    }

    /// Random frames — appends of up to 3,000 points whose x repeat in runs of three, views that scroll by whole or
    /// fractional pixels, jump and zoom — each keep what a fresh M4 keeps.
    @Test(arguments: [1, M4Decimation.antialiasedSubdivisions])
    func randomFramesKeepWhatAFreshReductionKeeps(subdivisions: Int) throws {
        var line = Line()
        line.runs = 3
        line.append(20_000)
        let memo = M4Memo(limit: 4)
        var (upper, width) = (line.newestX, 2000.0)
        for frame in 0..<40 {
            line.append(Int(line.random() * 3000))
            let pixel = width / 640, move = line.random()
            if move < 0.5 {
                upper += ((line.newestX - upper) / pixel).rounded(.up) * pixel  // follow
            } else if move < 0.7 {
                upper -= (line.random() * 200).rounded() * pixel  // a whole-pixel pan
            } else if move < 0.85 {
                upper -= line.random() * 100 * pixel  // a fractional one
            } else {
                width *= 0.5 + line.random()  // a zoom
            }
            let plan = Self.buckets(lower: upper - width, width: width, subdivisions: subdivisions)
            let window = Self.window(line, upper - width, upper)
            guard !window.isEmpty else { continue }
            _ = try Self.compare(line, window, plan, memo: memo, "frame \(frame)")
        }
    }

    /// A memo entry is found by the rings' histories: a copy of the rings that appends values of its own starts
    /// another history, and M4 of it never takes the first ring's buckets.
    @Test func aCopyThatAppendsItsOwnValuesStartsAnotherHistory() throws {
        var line = Line()
        line.append(20_000)
        let memo = M4Memo(limit: 4), plan = Self.buckets(lower: 0, width: 8000, subdivisions: 1)
        _ = try Self.compare(line, 0..<line.x.count, plan, memo: memo, "first")
        var copy = line
        copy.walk += 1000
        copy.append(10)
        line.append(10)
        #expect(Column(copy.x).ring?.history != Column(line.x).ring?.history)
        #expect(Column(copy.y).ring?.history != Column(line.y).ring?.history)
        let reuse = try Self.compare(copy, 0..<copy.x.count, plan, memo: memo, "the copy")
        #expect(reuse.kept == 0)
        _ = try Self.compare(line, 0..<line.x.count, plan, memo: memo, "the first ring")
    }

    /// A frame keeps the entries of the lines it reduced and drops the others (a line no longer drawn).
    @Test func aFrameKeepsTheEntriesOfTheLinesItDrew() throws {
        var (a, b) = (Line(), Line())
        a.append(5000)
        b.append(7000)
        let memo = M4Memo(limit: 8), plan = Self.buckets(lower: 0, width: 2000, subdivisions: 1)
        let reduce = { (line: Line) in
            _ = M4Decimation.decimate(x: Column(line.x), y: Column(line.y), buckets: plan, threads: 1, within: 0..<line.x.count)
        }
        memo.frame {
            reduce(a)
            reduce(b)
        }
        #expect(memo.entryCount == 2)
        memo.frame { reduce(a) }
        #expect(memo.entryCount == 1)
        let before = memo.buckets
        memo.frame { reduce(a) }
        #expect(memo.buckets.kept > before.kept, "the entry kept is the one the next frame takes over")
    }

    /// A ring's values over a range, in place within a chunk and copied across chunks, are the values read one by
    /// one; sequence numbers count the dropped values.
    @Test func aRingsRangesReadTheirValues() {
        var ring = RingColumn(capacity: RingColumn.chunkSize + 100)
        for i in 0..<(2 * RingColumn.chunkSize) { ring.append(Double(i)) }
        let view = ring.view, size = RingColumn.chunkSize
        #expect(view.dropped == size - 100 && view[0] == Double(size - 100))
        for range in [0..<10, 90..<110, 0..<view.count, (view.count - 1)..<view.count, 5..<5] {
            #expect(view.values(in: range) == range.map { view[$0] }, "\(range)")
            #expect(view.withUnsafeDoubles(in: range) { Array($0) } == range.map { view[$0] }, "\(range)")
            #expect(Column(ring).withUnsafeDoubles(in: range) { Array($0) } == range.map { view[$0] }, "\(range)")
        }
    }
}
