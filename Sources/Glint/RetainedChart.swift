import FoundationEssentials
import Glibc
import GlintCore

/// A chart kept for interaction: panned, zoomed, with series shown or hidden, and with live points appended,
/// rendered again on one renderer for every frame. Each line's x is checked for sortedness once (and each appended
/// batch as it comes), so a view reads only the points it shows (binary search for the window, M4 on what is
/// visible), and the first view's ranges are kept, so no frame rescans the data for its extent.
///
/// Live data: `append(series:x:y:)` adds points to a line or dots series, held in a ring (`RingColumn`) of
/// `setCapacity` values — the oldest dropped past it — whose appends cost the same whatever it holds. `follow(x:)`
/// makes the view scroll with the newest x, its y range (and the right axis's) fitted to what is visible with
/// hysteresis.
///
/// Legends the data places (not pinned) stay where they are once the view has followed: a frame holds them where
/// the last placement put them, and every `legendPlacementFrames`-th frame places them again (one put beside the
/// plot stays there), so that a live chart's legend neither jumps nor costs a pass over the data each frame.
///
/// Frames are incremental: the chart keeps what M4 made of each long live line (`M4Memo`), and the next frame
/// scans only the buckets whose points changed — those appended since and those a pan brought into view — and
/// takes the rest from the frame before, so it draws what a fresh render of the same data draws. A following view
/// and a pan move by whole pixels for that (a following view's right end is the newest x rounded up to the next
/// pixel boundary of the frame before), so that each pixel column keeps its points.
///
/// Threads: every method may be called from any thread. Appends from a producer and frames from a render thread
/// meet on one lock held only to write the appended values (or to take a frame's view of the chart: a reference per
/// 65,536 points); a frame lays out and paints outside it, so an append never waits for a paint. A frame draws the
/// points appended before it began.
public final class RetainedChart: @unchecked Sendable {
    /// The chart as the next frame draws it, save for legends it holds (a legend the data places is here as placed
    /// afresh; frames and `hitTest` hold it where the last placement put it).
    public var chart: Chart { locked { viewed() } }
    /// The ranges of the whole data, as the first view showed them (the "home" view).
    public let home: (x: ClosedRange<Double>, y: ClosedRange<Double>)
    private let renderer: Renderer
    private let lock = Lock()
    /// The chart as set up (guarded by `lock`): ranges, visibility, size, tooltip; its live series' points are in
    /// `live`.
    private var kept: Chart
    /// The appended series' points, by series index (guarded by `lock`).
    private var live: [Int: LivePoints] = [:]
    /// The x width `follow(x:)` shows, ending at the newest x; nil for a view that stays where it is put.
    private var followWidth: Double?
    /// The range a following view shows on each vertical axis until what is visible there leaves it or shrinks
    /// well inside it.
    private var followedY: [SeriesAxis: ClosedRange<Double>] = [:]
    /// The right end of a following view's last frame.
    private var followedUpper: Double?
    /// The M4 points of the live lines' last frame, for the next (see `M4Memo`).
    private let memo: M4Memo
    /// Once the view has followed: the layout that last placed the legends the data places (those not pinned), and
    /// the frames drawn since (guarded by `lock`). Frames in between — following, or panned and zoomed after —
    /// hold those legends where it put them, so that a frame neither samples the data to place them nor moves them
    /// (a legend moving out of the plot or back in changes the plot and every M4 bucket with it). Every
    /// `legendPlacementFrames`-th frame places them again, a legend put beside the plot staying there. Cleared when
    /// the chart is resized or shows or hides a series.
    private var placedLegends: (layout: ChartLayout, frames: Int)?
    /// How many times `placedLegends` was cleared (guarded by `lock`): a frame that places the legends stores its
    /// placement only when the count is what it was as the frame took its view, so that a placement made for the
    /// size and series a `resize` or `setVisible` has since changed is not held.
    private var placementsCleared = 0
    /// How often a view that has followed places its legends again, in frames (about a second at 60 frames a
    /// second).
    public static let legendPlacementFrames = 60

    /// Keeps `chart` for `renderer`; explicit axis ranges are kept, auto ones are fixed at what the whole data
    /// gives; a chart with `follow` set follows (`follow(x:)`) from its first frame. Throws what rendering the chart
    /// would throw for an invalid chart.
    public init(_ chart: Chart, renderer: Renderer) throws {
        var kept = chart
        kept.follow = nil  // followed through `followWidth`, with the rings' kept extents and hysteresis
        for i in kept.series.indices where kept.series[i].joinsPoints {
            kept.series[i].xIsSorted = DataRange.isSortedFinite(kept.series[i].x)
        }
        let layout = try renderer.layout(chart)
        // Axes are laid out in scale space (decades on a log axis); ranges are data values.
        func values(_ domain: ClosedRange<Double>, _ axis: Axis) -> ClosedRange<Double> { axis.function.inverse(domain) }
        home = (values(layout.x.domain, chart.x), values(layout.y.domain, chart.y))
        // A polar chart's x is a whole turn (degrees unless given), not a view: it stays as given until panned.
        if chart.polar == nil { kept.x.range = kept.x.range ?? home.x }
        kept.y.range = kept.y.range ?? home.y
        if let y2 = layout.y2 { kept.y2.range = kept.y2.range ?? values(y2.domain, chart.y2) }
        self.kept = kept
        self.renderer = renderer
        memo = M4Memo(limit: 4 * max(4, chart.series.count))
        followWidth = chart.follow
    }

    /// How many M4 buckets the frames drawn so far took from the frame before, and how many they scanned (see
    /// `M4Memo`).
    public var reducedBuckets: (kept: Int, scanned: Int) { memo.buckets }

    /// The visible x range.
    public var xRange: ClosedRange<Double> { locked { viewed().x.range ?? home.x } }

    /// Moves the view along x by `fraction` of its width (positive: towards larger x), rounded to whole pixels of
    /// the last frame (a move of less than half a pixel is made as asked). A following view stops following. A view
    /// moved past the largest finite x stops there; a fraction that is not finite moves nothing.
    public func pan(by fraction: Double) {
        guard fraction.isFinite else { return }
        locked {
            stopFollowing()
            let r = kept.x.range ?? home.x, shift = SafeSpan.scaled(r.upperBound, from: r.lowerBound, by: fraction)
            var step = shift
            if let pixel = memo.pixelWidth, case let pixels = (shift / pixel).rounded(), pixels != 0, abs(pixels) < 1e12 {
                step = pixels * pixel
            }
            kept.x.range = RetainedChart.held(r.lowerBound + step, r.upperBound + step)
        }
    }

    /// Zooms the x view by `factor` (2: twice as close) keeping the data value `x` where it is. A following view
    /// keeps following, `factor` times narrower. Zoomed out past the finite numbers the view stops at them; zoomed
    /// in below what x resolves there, it keeps the narrowest range an axis holds. A factor or an `x` that is not
    /// finite (or a factor not above 0) zooms nothing.
    public func zoom(by factor: Double, around x: Double) {
        guard factor > 0, factor.isFinite, x.isFinite else { return }
        locked {
            if let width = followWidth {
                followWidth = min(width / factor, .greatestFiniteMagnitude)
                return
            }
            let r = kept.x.range ?? home.x
            // The distances to each end in halves, so that none overflows on the way.
            kept.x.range = RetainedChart.held(x - SafeSpan.half(r.lowerBound, x) / factor * 2, x + SafeSpan.half(x, r.upperBound) / factor * 2)
        }
    }

    /// `lower...upper` as an axis holds it: saturated at the finite numbers, and where it is narrower than an axis
    /// holds there, the narrowest range ending at `upper` (`FollowedView.window`); as it is otherwise.
    private static func held(_ lower: Double, _ upper: Double) -> ClosedRange<Double> {
        let (lower, upper) = (SafeSpan.finite(lower), SafeSpan.finite(upper))
        let narrowest = FollowedView.window(endingAt: upper, width: 0)
        return lower < upper && lower <= narrowest.lowerBound ? lower...upper : narrowest
    }

    /// Shows or hides series `index` (a legend click).
    public func setVisible(_ visible: Bool, series index: Int) {
        locked {
            guard kept.series.indices.contains(index) else { return }
            kept.series[index].visible = visible
            clearPlacedLegends()
        }
    }

    /// Lays the chart out for a new image size in device pixels (a resized window).
    public func resize(width: Int, height: Int) {
        locked {
            kept.width = max(1, Int(saturating: (Double(width) / kept.scale).rounded()))
            kept.height = max(1, Int(saturating: (Double(height) / kept.scale).rounded()))
            clearPlacedLegends()
        }
    }

    /// Draws text, strokes, radii and margins `scale` times their size (the window moved to a screen of another
    /// scale factor), the image keeping its size in device pixels — within one: a size the scale does not divide is
    /// rounded to whole logical pixels, as `resize` rounds it. Throws `GlintError.badData` for a scale out of
    /// `ChartLimit.scale`.
    public func setScale(_ scale: Double) throws {
        guard ChartLimit.scale.contains(scale) else {
            throw GlintError.badData("scale: expected \(ChartLimit.scale.phrase), found \(scale)")
        }
        locked {
            let (width, height) = (Double(kept.width) * kept.scale, Double(kept.height) * kept.scale)
            kept.scale = scale
            kept.width = max(1, Int(saturating: (width / scale).rounded()))
            kept.height = max(1, Int(saturating: (height / scale).rounded()))
            clearPlacedLegends()
        }
    }

    /// The current view's layout as the frames draw it (the legends where they hold them): its `plot` rectangle
    /// and `transform` turn a window's pointer into data — a drag's pixels over the plot's width are the fraction
    /// `pan(by:)` takes, the x under the wheel is where `zoom(by:around:)` keeps still.
    public func layout() throws -> ChartLayout {
        try renderer.layout(locked { RetainedChart.holding(placedLegends, viewed()) })
    }

    /// Shows `text` in a small box drawn by Glint where it covers the fewest points (a hover tooltip); nil hides it.
    public func setTooltip(_ text: String?) {
        locked {
            kept.legends.remove(id: "tooltip", force: true)
            guard let text else { return }
            var tip = Legend(id: "tooltip", kind: .series, position: .best)
            tip.source = .none
            tip.markers = false
            tip.items = [LegendItem(label: text, color: kept.theme.text, marker: .none)]
            kept.legends.add(tip)
        }
    }

    /// Keeps at most `capacity` points (1 to `RetainedChart.maxCapacity`) of series `index`, a line or dots: the
    /// oldest are dropped as new ones are appended (a FIFO), the newest kept now. Throws `GlintError.badData` for
    /// an index that is no such series or a capacity out of range.
    public func setCapacity(_ capacity: Int, series index: Int) throws {
        guard (1...RetainedChart.maxCapacity).contains(capacity) else {
            throw GlintError.badData("capacity: expected 1 to \(RetainedChart.maxCapacity) points, found \(capacity)")
        }
        try locked {
            var points = try livePoints(index, capacity: capacity)
            if points.x.capacity != capacity {
                points = LivePoints(x: Column(points.x), y: Column(points.y), capacity: capacity)
            }
            live[index] = points
        }
    }

    /// The most points a series keeps (2^40).
    public static let maxCapacity = 1 << 40

    /// Appends the points `x[i]`, `y[i]` to series `index` (a line or dots), after its newest; past its capacity
    /// the oldest are dropped. NaN or an infinity in y is a gap. Throws `GlintError.badData` for an index that is no
    /// such series or columns of different lengths; nothing is appended then.
    public func append(series index: Int, x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>) throws {
        guard x.count == y.count else {
            throw GlintError.badData("append to series[\(index)]: x has \(x.count) values and y \(y.count)")
        }
        try locked {
            var points = try livePoints(index, capacity: nil)
            live[index] = nil  // the rings are appended to uniquely held: no chunk is copied
            points.append(x, y)
            live[index] = points
        }
    }

    /// `append(series:x:y:)` of arrays.
    public func append(series index: Int, x: [Double], y: [Double]) throws {
        try x.withUnsafeBufferPointer { xs in try y.withUnsafeBufferPointer { ys in try append(series: index, x: xs, y: ys) } }
    }

    /// Makes the view follow the data: its x range the last `width` of x, ending at the newest appended (or given)
    /// x, its y range fitted to the points it shows — widened by a tenth each side (of decades on a log axis), kept
    /// until they leave it or fill less than half of it, so the axis does not jitter every frame; the right axis
    /// `y2` likewise, to its own series. Nil stops following (the view stays where it is). Throws
    /// `GlintError.badData` for a width that is not finite and positive.
    public func follow(x width: Double?) throws {
        if let width, !(width.isFinite && width > 0) {
            throw GlintError.badData("follow: the x width must be finite and positive, found \(width)")
        }
        locked {
            stopFollowing()
            followWidth = width
        }
    }

    /// The current view's pixels (no PNG encoding).
    public func render() throws -> Image {
        try renderTimed().image
    }

    /// The current view's pixels and how long building and painting them took (an app's frame statistics).
    public func renderTimed() throws -> (image: Image, timings: RenderTimings) {
        try frame { try renderer.renderTimed($0) }
    }

    /// Draws the current view with `host` into the caller's current GL context, as `HostGLRenderer.draw` draws a
    /// chart (`framebuffer`, `x`, `y` as there), as a frame: M4 takes each bucket of the frame before that still
    /// holds the same points, and the host's GL painter keeps the live lines' points on the GPU from frame to
    /// frame, writing only those the frame before did not leave in place. Throws what `HostGLRenderer.draw` throws.
    public func draw(with host: HostGLRenderer, framebuffer: UInt32 = 0, x: Int = 0, y: Int = 0) throws {
        try frame { try host.draw($0, framebuffer: framebuffer, x: x, y: y) }
    }

    /// What `paint` makes of the current view as a frame: inside the memo's frame, with the legends held or placed
    /// again (see `placedLegends`).
    private func frame<T>(_ paint: (Chart) throws -> T) throws -> T {
        let (chart, following, placed, cleared) = locked { (viewed(), followWidth != nil, placedLegends, placementsCleared) }
        return try memo.frame {
            guard following || placed != nil else { return try paint(chart) }
            if let placed, placed.frames < RetainedChart.legendPlacementFrames {
                let frame = try paint(RetainedChart.holding(placed, chart))
                locked { placedLegends?.frames += 1 }
                return frame
            }
            // Placed again: the legends the last placement put beside the plot stay there.
            let placing = placed.map { $0.layout.keepingLegendsPlaced(chart, outsideOnly: true) } ?? chart
            let layout = try renderer.layout(placing)
            let frame = try paint(layout.keepingLegendsPlaced(placing))
            locked {
                if placementsCleared == cleared { placedLegends = (layout, 1) }
            }
            return frame
        }
    }

    /// What lies under `pixel` of the current view (see `Renderer.hitTest`).
    public func hitTest(at pixel: Point, tolerance: Double = 8) throws -> ChartHit? {
        // With the legends held where the frames draw them, so that a click on an entry finds it there.
        let drawn = locked { RetainedChart.holding(placedLegends, viewed()) }
        return try renderer.hitTest(drawn, at: pixel, tolerance: tolerance)
    }

    /// `chart` with the legends `placed` holds where its layout put them; `chart` itself when none are held.
    private static func holding(_ placed: (layout: ChartLayout, frames: Int)?, _ chart: Chart) -> Chart {
        placed.map { $0.layout.keepingLegendsPlaced(chart) } ?? chart
    }

    /// Forgets where the legends were placed (the chart's size or series changed), so that the next frame places
    /// them again. Under the lock.
    private func clearPlacedLegends() {
        placedLegends = nil
        placementsCleared += 1
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Keeps a following view's ranges as they are now, and stops following. Under the lock.
    private func stopFollowing() {
        guard followWidth != nil else { return }
        let now = viewed()
        (kept.x.range, kept.y.range, kept.y2.range) = (now.x.range, now.y.range, now.y2.range)
        (followWidth, followedY, followedUpper) = (nil, [:], nil)
    }

    /// The live points of series `index`, made from its points on first use (a ring of `capacity`, or of the most
    /// points a series keeps). Throws for an index that is no line or dots series. Under the lock.
    private func livePoints(_ index: Int, capacity: Int?) throws -> LivePoints {
        guard kept.series.indices.contains(index), kept.series[index].streams else {
            throw GlintError.badData("series[\(index)]: points are appended to line and dots series only")
        }
        if let points = live[index] { return points }
        let s = kept.series[index]
        return LivePoints(x: s.x, y: s.y, capacity: capacity ?? RetainedChart.maxCapacity)
    }

    /// The chart as a frame draws it now: the live series' points as views of their rings, and a following view's
    /// ranges. Under the lock.
    private func viewed() -> Chart {
        var chart = kept
        for (index, points) in live {
            chart.series[index].x = Column(points.x)
            chart.series[index].y = Column(points.y)
            chart.series[index].xIsSorted = chart.series[index].joinsPoints && points.xIsSorted
        }
        guard let width = followWidth else { return chart }
        let newest = live.values.compactMap(\.newestX).max() ?? (chart.x.range ?? home.x).upperBound
        let upper = followedUpper(newest)
        followedUpper = upper
        let window = FollowedView.window(endingAt: upper, width: width)
        chart.x.range = window
        for axis in FollowedView.verticalAxes(of: chart) {
            guard let shown = yExtent(of: chart, axis: axis, within: window) else { continue }
            let function = chart[axis].function, seen = function.forward(shown)
            // Compared in scale space: "fill half of it" means half the decades on a log axis.
            let keeps = followedY[axis].map(function.forward).map { held in
                held.lowerBound <= seen.lowerBound && seen.upperBound <= held.upperBound
                    && (seen.upperBound - seen.lowerBound) * 2 >= held.upperBound - held.lowerBound
            } ?? false
            if !keeps { followedY[axis] = FollowedView.padded(shown, on: function) }
            chart[axis].range = followedY[axis]
        }
        return chart
    }

    /// The right end of a following view that shows `newest`: the last frame's right end moved by whole pixels of
    /// it (so that each pixel column keeps its points, and M4 its buckets), `newest` itself for a first frame or a
    /// jump of more than 1e9 pixels. Under the lock.
    private func followedUpper(_ newest: Double) -> Double {
        guard let last = followedUpper, let pixel = memo.pixelWidth else { return newest }
        let pixels = ((newest - last) / pixel).rounded(.up)
        return (0...1e9).contains(pixels) ? last + pixels * pixel : newest
    }

    /// The y extent of the visible points of `chart`'s series on `axis` with x inside `window`
    /// (`FollowedView.yExtent`): of a live series with sorted x on a linear axis, from its ring's chunks
    /// (`RingView.finiteExtent`: the window's ends read, whole chunks answered by their kept extents). Under the lock.
    private func yExtent(of chart: Chart, axis: SeriesAxis, within window: ClosedRange<Double>) -> ClosedRange<Double>? {
        let linear = chart[axis].function.isIdentity
        return FollowedView.yExtent(of: chart, axis: axis, within: window) { index, s in
            guard linear, s.xIsSorted, let points = live[index] else { return nil }
            return .some(points.y.view.finiteExtent(VisibleWindow.indices(of: s.x, within: window)))
        }
    }
}
