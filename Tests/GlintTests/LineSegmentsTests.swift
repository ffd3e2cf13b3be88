import Foundation
@testable import GlintCore
import Testing

/// The line pieces text keeps clear of (`LineSegments`): clipped to where the line is drawn, tested exactly near a
/// box, a dense band counted as crossed, and coordinates past any image or not finite taken without a trap.
@Suite struct LineSegmentsTests {
    static let plot = Rect(x: 0, y: 0, width: 400, height: 300)

    @Test func aBoxIsCrossedOnlyWhereAPieceRunsThroughIt() {
        var lines = LineSegments()
        lines.add(x: [0, 400], y: [0, 300], within: Self.plot)  // the diagonal
        #expect(lines.crosses(Rect(x: 190, y: 140, width: 30, height: 15)), "through the middle")
        #expect(!lines.crosses(Rect(x: 250, y: 40, width: 60, height: 15)), "above the diagonal")
        #expect(!lines.crosses(Rect(x: 10, y: 200, width: 60, height: 15)), "below it")
        // Touching a box's edge is not crossing it.
        var level = LineSegments()
        level.add(x: [0, 400], y: [100, 100], within: Self.plot)
        #expect(!level.crosses(Rect(x: 50, y: 85, width: 40, height: 15)) && level.crosses(Rect(x: 50, y: 90, width: 40, height: 15)))
    }

    @Test func piecesAreClippedToWhereTheLineIsDrawnAndGapsBreakIt() {
        var lines = LineSegments()
        // A spike far above the plot, then a gap: only what lies in the plot counts.
        lines.add(x: [100, 110, 120, .nan, 300], y: [200, -1e9, 200, 50, 50], within: Self.plot)
        #expect(!lines.crosses(Rect(x: 90, y: -40, width: 40, height: 20)), "outside the plot")
        #expect(lines.crosses(Rect(x: 95, y: 100, width: 20, height: 15)), "the spike's rise inside the plot")
        #expect(!lines.crosses(Rect(x: 200, y: 40, width: 60, height: 15)), "no piece across the gap")
        #expect(LineSegments.clipped(Point(.infinity, 0), Point(1, 1), to: Self.plot) == nil)
        // A line whose points lie ten million pixels out (a zoomed view) still runs across the plot.
        var far = LineSegments()
        far.add(x: [-1e7, 1e7], y: [150, 150], within: Self.plot)
        #expect(far.crosses(Rect(x: 10, y: 140, width: 30, height: 20)))
        // Past what a Double keeps of a pixel: taken without a trap.
        var huge = LineSegments()
        huge.add(x: [-1e300, 1e300, .greatestFiniteMagnitude], y: [150, 150, -.greatestFiniteMagnitude], within: Self.plot)
        _ = huge.crosses(Rect(x: 10, y: 140, width: 30, height: 20))
    }

    @Test func aDenseBandCountsAsCrossedWithoutTestingEveryPiece() {
        var lines = LineSegments()
        // 10,000 points zig-zagging in one 32-px column.
        let n = 10_000
        lines.add(x: (0..<n).map { 40 + Double($0) * 20 / Double(n) }, y: (0..<n).map { $0 % 2 == 0 ? 100 : 120 }, within: Self.plot)
        #expect(lines.crosses(Rect(x: 45, y: 104, width: 10, height: 10)))
        #expect(!lines.crosses(Rect(x: 200, y: 104, width: 10, height: 10)))
    }
}
