// A line's segments and joins sorted into the bands of rows they can touch, in two passes (find each item's bands
// and count them, then place the items) into one array, so a band reads its own in order.
#include <string.h>

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

// Four lanes: the width of the baseline's vector registers (this file is compiled for the baseline only).
typedef float floats4 __attribute__((ext_vector_type(4)));
typedef int32_t ints4 __attribute__((ext_vector_type(4)));

// The largest whole number ≤ v and the smallest ≥ v, clamped to ±1e9, lane by lane as below() and above() (the
// lanes hold no NaN): truncation and a correction.
static inline ints4 below4(floats4 v) {
    floats4 clamped = __builtin_elementwise_max(__builtin_elementwise_min(v, (floats4)1e9f), (floats4)-1e9f);
    ints4 whole = __builtin_convertvector(clamped, ints4);
    return whole + (__builtin_convertvector(whole, floats4) > clamped);  // a true comparison is -1
}
static inline ints4 above4(floats4 v) {
    floats4 clamped = __builtin_elementwise_max(__builtin_elementwise_min(v, (floats4)1e9f), (floats4)-1e9f);
    ints4 whole = __builtin_convertvector(clamped, ints4);
    return whole - (__builtin_convertvector(whole, floats4) < clamped);
}

// `row / 2^shift` as C divides (towards zero), lane by lane.
static inline ints4 divided4(ints4 row, int shift) {
    ints4 towardsZero = (row >> 31) & ((1 << shift) - 1);
    return (row + towardsZero) >> shift;
}

// Segments i ..< i + 4's spans as bands_of finds them, four at once (the band height is 2^shift).
static void segment_spans4(raster_points p, ptrdiff_t i, float reach, int shift, ptrdiff_t bands, raster_band_span *spans) {
    floats4 xa, xb, ya, yb;
    memcpy(&xa, p.xs + i, sizeof xa), memcpy(&xb, p.xs + i + 1, sizeof xb);
    memcpy(&ya, p.ys + i, sizeof ya), memcpy(&yb, p.ys + i + 1, sizeof yb);
    floats4 top = yb < ya ? yb : ya, bottom = yb >= ya ? yb : ya;  // coverage.h's min and max
    floats4 gap = 1e37f;
    // isGap as bands_of tests it (a NaN x is not a gap here; the stroke kernel skips it).
    ints4 valid = ~(__builtin_elementwise_abs(xa) > gap) & ~(__builtin_elementwise_abs(xb) > gap) & (top == top)
        & (bottom == bottom);
    top = valid ? top : 0.0f, bottom = valid ? bottom : 0.0f;
    ints4 first = __builtin_elementwise_max(divided4(below4(top - reach), shift), (ints4)0);
    ints4 last = __builtin_elementwise_min(divided4(above4(bottom + reach), shift), (ints4)(int32_t)(bands - 1));
    valid &= first <= last;
    for (int k = 0; k < 4; k++)
        spans[i + k] = valid[k] ? (raster_band_span){ (int16_t)first[k], (int16_t)last[k] } : (raster_band_span){ 1, 0 };
}

// Every item's span: segments four at a time where the band height is a power of two (the painter's is), the
// rest one by one.
static void find_spans(raster_points p, bool joins, float reach, ptrdiff_t bandHeight, ptrdiff_t bands, ptrdiff_t items,
                       raster_band_span *spans) {
    int shift = -1;
    for (int k = 0; k < 30; k++)
        if (bandHeight == (ptrdiff_t)1 << k) shift = k;
    ptrdiff_t i = 0, first, last;
    if (!joins && shift >= 0 && reach == reach)
        for (; i + 4 <= items; i += 4) segment_spans4(p, i, reach, shift, bands, spans);
    for (; i < items; i++)
        spans[i] = bands_of(p, i, joins, reach, bandHeight, bands, &first, &last)
            ? (raster_band_span){ (int16_t)first, (int16_t)last } : (raster_band_span){ 1, 0 };
}

ptrdiff_t raster_bin_line(raster_points points, bool joins, float reach, ptrdiff_t bandHeight, ptrdiff_t bands,
                          ptrdiff_t *starts, raster_band_span *spans, int32_t *indices) {
    ptrdiff_t items = joins ? points.count : points.count - 1;
    if (indices == NULL) {
        find_spans(points, joins, reach, bandHeight, bands, items, spans);
        for (ptrdiff_t k = 0; k <= bands; k++) starts[k] = 0;
        // Neighbouring items mostly touch the same band: a run of them is counted in a register, then added.
        ptrdiff_t runBand = -1, run = 0;
        for (ptrdiff_t i = 0; i < items; i++) {
            ptrdiff_t first = spans[i].first, last = spans[i].last;
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
