import GlintScales
import GlintTable
import Testing
@testable import GlintScene

@Suite struct GuardBandTests {
    /// One data unit per pixel, origin at pixel 0.
    let t = DataTransform(originX: 0, originY: 0, scaleX: 1, scaleY: 1, pixelX: 0, pixelY: 0)

    @Test func linesInsideTheImageAreLeftAlone() {
        let line = LineShape(x: [10, 50, 90], y: [10, 80, 20], transform: t, color: .black, width: 2)
        let clipped = GuardBand.clip(line, width: 100, height: 100)
        #expect(clipped.x == line.x && clipped.y == line.y)
    }

    /// On linear axes the inside check looks at the extreme values only; a point a billionth of a pixel past the
    /// guard box on any side, under a flipped y scale, with gaps among the points, is still found (and one on the
    /// edge is inside).
    @Test func aPointJustPastTheGuardBoxIsFoundFromTheExtremes() {
        let flipped = DataTransform(originX: 0, originY: 0, scaleX: 1, scaleY: -1, pixelX: 0, pixelY: 100)
        let reach = 0.5 * 4 + GuardBand.margin
        let (left, right) = (-reach, 100 + reach)
        let (top, bottom) = (100 + reach, -reach)  // data y whose pixels are the box's top and bottom edges
        let onEdges = LineShape(x: [left, .nan, 50, right], y: [top, 3, .nan, bottom], transform: flipped, color: .black, width: 1)
        /// The same values, NaN for NaN.
        func same(_ a: Column, _ b: Column) -> Bool {
            a.count == b.count && zip(a.doubles, b.doubles).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
        #expect(same(GuardBand.clip(onEdges, width: 100, height: 100).x, onEdges.x))
        for past in [(left - 1e-9, 50.0), (right + 1e-9, 50), (50, top + 1e-9), (50, bottom - 1e-9)] {
            let line = LineShape(x: [40, .nan, past.0, 60], y: [50, 1, past.1, 50], transform: flipped, color: .black, width: 1)
            #expect(!same(GuardBand.clip(line, width: 100, height: 100).x, line.x), "\(past) is past the box")
        }
    }

    @Test func farSegmentsAreCutAtTheGuardBoxAndKeepTheirDirection() throws {
        let line = LineShape(x: [-1e12, 50, 1e12], y: [50, 50, -1e15 + 50], transform: t, color: .black, width: 2, miterLimit: 4)
        let clipped = GuardBand.clip(line, width: 100, height: 100)
        let reach = 1 * 4 + GuardBand.margin
        // First segment: cut at the left of the box, then the shared point 50 stays exact.
        #expect(clipped.x[0] == -reach && clipped.y[0] == 50)
        #expect(clipped.x[1] == 50 && clipped.y[1] == 50)
        // Second segment: leaves through the top; its direction (slope -1000) is kept.
        #expect(abs(clipped.y[2] - (-reach)) < 1e-6)
        #expect(abs((clipped.y[2] - 50) / (clipped.x[2] - 50) - (-1000)) < 1e-3)
        #expect(clipped.x.allSatisfy { $0.isNaN || abs($0) <= 100 + reach })
    }

    @Test func segmentsEntirelyOutsideBecomeGaps() {
        let line = LineShape(x: [10, 20, 1e9, 1e9 + 1, 30, 40], y: [10, 10, 5, 5, 10, 10], transform: t, color: .black, width: 1)
        let clipped = GuardBand.clip(line, width: 100, height: 100)
        // The far pair disappears; the segments reaching it end at the box edge, with one gap between them.
        let edge = 100 + 0.5 * 4 + GuardBand.margin  // half the width times the default miter limit
        #expect(clipped.x.count == 7 && clipped.x[3].isNaN)
        #expect(Array(clipped.x[0..<2]) == [10, 20] && Array(clipped.x[5...]) == [30, 40])
        #expect(abs(clipped.x[2] - edge) < 1e-9 && abs(clipped.x[4] - edge) < 1e-9)
    }

    @Test func endsPastTheLargestPixelStillCutExactly() {
        // ±1e308 at 100 pixels a unit overflows to ±∞ pixels: the segments keep nothing, or lie on the box.
        let far = DataTransform(originX: 0, originY: 0, scaleX: 100, scaleY: -100, pixelX: 50, pixelY: 50)
        let crossing = LineShape(x: [-1e308, 0, 1e308, 5e307], y: [1e308, -1e308, 0, 1], transform: far, color: .black, width: 3)
        let kept = GuardBand.clip(crossing, width: 100, height: 100)
        let reach = 1.5 * 4 + GuardBand.margin
        for i in 0..<kept.x.count where !kept.x[i].isNaN {
            let p = kept.transform.apply(kept.x[i], kept.y[i])
            #expect(p.x >= -reach && p.x <= 100 + reach && p.y >= -reach && p.y <= 100 + reach, "\(p) leaves the box")
        }
        // A level line between points 1e30 pixels away on either side: cut at both edges, at its height.
        let level = GuardBand.clip(LineShape(x: [-1e28, 1e28], y: [0.25, 0.25], transform: far, color: .black, width: 2), width: 100, height: 100)
        let (a, b) = (level.transform.apply(level.x[0], level.y[0]), level.transform.apply(level.x[1], level.y[1]))
        let edge = 1 * 4 + GuardBand.margin
        #expect(a.x == -edge && b.x == 100 + edge && a.y == 25 && b.y == 25)
    }
}
