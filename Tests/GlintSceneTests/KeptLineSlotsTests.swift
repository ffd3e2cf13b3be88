import Foundation
@testable import GlintScene
import Testing

/// Where a live line's points go in the buffer the GL painter keeps from frame to frame, and which it writes: the
/// points held in place stay, the rest are written; the buffer is written afresh when the points would run out of
/// it or lie too far from its origin, and not used at all where Float32 cannot hold them.
@Suite struct KeptLineSlotsTests {
    /// Points `range` of a line one apart in x, a wave in y, with a gap where `gaps` says.
    static func line(_ range: Range<Int>, gaps: (Int) -> Bool = { _ in false }) -> (x: [Double], y: [Double]) {
        (range.map(Double.init), range.map { gaps($0) ? .nan : sin(Double($0) / 10) })
    }

    static func place(_ points: (x: [Double], y: [Double]), after previous: KeptLineSlots?, scale: Double = 1)
        -> (slots: KeptLineSlots, writes: KeptLineSlots.Writes, extent: KeptLineSlots.Extent)? {
        KeptLineSlots.place(x: points.x, y: points.y, scaleX: scale, scaleY: -scale, previous: previous)
    }

    @Test func aFollowingViewWritesOnlyItsNewPoints() throws {
        let first = try #require(Self.place(Self.line(0..<1000), after: nil))
        #expect(first.writes == .init(fresh: true, ranges: [0..<1000]))
        #expect(first.slots.capacity == KeptLineSlots.minimumCapacity && first.slots.start == (first.slots.capacity - 1000) / 2)
        #expect(first.slots.originX == 499.5 && first.extent.minX == 0 && first.extent.maxX == 999)
        let next = try #require(Self.place(Self.line(100..<1100), after: first.slots))
        #expect(next.writes == .init(fresh: false, ranges: [900..<1000]))
        #expect(next.slots.start == first.slots.start + 100 && next.slots.originX == first.slots.originX)
    }

    @Test func aPanWritesWhatItBroughtInAndAChangedPointItself() throws {
        let first = try #require(Self.place(Self.line(1000..<2000), after: nil))
        let panned = try #require(Self.place(Self.line(900..<1900), after: first.slots))
        #expect(panned.writes == .init(fresh: false, ranges: [0..<100]) && panned.slots.start == first.slots.start - 100)
        var changed = Self.line(900..<1900)
        changed.y[500] = 7
        changed.y[520] = 8  // within `mergedGap` of the first: one write
        changed.y[700] = 9
        let again = try #require(Self.place(changed, after: panned.slots))
        #expect(again.writes == .init(fresh: false, ranges: [500..<521, 700..<701]) && again.slots.start == panned.slots.start)
    }

    @Test func gapsAreKeptLikeAnyPointAndAGapInTheMiddleIsNoAnchor() throws {
        let gapped = { (i: Int) in i % 100 < 3 || (480...520).contains(i) }
        let first = try #require(Self.place(Self.line(0..<1000, gaps: gapped), after: nil))
        let next = try #require(Self.place(Self.line(10..<1010, gaps: gapped), after: first.slots))
        #expect(next.writes == .init(fresh: false, ranges: [990..<1000]) && next.slots.start == first.slots.start + 10)
    }

    @Test func nothingInCommonOrNoRoomLeftWritesAfresh() throws {
        let first = try #require(Self.place(Self.line(0..<1000), after: nil))
        let elsewhere = try #require(Self.place(Self.line(50_000..<51_000), after: first.slots))
        #expect(elsewhere.writes.fresh && elsewhere.slots.originX == 50_499.5)
        // A window of 1,500 points following 1,000 at a time, until it would run past the buffer's end.
        var slots = try #require(Self.place(Self.line(0..<1500), after: nil)).slots, steps = 0
        while true {
            steps += 1
            let next = try #require(Self.place(Self.line(steps * 1000..<steps * 1000 + 1500), after: slots))
            slots = next.slots
            if next.writes.fresh { break }
            #expect(next.writes.ranges == [500..<1500], "\(next.writes)")
        }
        #expect(steps > 25 && slots.start == (slots.capacity - 1500) / 2, "\(steps) steps")
        // Points that need more than half the buffer: one four times their count.
        let many = try #require(Self.place(Self.line(0..<40_000), after: slots))
        #expect(many.writes.fresh && many.slots.capacity == 160_000)
    }

    @Test func anOriginTooFarForFloat32IsMovedAndAPointNoOriginHoldsIsRefused() throws {
        let first = try #require(Self.place(Self.line(0..<1000), after: nil, scale: 1))
        // The ends lie 499.5 data units from the origin: 29,970 px at 60 px a unit, within `reach`.
        let zoomed = try #require(Self.place(Self.line(0..<1000), after: first.slots, scale: 60))
        #expect(!zoomed.writes.fresh && zoomed.writes.ranges.isEmpty)
        // 900.5 units from it at 40 px a unit is past reach: a new origin, the middle of the points.
        let moved = try #require(Self.place(Self.line(400..<1400), after: first.slots, scale: 40))
        #expect(moved.writes.fresh && moved.slots.originX == 899.5)
        #expect(Self.place(Self.line(0..<1000), after: first.slots, scale: 80) == nil, "39,960 px from the middle")
        var spiked = Self.line(0..<1000)
        spiked.y[10] = 1e300
        #expect(Self.place(spiked, after: nil) == nil, "1e300 px from any origin")
        #expect(Self.place(Self.line(0..<1000), after: nil, scale: 1e-40) == nil, "a scale Float32 makes 0")
        #expect(Self.place(Self.line(0..<1000), after: nil, scale: 1e40) == nil)
        #expect(Self.place((x: [], y: []), after: nil) == nil)
        let gaps = try #require(Self.place((x: [.nan, .nan], y: [.nan, 1]), after: nil))
        #expect(gaps.writes.fresh && gaps.extent.minX > gaps.extent.maxX, "no finite point: nothing to clear")
    }
}
