// The kernels of one variant, as a table of functions; dispatch.c picks the table the CPU can run.
#ifndef RASTER_KERNEL_TABLE_H
#define RASTER_KERNEL_TABLE_H

#include "raster_kernels.h"
#pragma GCC visibility push(hidden)

struct raster_kernels {
    void (*dots)(raster_band, raster_window, const raster_disc *, ptrdiff_t, float, raster_color, raster_color, bool);
    void (*marks)(raster_band, raster_window, const raster_disc *, ptrdiff_t, int, float, raster_color, raster_color, bool);
    void (*stroke)(raster_coverage, raster_window, raster_points, const int32_t *, ptrdiff_t, raster_stroke_style,
                   raster_window *);
    void (*joins)(raster_coverage, raster_window, raster_points, const int32_t *, ptrdiff_t, raster_stroke_style,
                  raster_window *);
    void (*composite)(raster_band, raster_window, uint8_t *, ptrdiff_t, raster_color, bool);
    void (*rect)(raster_band, raster_window, float, float, float, float, raster_color);
    void (*glyph)(raster_band, raster_window, raster_glyph, const uint8_t *, ptrdiff_t, raster_color);
    void (*image)(raster_band, raster_window, raster_cells);
    csv_line_tally (*tally)(const uint8_t *, ptrdiff_t);
    void (*map_points)(const double *, const double *, ptrdiff_t, raster_linear_map, float, float *, float *);
    void (*bin_dots)(const double *, const double *, const double *, ptrdiff_t, raster_linear_map, raster_dot_sizing,
                     ptrdiff_t, ptrdiff_t, raster_disc *, raster_dot_span *);
    ptrdiff_t (*bin_line)(raster_points, bool, float, ptrdiff_t, ptrdiff_t, ptrdiff_t *, raster_band_span *, int32_t *);
};

extern const struct raster_kernels raster_kernels_baseline;
#if defined(__x86_64__)
extern const struct raster_kernels raster_kernels_avx2;
extern const struct raster_kernels raster_kernels_avx512;
#endif

#pragma GCC visibility pop

#endif
