// Whole pixel numbers from Float32 edges, as the Swift side's PixelWindow.below/above compute them; included after
// coverage.h (whose min/max they use).
#ifndef RASTER_PIXEL_EDGES_H
#define RASTER_PIXEL_EDGES_H

#include <stdint.h>

// The largest whole number ≤ v, clamped to ±1e9 (far outside any image) so it cannot overflow; NaN gives 1e9. In
// 32 bits, which the clamp fits and which a vector unit converts a whole vector of at once.
static inline __attribute__((always_inline)) int32_t below(float v) {
    float clamped = max(-1e9f, min(1e9f, v));
    int32_t whole = (int32_t)clamped;
    return (float)whole > clamped ? whole - 1 : whole;
}

// The smallest whole number ≥ v, clamped to ±1e9 (NaN: 1e9).
static inline __attribute__((always_inline)) int32_t above(float v) {
    float clamped = max(-1e9f, min(1e9f, v));
    int32_t whole = (int32_t)clamped;
    return (float)whole < clamped ? whole + 1 : whole;
}

#endif
