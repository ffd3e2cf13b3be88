// The kernels' bodies, compiled once per variant: kernels_avx512.c, kernels_avx2.c and kernels_baseline.c include
// this file with KERNELS (the table's name) defined, the first two under a target attribute on every function.
// Rows are processed eight pixels at a time with a fixed-count loop over the lanes, which the compiler turns into
// one 8-wide instruction per step on AVX2 and AVX-512 and two 4-wide ones on SSE2 (a dot's rows, and a line's
// short segments, sixteen at a time where the variant sets WIDE_LANES: one 16-wide instruction on AVX-512); the
// arithmetic per lane is the same.
// System headers come before coverage.h, whose C built-ins are macros.
#include <string.h>

// No contraction anywhere below, the included formulas too: a variant whose instruction set has FMA (AVX-512
// implies it) would otherwise fuse a * b + c, rounding once where the others round twice.
#pragma STDC FP_CONTRACT OFF

#include "raster_kernels.h"
#include "kernel_table.h"
#include "../../Shaders/coverage.h"
#include "pixel_edges.h"

#define LANES 8
// The lanes of a dot's row, and the segments capsule_lanes takes at once: a variant whose vectors hold sixteen
// floats defines WIDE_LANES 16 before including this file.
#ifndef WIDE_LANES
#define WIDE_LANES LANES
#endif
// Helpers are always inlined, so each kernel's lane loop is vectorised as one piece.
#define HELPER static inline __attribute__((always_inline))

HELPER uint32_t *pixel_row(raster_band band, ptrdiff_t y) {
    return (uint32_t *)(void *)(band.pixels + (size_t)(y * band.width) * 4);
}

// The packed bytes of `color` scaled by coverage c. Both lie in 0...1 (premultiplied channels and coverages), so
// each product does too, exactly (rounding is monotonic and 1 × 1 is 1): unorm8's clamp would change nothing.
HELPER uint scaled(raster_color color, float c) {
    return packRGBA(unitByte(color.r * c), unitByte(color.g * c), unitByte(color.b * c), unitByte(color.a * c));
}

// Lane i's column x + i as a float and whether it lies before `end`, in 32-bit arithmetic (a vector unit converts
// and compares eight of those at once, where 64-bit integers take a lane at a time). Windows lie inside an image,
// whose sides are far below 2^24, so the float is exact: the same value as (float)(x + i).
HELPER float column(ptrdiff_t x, int i) { return (float)(int32_t)x + (float)i; }
HELPER bool before(ptrdiff_t x, int i, ptrdiff_t end) { return i < (int32_t)(end - x); }

// Lanes x .. x + n - 1 of a row `width` items long. In place when all n lie in the row: a kernel gives lanes
// past its window nothing to add, so they are written back as they were (the row is this band's alone, so no
// other thread writes it meanwhile); at the row's end, through `spare` (n items), so nothing past the row is
// touched.
HELPER uint32_t *lanes_at(uint32_t *row, ptrdiff_t x, ptrdiff_t width, int n, uint32_t *spare) {
    if (x + n <= width) return row + x;
    for (int i = 0; i < n; i++) spare[i] = x + i < width ? row[x + i] : 0u;
    return spare;
}

HELPER void lanes_done(uint32_t *row, ptrdiff_t x, ptrdiff_t width, int n, const uint32_t *lanes) {
    if (lanes == row + x) return;
    for (int i = 0; i < n; i++) if (x + i < width) row[x + i] = lanes[i];
}

HELPER uint8_t *bytes_at(uint8_t *row, ptrdiff_t x, ptrdiff_t width, uint8_t spare[LANES]) {
    if (x + LANES <= width) return row + x;
    for (int i = 0; i < LANES; i++) spare[i] = x + i < width ? row[x + i] : 0;
    return spare;
}

HELPER void bytes_done(uint8_t *row, ptrdiff_t x, ptrdiff_t width, const uint8_t *lanes) {
    if (lanes == row + x) return;
    for (int i = 0; i < LANES; i++) if (x + i < width) row[x + i] = lanes[i];
}

// Eight bytes, and eight words, as one vector each (for the byte plumbing; the formulas stay per lane).
typedef uint8_t bytes8 __attribute__((ext_vector_type(8)));
typedef uint32_t words8 __attribute__((ext_vector_type(8)));

// A coverage as the byte the scratch keeps (`hard`: 0 or 1; nothing where it is not positive).
HELPER uint32_t coverage_byte(float c, bool hard) {
    float v = hard ? hardEdge(c) : c;
    return v > 0.0f ? unorm8(v) : 0u;
}

// Keeps the larger of each lane's coverage byte and the scratch's.
HELPER void keep_larger(uint8_t *cells, const uint32_t bytes[LANES]) {
    words8 wide;
    bytes8 old;
    memcpy(&wide, bytes, sizeof wide);
    memcpy(&old, cells, sizeof old);
    bytes8 larger = __builtin_elementwise_max(__builtin_convertvector(wide, bytes8), old);
    memcpy(cells, &larger, sizeof larger);
}

// Pixels x ..< x + n of a dot's row (n a constant at each call: a vector's lanes); lanes outside the disc, the
// window or the row get no bytes.
HELPER void dot_lanes(uint32_t *row, ptrdiff_t width, ptrdiff_t x, int n, raster_window w, float cx, float dy2,
                      float r, float strokeWidth, float solid, float outerSq, uint solidFill, raster_color fill,
                      raster_color stroke, bool outline) {
    uint32_t spare[WIDE_LANES];
    uint32_t *lanes = lanes_at(row, x, width, n, spare);
    for (int i = 0; i < n; i++) {
        float dx = column(x, i) + 0.5f - cx;
        float d2 = dx * dx + dy2;
        vec2 c = discCover(sqrt(d2), r, outline ? strokeWidth : 0.0f);
        uint edge = outline ? packRGBA(unorm8(outlined(fill.r, stroke.r, c)), unorm8(outlined(fill.g, stroke.g, c)),
                                       unorm8(outlined(fill.b, stroke.b, c)), unorm8(outlined(fill.a, stroke.a, c)))
                            : scaled(fill, c.y);
        // Nothing outside the disc or the window or where its coverage is not positive (NaN included); a solid
        // pixel always has positive coverage, so testing that first changes nothing (and lets the lanes
        // vectorise). The tests are floats combined with `&`, so each stays a mask of the lanes' width (a 64-bit
        // column test or `||` had the compiler narrow and widen the masks on every vector).
        bool keep = (d2 < outerSq) & (column(x, i) < (float)(int32_t)w.x1) & (c.y > 0.0f);
        uint source = keep ? (d2 <= solid ? solidFill : edge) : 0u;
        lanes[i] = blendOver(source, lanes[i]);
    }
    lanes_done(row, x, width, n, lanes);
}

// A dot's rows; `outline` is a constant at each call, so the compiler drops the outline's terms where there is
// none (they are exactly zero: fill × c + stroke × 0).
HELPER void dot_rows(raster_band band, raster_window w, float cx, float cy, float r, float strokeWidth,
                     raster_color fill, raster_color stroke, bool outline) {
    float inner = max(r - strokeWidth, 0.0f);
    // Pixels whose centre lies within inner − 0.5 are fully covered fill: they take the fill's bytes as they are.
    float solidEdge = (strokeWidth > 0.0f ? inner : r) - 0.5f;
    float solid = solidEdge > 0.0f ? solidEdge * solidEdge : -1.0f;
    float outerSq = (r + 0.5f) * (r + 0.5f);
    uint solidFill = packRGBA(unorm8(fill.r), unorm8(fill.g), unorm8(fill.b), unorm8(fill.a));
    for (ptrdiff_t y = w.y0; y < w.y1; y++) {
        float dy = (float)y + 0.5f - cy;
        float dy2 = dy * dy;
        if (!(dy2 < outerSq)) continue;
        uint32_t *row = pixel_row(band, y);
        // Every row takes the window's whole width, the same vectors for each row, so the branches repeat from row
        // to row; the pixels beyond the disc that a row's exact span would leave out get no bytes (their coverage
        // is at most a rounding error's worth, which stores as zero). A window no wider than half a vector takes
        // half-width vectors: the same arithmetic per lane, and on AVX-512 about 2.5 % less time for the bench's
        // 1e6 dots (the small dots' rows cost half).
        if (w.x1 - w.x0 <= WIDE_LANES / 2) {
            dot_lanes(row, band.width, w.x0, WIDE_LANES / 2, w, cx, dy2, r, strokeWidth, solid, outerSq, solidFill, fill, stroke, outline);
            continue;
        }
        for (ptrdiff_t x = w.x0; x < w.x1; x += WIDE_LANES)
            dot_lanes(row, band.width, x, WIDE_LANES, w, cx, dy2, r, strokeWidth, solid, outerSq, solidFill, fill, stroke, outline);
    }
}

HELPER void dot(raster_band band, raster_window w, float cx, float cy, float r, float strokeWidth, raster_color fill,
                raster_color stroke) {
    if (strokeWidth > 0.0f) dot_rows(band, w, cx, cy, r, strokeWidth, fill, stroke, true);
    else dot_rows(band, w, cx, cy, r, strokeWidth, fill, stroke, false);
}

HELPER void segment(raster_coverage coverage, raster_window w, float ax, float ay, float bx, float by, int e0, int e1,
                    float hw, bool dashed, raster_dash dash, float dashStart, bool hard) {
    vec2 a = vec2(ax, ay), b = vec2(bx, by);
    float len = length(vec2(bx - ax, by - ay));
    vec2 dir = direction(a, b, len);
    vec4 pattern = vec4(dash.on1, dash.off1, dash.on2, dash.off2);
    for (ptrdiff_t y = w.y0; y < w.y1; y++) {
        uint8_t *row = coverage.bytes + (y - coverage.top) * coverage.width;
        for (ptrdiff_t x = w.x0; x < w.x1; x += LANES) {
            uint32_t c[LANES];
            for (int i = 0; i < LANES; i++) {
                vec2 p = vec2(column(x, i) + 0.5f, (float)y + 0.5f);
                float t = along(p, a, dir);
                float v = segmentCover(p, a, b, dir, len, e0, e1, hw, t);
                if (dashed) v *= dashCover(dashStart + t, pattern);
                c[i] = before(x, i, w.x1) ? coverage_byte(v, hard) : 0u;
            }
            uint8_t spare[LANES];
            uint8_t *cells = bytes_at(row, x, coverage.width, spare);
            keep_larger(cells, c);
            bytes_done(row, x, coverage.width, cells);
        }
    }
}

// A capsule's window `across` (8, 4 or 2) pixels at a time, 8 / across rows to a vector: a short segment's
// window is a few pixels wide, and packing its rows fills the lanes that a row alone would leave empty.
HELPER void capsule_rows(raster_coverage coverage, raster_window w, vec2 a, vec2 b, vec2 dir, float len, float hw,
                         int across) {
    int rows = LANES / across;
    for (ptrdiff_t y = w.y0; y < w.y1; y += rows) {
        for (ptrdiff_t x = w.x0; x < w.x1; x += across) {
            uint32_t c[LANES];
            for (int i = 0; i < LANES; i++) {
                int dx = i % across, dy = i / across;
                float v = capsuleCover(vec2(column(x, dx) + 0.5f, column(y, dy) + 0.5f), a, b, dir, len, hw);
                c[i] = before(x, dx, w.x1) && before(y, dy, w.y1) ? coverage_byte(v, false) : 0u;
            }
            // The lanes' cells, row by row: read and written back whole where all the rows are in the window and the
            // pieces in their rows (lanes past the window add nothing), else one by one.
            uint8_t cells[LANES];
            bool whole = y + rows <= w.y1 && x + across <= coverage.width;
            for (int k = 0; k < rows; k++) {
                uint8_t *row = coverage.bytes + (y + k - coverage.top) * coverage.width + x;
                if (whole) memcpy(cells + k * across, row, (size_t)across);
                else for (int j = 0; j < across; j++) cells[k * across + j] = y + k < w.y1 && x + j < w.x1 ? row[j] : 0;
            }
            keep_larger(cells, c);
            for (int k = 0; k < rows; k++) {
                uint8_t *row = coverage.bytes + (y + k - coverage.top) * coverage.width + x;
                if (whole) memcpy(row, cells + k * across, (size_t)across);
                else for (int j = 0; j < across; j++) if (y + k < w.y1 && x + j < w.x1) row[j] = cells[k * across + j];
            }
        }
    }
}

HELPER void capsule(raster_coverage coverage, raster_window w, float ax, float ay, float bx, float by, float hw) {
    vec2 a = vec2(ax, ay), b = vec2(bx, by);
    float len = length(vec2(bx - ax, by - ay));
    vec2 dir = direction(a, b, len);
    ptrdiff_t width = w.x1 - w.x0;
    if (width <= 2) capsule_rows(coverage, w, a, b, dir, len, hw, 2);
    else if (width <= 4) capsule_rows(coverage, w, a, b, dir, len, hw, 4);
    else capsule_rows(coverage, w, a, b, dir, len, hw, LANES);
}

// The pixels whose centres fall in [minX, maxX] × [minY, maxY], within `limit` (as the Swift side's
// PixelWindow); false when there are none.
HELPER bool window_of(float minX, float maxX, float minY, float maxY, raster_window limit, raster_window *w) {
    if (minX != minX || maxX != maxX || minY != minY || maxY != maxY) return false;
    ptrdiff_t x0 = above(minX - 0.5f), x1 = below(maxX - 0.5f) + 1, y0 = above(minY - 0.5f), y1 = below(maxY - 0.5f) + 1;
    w->x0 = x0 > limit.x0 ? x0 : limit.x0;
    w->x1 = x1 < limit.x1 ? x1 : limit.x1;
    w->y0 = y0 > limit.y0 ? y0 : limit.y0;
    w->y1 = y1 < limit.y1 ? y1 : limit.y1;
    return w->x0 < w->x1 && w->y0 < w->y1;
}

HELPER void grow(raster_window *touched, raster_window w) {
    if (touched->x0 >= touched->x1) {
        *touched = w;
        return;
    }
    if (w.x0 < touched->x0) touched->x0 = w.x0;
    if (w.x1 > touched->x1) touched->x1 = w.x1;
    if (w.y0 < touched->y0) touched->y0 = w.y0;
    if (w.y1 > touched->y1) touched->y1 = w.y1;
}

// A dot's own fill: its bytes as the GL painter's normalised attribute reads them.
HELPER raster_color unpacked(uint32_t packed) {
    return (raster_color){ (float)(packed & 0xFF) / 255.0f, (float)((packed >> 8) & 0xFF) / 255.0f,
                           (float)((packed >> 16) & 0xFF) / 255.0f, (float)(packed >> 24) / 255.0f };
}

static void dots(raster_band band, raster_window limit, const raster_disc *list, ptrdiff_t count, float strokeWidth,
                 raster_color fill, raster_color stroke, bool perDot) {
    for (ptrdiff_t k = 0; k < count; k++) {
        raster_disc d = list[k];
        // A pixel whose centre is r + 0.5 or more from the centre along either axis has no coverage (in Float32 at
        // most a rounding error's worth, which stores as zero).
        float reach = d.r + 0.5f;
        raster_window w;
        if (!window_of(d.x - reach, d.x + reach, d.y - reach, d.y + reach, limit, &w)) continue;
        dot(band, w, d.x, d.y, d.r, strokeWidth, perDot ? unpacked(d.fill) : fill, stroke);
    }
}

// Marker shapes other than the disc (markerCover in coverage.h), pixel by pixel: few and small, as a series' markers
// are, so without the disc's vector lanes; the same formulas per pixel as dot.frag with its shape.
static void marks(raster_band band, raster_window limit, const raster_disc *list, ptrdiff_t count, int shape,
                  float strokeWidth, raster_color fill, raster_color stroke, bool perDot) {
    for (ptrdiff_t k = 0; k < count; k++) {
        raster_disc d = list[k];
        float reach = d.r * MARKER_REACH + 0.5f;
        raster_window w;
        if (!window_of(d.x - reach, d.x + reach, d.y - reach, d.y + reach, limit, &w)) continue;
        raster_color f = perDot ? unpacked(d.fill) : fill;
        for (ptrdiff_t y = w.y0; y < w.y1; y++) {
            uint32_t *row = pixel_row(band, y);
            for (ptrdiff_t x = w.x0; x < w.x1; x++) {
                vec2 c = markerCover(shape, vec2((float)x + 0.5f - d.x, d.y - ((float)y + 0.5f)), d.r, strokeWidth);
                if (!(c.y > 0.0f)) continue;
                uint source = packRGBA(unorm8(outlined(f.r, stroke.r, c)), unorm8(outlined(f.g, stroke.g, c)),
                                       unorm8(outlined(f.b, stroke.b, c)), unorm8(outlined(f.a, stroke.a, c)));
                row[x] = blendOver(source, row[x]);
            }
        }
    }
}

// 4, 16 and 32 bytes as one vector each (capsule_lanes, the CSV tally); WIDE_LANES floats, 32-bit integers and
// bytes, and four times as many bytes (capsule_lanes).
typedef uint8_t bytes4 __attribute__((ext_vector_type(4)));
typedef uint8_t bytes16 __attribute__((ext_vector_type(16)));
typedef uint8_t bytes32 __attribute__((ext_vector_type(32)));
typedef float floatsW __attribute__((ext_vector_type(WIDE_LANES)));
typedef int32_t intsW __attribute__((ext_vector_type(WIDE_LANES)));
typedef uint32_t wordsW __attribute__((ext_vector_type(WIDE_LANES)));
typedef uint8_t bytesW __attribute__((ext_vector_type(WIDE_LANES)));
typedef uint8_t bytes4W __attribute__((ext_vector_type(4 * WIDE_LANES)));
// The most rows capsule_lanes keeps per lane.
#define LANE_ROWS 32

// The four columns' bytes of every lane (WIDE_LANES bytes a column) written to `cells` as each lane's four cells in
// turn (through memory: a 32-byte vector is not returned by value where the variant lacks AVX).
HELPER void by_lane(bytesW c0, bytesW c1, bytesW c2, bytesW c3, uint8_t *cells) {
    bytes4W lanes;
#if WIDE_LANES == 16
    bytes32 low = __builtin_shufflevector(c0, c1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                                          20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    bytes32 high = __builtin_shufflevector(c2, c3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                                           20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    lanes = __builtin_shufflevector(low, high, 0, 16, 32, 48, 1, 17, 33, 49, 2, 18, 34, 50, 3, 19, 35, 51, 4, 20, 36,
                                    52, 5, 21, 37, 53, 6, 22, 38, 54, 7, 23, 39, 55, 8, 24, 40, 56, 9, 25, 41, 57, 10,
                                    26, 42, 58, 11, 27, 43, 59, 12, 28, 44, 60, 13, 29, 45, 61, 14, 30, 46, 62, 15, 31,
                                    47, 63);
#else
    bytes16 low = __builtin_shufflevector(c0, c1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    bytes16 high = __builtin_shufflevector(c2, c3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    lanes = __builtin_shufflevector(low, high, 0, 8, 16, 24, 1, 9, 17, 25, 2, 10, 18, 26, 3, 11, 19, 27, 4, 12, 20,
                                    28, 5, 13, 21, 29, 6, 14, 22, 30, 7, 15, 23, 31);
#endif
    memcpy(cells, &lanes, sizeof lanes);
}

// WIDE_LANES (eight, or sixteen) of a round-ended, anti-aliased, undashed line's listed segments (n of them; lanes
// past n are empty), one to a lane. A decimated series is mostly segments a fraction of a pixel long, whose windows
// (two or three pixels wide and a few rows tall) fill a vector of pixels only in part, and whose set-up and
// branches, one segment at a time, cost more than their pixels. Here the lanes' windows are found at once
// (window_of's edges), then each lane computes its own capsule's pixels — capsuleCover at the same centres as
// capsule_rows — column by column and row by row of the largest window among them, up to RASTER_LANE_COLUMNS wide
// and LANE_ROWS tall; a larger window takes capsule(). Each lane's bytes are kept as the larger four cells at a
// time, row by row to the largest window's height: cells past a window's edges, into the scratch's slack, are read
// and written back as they were.
HELPER void capsule_lanes(raster_coverage coverage, raster_window limit, raster_points p, const int32_t *list, int n,
                          float hw, raster_window *touched) {
    floatsW ax, ay, bx, by;
    intsW index = 0;
    memcpy(&index, list, sizeof(int32_t) * (size_t)n);
    intsW step = index - index[0], iota;
    for (int i = 0; i < WIDE_LANES; i++) iota[i] = i;
    bool consecutive = n == WIDE_LANES && index[0] >= 0 && index[WIDE_LANES - 1] + 2 <= p.count
        && __builtin_reduce_and(step == iota);
    if (consecutive) {
        memcpy(&ax, p.xs + index[0], sizeof ax), memcpy(&bx, p.xs + index[0] + 1, sizeof bx);
        memcpy(&ay, p.ys + index[0], sizeof ay), memcpy(&by, p.ys + index[0] + 1, sizeof by);
    } else {
        for (int i = 0; i < WIDE_LANES; i++) {
            bool usable = i < n && index[i] >= 0 && index[i] + 1 < p.count;
            // A lane without a segment reads as a gap.
            ax[i] = usable ? p.xs[index[i]] : 3.4e38f, ay[i] = usable ? p.ys[index[i]] : 0.0f;
            bx[i] = usable ? p.xs[index[i] + 1] : 3.4e38f, by[i] = usable ? p.ys[index[i] + 1] : 0.0f;
        }
    }
    // window_of's edges: above(min - 0.5) and below(max - 0.5) + 1 (clamped to ±1e9, so a whole float), in the limit.
    floatsW reach = hw + 0.5f, far = 1e9f;
    floatsW minX = __builtin_elementwise_min(ax, bx) - reach, maxX = __builtin_elementwise_max(ax, bx) + reach;
    floatsW minY = __builtin_elementwise_min(ay, by) - reach, maxY = __builtin_elementwise_max(ay, by) + reach;
    floatsW left = __builtin_elementwise_ceil(__builtin_elementwise_min(__builtin_elementwise_max(minX - 0.5f, -far), far));
    floatsW right = __builtin_elementwise_floor(__builtin_elementwise_min(__builtin_elementwise_max(maxX - 0.5f, -far), far));
    floatsW top = __builtin_elementwise_ceil(__builtin_elementwise_min(__builtin_elementwise_max(minY - 0.5f, -far), far));
    floatsW bottom = __builtin_elementwise_floor(__builtin_elementwise_min(__builtin_elementwise_max(maxY - 0.5f, -far), far));
    intsW x0 = __builtin_elementwise_max(__builtin_convertvector(left, intsW), (intsW)(int32_t)limit.x0);
    intsW x1 = __builtin_elementwise_min(__builtin_convertvector(right, intsW) + 1, (intsW)(int32_t)limit.x1);
    intsW y0 = __builtin_elementwise_max(__builtin_convertvector(top, intsW), (intsW)(int32_t)limit.y0);
    intsW y1 = __builtin_elementwise_min(__builtin_convertvector(bottom, intsW) + 1, (intsW)(int32_t)limit.y1);
    // As stroke() and window_of skip them: gaps, NaN, and windows outside the limit.
    floatsW gap = 1e37f;
    intsW open = (__builtin_elementwise_abs(ax) <= gap) & (__builtin_elementwise_abs(bx) <= gap) & (minX == minX)
        & (maxX == maxX) & (minY == minY) & (maxY == maxY) & (x0 < x1) & (y0 < y1);
    intsW widths = open ? x1 - x0 : 0, heights = open ? y1 - y0 : 0;
    if (!__builtin_reduce_or(open)) return;
    // The touched area grows by the union of the windows (edges lie within ±1e9).
    int32_t far32 = 1 << 30;
    grow(touched, (raster_window){ __builtin_reduce_min(open ? x0 : far32), __builtin_reduce_max(open ? x1 : -far32),
                                   __builtin_reduce_min(open ? y0 : far32), __builtin_reduce_max(open ? y1 : -far32) });
    // Wider or taller windows than the lanes keep (a band is 32 rows in the painter) take capsule().
    intsW wide = (widths > RASTER_LANE_COLUMNS) | (heights > LANE_ROWS);
    if (__builtin_reduce_or(wide)) {
        for (int i = 0; i < WIDE_LANES; i++) {
            if (!wide[i]) continue;
            capsule(coverage, (raster_window){ x0[i], x1[i], y0[i], y1[i] }, ax[i], ay[i], bx[i], by[i], hw);
            widths[i] = 0, heights[i] = 0;
        }
    }
    int32_t columns = __builtin_reduce_max(widths), rows = __builtin_reduce_max(heights);
    if (columns == 0) return;
    // The lanes' values as arrays, which the fixed-count lane loops below read (and the compiler vectorises).
    float xa[WIDE_LANES], ya[WIDE_LANES], xb[WIDE_LANES], yb[WIDE_LANES], len[WIDE_LANES];
    float dx[WIDE_LANES], dy[WIDE_LANES], x0f[WIDE_LANES], y0f[WIDE_LANES];
    int32_t width[WIDE_LANES], height[WIDE_LANES];
    floatsW x0v = __builtin_convertvector(x0, floatsW), y0v = __builtin_convertvector(y0, floatsW);
    memcpy(xa, &ax, sizeof xa), memcpy(ya, &ay, sizeof ya), memcpy(xb, &bx, sizeof xb), memcpy(yb, &by, sizeof yb);
    memcpy(x0f, &x0v, sizeof x0f), memcpy(y0f, &y0v, sizeof y0f);
    memcpy(width, &widths, sizeof width), memcpy(height, &heights, sizeof height);
    for (int i = 0; i < WIDE_LANES; i++) len[i] = length(vec2(xb[i] - xa[i], yb[i] - ya[i]));
    for (int i = 0; i < WIDE_LANES; i++) {
        vec2 d = direction(vec2(xa[i], ya[i]), vec2(xb[i], yb[i]), len[i]);
        dx[i] = d.x, dy[i] = d.y;
    }
    // Row r's bytes lane by lane: lane i's RASTER_LANE_COLUMNS cells at [r][i] (zero past its window).
    bytes4 bytes[LANE_ROWS][WIDE_LANES];
    for (int32_t r = 0; r < rows; r++) {
        bytesW column[RASTER_LANE_COLUMNS] = { 0 };
        for (int32_t k = 0; k < columns; k++) {
            uint32_t c[WIDE_LANES];
            for (int i = 0; i < WIDE_LANES; i++) {
                vec2 centre = vec2(x0f[i] + (float)k + 0.5f, y0f[i] + (float)r + 0.5f);
                float v = capsuleCover(centre, vec2(xa[i], ya[i]), vec2(xb[i], yb[i]), vec2(dx[i], dy[i]), len[i], hw);
                c[i] = ((k < width[i]) & (r < height[i])) ? coverage_byte(v, false) : 0u;
            }
            wordsW wide;
            memcpy(&wide, c, sizeof wide);
            column[k] = __builtin_convertvector(wide, bytesW);
        }
        by_lane(column[0], column[1], column[2], column[3], (uint8_t *)bytes[r]);
    }
    // Every lane's rows up to the largest window's: rows past a lane's window add nothing (its bytes there are
    // zero), and lie in the scratch's slack when past the band.
    for (int i = 0; i < WIDE_LANES; i++) {
        if (width[i] <= 0) continue;
        uint8_t *cells = coverage.bytes + (y0[i] - coverage.top) * coverage.width + x0[i];
        for (int32_t r = 0; r < rows; r++, cells += coverage.width) {
            bytes4 old;
            memcpy(&old, cells, sizeof old);
            bytes4 larger = __builtin_elementwise_max(old, bytes[r][i]);
            memcpy(cells, &larger, sizeof larger);
        }
    }
}

static void stroke(raster_coverage coverage, raster_window limit, raster_points p, const int32_t *segments,
                   ptrdiff_t count, raster_stroke_style style, raster_window *touched) {
    if (style.cap == END_ROUND && style.shared == END_ROUND && !style.dashed && !style.hard) {
        for (ptrdiff_t k = 0; k < count; k += WIDE_LANES) {
            int n = count - k < WIDE_LANES ? (int)(count - k) : WIDE_LANES;
            capsule_lanes(coverage, limit, p, segments + k, n, style.hw, touched);
        }
        return;
    }
    for (ptrdiff_t k = 0; k < count; k++) {
        ptrdiff_t i = segments[k];
        if (i < 0 || i + 1 >= p.count || isGap(p.xs[i]) || isGap(p.xs[i + 1])) continue;
        float ax = p.xs[i], ay = p.ys[i], bx = p.xs[i + 1], by = p.ys[i + 1];
        int32_t e0 = i == 0 || isGap(p.xs[i - 1]) ? style.cap : style.shared;
        int32_t e1 = i + 2 >= p.count || isGap(p.xs[i + 2]) ? style.cap : style.shared;
        bool isCapsule = e0 == END_ROUND && e1 == END_ROUND && !style.dashed && !style.hard;
        // A capsule covers nothing of a pixel whose centre is hw + 0.5 or more from it along either axis (in
        // Float32 at most a rounding error's worth, which stores as 0); other ends keep a pixel's margin.
        float reach = style.hw + (isCapsule ? 0.5f : 1.0f);
        raster_window w;
        if (!window_of(min(ax, bx) - reach, max(ax, bx) + reach, min(ay, by) - reach, max(ay, by) + reach, limit, &w))
            continue;
        if (isCapsule) capsule(coverage, w, ax, ay, bx, by, style.hw);
        else segment(coverage, w, ax, ay, bx, by, e0, e1, style.hw, style.dashed, style.dash,
                     style.dashed ? style.distances[i] : 0.0f, style.hard);
        grow(touched, w);
    }
}

HELPER void join(raster_coverage coverage, raster_window w, float cx, float cy, float dInX, float dInY, float dOutX,
                 float dOutY, bool bevel, float hw, bool hard) {
    vec2 dIn = vec2(dInX, dInY), dOut = vec2(dOutX, dOutY);
    vec4 edge = bevelEdge(dIn, dOut, hw);
    for (ptrdiff_t y = w.y0; y < w.y1; y++) {
        uint8_t *row = coverage.bytes + (y - coverage.top) * coverage.width;
        for (ptrdiff_t x = w.x0; x < w.x1; x += LANES) {
            uint32_t c[LANES];
            for (int i = 0; i < LANES; i++) {
                float v = joinCover(vec2(column(x, i) + 0.5f - cx, (float)y + 0.5f - cy), dIn, dOut, bevel, edge, hw);
                c[i] = before(x, i, w.x1) ? coverage_byte(v, hard) : 0u;
            }
            uint8_t spare[LANES];
            uint8_t *cells = bytes_at(row, x, coverage.width, spare);
            keep_larger(cells, c);
            bytes_done(row, x, coverage.width, cells);
        }
    }
}

static void joins(raster_coverage coverage, raster_window limit, raster_points p, const int32_t *list, ptrdiff_t count,
                  raster_stroke_style style, raster_window *touched) {
    float hw = style.hw, miterLimit = style.miterLimit;
    for (ptrdiff_t k = 0; k < count; k++) {
        ptrdiff_t i = list[k];
        if (i < 1 || i + 1 >= p.count || isGap(p.xs[i - 1]) || isGap(p.xs[i]) || isGap(p.xs[i + 1])) continue;
        vec2 prev = vec2(p.xs[i - 1], p.ys[i - 1]), cur = vec2(p.xs[i], p.ys[i]), next = vec2(p.xs[i + 1], p.ys[i + 1]);
        float l1 = sqrt((cur.x - prev.x) * (cur.x - prev.x) + (cur.y - prev.y) * (cur.y - prev.y));
        float l2 = sqrt((next.x - cur.x) * (next.x - cur.x) + (next.y - cur.y) * (next.y - cur.y));
        if (!(l1 > 0.0f && l2 > 0.0f)) continue;
        vec2 d1 = vec2((cur.x - prev.x) / l1, (cur.y - prev.y) / l1), d2 = vec2((next.x - cur.x) / l2, (next.y - cur.y) / l2);
        float sinHalf = sqrt(max(0.0f, (1.0f + d1.x * d2.x + d1.y * d2.y) * 0.5f));
        bool bevel = style.bevel || sinHalf * miterLimit < 1.0f;
        float reach = (bevel ? hw : hw * min(miterLimit, 1.0f / max(sinHalf, 1e-6f))) + 1.0f;
        raster_window w;
        if (!window_of(cur.x - reach, cur.x + reach, cur.y - reach, cur.y + reach, limit, &w)) continue;
        join(coverage, w, cur.x, cur.y, d1.x, d1.y, d2.x, d2.y, bevel, hw, style.hard);
        grow(touched, w);
    }
}

// A line's coverage (or a path's mask) blended in its colour: `source`, where given, holds the colour at each of
// the 256 coverages (the same formula, looked up instead of computed per pixel).
HELPER void composite_rows(raster_band band, raster_window w, uint8_t *mask, ptrdiff_t stride, raster_color color,
                           bool clear, const uint32_t *source) {
    for (ptrdiff_t y = w.y0; y < w.y1; y++) {
        uint8_t *cells = mask + (y - w.y0) * stride;
        uint32_t *row = pixel_row(band, y);
        for (ptrdiff_t x = w.x0; x < w.x1; x += LANES) {
            // A stroke covers few pixels of a row: empty coverage is skipped 32 bytes at a time, then eight.
            while (w.x1 - x >= 4 * LANES) {
                uint64_t empty[4];
                memcpy(empty, cells + (x - w.x0), sizeof empty);
                if ((empty[0] | empty[1] | empty[2] | empty[3]) != 0) break;
                x += 4 * LANES;
            }
            // The mask's row ends with the window: lanes past it read as no coverage.
            ptrdiff_t k = x - w.x0, count = w.x1 - x;
            uint8_t c[LANES];
            if (count >= LANES) memcpy(c, cells + k, LANES);
            else for (int i = 0; i < LANES; i++) c[i] = i < count ? cells[k + i] : 0;
            uint64_t any;
            memcpy(&any, c, sizeof any);
            if (any == 0) continue;
            uint32_t spare[LANES];
            uint32_t *lanes = lanes_at(row, x, band.width, LANES, spare);
            if (source) for (int i = 0; i < LANES; i++) lanes[i] = blendOver(source[c[i]], lanes[i]);
            else for (int i = 0; i < LANES; i++) lanes[i] = blendOver(scaled(color, (float)c[i] / 255.0f), lanes[i]);
            lanes_done(row, x, band.width, LANES, lanes);
            if (clear) memset(cells + k, 0, (size_t)(count < LANES ? count : LANES));
        }
    }
}

static void composite(raster_band band, raster_window w, uint8_t *mask, ptrdiff_t stride, raster_color color, bool clear) {
    // A window of a few thousand pixels or more (a long line's band) takes a table of the 256 colours, worth its
    // 256 computations; a small one computes its pixels' colours.
    if ((w.x1 - w.x0) * (w.y1 - w.y0) < 4096) {
        composite_rows(band, w, mask, stride, color, clear, NULL);
        return;
    }
    uint32_t source[256];
    for (int c = 0; c < 256; c += LANES)
        for (int i = 0; i < LANES; i++) source[c + i] = scaled(color, (float)(c + i) / 255.0f);
    composite_rows(band, w, mask, stride, color, clear, source);
}

static void rect(raster_band band, raster_window w, float x0, float y0, float x1, float y1, raster_color color) {
    for (ptrdiff_t y = w.y0; y < w.y1; y++) {
        float cy = spanCover((float)y + 0.5f, y0, y1);
        if (cy <= 0.0f) continue;
        uint32_t *row = pixel_row(band, y);
        for (ptrdiff_t x = w.x0; x < w.x1; x += LANES) {
            uint32_t spare[LANES];
            uint32_t *lanes = lanes_at(row, x, band.width, LANES, spare);
            for (int i = 0; i < LANES; i++) {
                float cx = spanCover(column(x, i) + 0.5f, x0, x1);
                uint source = cx > 0.0f && before(x, i, w.x1) ? scaled(color, cx * cy) : 0u;
                lanes[i] = blendOver(source, lanes[i]);
            }
            lanes_done(row, x, band.width, LANES, lanes);
        }
    }
}

static void glyph(raster_band band, raster_window w, raster_glyph q, const uint8_t *atlas, ptrdiff_t atlasWidth,
                  raster_color color) {
    float uu = q.ux * q.ux + q.uy * q.uy, vv = q.vx * q.vx + q.vy * q.vy;
    float tw = (float)q.tw, th = (float)q.th;
    for (ptrdiff_t y = w.y0; y < w.y1; y++) {
        float py = (float)y + 0.5f - q.y0;
        uint32_t *row = pixel_row(band, y);
        for (ptrdiff_t x = w.x0; x < w.x1; x++) {
            float px = (float)x + 0.5f - q.x0;
            float s = (px * q.ux + py * q.uy) / uu, r = (px * q.vx + py * q.vy) / vv;
            if (!(s >= 0.0f && s < 1.0f && r >= 0.0f && r < 1.0f)) continue;
            ptrdiff_t tx = q.tx0 + (ptrdiff_t)floor(s * tw), ty = q.ty0 + (ptrdiff_t)floor(r * th);
            float c = (float)atlas[ty * atlasWidth + tx] / 255.0f;
            if (c > 0.0f) row[x] = blendOver(scaled(color, c), row[x]);
        }
    }
}

static void image(raster_band band, raster_window w, raster_cells image) {
    for (ptrdiff_t y = w.y0; y < w.y1; y++) {
        int32_t r = image.rowOf[y - image.y0];
        if (r < 0) continue;
        const uint32_t *cells = image.cells + (ptrdiff_t)r * image.columns;
        const int32_t *columnOf = image.columnOf - image.x0;
        uint32_t *row = pixel_row(band, y);
        for (ptrdiff_t x = w.x0; x < w.x1; x++) {
            int32_t c = columnOf[x];
            if (c >= 0) row[x] = blendOver(cells[c], row[x]);
        }
    }
}

HELPER void tally_byte(uint8_t b, int *parity, ptrdiff_t ends[2]) {
    if (b == '"') *parity ^= 1;
    else if (b == '\n') ends[*parity] += 1;
}

static csv_line_tally tally(const uint8_t *bytes, ptrdiff_t count) {
    ptrdiff_t ends[2] = { 0, 0 }, i = 0;
    int parity = 0;
    for (; i + 32 <= count; i += 32) {
        bytes32 block;
        memcpy(&block, bytes + i, sizeof block);
        bytes32 quotes = __builtin_convertvector(block == (uint8_t)'"', bytes32);
        if (__builtin_reduce_or(quotes) == 0) {
            bytes32 newlines = __builtin_convertvector(block == (uint8_t)'\n', bytes32) & (uint8_t)1;
            ends[parity] += __builtin_reduce_add(newlines);
        } else {
            for (int j = 0; j < 32; j++) tally_byte(bytes[i + j], &parity, ends);
        }
    }
    for (; i < count; i++) tally_byte(bytes[i], &parity, ends);
    return (csv_line_tally){ ends[0], ends[1], parity == 1 };
}

// A value's pixel offset from the origin's, as PixelMapping.scaled computes it (GlintScales/Scales/PixelMapping.swift,
// the text this follows step for step): (v / 2 − origin / 2) × scale × 2 in Double, NaN taken as 0, clamped to
// ±1e30, converted to Float32.
HELPER float mapped(double v, double origin, double scale) {
    double pixels = (v / 2 - origin / 2) * scale * 2;
    pixels = pixels != pixels ? 0.0 : pixels;
    pixels = pixels > -1e30 ? pixels : -1e30;
    return (float)(pixels < 1e30 ? pixels : 1e30);
}

// Neither NaN nor ±infinity (each fails the comparison), as Swift's isFinite.
HELPER bool finite_value(double v) { return __builtin_fabs(v) <= 1.7976931348623157e308; }

// PixelMapping.point on linear axes, point by point: the lanes are the points, four or eight at a time.
static void map_points(const double *x, const double *y, ptrdiff_t count, raster_linear_map map, float gap, float *xs,
                       float *ys) {
    for (ptrdiff_t i = 0; i < count; i++) {
        double u = x[i], w = y[i];
        bool open = finite_value(u) & finite_value(w);
        float px = mapped(u, map.originX, map.scaleX) + map.offsetX, py = mapped(w, map.originY, map.scaleY) + map.offsetY;
        xs[i] = open ? px : gap;
        ys[i] = open ? py : gap;
    }
}

// DotShape.sizeFraction for a finite size (GlintScene/Commands/Scene.swift, step for step).
HELPER float size_fraction(double s, raster_dot_sizing z) {
    if (!(z.halfSpan > 0)) return 1.0f;
    double t = (s / 2 - z.lower / 2) / z.halfSpan;
    t = t > 0 ? t : 0.0;
    t = t < 1 ? t : 1.0;
    if (!z.area || !(z.r1 > z.r0)) return (float)t;
    return (float)((sqrt(z.r0 * z.r0 + t * (z.r1 * z.r1 - z.r0 * z.r0)) - z.r0) / (z.r1 - z.r0));
}

// v / 2^shift as C divides (towards zero).
HELPER int32_t shifted_towards_zero(int32_t v, int shift) { return (v + ((v >> 31) & ((1 << shift) - 1))) >> shift; }

// k where the band height is 2^k (so a row's band is a shift), else -1.
HELPER int band_shift(ptrdiff_t bandHeight) {
    int shift = -1;
    for (int k = 0; k < 30; k++)
        if (bandHeight == (ptrdiff_t)1 << k) shift = k;
    return shift;
}

// One dot of raster_bin_dots: DotRaster.binned (the disc and its rows), then DotBins' bands, `first` as
// max(0, top / bandHeight) and `last` as min(bands − 1, bottom / bandHeight) with C's division (a power of two
// as a shift where `shift` is not negative).
HELPER void bin_dot(const double *x, const double *y, const double *sizes, ptrdiff_t i, raster_linear_map map,
                    raster_dot_sizing sizing, bool sized, int shift, int32_t bandHeight, int32_t bands,
                    raster_disc *discs, raster_dot_span *spans) {
    double u = x[i], w = y[i], s = sized ? sizes[i] : 0.0;
    bool open = finite_value(u) & finite_value(w) & finite_value(s);
    float cx = mapped(u, map.originX, map.scaleX) + map.offsetX, cy = mapped(w, map.originY, map.scaleY) + map.offsetY;
    float t = sized ? size_fraction(s, sizing) : 1.0f;
    float r = sizing.rMin + (sizing.rMax - sizing.rMin) * t;
    int32_t top = below(cy - r - 1.5f), bottom = above(cy + r + 1.5f);
    int32_t first = shift >= 0 ? (top < 0 ? 0 : top >> shift) : (top / bandHeight < 0 ? 0 : top / bandHeight);
    int32_t last = shift >= 0 ? shifted_towards_zero(bottom, shift) : bottom / bandHeight;
    last = last < bands - 1 ? last : bands - 1;
    bool kept = open & (cy == cy) & (r == r) & (first <= last);
    discs[i] = (raster_disc){ cx, cy, r, 0u };
    spans[i] = kept ? (raster_dot_span){ first, last } : (raster_dot_span){ 1, 0 };
}

static void bin_dots(const double *x, const double *y, const double *sizes, ptrdiff_t count, raster_linear_map map,
                     raster_dot_sizing sizing, ptrdiff_t bandHeight, ptrdiff_t bands, raster_disc *discs,
                     raster_dot_span *spans) {
    int shift = band_shift(bandHeight);
    // Constant flags per loop, so that each loop is one straight body the compiler vectorises.
    int32_t height = (int32_t)bandHeight, count32 = (int32_t)bands;
    if (sizes && shift >= 0)
        for (ptrdiff_t i = 0; i < count; i++) bin_dot(x, y, sizes, i, map, sizing, true, shift, height, count32, discs, spans);
    else if (shift >= 0)
        for (ptrdiff_t i = 0; i < count; i++) bin_dot(x, y, sizes, i, map, sizing, false, shift, height, count32, discs, spans);
    else
        for (ptrdiff_t i = 0; i < count; i++) bin_dot(x, y, sizes, i, map, sizing, sizes != NULL, -1, height, count32, discs, spans);
}

// Item i's first and last band (a segment from point i to i + 1, or the join at point i); false when it touches
// none (a gap, or rows outside every band).
HELPER bool bands_of(raster_points p, ptrdiff_t i, bool joins, float reach, ptrdiff_t bandHeight, ptrdiff_t bands,
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

// Segment i's span as bands_of finds it, in 32-bit lanes where the band height is 2^shift (a NaN x is not a gap
// here; the stroke kernel skips it). Lane by lane: the loop over the segments vectorises.
HELPER raster_band_span segment_span(raster_points p, ptrdiff_t i, float reach, int shift, int32_t lastBand) {
    float ya = p.ys[i], yb = p.ys[i + 1];
    float top = min(ya, yb), bottom = max(ya, yb);
    bool valid = !isGap(p.xs[i]) & !isGap(p.xs[i + 1]) & (top == top) & (bottom == bottom);
    top = valid ? top : 0.0f, bottom = valid ? bottom : 0.0f;
    int32_t first = shifted_towards_zero(below(top - reach), shift), last = shifted_towards_zero(above(bottom + reach), shift);
    first = first > 0 ? first : 0;
    last = last < lastBand ? last : lastBand;
    valid &= first <= last;
    return valid ? (raster_band_span){ (int16_t)first, (int16_t)last } : (raster_band_span){ 1, 0 };
}

// Every item's span: segments lane by lane where the band height is a power of two (the painter's is), else one
// by one.
static void find_spans(raster_points p, bool joins, float reach, ptrdiff_t bandHeight, ptrdiff_t bands, ptrdiff_t items,
                       raster_band_span *spans) {
    int shift = band_shift(bandHeight);
    if (!joins && shift >= 0 && reach == reach) {
        for (ptrdiff_t i = 0; i < items; i++) spans[i] = segment_span(p, i, reach, shift, (int32_t)(bands - 1));
        return;
    }
    ptrdiff_t first, last;
    for (ptrdiff_t i = 0; i < items; i++)
        spans[i] = bands_of(p, i, joins, reach, bandHeight, bands, &first, &last)
            ? (raster_band_span){ (int16_t)first, (int16_t)last } : (raster_band_span){ 1, 0 };
}

// raster_bin_line, in two passes: each item's bands found and counted, then the items placed.
static ptrdiff_t bin_line(raster_points points, bool joins, float reach, ptrdiff_t bandHeight, ptrdiff_t bands,
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
    // The second pass fills each band from its start, in item order, from the spans the first found; a run of items
    // in one band is written through a pointer kept in a register, and its band's start stored when the run ends.
    ptrdiff_t runBand = -1;
    int32_t *next = NULL;
    for (ptrdiff_t i = 0; i < items; i++) {
        raster_band_span span = spans[i];
        if (span.first == span.last && span.first == runBand) {
            *next++ = (int32_t)i;
            continue;
        }
        if (runBand >= 0) starts[runBand] = next - indices;
        runBand = -1;
        if (span.first == span.last) {
            runBand = span.first;
            next = indices + starts[runBand];
            *next++ = (int32_t)i;
            continue;
        }
        for (ptrdiff_t k = span.first; k <= span.last; k++) indices[starts[k]++] = (int32_t)i;
    }
    if (runBand >= 0) starts[runBand] = next - indices;
    // Each start now holds the next band's: shift them back.
    for (ptrdiff_t k = bands; k > 0; k--) starts[k] = starts[k - 1];
    starts[0] = 0;
    return starts[bands];
}

const struct raster_kernels KERNELS = { dots, marks, stroke, joins, composite, rect, glyph, image, tally, map_points, bin_dots,
                                        bin_line };
