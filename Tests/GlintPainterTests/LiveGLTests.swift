import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// A retained chart's live lines on the GL painter are kept on the GPU from one frame to the next (`GLLineRing`):
/// a frame writes only the points the buffer does not hold in place, and draws what a fresh render of the same
/// chart draws (within the painters' parity bound: the ring takes data offsets to pixels in Float32 on the GPU,
/// a fresh render in Double before the upload).
@Suite struct LiveGLTests {
    /// Expects a frame within the parity bound of a fresh render (≥ 99.99 % of pixels within 8/255 on every
    /// channel, none over 64/255), naming the moment; a frame outside it is kept with its fresh render
    /// (`keepImages`).
    static func expectClose(_ frame: Image, _ fresh: Image, _ moment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let figures = ParityFigures(frame, fresh)
        let close = figures.withinShare >= 0.9999 && figures.worst <= 64
        #expect(close, "\(moment): \(figures.withinShare * 100) % within 8/255, worst \(figures.worst)/255", sourceLocation: sourceLocation)
        if !close { try keepImages("live \(moment)", [("frame", frame), ("fresh", fresh)]) }
    }

    /// Three anti-aliased lines (one gapped, one with miter joins) and an aliased one, followed, appended to
    /// between frames, then panned, zoomed and refitted in y: every frame is within the parity bound of a fresh
    /// render (the aliased line, which the ring does not draw, exactly), and once the view is full a following
    /// frame writes under a tenth of the points it draws; a pan writes what it brought in.
    @Test func framesDrawFromTheKeptPointsAndWriteOnlyTheNewOnes() throws {
        let renderer = try Shared.renderer(.gl)
        var chart = Chart(width: 640, height: 360, series: (0..<4).map { k in
            var line = Series.line(name: "s\(k)", x: Column([Double]()), y: Column([Double]()), width: k == 3 ? 3 : 1.5)
            line.line.antialias = k != 1
            if k == 3 { line.line.join = .miter }
            return line
        })
        (chart.x.range, chart.y.range) = (0...1, -20...20)
        (chart.legend.placement, chart.legend.position) = (.outside, .right)
        let live = try RetainedChart(chart, renderer: renderer)
        for k in 0..<4 { try live.setCapacity(60_000, series: k) }
        try live.follow(x: 12_000)
        var next = 0
        /// Draws a frame and a fresh render of the same chart: their difference, and the points the frame wrote
        /// and the fresh render did.
        func frame(_ moment: String) throws -> (written: Int, drawn: Int) {
            let (image, timings) = try live.renderTimed()
            let fresh = try renderer.renderTimed(live.chart)
            try Self.expectClose(image, fresh.image, moment)
            return (timings.paint.pointsUploaded, fresh.timings.paint.pointsUploaded)
        }
        func append(_ count: Int) throws {
            let (x, y) = TestCharts.livePoints(next..<(next + count))
            for k in 0..<4 {
                let gapped = k == 2 ? y.indices.map { $0 % 1200 < 30 ? .nan : y[$0] } : y
                try live.append(series: k, x: x.map { $0 / 4 }, y: gapped.map { $0 + Double(k) * 2 })
            }
            next += count
        }
        var counts: [(written: Int, drawn: Int)] = []
        for round in 0..<6 {
            try append(12_000)
            counts.append(try frame("after round \(round)"))
        }
        for round in 0..<4 {
            try append(600)
            counts.append(try frame("after a small append \(round)"))
        }
        // The aliased line is written whole every frame (its share of `drawn`); the others, what is new.
        #expect(counts.dropFirst(6).allSatisfy { $0.written * 2 < $0.drawn }, "\(counts)")
        let aliased = try renderer.renderTimed(Chart(width: 640, height: 360, series: [live.chart.series[1]]))
        #expect(counts.dropFirst(6).allSatisfy { $0.written - aliased.timings.paint.pointsUploaded < $0.drawn / 10 }, "\(counts)")
        live.pan(by: -0.1)
        let panned = try frame("after a pan")
        #expect(panned.written - aliased.timings.paint.pointsUploaded < panned.drawn / 4, "\(panned)")
        live.zoom(by: 2, around: live.xRange.lowerBound)
        _ = try frame("after a zoom")
        try live.follow(x: 12_000)
        try append(12_000)
        _ = try frame("following again")
        try live.append(series: 0, x: [Double(next) / 4], y: [300])  // a spike: y refitted
        _ = try frame("after a spike")
    }

    /// Epoch-millisecond x (1.7e12), a y offset of 1e9 with a ripple of 1, and a spike far off the plot (1e300,
    /// which no Float32 offset holds: that frame is uploaded as any line is), followed, then zoomed to a few points
    /// per pixel and panned: each frame is within the parity bound of a fresh render.
    @Test func farFromZeroAndSpikesDrawAsAFreshRender() throws {
        let renderer = try Shared.renderer(.gl)
        var chart = Chart(width: 400, height: 240, series: [Series.line(name: "t", x: Column([Double]()), y: Column([Double]()), width: 2)])
        (chart.x.range, chart.y.range) = (0...1, 0...1)
        (chart.legend.placement, chart.legend.position) = (.outside, .right)
        chart.legend.showsLoneSeries = true
        let live = try RetainedChart(chart, renderer: renderer)
        try live.setCapacity(200_000, series: 0)
        try live.follow(x: 40_000)
        let epoch = 1.7e12
        for batch in 0..<8 {
            let x = (batch * 10_000..<(batch + 1) * 10_000).map { epoch + Double($0) }
            var y = x.map { 1e9 + sin(($0 - epoch) / 700) }
            if batch == 5 { y[5000] = 1e300 }
            try live.append(series: 0, x: x, y: y)
            let frame = try live.render(), fresh = try renderer.render(live.chart)
            try Self.expectClose(frame, fresh, "batch \(batch)")
        }
        // Zoomed to a few points per pixel, the line is drawn as it is, its points in view kept like reduced ones:
        // a pan writes what it brought in (and the two points cut at the guard band), a zoom in next to nothing.
        live.zoom(by: 200, around: live.xRange.upperBound - 50)
        var writes: [(written: Int, drawn: Int)] = []
        for step in 0..<4 {
            let (frame, timings) = try live.renderTimed()
            let fresh = try renderer.renderTimed(live.chart)
            try Self.expectClose(frame, fresh.image, "zoomed, step \(step)")
            writes.append((timings.paint.pointsUploaded, fresh.timings.paint.pointsUploaded))
            if step < 2 { live.pan(by: -0.05) } else { live.zoom(by: 1.5, around: live.xRange.lowerBound + 100) }
        }
        #expect(writes[0].drawn > 100 && writes.dropFirst().allSatisfy { $0.written * 4 < $0.drawn }, "\(writes)")
    }

    /// A live dots series (translucent, so that the drawing order shows) kept on the GPU as a ring by sequence
    /// number: a frame writes exactly the points appended since the frame before, through the buffer's wrap past
    /// its end; a pan, a zoom and a refitted y write none; every frame is within the parity bound of the same points
    /// drawn from arrays (uploaded whole).
    @Test func aDotsSeriesWritesOnlyItsAppendedPoints() throws {
        let renderer = try Shared.renderer(.gl)
        var chart = Chart(width: 320, height: 200, series: [.dots(name: "d", x: [], y: [], radius: 3...3)])
        chart.series[0].color = Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.5)
        (chart.x.range, chart.y.range, chart.legend.visible) = (0...1, -2...2, false)
        let live = try RetainedChart(chart, renderer: renderer)
        try live.setCapacity(5000, series: 0)
        try live.follow(x: 4000)
        /// The frame, and the same chart with the points in arrays, drawn afresh: within the parity bound.
        func frame(_ moment: String) throws -> Int {
            let (image, timings) = try live.renderTimed()
            var fresh = live.chart
            fresh.series[0].x = Column(Array(fresh.series[0].x))
            fresh.series[0].y = Column(Array(fresh.series[0].y))
            try Self.expectClose(image, try renderer.render(fresh), moment)
            return timings.paint.pointsUploaded
        }
        var writes: [Int] = []
        for batch in 0..<70 {
            let x = (batch * 1000..<(batch + 1) * 1000).map(Double.init)
            try live.append(series: 0, x: x, y: x.map { sin($0 / 97) + (Int($0) % 7 == 0 ? .nan : 0) })
            if batch % 10 == 0 || batch >= 66 { writes.append(try frame("batch \(batch)")) } else { _ = try live.render() }
        }
        // The first frame writes its 1,000 points; each later one the 1,000 appended (the last four wrap past the
        // buffer's 65,536 slots: 65,000 dropped).
        #expect(writes.allSatisfy { $0 == 1000 }, "\(writes)")
        live.pan(by: -0.3)
        #expect(try frame("after a pan") == 0)
        live.zoom(by: 3, around: live.xRange.lowerBound + 500)
        #expect(try frame("after a zoom") == 0)
        try live.append(series: 0, x: [70_000], y: [40])  // a y far off: the followed range refitted
        try live.follow(x: 4000)
        #expect(try frame("following, refitted") == 1)
    }
}
