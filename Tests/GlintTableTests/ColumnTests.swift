import Foundation
import GlintScales
import Testing
@testable import GlintTable

/// Columns read the same values from every storage, take array and contiguous buffer storage in place, refuse
/// buffers they cannot read, and ring buffers keep their newest values.
@Suite struct ColumnTests {
    /// Memory a test lends to columns, freed when the last column viewing it goes.
    final class Lent {
        let bytes: UnsafeMutableRawPointer
        init(_ values: [Double]) {
            bytes = UnsafeMutableRawPointer.allocate(byteCount: max(values.count, 1) * 8, alignment: 8)
            values.withUnsafeBytes { bytes.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
        deinit { bytes.deallocate() }
    }

    static let values: [Double] = [0.5, -2, 3.25, 1e300, -0.0, 7]

    @Test func everyStorageReadsTheSameValues() throws {
        // x and y interleaved, as numpy's structured arrays and C arrays of structs lie.
        let interleaved = Lent(Self.values.flatMap { [$0, -$0] })
        let strided = try #require(ColumnBuffer(base: interleaved.bytes, count: Self.values.count, stride: 16, element: .float64, owner: interleaved))
        let odd = try #require(ColumnBuffer(base: interleaved.bytes + 8, count: Self.values.count, stride: 16, element: .float64, owner: interleaved))
        var ring = RingColumn(capacity: Self.values.count)
        ring.append(contentsOf: Self.values)
        let floats = Self.values.map { Float($0) }
        let columns = [Column(Self.values), Column(strided), Column(ring)]
        for column in columns {
            #expect(Array(column) == Self.values, "\(column.storageKind)")
            #expect(column == Column(Self.values) && column.count == 6 && column[2] == 3.25)
        }
        #expect(Array(Column(odd)) == Self.values.map { -$0 })
        #expect(Array(Column(floats)) == floats.map(Double.init) && Column(floats)[3] == .infinity, "1e300 is +Inf in Float32")
        #expect(([1, 2] as Column).storageKind == "double")
    }

    @Test func arraysAndContiguousBuffersAreReadInPlace() throws {
        let array = Self.values
        let column = Column(array)
        let arrayBase = array.withUnsafeBufferPointer { $0.baseAddress }
        #expect(column.withUnsafeDoubles { $0.baseAddress } == arrayBase, "no copy of an array column")
        let lent = Lent(Self.values)
        let buffer = try #require(ColumnBuffer(base: lent.bytes, count: 6, stride: 8, element: .float64, owner: lent))
        #expect(Column(buffer).withUnsafeDoubles { $0.baseAddress.map(UnsafeRawPointer.init) } == UnsafeRawPointer(lent.bytes))
        let strided = try #require(ColumnBuffer(base: lent.bytes, count: 3, stride: 16, element: .float64, owner: lent))
        #expect(Column(strided).withUnsafeDoubles { Array($0) } == [0.5, 3.25, -0.0], "a strided column is copied once")
        #expect(Column(strided).withContiguousStorageIfAvailable { _ in true } == nil)
        #expect(Column(strided).withUnsafeDoubles(in: 1..<3) { Array($0) } == [3.25, -0.0], "only the range is copied")
        #expect(Column(Self.values.map { Float($0) }).withUnsafeDoubles(in: 0..<3) { Array($0) } == [0.5, -2, 3.25])
        #expect(column.withUnsafeDoubles(in: 2..<4) { $0.baseAddress } == arrayBase.map { $0 + 2 }, "a range of an array in place")
    }

    @Test func buffersItCannotReadAreRefused() {
        let lent = Lent([1, 2])
        #expect(ColumnBuffer(base: lent.bytes, count: 2, stride: 4, element: .float64, owner: lent) == nil, "stride below a value")
        #expect(ColumnBuffer(base: lent.bytes, count: -1, stride: 8, element: .float64, owner: lent) == nil)
        #expect(ColumnBuffer(base: lent.bytes, count: .max, stride: .max, element: .float64, owner: lent) == nil, "overflows")
        #expect(ColumnBuffer(base: lent.bytes, count: 0, stride: 8, element: .float32, owner: lent)?.count == 0)
    }

    @Test func aRingKeepsTheNewestValuesAndSnapshotsStayAsTheyWere() {
        var ring = RingColumn(capacity: 3)
        ring.append(contentsOf: [1, 2])
        let before = Column(ring)
        ring.append(contentsOf: [3, 4, 5])
        #expect(Array(Column(ring)) == [3, 4, 5] && ring.count == 3)
        #expect(Array(before) == [1, 2], "a column taken earlier does not see later appends")
        #expect(RingColumn(capacity: 0).capacity == 1)
    }

    /// Past several chunks: the newest `capacity` values in order, views taken along the way unchanged, and two
    /// copies of one ring that both append keep their own values.
    @Test func aRingAcrossChunksKeepsItsValuesAndItsCopiesApart() {
        let chunk = RingColumn.chunkSize
        var ring = RingColumn(capacity: 2 * chunk + 5)
        var views: [(Column, ClosedRange<Int>)] = []
        for i in 0..<(5 * chunk + 123) {
            ring.append(Double(i))
            if i % 40_000 == 0 { views.append((Column(ring), max(0, i - ring.capacity + 1)...i)) }
        }
        let newest = (5 * chunk + 123 - ring.capacity)..<(5 * chunk + 123)
        #expect(ring.count == ring.capacity && Array(Column(ring)) == newest.map(Double.init))
        #expect(Column(ring).doubles == newest.map(Double.init), "copied a chunk at a time")
        for (view, held) in views { #expect(Array(view) == held.map(Double.init), "a view of \(held)") }
        var copy = ring
        copy.append(-1)
        ring.append(-2)
        #expect(Array(Column(copy)).suffix(2) == [Double(newest.upperBound - 1), -1])
        #expect(Array(Column(ring)).suffix(2) == [Double(newest.upperBound - 1), -2])
    }

    /// A ring's extent over any range of indices — within a chunk, across several, with NaN and infinities, after
    /// the oldest were dropped — is the extent of the same values read one by one.
    @Test func aRingsExtentOfARangeIsItsValuesExtent() throws {
        var ring = RingColumn(capacity: 3 * RingColumn.chunkSize + 17)
        var generator = UInt64(7)
        for i in 0..<(5 * RingColumn.chunkSize) {
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let v = Double(generator >> 40) - Double(1 << 23)
            ring.append(i % 1000 == 0 ? .nan : i % 1777 == 0 ? .infinity : v)
        }
        let view = ring.view, size = RingColumn.chunkSize
        for range in [0..<1, 5..<900, 0..<ring.count, size - 3..<size + 3, 17..<(2 * size + 40), (ring.count - 10)..<ring.count, 4..<4] {
            let values = range.map { view[$0] }.filter(\.isFinite)
            let expected = values.min().map { $0...values.max()! }
            #expect(view.finiteExtent(range) == expected, "\(range)")
        }
    }

    /// One thread appends while another takes views and reads them whole: every view is a run of consecutive
    /// values, as many as the ring held then, never a value written after it was taken.
    @Test func viewsTakenWhileAnotherThreadAppendsAreWhole() async {
        final class Shared: @unchecked Sendable {
            let lock = NSLock()
            var ring = RingColumn(capacity: 100_000)
        }
        let shared = Shared(), total = 1_000_000
        async let producer: Void = Task.detached {
            for start in stride(from: 0, to: total, by: 1000) {
                shared.lock.withLock {
                    for i in start..<(start + 1000) { shared.ring.append(Double(i)) }
                }
            }
        }.value
        var checked = 0, broken = 0
        while checked < 300 {
            let view = shared.lock.withLock { Column(shared.ring) }
            // Until the producer has started: give it this thread (the pool may have no other free one).
            guard let first = view.first else {
                await Task.yield()
                continue
            }
            // Read after the lock is let go, while the producer writes on.
            if !view.indices.allSatisfy({ view[$0] == first + Double($0) }) { broken += 1 }
            checked += 1
        }
        await producer
        #expect(broken == 0, "\(broken) of \(checked) views were not whole")
        #expect(Array(Column(shared.ring)) == (900_000..<total).map(Double.init))
    }

    /// Scans read every storage: extents and M4 of a strided column equal those of the same values in an array.
    @Test func scansReadEveryStorage() throws {
        let n = 50_000
        let x = (0..<n).map(Double.init), y = (0..<n).map { sin(Double($0) / 300) }
        let lent = Lent(zip(x, y).flatMap { [$0, $1] })
        let xs = Column(try #require(ColumnBuffer(base: lent.bytes, count: n, stride: 16, element: .float64, owner: lent)))
        let ys = Column(try #require(ColumnBuffer(base: lent.bytes + 8, count: n, stride: 16, element: .float64, owner: lent)))
        let plain = try #require(DataRange.finiteExtent(x: Column(x), y: Column(y), threads: 2))
        let viewed = try #require(DataRange.finiteExtent(x: xs, y: ys, threads: 2))
        #expect(plain.x == viewed.x && plain.y == viewed.y)
        let t = DataTransform(originX: 0, originY: 0, scaleX: 0.01, scaleY: -100, pixelX: 0, pixelY: 200)
        let a = try #require(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: PixelMapping(t), columns: 0..<500, threads: 2))
        let b = try #require(M4Decimation.decimate(x: xs, y: ys, mapping: PixelMapping(t), columns: 0..<500, threads: 2))
        #expect(a.x == b.x && a.y == b.y && a.x.count < n / 10)
    }
}
