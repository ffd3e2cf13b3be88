import Testing
@testable import GlintCore

/// The vertices a step line draws through.
@Suite struct StepPointsTests {
    static let points = MarkPoints(x: [0, 1, 3], y: [5, 7, 6])

    static func pairs(_ p: MarkPoints) -> [[Double]] { zip(p.x, p.y).map { [$0, $1] } }

    @Test func eachModePutsTheCornerWhereTheValueChanges() {
        #expect(Self.pairs(StepPoints.stepped(Self.points, .post)) == [[0, 5], [1, 5], [1, 7], [3, 7], [3, 6]])
        #expect(Self.pairs(StepPoints.stepped(Self.points, .pre)) == [[0, 5], [0, 7], [1, 7], [1, 6], [3, 6]])
        #expect(Self.pairs(StepPoints.stepped(Self.points, .mid)) == [[0, 5], [0.5, 5], [0.5, 7], [2, 7], [2, 6], [3, 6]])
    }

    @Test func aStepNeverReachesAcrossAGap() {
        let gap = MarkPoints(x: [0, 1, 2, 3], y: [5, .nan, 6, 7])
        let post = StepPoints.stepped(gap, .post)
        // p0, (x1, y0), then the gap, (x2, y1) is a gap too, then p2, (x3, y2), p3.
        #expect(post.x.count == 7)
        #expect(Self.pairs(StepPoints.stepped(gap, .post)).prefix(2) == [[0, 5], [1, 5]])
        #expect(post.y[2].isNaN && post.y[3].isNaN && post.x[2].isNaN)
        #expect(Self.pairs(MarkPoints(x: Column(Array(post.x[4...])), y: Column(Array(post.y[4...])))) == [[2, 6], [3, 6], [3, 7]])
    }

    @Test func oneOrNoPointIsLeftAsItIs() {
        #expect(Self.pairs(StepPoints.stepped(MarkPoints(x: [2], y: [3]), .mid)) == [[2, 3]])
        #expect(StepPoints.stepped(MarkPoints(x: [], y: []), .pre).x.isEmpty)
    }
}
