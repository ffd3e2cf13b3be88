// Whole pixel numbers from Float32 edges, as the Swift side's PixelWindow.below/above compute them; included after
// coverage.h (whose min/max they use).
#ifndef RASTER_PIXEL_EDGES_H
#define RASTER_PIXEL_EDGES_H

#include <stddef.h>

// The largest whole number ≤ v, clamped to ±1e9 (far outside any image) so it cannot overflow; NaN gives 1e9.
static inline __attribute__((always_inline)) ptrdiff_t below(float v) {
    float clamped = max(-1e9f, min(1e9f, v));
    ptrdiff_t whole = (ptrdiff_t)clamped;
    return (float)whole > clamped ? whole - 1 : whole;
}

// The smallest whole number ≥ v, clamped to ±1e9 (NaN: 1e9).
static inline __attribute__((always_inline)) ptrdiff_t above(float v) {
    float clamped = max(-1e9f, min(1e9f, v));
    ptrdiff_t whole = (ptrdiff_t)clamped;
    return (float)whole < clamped ? whole + 1 : whole;
}

#endif
