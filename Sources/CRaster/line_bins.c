// A line's segments and joins sorted into the bands of rows they can touch, in two passes over the points
// (count, then place) into one array, so a band reads its own in order.
#include "raster_kernels.h"
#include "../../Shaders/coverage.h"
#include "pixel_edges.h"

// Item i's first and last band; false when it touches none (a gap, or rows outside every band).
static bool bands_of(raster_points p, ptrdiff_t i, bool joins, float reach, ptrdiff_t bandHeight, ptrdiff_t bands,
                     ptrdiff_t *first, ptrdiff_t *last) {
    float top, bottom;
    if (joins) {
        if (i < 1 || isGap(p.xs[i])) return false;
        top = bottom = p.ys[i];
    } else {
        if (isGap(p.xs[i]) || isGap(p.xs[i + 1])) return false;
        top = min(p.ys[i], p.ys[i + 1]);
        bottom = max(p.ys[i], p.ys[i + 1]);
    }
    if (top != top || bottom != bottom || reach != reach) return false;
    ptrdiff_t from = below(top - reach) / bandHeight, to = above(bottom + reach) / bandHeight;
    *first = from > 0 ? from : 0;
    *last = to < bands - 1 ? to : bands - 1;
    return *first <= *last;
}

ptrdiff_t raster_bin_line(raster_points points, bool joins, float reach, ptrdiff_t bandHeight, ptrdiff_t bands,
                          ptrdiff_t *starts, raster_band_span *spans, int32_t *indices) {
    ptrdiff_t items = joins ? points.count : points.count - 1, first, last;
    if (indices == NULL) {
        for (ptrdiff_t k = 0; k <= bands; k++) starts[k] = 0;
        // Neighbouring items mostly touch the same band: a run of them is counted in a register, then added.
        ptrdiff_t runBand = -1, run = 0;
        for (ptrdiff_t i = 0; i < items; i++) {
            if (!bands_of(points, i, joins, reach, bandHeight, bands, &first, &last)) {
                spans[i] = (raster_band_span){ 1, 0 };
                continue;
            }
            spans[i] = (raster_band_span){ (int16_t)first, (int16_t)last };
            if (first == last && first == runBand) {
                run += 1;
                continue;
            }
            if (runBand >= 0) starts[runBand + 1] += run;
            if (first == last) {
                runBand = first;
                run = 1;
                continue;
            }
            runBand = -1;
            run = 0;
            for (ptrdiff_t k = first; k <= last; k++) starts[k + 1] += 1;
        }
        if (runBand >= 0) starts[runBand + 1] += run;
        for (ptrdiff_t k = 0; k < bands; k++) starts[k + 1] += starts[k];
        return starts[bands];
    }
    // The second pass fills each band from its start, in item order, from the spans the first found.
    for (ptrdiff_t i = 0; i < items; i++) {
        raster_band_span span = spans[i];
        for (ptrdiff_t k = span.first; k <= span.last; k++) indices[starts[k]++] = (int32_t)i;
    }
    // Each start now holds the next band's: shift them back.
    for (ptrdiff_t k = bands; k > 0; k--) starts[k] = starts[k - 1];
    starts[0] = 0;
    return starts[bands];
}
