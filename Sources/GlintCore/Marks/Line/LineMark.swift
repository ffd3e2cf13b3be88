/// A polyline through the points (`"type": "line"`): thick, anti-aliased, joined and capped, dashed or solid. A
/// long line is reduced to the M4 extremes of each pixel column; in an explicit x range, a sorted line keeps only
/// the points in view; a zoomed line is cut at the guard band.
enum LineMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .line && series.line.step == nil && series.polarDrawing == nil }

    static func reduce(_ context: MarkContext) -> MarkPoints {
        let s = context.series, clip = context.layout.plotClip
        let shape = self.shape(s, color: context.color, layout: context.layout)
        // A sorted line in an explicit x range: only the points in view, and one neighbour each side for the
        // segments that enter it.
        var window: Range<Int>?
        if context.zoomed, s.xIsSorted {
            let margin = shape.width + 2
            window = VisibleWindow.indices(of: s.x, transform: shape.transform, from: Double(clip.x) - margin,
                                           to: Double(clip.x + clip.width) + margin)
        }
        var points: MarkPoints
        if let result = context.decimated ?? (s.line.decimate && shape.dash == nil
                                                ? decimation(of: shape, plot: clip, within: window, threads: context.threads) : nil) {
            points = MarkPoints(x: result.x, y: result.y)
        } else if let window, window.count < s.x.count {
            points = MarkPoints(x: Column(Array(s.x[window])), y: Column(Array(s.y[window])))
        } else {
            points = MarkPoints(x: s.x, y: s.y)
        }
        // A live line in a retained chart's frame (the memo's), reduced or as it is: named so that a GL painter keeps
        // its points from frame to frame.
        if M4Memo.current != nil, let x = s.x.ring, let y = s.y.ring { points.liveKey = RingView.liveKey(x: x, y: y) }
        return points
    }

    /// A line across the sample, dashed as the series is.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let width = min(s.line.width * type.scale, rect.height * 0.6), y = rect.center.y
        var sample = LineShape(x: [rect.x, rect.maxX], y: [y, y], transform: .identity, color: color, width: width, cap: .butt)
        sample.dash = s.line.dash.flatMap { DashPattern($0.map { $0 * type.scale }) }
        return [SceneCommand(.line(sample))]
    }

    /// A line of at most `Theme.markerLimit` points gains markers; a longer one (where markers would merge into a
    /// band and cost a dot per point) is drawn half as wide.
    static func repeatedLook(_ s: Series, background: Color) -> Series {
        var look = s
        if s.x.count <= Theme.markerLimit { look.line.markers = true } else { look.line.width /= 2 }
        return look
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let layout = context.layout
        var shape = self.shape(context.series, color: context.color, layout: layout)
        (shape.x, shape.y, shape.liveKey) = (points.x, points.y, points.liveKey)
        if points.inScaleSpace { shape.transform = shape.transform.scaleSpace }
        if context.zoomed { shape = GuardBand.clip(shape, width: layout.imageWidth, height: layout.imageHeight) }
        return [SceneCommand(.line(shape), clip: layout.plotClip)]
    }

    /// A line series as drawn on `layout`, all its points.
    static func shape(_ s: Series, color: Color, layout: ChartLayout) -> LineShape {
        var shape = LineShape(x: s.x, y: s.y, transform: layout.transform(for: s), color: color, width: s.line.width * layout.typography.scale,
                              join: s.line.join, cap: s.line.cap, miterLimit: s.line.miterLimit, antialias: s.line.antialias)
        shape.dash = s.line.dash.flatMap { DashPattern($0.map { $0 * layout.typography.scale }) }
        return shape
    }

    /// The M4 decimation of a long sorted line over the plot's pixel columns (plus a margin wide enough
    /// for the stroke), of its points in `window` when given, when that keeps fewer points; nil to draw the line
    /// as it is.
    static func decimation(of line: LineShape, plot: PixelRect, within window: Range<Int>? = nil, threads: Int) -> M4Decimation.Result? {
        let buckets = M4Buckets(transform: line.transform, plot: plot, lineWidth: line.width, antialias: line.antialias)
        guard (window?.count ?? line.x.count) > buckets.pointLimit else { return nil }
        return M4Decimation.decimate(x: line.x, y: line.y, buckets: buckets, threads: threads, within: window)
    }
}
