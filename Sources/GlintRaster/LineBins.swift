import CRaster

/// A line's segments or joins sorted into the bands they can touch (`raster_bin_line`): band k's indices, in
/// ascending order, are `band(k)`. The lists live in the paint's scratch (valid while it paints).
struct LineBins {
    private let indices: UnsafeBufferPointer<Int32>
    /// Where each band's indices start in `indices`; the last entry is the total.
    private let starts: UnsafeBufferPointer<Int>

    /// The segments (`joins` false) or joins of `points` reaching `reach` rows past their points, in memory taken
    /// from `arena`. `spans` is scratch (each item's bands, between the two passes), grown to the items' count
    /// when shorter: one thread's lines share it.
    init(_ points: LineRaster.Points, joins: Bool, reach: Float, bandHeight: Int, bands: Int, arena: ScratchArena,
         spans: inout [raster_band_span]) {
        let starts = arena.take(Int.self, count: bands + 1)
        self.starts = UnsafeBufferPointer(starts)
        guard points.count >= 2 else {
            starts.initialize(repeating: 0)
            indices = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        // The kernel's first pass writes every start.
        let pixels = raster_points(xs: points.xs.baseAddress, ys: points.ys.baseAddress, count: points.count)
        let items = joins ? points.count : points.count - 1
        if spans.count < items { spans = [raster_band_span](repeating: raster_band_span(), count: items) }
        let total = raster_bin_line(pixels, joins, reach, bandHeight, bands, starts.baseAddress, &spans, nil)
        let indices = arena.take(Int32.self, count: total)
        _ = raster_bin_line(pixels, joins, reach, bandHeight, bands, starts.baseAddress, &spans, indices.baseAddress)
        self.indices = UnsafeBufferPointer(indices)
    }

    /// No items in any of `bands` bands.
    init(none bands: Int, arena: ScratchArena) {
        let starts = arena.take(Int.self, count: bands + 1)
        starts.initialize(repeating: 0)
        (indices, self.starts) = (UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(starts))
    }

    /// Band k's indices.
    func band(_ k: Int) -> UnsafeBufferPointer<Int32> { UnsafeBufferPointer(rebasing: indices[starts[k]..<starts[k + 1]]) }
}
