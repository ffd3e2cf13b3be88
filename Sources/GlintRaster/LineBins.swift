import CRaster

/// A line's segments or joins sorted into the bands they can touch (`raster_bin_line`): band k's indices, in
/// ascending order, are `band(k)`.
struct LineBins {
    private let indices: [Int32]
    /// Where each band's indices start in `indices`; the last entry is the total.
    private let starts: [Int]

    /// The segments (`joins` false) or joins of `points` reaching `reach` rows past their points.
    init(_ points: LineRaster.Points, joins: Bool, reach: Float, bandHeight: Int, bands: Int) {
        var starts = [Int](repeating: 0, count: bands + 1)
        guard points.count >= 2 else {
            (indices, self.starts) = ([], starts)
            return
        }
        var indices: [Int32] = []
        points.xs.withUnsafeBufferPointer { xs in
            points.ys.withUnsafeBufferPointer { ys in
                let pixels = raster_points(xs: xs.baseAddress, ys: ys.baseAddress, count: points.count)
                var spans = [raster_band_span](repeating: raster_band_span(), count: joins ? points.count : points.count - 1)
                let total = raster_bin_line(pixels, joins, reach, bandHeight, bands, &starts, &spans, nil)
                indices = [Int32](unsafeUninitializedCapacity: total) { buffer, initialized in
                    _ = raster_bin_line(pixels, joins, reach, bandHeight, bands, &starts, &spans, buffer.baseAddress)
                    initialized = total
                }
            }
        }
        (self.indices, self.starts) = (indices, starts)
    }

    /// No items in any of `bands` bands.
    init(none bands: Int) {
        (indices, starts) = ([], [Int](repeating: 0, count: bands + 1))
    }

    /// Band k's indices.
    func band(_ k: Int) -> ArraySlice<Int32> { indices[starts[k]..<starts[k + 1]] }
}
