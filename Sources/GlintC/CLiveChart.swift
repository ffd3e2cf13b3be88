import Glint

// The C API's live charts (include/glint.h, "Live charts"): a `RetainedChart` behind an opaque handle, its points
// appended from any thread while another renders.

@_cdecl("glint_chart_create")
public func glint_chart_create(_ rendererHandle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int) -> OpaquePointer? {
    guard let rendererHandle, let spec else {
        _ = argumentError("glint_chart_create: a null pointer")
        return nil
    }
    return handle {
        let glint = renderer(rendererHandle)
        return try RetainedChart(try chart(spec, length, threads: glint.threads), renderer: glint)
    }
}

@_cdecl("glint_chart_destroy")
public func glint_chart_destroy(_ handle: OpaquePointer?) {
    release(handle, as: RetainedChart.self)
}

@_cdecl("glint_chart_append")
public func glint_chart_append(_ handle: OpaquePointer?, _ series: Int32, _ xs: UnsafePointer<Double>?, _ ys: UnsafePointer<Double>?,
                               _ count: Int) -> Int32 {
    guard let handle, count == 0 || (xs != nil && ys != nil) else { return argumentError("glint_chart_append: a null pointer") }
    guard count >= 0, count <= Int.max / MemoryLayout<Double>.stride else {
        return argumentError("glint_chart_append: \(UInt(bitPattern: count)) points is not a count")
    }
    return status {
        try live(handle).append(series: Int(series), x: UnsafeBufferPointer(start: xs, count: count), y: UnsafeBufferPointer(start: ys, count: count))
        return 0
    }
}

@_cdecl("glint_chart_set_capacity")
public func glint_chart_set_capacity(_ handle: OpaquePointer?, _ series: Int32, _ capacity: Int) -> Int32 {
    guard let handle else { return argumentError("glint_chart_set_capacity: a null pointer") }
    return status {
        try live(handle).setCapacity(capacity, series: Int(series))
        return 0
    }
}

@_cdecl("glint_chart_follow")
public func glint_chart_follow(_ handle: OpaquePointer?, _ width: Double) -> Int32 {
    guard let handle else { return argumentError("glint_chart_follow: a null pointer") }
    return status {
        try live(handle).follow(x: width == 0 ? nil : width)
        return 0
    }
}

@_cdecl("glint_chart_render_rgba")
public func glint_chart_render_rgba(_ handle: OpaquePointer?, _ pixels: UnsafeMutablePointer<UInt8>?, _ capacity: Int,
                                    _ width: UnsafeMutablePointer<Int32>?, _ height: UnsafeMutablePointer<Int32>?) -> Int32 {
    guard let handle, let width, let height else { return argumentError("glint_chart_render_rgba: a null pointer") }
    return status {
        let chart = live(handle)
        return try rgba(chart.chart, into: pixels, capacity, width, height) { _ in try chart.render() }
    }
}

@_cdecl("glint_chart_gl_draw")
public func glint_chart_gl_draw(_ handle: OpaquePointer?, _ painterHandle: OpaquePointer?, _ framebuffer: UInt32,
                                _ x: Int32, _ y: Int32) -> Int32 {
    guard let handle, let painterHandle else { return argumentError("glint_chart_gl_draw: a null pointer") }
    return status {
        try live(handle).draw(with: hostRenderer(painterHandle), framebuffer: framebuffer, x: Int(x), y: Int(y))
        return 0
    }
}

@_cdecl("glint_chart_resize")
public func glint_chart_resize(_ handle: OpaquePointer?, _ width: Int32, _ height: Int32) -> Int32 {
    guard let handle else { return argumentError("glint_chart_resize: a null pointer") }
    return status {
        let side = ChartLimit.side
        guard side.contains(Int(width)), side.contains(Int(height)) else {
            throw GlintError.badData("resize: expected a width and height of \(side.lowerBound) to \(side.upperBound) device pixels, found \(width)x\(height)")
        }
        live(handle).resize(width: Int(width), height: Int(height))
        return 0
    }
}

@_cdecl("glint_chart_set_scale")
public func glint_chart_set_scale(_ handle: OpaquePointer?, _ scale: Double) -> Int32 {
    guard let handle else { return argumentError("glint_chart_set_scale: a null pointer") }
    return status {
        try live(handle).setScale(scale)
        return 0
    }
}

@_cdecl("glint_chart_plot_area")
public func glint_chart_plot_area(_ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?,
                                  _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let handle, let x, let y, let width, let height else { return argumentError("glint_chart_plot_area: a null pointer") }
    return status {
        let plot = try live(handle).layout().plot
        (x.pointee, y.pointee, width.pointee, height.pointee) = (plot.x, plot.y, plot.width, plot.height)
        return 0
    }
}

@_cdecl("glint_chart_data_at")
public func glint_chart_data_at(_ handle: OpaquePointer?, _ px: Double, _ py: Double, _ x: UnsafeMutablePointer<Double>?,
                                _ y: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let handle, let x, let y else { return argumentError("glint_chart_data_at: a null pointer") }
    return status {
        guard px.isFinite, py.isFinite else { throw GlintError.badData("data at: the pixel must be finite, found (\(px), \(py))") }
        let transform = try live(handle).layout().transform
        let scaled = transform.inverse(Point(px, py))
        let data = (x: transform.forwardX.inverse(scaled.x), y: transform.forwardY.inverse(scaled.y))
        guard data.x.isFinite, data.y.isFinite else {
            throw GlintError.badData("data at: the plot is too small to have a scale at (\(px), \(py))")
        }
        (x.pointee, y.pointee) = data
        return 0
    }
}

@_cdecl("glint_chart_pan")
public func glint_chart_pan(_ handle: OpaquePointer?, _ fraction: Double) -> Int32 {
    guard let handle else { return argumentError("glint_chart_pan: a null pointer") }
    return status {
        guard fraction.isFinite else { throw GlintError.badData("pan: the fraction of the view must be finite, found \(fraction)") }
        live(handle).pan(by: fraction)
        return 0
    }
}

@_cdecl("glint_chart_zoom")
public func glint_chart_zoom(_ handle: OpaquePointer?, _ factor: Double, _ x: Double) -> Int32 {
    guard let handle else { return argumentError("glint_chart_zoom: a null pointer") }
    return status {
        guard factor.isFinite, factor > 0, x.isFinite else {
            throw GlintError.badData("zoom: expected a finite factor above 0 around a finite x, found \(factor) around \(x)")
        }
        live(handle).zoom(by: factor, around: x)
        return 0
    }
}

@_cdecl("glint_chart_x_range")
public func glint_chart_x_range(_ handle: OpaquePointer?, _ lower: UnsafeMutablePointer<Double>?, _ upper: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let handle, let lower, let upper else { return argumentError("glint_chart_x_range: a null pointer") }
    return status {
        let range = live(handle).xRange
        (lower.pointee, upper.pointee) = (range.lowerBound, range.upperBound)
        return 0
    }
}

@_cdecl("glint_chart_set_visible")
public func glint_chart_set_visible(_ handle: OpaquePointer?, _ series: Int32, _ visible: Int32) -> Int32 {
    guard let handle else { return argumentError("glint_chart_set_visible: a null pointer") }
    return status {
        let chart = live(handle), count = chart.chart.series.count
        guard (0..<count).contains(Int(series)) else {
            throw GlintError.badValue(path: "series[\(series)]", message: "the chart has \(count) series")
        }
        chart.setVisible(visible != 0, series: Int(series))
        return 0
    }
}

@_cdecl("glint_chart_set_tooltip")
public func glint_chart_set_tooltip(_ handle: OpaquePointer?, _ text: UnsafePointer<CChar>?) -> Int32 {
    guard let handle else { return argumentError("glint_chart_set_tooltip: a null pointer") }
    return status {
        guard let text else {
            live(handle).setTooltip(nil)
            return 0
        }
        guard let tip = String(validatingCString: text) else {
            throw GlintError.badValue(path: "tooltip", message: "the text is not UTF-8")
        }
        live(handle).setTooltip(tip)
        return 0
    }
}

@_cdecl("glint_chart_hit_test")
public func glint_chart_hit_test(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ tolerance: Double,
                                 _ out: UnsafeMutableRawPointer?) -> Int32 {
    guard let handle, let out else { return argumentError("glint_chart_hit_test: a null pointer") }
    return status {
        storeHit(nil, into: out)
        storeHit(try live(handle).hitTest(at: Point(x, y), tolerance: tolerance), into: out)
        return 0
    }
}

private func live(_ handle: OpaquePointer) -> RetainedChart {
    Unmanaged<RetainedChart>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}
