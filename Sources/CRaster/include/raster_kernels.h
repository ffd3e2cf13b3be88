// The CPU painter's per-pixel kernels: row spans of dots, strokes, rectangles, glyphs and the composite, from
// the formulas in Shaders/coverage.h (the text the shaders include too); the mapping of a line's points and of
// dots to pixels (and the dots to bands) on linear axes; and the CSV reader's byte classification. Each kernel is compiled for AVX-512 (F, BW, DQ, VL), for AVX2 and for baseline x86-64 (or the
// build's own baseline elsewhere); the variant is chosen once from the CPU, and every variant writes the same
// bytes (no contraction, lane-wise IEEE arithmetic). The caller keeps every window inside the image and its band;
// the kernels read and write nothing outside it.
#ifndef RASTER_KERNELS_H
#define RASTER_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
/* Internal to Glint: linked into its libraries, never exported from libGlintC.so. */
#pragma GCC visibility push(hidden)

/// A premultiplied colour in Float32, as the shaders receive it.
typedef struct { float r, g, b, a; } raster_color;

/// Rows [top, bottom) of an image `width` pixels wide: premultiplied RGBA8, red in the low byte, top row first.
typedef struct { uint8_t *pixels; ptrdiff_t width, top, bottom; } raster_band;

/// The pixels [x0, x1) × [y0, y1), inside the image and the band.
typedef struct { ptrdiff_t x0, x1, y0, y1; } raster_window;

/// A line's coverage scratch for one band: one byte per pixel of the band's rows, row by row, followed by as many
/// rows again and RASTER_COVERAGE_SLACK bytes, which the kernels may read and write back unchanged (they keep a
/// short segment's window RASTER_LANE_COLUMNS cells at a time, to the height of the tallest among eight).
typedef struct { uint8_t *bytes; ptrdiff_t width, top; } raster_coverage;

/// The widest window raster_stroke computes several segments at once for, and the scratch's slack bytes for it.
#define RASTER_LANE_COLUMNS 4
#define RASTER_COVERAGE_SLACK 3 /* RASTER_LANE_COLUMNS - 1 */

/// A dash pattern: on, off, on, off lengths in pixels.
typedef struct { float on1, off1, on2, off2; } raster_dash;

/// A glyph quad in pixels: corner 0 at (x0, y0); corners 1 and 3 along u and v; its atlas rectangle in texels.
typedef struct { float x0, y0, ux, uy, vx, vy; ptrdiff_t tx0, ty0, tw, th; } raster_glyph;

/// Premultiplied RGBA8 bytes of `c` (each channel as GL stores it in an 8-bit normalised channel).
uint32_t raster_pack(raster_color c);

/// A dot in pixels: centre, radius, and its own fill's RGBA8 bytes (red in the low byte) where the shape colours
/// each dot.
typedef struct { float x, y, r; uint32_t fill; } raster_disc;

/// Discs of radius r centred at (x, y), in order, each in `fill` (or its own fill's bytes when `perDot`) with an
/// outline `strokeWidth` wide inside the radius in `stroke`, blended over the pixels of `limit` (the dot shader's
/// formula).
void raster_dots(raster_band band, raster_window limit, const raster_disc *dots, ptrdiff_t count, float strokeWidth,
                 raster_color fill, raster_color stroke, bool perDot);

/// Markers of `shape` (coverage.h's MARKER_ codes other than the disc) of radius r centred at (x, y), in order, as
/// `raster_dots` draws discs: markerCover's formula, dot.frag's with its shape.
void raster_marks(raster_band band, raster_window limit, const raster_disc *dots, ptrdiff_t count, int shape, float strokeWidth,
                  raster_color fill, raster_color stroke, bool perDot);

/// A linear mapping of data to pixels, as GlintScales' PixelMapping holds it: a value v lands at
/// (v / 2 − origin / 2) × scale × 2, computed in Double, NaN taken as 0 and clamped to ±1e30, converted to Float32,
/// plus the origin's pixel `offset` (PixelMapping.scaled: a huge offset or a tiny scale is never held in Float32).
typedef struct { double originX, scaleX, originY, scaleY; float offsetX, offsetY; } raster_linear_map;

/// The pixels of the points (x[i], y[i]), i < count, into xs[i] and ys[i], `gap` for both where x or y is not
/// finite: bit for bit what PixelMapping.point gives on linear axes.
void raster_map_points(const double *x, const double *y, ptrdiff_t count, raster_linear_map map, float gap, float *xs,
                       float *ys);

/// How dot sizes become radii (GlintScene's DotShape.sizeFraction, then dot.vert): a size s takes the fraction
/// t = (s / 2 − lower / 2) / halfSpan, clamped to 0…1, in Double (1 for every dot where halfSpan is not positive);
/// with `area`, and r1 > r0, the fraction of the radius range r0…r1 whose disc area is the fraction t of the area
/// range; the radius is rMin + (rMax − rMin) × t in Float32.
typedef struct {
    double lower, halfSpan, r0, r1;
    bool area;
    float rMin, rMax;
} raster_dot_sizing;

/// The bands a dot touches, first to last (none when first > last).
typedef struct { int32_t first, last; } raster_dot_span;

/// Dots i < count at (x[i], y[i]) with sizes[i] (NULL: no sizes, every fraction 1) on linear axes: each one's disc
/// in pixels (fill 0) to discs[i], and to spans[i] the bands of `bandHeight` rows (`bands` of them) that its rows
/// y − r − 1.5 … y + r + 1.5 reach, as DotRaster.binned and DotBins find them; a gap (x, y or the size not
/// finite) and a dot outside every band get no bands.
void raster_bin_dots(const double *x, const double *y, const double *sizes, ptrdiff_t count, raster_linear_map map,
                     raster_dot_sizing sizing, ptrdiff_t bandHeight, ptrdiff_t bands, raster_disc *discs,
                     raster_dot_span *spans);

/// A line's points in pixels, as the stroke kernels read them; a gap is an x beyond ±1e37 (`isGap`).
typedef struct { const float *xs, *ys; ptrdiff_t count; } raster_points;

/// How a line is stroked: half-width; the end modes (as `StrokeEnd` numbers them, END_ in coverage.h) of open
/// ends (`cap`) and of ends shared with a neighbour (`shared`); coverage 0 or 1 when `hard`; with `dashed`, the
/// pattern and each point's distance along the line; at joins, `bevel` (else miters, beveled past `miterLimit`).
typedef struct {
    float hw;
    int32_t cap, shared;
    bool hard, dashed;
    raster_dash dash;
    const float *distances;
    bool bevel;
    float miterLimit;
} raster_stroke_style;

/// The coverage of the listed segments (segment i runs from point i to i + 1; gaps skipped) within `limit`,
/// each kept as the larger into `coverage`: the segment shader's coverage (segmentCover, times dashCover when
/// dashed), or where both ends are round on an anti-aliased undashed line the same values as capsuleCover. `touched` (empty when x0 == x1) grows to hold every pixel a segment could reach.
void raster_stroke(raster_coverage coverage, raster_window limit, raster_points points, const int32_t *segments,
                   ptrdiff_t count, raster_stroke_style style, raster_window *touched);

/// The bands an item of a line touches, first to last (none when first > last).
typedef struct { int16_t first, last; } raster_band_span;

/// Sorts a line's segments (segment i from point i to i + 1; `joins` false) or joins (at point i ≥ 1; `joins`
/// true) into the bands of `bandHeight` rows they can touch (at most 32767 bands): the rows of their points' y,
/// ± `reach`. Call it twice: with `indices` NULL it writes each item's bands to `spans` (one per item), fills
/// `starts` (bands + 1 entries) with each band's count and returns the total; then with the same spans and room
/// for that total it writes the indices, band after band in item order, with band k's at
/// `indices[starts[k] ..< starts[k + 1]]`.
ptrdiff_t raster_bin_line(raster_points points, bool joins, float reach, ptrdiff_t bandHeight, ptrdiff_t bands,
                          ptrdiff_t *starts, raster_band_span *spans, int32_t *indices);

/// The miter or bevel joins at the listed points (join i between segments i − 1 and i; where a neighbour is a gap
/// or a segment has no length, none), set up as join.vert does and covered as join.frag does, each kept as the
/// larger into `coverage` within `limit`; `touched` grows as in raster_stroke.
void raster_joins(raster_coverage coverage, raster_window limit, raster_points points, const int32_t *joins,
                  ptrdiff_t count, raster_stroke_style style, raster_window *touched);

/// `color` scaled by the coverage bytes of `mask` (row `stride` bytes apart, its pixel (0, 0) at the window's
/// top left) blended over the window's pixels; the mask's bytes are zeroed as they are read when `clear`.
void raster_composite(raster_band band, raster_window window, uint8_t *mask, ptrdiff_t stride, raster_color color,
                      bool clear);

/// An image sampled per pixel: `columns` cells per row of premultiplied RGBA8 `cells`; the pixel (x, y) takes the
/// cell at column `columnOf[x - x0]`, row `rowOf[y - y0]` (nothing where either is negative).
typedef struct {
    const uint32_t *cells;
    ptrdiff_t columns;
    const int32_t *columnOf, *rowOf;
    ptrdiff_t x0, y0;
} raster_cells;

/// The cells of `image` under the window's pixels, blended over them.
void raster_image(raster_band band, raster_window window, raster_cells image);

/// The rectangle [x0, x1) × [y0, y1) with box-filtered edges in `color`, blended over the window's pixels.
void raster_rect(raster_band band, raster_window window, float x0, float y0, float x1, float y1, raster_color color);

/// A glyph sampled texel-exact from `atlas` (one byte per texel, `atlasWidth` wide) in `color`.
void raster_glyph_quad(raster_band band, raster_window window, raster_glyph quad, const uint8_t *atlas,
                       ptrdiff_t atlasWidth, raster_color color);

/// A CSV chunk's quotes and line ends, counted both ways so that its starting state can be decided later.
typedef struct {
    /// Line ends outside quotes if the chunk starts outside quotes, and if it starts inside a quoted field.
    ptrdiff_t endsIfStartedOutside, endsIfStartedQuoted;
    /// Whether the chunk holds an odd number of quote characters.
    bool oddQuotes;
} csv_line_tally;

/// Counts `count` bytes of CSV text (quote '"', line end '\n'): 32 bytes at a time where there is no quote (the
/// common case), byte by byte where there is.
csv_line_tally csv_tally(const uint8_t *bytes, ptrdiff_t count);

/// The variant in use: "avx2" or "baseline".
const char *raster_variant(void);

/// Whether this CPU runs the variant called `name` ("avx2", "baseline"); changes nothing.
bool raster_runs_variant(const char *name);

/// Uses `name`'s variant ("avx2", "baseline"), or the CPU's best for NULL; false (and no change) when this CPU
/// cannot run it. For tests and benchmarks: every variant draws the same bytes.
bool raster_use_variant(const char *name);

#pragma GCC visibility pop

#endif
