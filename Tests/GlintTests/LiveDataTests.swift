import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import GlintSpec
import Testing

/// Live data on a retained chart: points appended in batches (FIFO past a capacity) draw what a fresh render of
/// the same points draws, a following view scrolls with the newest x and fits y with hysteresis, bad appends are
/// refused whole, and a producer appending while frames are drawn on another thread never tears a frame.
@Suite struct LiveDataTests {
    static func chart(_ n: Int) -> Chart {
        let (x, y) = TestCharts.livePoints(0..<n)
        var line = Series.line(name: "signal", x: Column(x), y: Column(y), width: 1.5)
        line.line.antialias = false
        return Chart(width: 480, height: 300, series: [line, .dots(name: "marks", x: [0, 10], y: [0, 1], radius: 3...3)])
    }

    /// Appended in batches past a capacity, then followed: the frame is the pixels of a fresh chart holding the
    /// newest `capacity` points with the same ranges, on every painter; the dots series takes appends too.
    @Test(arguments: painters)
    func aFrameAfterAppendsIsAFreshRenderOfTheSamePoints(painter: Backend) throws {
        let renderer = try Shared.renderer(painter)
        let live = try RetainedChart(Self.chart(1000), renderer: renderer)
        try live.setCapacity(5000, series: 0)
        for start in stride(from: 1000, to: 12_000, by: 1000) {
            let (x, y) = TestCharts.livePoints(start..<(start + 1000))
            try live.append(series: 0, x: x, y: y)
        }
        try live.append(series: 1, x: [11_500], y: [4])
        try live.follow(x: 3000)
        let frame = try live.render(), view = live.chart
        #expect(view.x.range == 8999...11_999)
        var fresh = Self.chart(0)
        let (x, y) = TestCharts.livePoints(7000..<12_000)
        (fresh.series[0].x, fresh.series[0].y) = (Column(x), Column(y))
        (fresh.series[1].x, fresh.series[1].y) = (Column([0, 10, 11_500] as [Double]), Column([0, 1, 4] as [Double]))
        (fresh.x.range, fresh.y.range) = (view.x.range, view.y.range)
        #expect(view.series[0].x.count == 5000 && view.series[0].x.first == 7000, "the oldest dropped past the capacity")
        #expect(frame.pixels == (try renderer.render(fresh)).pixels)
    }

    /// A following view fits y to what it shows, widened by a tenth, and keeps that range while the visible points
    /// stay inside it and fill at least half of it; a spike widens it, and it shrinks back once the spike scrolls out.
    @Test func aFollowingViewFitsYWithHysteresis() throws {
        let live = try RetainedChart(Self.chart(0), renderer: Shared.renderer(.cpu))
        try live.follow(x: 100)
        try live.append(series: 0, x: (0..<100).map(Double.init), y: (0..<100).map { Double($0 % 10) })
        let first = try #require(live.chart.y.range)
        #expect(abs(first.lowerBound - (-0.9)) < 1e-9 && abs(first.upperBound - 9.9) < 1e-9, "\(first)")
        try live.append(series: 0, x: [100, 101], y: [5, 6])
        #expect(live.chart.y.range == first, "points inside the range keep it")
        try live.append(series: 0, x: [102], y: [50])
        let spiked = try #require(live.chart.y.range)
        #expect(spiked.upperBound > 50 && spiked.lowerBound < 0)
        try live.append(series: 0, x: (103..<300).map(Double.init), y: (103..<300).map { Double($0 % 10) })
        #expect(live.chart.y.range == first, "the spike scrolled out: back to the wave's range")
        #expect(live.chart.x.range == 199...299)
        // Panning stops following, where the view is.
        live.pan(by: -0.5)
        try live.append(series: 0, x: [300], y: [1])
        #expect(live.chart.x.range == 149...249)
    }

    @Test func badAppendsAreRefusedWhole() throws {
        var chart = Self.chart(10)
        chart.series.append(.bars(name: "b", x: [1], y: [1]))
        let live = try RetainedChart(chart, renderer: Shared.renderer(.cpu))
        func problem(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "accepted"
            } catch { return "\(error)" }
        }
        #expect(problem { try live.append(series: 0, x: [1, 2], y: [1]) }.contains("x has 2 values and y 1"))
        #expect(problem { try live.append(series: 2, x: [1], y: [1]) }.contains("series[2]: points are appended to line and dots series only"))
        #expect(problem { try live.append(series: 7, x: [1], y: [1]) }.contains("series[7]"))
        #expect(problem { try live.setCapacity(0, series: 0) }.contains("capacity: expected 1 to"))
        #expect(problem { try live.follow(x: .nan) }.contains("follow: the x width must be finite and positive"))
        #expect(live.chart.series[0].x.count == 10, "nothing was appended")
    }

    /// Frames of a following view of anti-aliased, aliased and gapped lines, appended to between frames, then
    /// panned: each frame is the pixels the same chart rendered afresh gives, and after the first each frame scans
    /// only the M4 buckets that new points or the pan brought into view, taking the rest from the frame before.
    @Test func incrementalFramesAreFreshRenders() throws {
        let renderer = try Shared.renderer(.cpu)
        var chart = Chart(width: 640, height: 360, series: (0..<3).map { k in
            var line = Series.line(name: "s\(k)", x: Column([Double]()), y: Column([Double]()), width: 1.5)
            line.line.antialias = k != 1
            return line
        })
        (chart.x.range, chart.y.range) = (0...1, -20...20)
        // Pinned: a legend placed by the data may move out of the plot as it fills, and every bucket then moves.
        (chart.legend.placement, chart.legend.position) = (.outside, .right)
        let live = try RetainedChart(chart, renderer: renderer)
        for k in 0..<3 { try live.setCapacity(60_000, series: k) }
        try live.follow(x: 12_000)  // 48,000 points: every line is reduced, anti-aliased ones too
        var next = 0, frames: [(kept: Int, scanned: Int)] = []
        func frame(_ moment: String) throws {
            let before = live.reducedBuckets, image = try live.render(), after = live.reducedBuckets
            frames.append((after.kept - before.kept, after.scanned - before.scanned))
            #expect(image.pixels == (try renderer.render(live.chart)).pixels, "\(moment): the frame is a fresh render")
        }
        for round in 0..<6 {
            let (x, y) = TestCharts.livePoints(next..<(next + 12_000))
            for k in 0..<3 {
                let gapped = k == 2 ? y.indices.map { $0 % 1200 < 30 ? .nan : y[$0] } : y
                try live.append(series: k, x: x.map { $0 / 4 }, y: gapped)
            }
            next += 12_000
            try frame("after round \(round)")
        }
        // The view is full from the fourth frame on, and a quarter of it is new each frame.
        #expect(frames.dropFirst(3).allSatisfy { $0.kept > 2 * $0.scanned && $0.scanned > 0 }, "\(frames)")
        frames = []
        live.pan(by: -0.1)
        try frame("after a pan")
        try frame("again")
        // What the pan brought in is scanned (and each line's two edge buckets, scanned in every frame).
        #expect(frames[0].kept > 5 * frames[0].scanned && frames[1].scanned == 6, "\(frames)")
    }

    /// While a view follows, a legend the data places is held where the last placement put it: later frames are
    /// the chart with that legend pinned there (a fresh render would move it off the data now under it), every
    /// `legendPlacementFrames`-th frame places it again, and a pan (the view no longer follows) keeps it there.
    @Test func aFollowingViewHoldsTheLegendTheDataPlaces() throws {
        let (live, renderer) = try followingLines(2, height: 320)
        // Falling from the top left to the bottom right: the top right is free, and the legend goes there.
        for k in 0..<2 {
            try live.append(series: k, x: (0..<200).map(Double.init), y: (0..<200).map { 10 - Double($0) / 20 + Double(k) / 10 })
        }
        let (first, fresh) = (try live.render(), try renderer.render(live.chart))
        #expect(first.pixels == fresh.pixels ? true : false, "the first frame places the legend")
        var pinned = live.chart
        pinned.legend.position = .topRight
        let (held, placed) = (try legendBox(pinned, renderer), try legendBox(live.chart, renderer))
        #expect(held != nil && held == placed, "at the top right")
        // Then high at the right: placed afresh, the legend would leave the top right.
        for k in 0..<2 { try live.append(series: k, x: (200..<230).map(Double.init), y: (0..<30).map { _ in 10 + Double(k) / 10 }) }
        let moved = try legendBox(live.chart, renderer)
        #expect(moved != held, "a fresh placement moves it")
        // A click finds the legend's first entry where the frames hold it.
        let box = try #require(held)
        let click = try live.hitTest(at: Point(box.x + box.width / 2, box.y + box.height / 4), tolerance: 0)
        guard case .legendEntry(_, _, series: 0?)? = click else {
            Issue.record("a click on the held legend's first entry finds \(String(describing: click))")
            return
        }
        for frame in 1..<RetainedChart.legendPlacementFrames {
            var expected = live.chart
            expected.legend.position = .topRight
            let (image, pinnedRender) = (try live.render(), try renderer.render(expected))
            #expect(image.pixels == pinnedRender.pixels ? true : false, "frame \(frame) holds the legend")
            if image.pixels != pinnedRender.pixels { break }
        }
        let (again, freshAgain) = (try live.render(), try renderer.render(live.chart))
        #expect(again.pixels == freshAgain.pixels ? true : false, "placed again")
        // Where it went, as a pinned position.
        let placedAgain = try legendBox(live.chart, renderer)
        let position = try LegendPosition.allCases.first { position in
            var chart = live.chart
            chart.legend.position = position
            return try legendBox(chart, renderer) == placedAgain
        }
        live.pan(by: -0.5)
        var panned = live.chart
        panned.legend.position = try #require(position)
        let (afterPan, pinnedPan) = (try live.render(), try renderer.render(panned))
        #expect(afterPan.pixels == pinnedPan.pixels ? true : false, "a pan keeps the legend where it was")
    }

    /// A legend crowded out of the plot while the view follows stays beside it when the data leaves room inside,
    /// even where the next placement would bring it back in (the plot, and every M4 bucket, would move with it).
    @Test func aFollowingViewKeepsALegendPutBesideThePlotThere() throws {
        let (live, renderer) = try followingLines(6, height: 600)
        // Zig-zags over the whole plot: no corner is free, so the legend goes beside it.
        for k in 0..<6 {
            try live.append(series: k, x: (0..<200).map(Double.init), y: (0..<200).map { Double(($0 + k) % 7) })
        }
        _ = try live.render()
        /// The view now, its legend pinned beside the plot on the right.
        func outside() -> Chart {
            var chart = live.chart
            (chart.legend.placement, chart.legend.position) = (.outside, .right)
            return chart
        }
        let (crowded, right) = (try legendBox(live.chart, renderer), try legendBox(outside(), renderer))
        #expect(crowded != nil && crowded == right, "crowded out, to the right")
        // Then all flat, through the middle: placed afresh, it would come back inside.
        for k in 0..<6 { try live.append(series: k, x: (200..<400).map(Double.init), y: (0..<200).map { _ in 3 }) }
        let inside = try legendBox(live.chart, renderer)
        #expect(inside != right, "a fresh placement brings it in")
        for _ in 0...RetainedChart.legendPlacementFrames { _ = try live.render() }
        let (image, beside) = (try live.render(), try renderer.render(outside()))
        #expect(image.pixels == beside.pixels ? true : false, "still beside the plot")
    }

    /// A series hidden or shown while a frame draws (on another thread): the placement that frame made, for the
    /// series it drew, is not held — the next frame places the legend for the series shown now, as a fresh render
    /// does. The lines cross (an X: every corner taken) and a hidden rising line frees the top right, so a held
    /// placement shows. Each frame takes milliseconds (100,000 points a line) and places the legend (the placement was
    /// forgotten just before it); the series is toggled while it runs.
    @Test func aPlacementMadeBeforeASeriesWasHiddenIsNotHeld() throws {
        let (live, renderer) = try followingLines(2, height: 320)
        let xs = (0..<100_000).map { Double($0) / 1000 }
        try live.append(series: 0, x: xs, y: xs.map { 10 - $0 / 10 })
        try live.append(series: 1, x: xs, y: xs.map { $0 / 10 })
        var shown = live.chart
        shown.series[1].visible = false
        #expect(try legendBox(shown, renderer) != legendBox(live.chart, renderer), "hiding the rising line moves the legend")
        _ = try live.render()
        for i in 0..<8 {
            live.setVisible(i % 2 == 0, series: 1)  // as it is: the placement is forgotten, so the frame below places
            let started = DispatchSemaphore(value: 0), drawn = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                started.signal()
                _ = try? live.render()
                drawn.signal()
            }
            started.wait()
            usleep(UInt32(300 * (i % 4)))
            live.setVisible(i % 2 == 1, series: 1)
            drawn.wait()
            let (frame, fresh) = (try live.render(), try renderer.render(live.chart))
            #expect(frame.pixels == fresh.pixels ? true : false, "toggle \(i): the next frame places the legend afresh")
        }
    }

    /// `count` empty lines 480 pixels wide, their legend placed by the data, on a retained chart following the last
    /// 100 of x, and the CPU renderer it draws on.
    private func followingLines(_ count: Int, height: Int) throws -> (RetainedChart, Renderer) {
        let renderer = try Shared.renderer(.cpu)
        var chart = Chart(width: 480, height: height, series: (0..<count).map { k in
            Series.line(name: "series \(k)", x: Column([Double]()), y: Column([Double]()), width: 1.5)
        })
        (chart.x.range, chart.y.range) = (0...1, -1...1)
        let live = try RetainedChart(chart, renderer: renderer)
        try live.follow(x: 100)
        return (live, renderer)
    }

    private func legendBox(_ chart: Chart, _ renderer: Renderer) throws -> Rect? {
        try renderer.layoutReport(chart).legends.first { $0.kind == "series" }?.box
    }

    /// A following view fits the right axis to its own series, and a log axis in decades (so its range stays above
    /// 0): each axis keeps its range while its points stay inside, and a spike on one widens that one alone.
    @Test func aFollowingViewFitsTheRightAxisAndLogAxes() throws {
        var right = Series.line(name: "right", x: Column([Double]()), y: Column([Double]()), width: 1)
        right.axis = .y2
        var chart = Chart(width: 400, height: 240, series: [.line(name: "left", x: Column([Double]()), y: Column([Double]()), width: 1), right])
        chart.y.scale = .log
        chart.legend.position = .bottomRight  // pinned: frames compared with fresh renders here hold no legend placement
        let renderer = try Shared.renderer(.cpu)
        let live = try RetainedChart(chart, renderer: renderer)
        try live.follow(x: 100)
        let x = (0..<100).map(Double.init)
        try live.append(series: 0, x: x, y: x.map { 1 + $0 })  // 1 ... 100: decades 0 ... 2
        try live.append(series: 1, x: x, y: x.map { 1000 + $0 })
        let near = { (a: ClosedRange<Double>?, b: ClosedRange<Double>) in
            a.map { abs($0.lowerBound - b.lowerBound) < 1e-9 * max(1, abs(b.lowerBound)) && abs($0.upperBound - b.upperBound) < 1e-9 * max(1, abs(b.upperBound)) } ?? false
        }
        var view = live.chart
        #expect(near(view.y.range, pow(10, -0.2)...pow(10, 2.2)), "a tenth of the decades each side: \(String(describing: view.y.range))")
        #expect(near(view.y2.range, 990.1...1108.9), "\(String(describing: view.y2.range))")
        let first = try live.render()
        #expect(first.width == 400)
        try live.append(series: 0, x: [100], y: [50])
        try live.append(series: 1, x: [100], y: [5000])
        view = live.chart
        #expect(near(view.y.range, pow(10, -0.2)...pow(10, 2.2)), "the left axis's points stay inside its range")
        #expect((view.y2.range?.upperBound ?? 0) > 5000, "the spike widens the right axis")
        let (frame, fresh) = (try live.render(), try renderer.render(live.chart))
        #expect(frame.pixels == fresh.pixels ? true : false, "the frame is a fresh render")
        let followed = live.chart
        live.pan(by: 0)
        #expect(live.chart.y.range == followed.y.range && live.chart.y2.range == followed.y2.range,
                "a view that stops following keeps both vertical ranges")

        // Rendered as it is, a chart that follows fits the right axis the same way.
        var still = chart
        (still.series[0].x, still.series[0].y) = (Column(x), Column(x.map { 1 + $0 }))
        (still.series[1].x, still.series[1].y) = (Column(x), Column(x.map { 1000 + $0 }))
        still.follow = 50
        let layout = try renderer.layout(still)
        #expect(layout.x.domain == 49...99)
        #expect(near(layout.y2?.domain, 1044...1104), "\(String(describing: layout.y2?.domain))")
    }

    /// A flat series in a followed view widens y as a chart's own axis does (a tenth of the value each side, ±1
    /// around 0, a tenth of a decade each side on a log axis, whose domain is in decades): ticks a reader can use, not
    /// 4.9999999996 … 5.0000000004.
    @Test func aFollowedFlatSeriesWidensYAsAStillChartDoes() throws {
        let renderer = try Shared.renderer(.cpu)
        let near = { (a: ClosedRange<Double>, b: ClosedRange<Double>) in
            abs(a.lowerBound - b.lowerBound) < 1e-9 * max(1, abs(b.lowerBound)) && abs(a.upperBound - b.upperBound) < 1e-9 * max(1, abs(b.upperBound))
        }
        for (value, scale, domain) in [(5.0, AxisScale.linear, 4.5...5.5), (0, .linear, -1...1), (-200, .linear, -220...(-180)), (100, .log, 1.8...2.2)] {
            var chart = Chart(width: 400, height: 240, series: [.line(name: "flat", x: Column((0..<50).map(Double.init)), y: Column(Array(repeating: value, count: 50)))])
            chart.y.scale = scale
            var still = chart
            still.follow = 20
            let followed = try renderer.layout(still).y.domain
            #expect(near(followed, domain), "\(value), \(scale): \(followed)")
            if scale == .linear { #expect(try renderer.layout(chart).y.domain == domain, "a still chart of \(value) widens the same") }
            let live = try RetainedChart(chart, renderer: renderer)
            try live.follow(x: 20)
            try live.append(series: 0, x: [50], y: [value])
            let range = try #require(live.chart.y.range)
            #expect(near(live.chart.y.function.forward(range), domain), "a retained chart follows with the same range: \(range)")
        }
        // Points from -1e308 to 1e308: widened in halves, the range stays finite.
        var extreme = Chart(width: 400, height: 240, series: [.line(name: "far", x: [0, 1, 2, 3], y: [-1e308, 1e308, -1e308, 1e308])])
        extreme.follow = 2
        let domain = try renderer.layout(extreme).y.domain
        #expect(domain.lowerBound < -1e308 && domain.upperBound > 1e308 && domain.lowerBound.isFinite && domain.upperBound.isFinite, "\(domain)")
    }

    /// Pans and zooms of any size neither trap nor leave a view no axis can hold: a fraction, factor or centre that is
    /// not finite changes nothing (a NaN pan trapped on `NaN...NaN`); past the finite numbers the view stops at them;
    /// zoomed in below x's resolution it keeps the narrowest range; each frame draws.
    @Test func extremePansAndZoomsKeepAViewThatDraws() throws {
        let renderer = try Shared.renderer(.cpu)
        var chart = Chart(width: 320, height: 200, series: [.line(name: "t", x: Column((0..<100).map(Double.init)), y: Column((0..<100).map { sin(Double($0)) }))])
        chart.x.range = 0...99
        let live = try RetainedChart(chart, renderer: renderer)
        for fraction in [Double.nan, .infinity, -.infinity] {
            live.pan(by: fraction)
            #expect(live.xRange == 0...99, "pan by \(fraction) changes nothing")
        }
        for (factor, x) in [(Double.nan, 50.0), (.infinity, 50), (0, 50), (-2, 50), (2, .nan), (2, .infinity)] {
            live.zoom(by: factor, around: x)
            #expect(live.xRange == 0...99, "zoom by \(factor) around \(x) changes nothing")
        }
        let lowest = -Double.greatestFiniteMagnitude
        let steps: [(String, (RetainedChart) -> Void, (ClosedRange<Double>) -> Bool)] = [
            ("zoomed out 1e300 times, twice", { for _ in 0..<2 { $0.zoom(by: 1e-300, around: 50) } }, { $0.lowerBound == lowest && $0.upperBound == -lowest }),
            ("panned right by 1e308 widths", { $0.pan(by: 1e308) }, { $0.upperBound == -lowest && $0.lowerBound < $0.upperBound }),
            ("panned left by 1e308 widths", { $0.pan(by: -1e308) }, { $0.lowerBound == lowest && $0.lowerBound < $0.upperBound }),
            ("zoomed in 1e308 times, three times", { for _ in 0..<3 { $0.zoom(by: 1e308, around: 1e300) } },
             { abs($0.upperBound - 1e300) <= 1e300.ulp * 4 && $0.upperBound - $0.lowerBound <= 1e300.ulp * 4 }),
        ]
        for (name, step, holds) in steps {
            step(live)
            let range = live.xRange
            #expect(holds(range), "\(name): \(range)")
            #expect(try live.render().width == 320, "\(name) draws")
        }
        // A following view (of no live series: it ends at the view's right end, 1e300) zoomed out past the finite
        // numbers keeps the largest finite width.
        try live.follow(x: 10)
        live.zoom(by: 1e-300, around: 0)
        live.zoom(by: 1e-300, around: 0)
        let followed = try live.render()
        #expect(live.xRange == (1e300 - Double.greatestFiniteMagnitude)...1e300 && followed.width == 320, "\(live.xRange)")
    }

    /// A follow width reaching past the lowest finite x, or below what x resolves at the newest point, still draws:
    /// the window saturates, or widens to the narrowest an axis holds (before, both were refused as an invalid
    /// `x.range` the spec never gave).
    @Test func aFollowWidthPastXsRangeOrResolutionDraws() throws {
        let renderer = try Shared.renderer(.cpu)
        let lowest = -Double.greatestFiniteMagnitude
        let cases: [(x: [Double], width: Double, lower: Double, upper: Double)] = [
            ([-1e308, -9e307], 1e308, lowest, -9e307), ([1e300, 1e300], 1e-300, 1e300.nextDown, 1e300),
            ([0, 0], 1e-310, -DataRange.minimumSpan, 0), ([lowest], 1, lowest, lowest.nextUp),
        ]
        for (x, width, lower, upper) in cases {
            var chart = Chart(width: 400, height: 240, series: [.line(name: "t", x: Column(x), y: Column(x.indices.map(Double.init)))])
            chart.follow = width
            #expect(try renderer.layout(chart).x.domain == lower...upper, "follow \(width) ending at \(x.last!)")
            #expect(try renderer.render(chart).width == 400)
            let live = try RetainedChart(Chart(width: 400, height: 240, series: [.line(name: "t", x: Column([Double]()), y: Column([Double]()))]), renderer: renderer)
            try live.follow(x: width)
            try live.append(series: 0, x: x, y: x.indices.map(Double.init))
            #expect(live.chart.x.range == lower...upper, "a retained chart's window")
            #expect(try live.render().width == 400)
        }
    }

    /// A spec's `"follow": {"x": W}`: rendered as it is, the chart shows the last W of x ending at the newest x and y
    /// fitted to the points there (a tenth wider each side), the pixels of the same chart with those ranges given;
    /// a retained chart made from it scrolls with appended points from its first frame.
    @Test func aSpecThatFollowsShowsTheLastWidthAndARetainedChartScrolls() throws {
        let renderer = try Shared.renderer(.cpu)
        let y = (0..<1000).map { i in i < 799 ? 50.0 : Double(i % 7) }
        let spec = #"{"width": 400, "height": 240, "follow": {"x": 200}, "series": [{"type": "line", "x": \#((0..<1000).map { $0 }), "y": \#(y)}]}"#
        let chart = try decodeSpec(spec)
        #expect(chart.follow == 200)
        let layout = try renderer.layout(chart)
        #expect(layout.x.domain == 799...999, "\(layout.x.domain)")
        #expect(abs(layout.y.domain.lowerBound - -0.6) < 1e-9 && abs(layout.y.domain.upperBound - 6.6) < 1e-9,
                "y fitted to 0...6 in view, not to the 50s before it: \(layout.y.domain)")
        var given = chart
        (given.follow, given.x.range, given.y.range) = (nil, 799...999, -0.6...6.6)
        #expect(try renderer.render(chart).pixels == renderer.render(given).pixels)

        let live = try RetainedChart(chart, renderer: renderer)
        try live.append(series: 0, x: (1000..<1100).map(Double.init), y: [Double](repeating: 3, count: 100))
        _ = try live.render()
        let range = try #require(live.chart.x.range)
        #expect(range.upperBound >= 1099 && range.upperBound < 1100 && abs(range.upperBound - range.lowerBound - 200) < 1e-9, "\(range)")
    }

    /// A follow width that is not a number above 0, keys it does not know, and a follow on an axis that cannot
    /// scroll are refused with their path.
    @Test func badFollowsAreRefusedWithTheirPath() throws {
        let series = #""series": [{"type": "line", "x": [1, 2], "y": [1, 2]}]"#
        for (follow, expected) in [("{\"x\": 0}", "follow.x"), ("{\"x\": -5}", "follow.x"), ("{\"x\": 1e400}", "follow.x"),
                                   ("{\"x\": \"60s\"}", "follow.x"), ("{}", "follow.x"), ("{\"y\": 1}", "follow.y"), ("60", "follow")] {
            let error = specError(#"{"follow": \#(follow), \#(series)}"#)
            #expect(error.contains(expected), "\(follow): \(error)")
        }
        let renderer = try Shared.renderer(.cpu)
        let log = try decodeSpec(#"{"follow": {"x": 5}, "x": {"scale": "log"}, \#(series)}"#)
        do {
            _ = try renderer.render(log)
            Issue.record("a followed log axis was drawn")
        } catch {
            #expect("\(error)".contains("a followed view scrolls a linear or time x axis"), "\(error)")
        }
        #expect(specError(#"{"panels": [{"follow": {"x": 5}, \#(series)}]}"#).contains("follow"))
        // A width below x's precision is not refused: the view widens to one step of Double at 2e300
        // (`aFollowWidthPastXsRangeOrResolutionDraws`), where it was refused as an invalid `x.range` the spec never gave.
        let narrow = try decodeSpec(#"{"follow": {"x": 1e-300}, "series": [{"type": "line", "x": [1e300, 2e300], "y": [1, 2]}]}"#)
        #expect(try renderer.layout(narrow).x.domain == 2e300.nextDown...2e300)
    }

    /// A producer appends 200,000 points in batches of 1,000 while frames are drawn on this thread: each frame's
    /// line is whole (consecutive x, the newest at the view's right edge), and the last frame holds the newest
    /// capacity's points.
    @Test func framesDrawnWhileAProducerAppendsAreWhole() async throws {
        let live = try RetainedChart(Self.chart(0), renderer: Shared.renderer(.cpu))
        try live.setCapacity(50_000, series: 0)
        try live.follow(x: 10_000)
        let total = 200_000
        let producer = Task.detached {
            for start in stride(from: 0, to: total, by: 1000) {
                let (x, y) = TestCharts.livePoints(start..<(start + 1000))
                try live.append(series: 0, x: x, y: y)
            }
        }
        var frames = 0, torn = 0
        while frames < 40 {
            let view = live.chart
            let x = view.series[0].x
            if let first = x.first, let last = x.last {
                // The view's right end is the newest x rounded up to a pixel boundary: less than a pixel past it.
                let upper = view.x.range.map(\.upperBound) ?? .nan, pixel = view.x.range.map { ($0.upperBound - $0.lowerBound) / 300 } ?? 0
                if !(x.indices.allSatisfy { x[$0] == first + Double($0) } && upper >= last && upper - last < pixel) { torn += 1 }
                _ = try live.render()
            }
            frames += 1
        }
        try await producer.value
        #expect(torn == 0, "\(torn) of \(frames) frames were torn")
        let x = live.chart.series[0].x
        #expect(x.count == 50_000 && x.first == Double(total - 50_000) && x.last == Double(total - 1))
    }
}
