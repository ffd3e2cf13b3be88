// The public kernels: each calls the variant chosen once from the CPU (cpuid), or the one a test asked for.
#include <stdatomic.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "raster_kernels.h"
#include "kernel_table.h"
#include "../../Shaders/coverage.h"

static const struct raster_kernels *_Atomic chosen;

#if defined(__x86_64__)
// Whether the CPU has AVX and the extensions of leaf 7's EBX in `features`, and the system saves the register
// state XCR0 names in `state` (OSXSAVE set, so xgetbv runs).
static bool has(unsigned features, unsigned state) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return false;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & state) != state) return false;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & features) == features;
}

// AVX2, with the XMM and YMM state saved.
static bool has_avx2(void) { return has(bit_AVX2, 0x6); }

// AVX2 and AVX-512 F, BW, DQ and VL, with the XMM, YMM, opmask and both halves of the ZMM state saved.
static bool has_avx512(void) {
    return has(bit_AVX2 | bit_AVX512F | bit_AVX512BW | bit_AVX512DQ | bit_AVX512VL, 0xE6);
}
#endif

static const struct raster_kernels *best(void) {
#if defined(__x86_64__)
    if (has_avx512()) return &raster_kernels_avx512;
    if (has_avx2()) return &raster_kernels_avx2;
#endif
    return &raster_kernels_baseline;
}

static const struct raster_kernels *kernels(void) {
    const struct raster_kernels *k = atomic_load_explicit(&chosen, memory_order_acquire);
    if (k) return k;
    k = best();
    atomic_store_explicit(&chosen, k, memory_order_release);
    return k;
}

const char *raster_variant(void) {
#if defined(__x86_64__)
    if (kernels() == &raster_kernels_avx512) return "avx512";
    if (kernels() == &raster_kernels_avx2) return "avx2";
#endif
    return "baseline";
}

// The table called `name` if this CPU runs it (NULL: the CPU's best), else NULL.
static const struct raster_kernels *runnable(const char *name) {
    if (name == NULL) return best();
    if (strcmp(name, "baseline") == 0) return &raster_kernels_baseline;
#if defined(__x86_64__)
    if (strcmp(name, "avx512") == 0 && has_avx512()) return &raster_kernels_avx512;
    if (strcmp(name, "avx2") == 0 && has_avx2()) return &raster_kernels_avx2;
#endif
    return NULL;
}

bool raster_runs_variant(const char *name) { return name != NULL && runnable(name) != NULL; }

bool raster_use_variant(const char *name) {
    const struct raster_kernels *k = runnable(name);
    if (k == NULL) return false;
    atomic_store_explicit(&chosen, k, memory_order_release);
    return true;
}

uint32_t raster_pack(raster_color c) { return packRGBA(unorm8(c.r), unorm8(c.g), unorm8(c.b), unorm8(c.a)); }

void raster_dots(raster_band band, raster_window limit, const raster_disc *dots, ptrdiff_t count, float strokeWidth,
                 raster_color fill, raster_color stroke, bool perDot) {
    kernels()->dots(band, limit, dots, count, strokeWidth, fill, stroke, perDot);
}

void raster_marks(raster_band band, raster_window limit, const raster_disc *dots, ptrdiff_t count, int shape, float strokeWidth,
                  raster_color fill, raster_color stroke, bool perDot) {
    kernels()->marks(band, limit, dots, count, shape, strokeWidth, fill, stroke, perDot);
}

void raster_stroke(raster_coverage coverage, raster_window limit, raster_points points, const int32_t *segments,
                   ptrdiff_t count, raster_stroke_style style, raster_window *touched) {
    kernels()->stroke(coverage, limit, points, segments, count, style, touched);
}

void raster_joins(raster_coverage coverage, raster_window limit, raster_points points, const int32_t *joins,
                  ptrdiff_t count, raster_stroke_style style, raster_window *touched) {
    kernels()->joins(coverage, limit, points, joins, count, style, touched);
}

void raster_composite(raster_band band, raster_window window, uint8_t *mask, ptrdiff_t stride, raster_color color,
                      bool clear) {
    kernels()->composite(band, window, mask, stride, color, clear);
}

void raster_rect(raster_band band, raster_window window, float x0, float y0, float x1, float y1, raster_color color) {
    kernels()->rect(band, window, x0, y0, x1, y1, color);
}

void raster_image(raster_band band, raster_window window, raster_cells image) { kernels()->image(band, window, image); }

void raster_glyph_quad(raster_band band, raster_window window, raster_glyph quad, const uint8_t *atlas,
                       ptrdiff_t atlasWidth, raster_color color) {
    kernels()->glyph(band, window, quad, atlas, atlasWidth, color);
}

csv_line_tally csv_tally(const uint8_t *bytes, ptrdiff_t count) { return kernels()->tally(bytes, count); }

void raster_map_points(const double *x, const double *y, ptrdiff_t count, raster_linear_map map, float gap, float *xs,
                       float *ys) {
    kernels()->map_points(x, y, count, map, gap, xs, ys);
}

void raster_bin_dots(const double *x, const double *y, const double *sizes, ptrdiff_t count, raster_linear_map map,
                     raster_dot_sizing sizing, ptrdiff_t bandHeight, ptrdiff_t bands, raster_disc *discs,
                     raster_dot_span *spans) {
    kernels()->bin_dots(x, y, sizes, count, map, sizing, bandHeight, bands, discs, spans);
}

ptrdiff_t raster_bin_line(raster_points points, bool joins, float reach, ptrdiff_t bandHeight, ptrdiff_t bands,
                          ptrdiff_t *starts, raster_band_span *spans, int32_t *indices) {
    return kernels()->bin_line(points, joins, reach, bandHeight, bands, starts, spans, indices);
}
