/* Glint's C API: render JSON chart specs — with their data inline, in files, or handed over as arrays
   (glint_column) — to PNG, SVG, PDF or an RGBA buffer, and hit-test the rendered image, from any language with a
   C FFI. Build and install: deploy/install-libglint.sh PREFIX (libGlintC.so.1 with the Swift runtime it needs
   beside it, this header, and glint.pc for `pkg-config --cflags --libs glint`); or link the build folder's
   library: swift build -c release --product GlintC, then -lGlintC.

   No Swift type crosses this boundary; every call that can fail returns a status and leaves a message for
   glint_last_error(). Threads: every function may be called from any thread. A renderer may be shared between
   threads, but it renders one chart at a time (its calls are serialised), so threads that should render in
   parallel each create their own renderer. The last error and the last result (glint_result_*) belong to the
   calling thread. */
#ifndef GLINT_H
#define GLINT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes: from 64 on, the CLI's exit codes (one table, GlintError.exitCode, serves both). */
enum {
    GLINT_OK = 0,
    GLINT_ERROR_ARGUMENT = 1,      /* a null pointer or an argument out of range */
    GLINT_ERROR_TOO_SMALL = 2,     /* the caller's buffer is too small: the size needed is reported */
    GLINT_ERROR_USAGE = 64,        /* a GLINT_ variable or an option the library does not accept */
    GLINT_ERROR_BAD_DATA = 65,     /* an invalid spec, number, column or data file (also one that cannot be read): the
                                      message names the JSON path, the column, or the file and line */
    GLINT_ERROR_NO_INPUT = 66,     /* the CLI's code for a spec file it cannot read; no library call returns it */
    GLINT_ERROR_UNAVAILABLE = 69,  /* the backend asked for cannot run here, or a database cannot be reached */
    GLINT_ERROR_INTERNAL = 70,
    GLINT_ERROR_CANNOT_WRITE = 73, /* an output could not be written */
    GLINT_ERROR_FORBIDDEN = 77     /* the spec names a file or database the caller's policy refuses */
};

typedef struct glint_renderer glint_renderer;
/* An array handed over with a spec: defined below, with glint_render. */
typedef struct glint_column glint_column;

/* What lies under a pixel: kind 0 nothing, 1 a point (series, index, x, y, distance), 2 a legend entry (series, or -1
   for a custom item or a figure's own legend; label), 3 a cell of a density series (series; its point count in index,
   its centre in x and y, its value — the count, or the sum, mean, min or max of its points' values — in distance). In a figure ("panels"), `panel` is the index of the panel the
   point or legend entry lies in (its series counted within that panel), -1 elsewhere. */
typedef struct {
    int kind;
    int series;
    long index;
    double x, y, distance;
    char label[128];
    int panel;
} glint_hit;

/* A renderer for "auto", "gl", "cpu" or "compute" (NULL: "auto"); NULL on failure (see glint_last_error). */
glint_renderer *glint_renderer_create(const char *backend);
/* The same with a thread budget for the CPU painter, data reading and PNG encoding: 1 to 1024, or 0 for the
   default (GLINT_THREADS, else every core this process may use). */
glint_renderer *glint_renderer_create_threads(const char *backend, int threads);
void glint_renderer_destroy(glint_renderer *renderer);

/* Renders a spec (UTF-8 JSON, `length` bytes; CSV paths relative to the working folder) to PNG bytes, which the
   caller frees with glint_free. */
int glint_render_png(glint_renderer *renderer, const char *spec, size_t length, uint8_t **png, size_t *png_length);

/* Renders a spec to a file's bytes in `format`: "png", "svg" or "pdf" (any case; another is GLINT_ERROR_ARGUMENT),
   which the caller frees with glint_free. SVG and PDF come from the vector painter with the PNG's exact layout
   (docs/cli.md, "Vector output: SVG and PDF"). */
int glint_render_format(glint_renderer *renderer, const char *spec, size_t length, const char *format, uint8_t **bytes,
                        size_t *bytes_length);

/* Renders a spec into the caller's buffer as premultiplied RGBA8 rows, top row first. When `capacity` is too small,
   returns GLINT_ERROR_TOO_SMALL with *width and *height set, so the caller can allocate width * height * 4 bytes;
   the size comes from the spec alone (nothing is drawn for that answer). */
int glint_render_rgba(glint_renderer *renderer, const char *spec, size_t length, uint8_t *pixels, size_t capacity,
                      int *width, int *height);

/* Everything the spec's layout places, as UTF-8 JSON (`json_length` bytes, NUL-terminated), which the caller frees
   with glint_free: the plot, axes and ticks, legend boxes, every text with its role and box in image pixels, and
   the notices — the object `glint layout` prints (docs/cli.md, "Commands"). */
int glint_layout(glint_renderer *renderer, const char *spec, size_t length, uint8_t **json, size_t *json_length);
/* The same for a spec with columns (glint_column, below). */
int glint_layout_columns(glint_renderer *renderer, const char *spec, size_t length, const glint_column *columns,
                         size_t column_count, uint8_t **json, size_t *json_length);

/* What lies under pixel (x, y) of the spec's rendered image, within `tolerance` pixels of a point. */
int glint_hit_test(glint_renderer *renderer, const char *spec, size_t length, double x, double y, double tolerance,
                   glint_hit *hit);
/* The same for a spec with columns (glint_column, below): the point's index is its row in the columns. */
int glint_hit_test_columns(glint_renderer *renderer, const char *spec, size_t length, const glint_column *columns,
                           size_t column_count, double x, double y, double tolerance, glint_hit *hit);

/* Drawing with the caller's own GL context (EGL or GLX; OpenGL ES 3.0+ or desktop GL 3.3 core): create the painter
   while that context is current (NULL when none is, or it is too old), then draw a spec into `framebuffer` (0: the
   window's) with the chart's top-left corner at (x, y + height) in GL's bottom-left coordinates. The GL state Glint
   changes is put back. Use it on the thread and with the context it was created with. */
typedef struct glint_gl_painter glint_gl_painter;
glint_gl_painter *glint_gl_painter_create(void);
void glint_gl_painter_destroy(glint_gl_painter *painter);
int glint_gl_draw(glint_gl_painter *painter, const char *spec, size_t length, unsigned framebuffer, int x, int y);

/* The type of a column's values (glint_column.type). */
typedef enum {
    GLINT_F64 = 1,           /* double (numpy float64): contiguous (stride 8), read in place, never copied; strided,
                                converted to contiguous doubles once */
    GLINT_F32 = 2,           /* float (numpy float32): converted to doubles once (about 5 ns a value here) */
    GLINT_I64 = 3,           /* int64_t, read as double (exact up to 2^53) */
    GLINT_CATEGORY_U8 = 4,   /* uint8_t codes into `categories` */
    GLINT_CATEGORY_I32 = 5,  /* int32_t codes into `categories`; a negative code is a gap (pandas' -1) */
    GLINT_DATETIME64_MS = 6, /* int64_t milliseconds since 1970-01-01 UTC (numpy datetime64[ms]); INT64_MIN (NaT) is a gap */
    GLINT_DATETIME64_US = 7, /* ... microseconds (datetime64[us]) */
    GLINT_DATETIME64_NS = 8  /* ... nanoseconds (datetime64[ns], pandas' default) */
} glint_column_type;

/* An array handed over with a spec, which the spec's data objects name instead of a file:
   "data": {"x": "t", "y": "price", "size": "volume"}. Value i lies at (char *)data + offset + i * stride.
   NaN in a float column is a gap. A datetime column on x makes the x axis a time axis (unless the spec gives the
   axis a type); a category column makes its axis a category axis listing `categories` in order. The memory is read
   during the call only: Glint keeps no pointer to it afterwards. */
struct glint_column {
    const char *name;              /* unique among the columns of one call */
    const void *data;              /* may be NULL when count is 0 */
    int type;                      /* a glint_column_type */
    size_t count;                  /* how many values */
    size_t stride;                 /* bytes from one value to the next; 0: the type's size (a contiguous array) */
    size_t offset;                 /* bytes from data to the first value */
    const char *const *categories; /* GLINT_CATEGORY_*: the names the codes index (NULL otherwise) */
    size_t category_count;
};

/* Renders a spec with `column_count` columns (`columns` may be NULL when there are none) in `format`: "png", "svg",
   "pdf" (any case; NULL: "png"), or "rgba" for premultiplied RGBA8 rows, top row first, as glint_render_rgba
   writes them (glint_result_size gives the width and height). The bytes are the caller's to free with glint_free.
   A column that cannot be read (a NULL pointer, an unknown type, a stride smaller than a value) is
   GLINT_ERROR_ARGUMENT; a name the spec uses and no column has, a repeated name, or a category code past the
   names is GLINT_ERROR_BAD_DATA naming it. */
int glint_render(glint_renderer *renderer, const char *spec, size_t spec_length, const glint_column *columns, size_t column_count,
                 const char *format, uint8_t **out, size_t *out_length);

/* Sources: rows that live outside this process, such as a Dask DataFrame's partitions on a cluster. A spec's
   "data": {"db": "source:NAME", "table": FRAME, "x": X, "y": Y} reads the glint_source named NAME, which Glint asks
   through its callbacks, as it asks a database (docs/sql.md), for no more than the picture needs: the extent of
   the rows (only when the spec gives no x and y ranges), the count of rows in each cell of a density's plot, the
   M4 extremes of each pixel sub-column of a long line, or rows (of a short line or dots, or of the few buckets that
   hold both gaps and points). The callbacks run on the calling thread during glint_render_sources; each returns 0,
   or writes a message of at most error_size bytes into `error` and returns 2 when the source cannot be reached
   (GLINT_ERROR_UNAVAILABLE) or 1 when it failed otherwise (GLINT_ERROR_BAD_DATA); the message names the series.
   The partial aggregates below compute a part of the rows' share (on the worker holding a partition) in the
   render's own arithmetic; parts add up, in any order and grouping, to what the render would compute from every
   row. x and y are glint_columns (numbers or datetimes, each with a name); a y that is NaN, infinite or, when positive_y, not above
   0 is a gap; rows whose x is not finite are left out. python/glint/dask.py is a complete source. */

/* Data to pixels on linear axes, exactly as the painters map: a value v lands at
   (float)clamp(((v / 2 - origin / 2) * scale) * 2, -1e30, 1e30) + offset, in float arithmetic. */
typedef struct {
    double origin_x, scale_x, origin_y, scale_y;
    float offset_x, offset_y;
} glint_pixel_mapping;

/* A density's cells: the image pixels x ... x + width - 1 by y ... y + height - 1, counts row-major, row 0 at the
   top (counts[row * width + column]). */
typedef struct {
    glint_pixel_mapping mapping;
    int32_t x, y, width, height;
} glint_density_cells;

/* A long line's M4 buckets: `columns` pixel columns from first_column, each split into `subdivisions`
   sub-columns, plus a bucket for all that lies left of them (0) and one for the right (count - 1):
   count = columns * subdivisions + 2. */
typedef struct {
    glint_pixel_mapping mapping;
    int32_t first_column, columns, subdivisions, count;
} glint_m4_buckets;

/* Rows with a finite x and y (`count`) and their bounds, and rows with a finite x whose y is a gap. Start from all
   zeros; the bounds mean nothing while count is 0. */
typedef struct {
    int64_t count, gaps;
    double x_min, x_max, y_min, y_max;
} glint_source_extent;

/* One M4 bucket: its rows (gaps included; 0: empty, the rest means nothing), its gaps, its first and last point by
   x (the lower y first among equal x, the higher last), its lowest and highest point by y (the lower x among
   equal y) and its first gap's x. An array of `count` of them, index = bucket, starts all zeros. */
typedef struct {
    int64_t rows, gaps;
    double first_x, first_y, last_x, last_y, low_x, low_y, high_x, high_y, first_gap;
} glint_bucket_extremes;

/* What a callback is asked for: the frame (the data's "table"), the x and y column names, and whether y must be
   above 0 (a log y axis). A series that reads a source reads x and y only (a "size" is GLINT_ERROR_BAD_DATA). The
   extent's bounds must be finite, low to high; delivered rows whose x is not finite are left out. */
typedef struct {
    const char *table, *x, *y;
    int positive_y;
} glint_source_request;

/* Where a `rows` callback delivers rows (in any order, in as many calls as it likes): x and y as doubles, a gap as
   NaN y; datetimes as milliseconds since 1970 (glint_source_rows makes them so). */
typedef void (*glint_rows_sink)(void *target, const double *x, const double *y, size_t count);

typedef struct {
    const char *name;
    void *context;                /* handed to every callback */
    /* Fills `extent` (all zeros on entry) with that of every row. */
    int (*extent)(void *context, const glint_source_request *request, glint_source_extent *extent, char *error, size_t error_size);
    /* Adds the count of every row to `counts` (width * height, zeros on entry). */
    int (*density)(void *context, const glint_source_request *request, const glint_density_cells *cells, uint64_t *counts,
                   char *error, size_t error_size);
    /* Fills `extremes` (buckets->count entries, zeros on entry) with those of every row. */
    int (*m4)(void *context, const glint_source_request *request, const glint_m4_buckets *buckets, glint_bucket_extremes *extremes,
              char *error, size_t error_size);
    /* Delivers every row, or with `buckets` given those whose bucket has only[bucket] non-zero. */
    int (*rows)(void *context, const glint_source_request *request, const glint_m4_buckets *buckets, const uint8_t *only,
                glint_rows_sink sink, void *target, char *error, size_t error_size);
} glint_source;

/* glint_render with `source_count` sources (NULL when 0) that the spec's data may name as "source:NAME". A repeated
   name, or a source with a null name or callback, is GLINT_ERROR_ARGUMENT. */
int glint_render_sources(glint_renderer *renderer, const char *spec, size_t spec_length, const glint_column *columns,
                         size_t column_count, const glint_source *sources, size_t source_count, const char *format,
                         uint8_t **out, size_t *out_length);

/* Partial aggregates of some rows (a partition), each adding to what it is given: */
/* ... the extent (start from all zeros). */
int glint_source_extent_add(const glint_column *x, const glint_column *y, int positive_y, glint_source_extent *extent);
/* ... the density counts (width * height, start from zeros); the rows are read on one thread. */
int glint_density_count(const glint_density_cells *cells, const glint_column *x, const glint_column *y, uint64_t *counts);
/* ... the M4 extremes (buckets->count entries, start from zeros). */
int glint_m4_add(const glint_m4_buckets *buckets, const glint_column *x, const glint_column *y, int positive_y,
                 glint_bucket_extremes *extremes);
/* Merges the extremes `from` into `into` (both buckets->count entries). */
int glint_m4_merge(const glint_m4_buckets *buckets, glint_bucket_extremes *into, const glint_bucket_extremes *from);
/* Writes the rows (all, or with `buckets` those whose bucket has only[bucket] non-zero) as doubles into out_x and
   out_y (room for every row of x) and their number into *count: what a `rows` callback delivers. */
int glint_source_rows(const glint_m4_buckets *buckets, const uint8_t *only, const glint_column *x, const glint_column *y,
                      int positive_y, double *out_x, double *out_y, size_t *count);

/* Live charts: a chart kept from a spec, its line and dots series appended to as data arrives (from any thread,
   while another renders it: the two meet on one lock held only to write the points or take a frame's view), drawn
   on `renderer` (the chart keeps it alive). A spec with "follow": {"x": W} follows from the first frame (as
   glint_chart_follow(chart, W) does). Each frame re-reduces only the M4 buckets that appended points or a pan
   changed; once it has followed, a legend the data places stays where it went, placed again every 60th frame.
   NULL on failure (see glint_last_error). */
typedef struct glint_chart glint_chart;
glint_chart *glint_chart_create(glint_renderer *renderer, const char *spec, size_t length);
void glint_chart_destroy(glint_chart *chart);
/* Appends `count` points (xs[i], ys[i]) to series `series`, a line or dots (else GLINT_ERROR_BAD_DATA, and nothing
   is appended); NaN in ys is a gap. The arrays are read during the call only. */
int glint_chart_append(glint_chart *chart, int series, const double *xs, const double *ys, size_t count);
/* Keeps at most `capacity` points (1 to 2^40) of a series, the oldest dropped as new ones come (a FIFO ring). */
int glint_chart_set_capacity(glint_chart *chart, int series, size_t capacity);
/* Follows the data: the view shows the last `width` of x, ending at the newest point, y fitted to what shows
   (with hysteresis); 0 stops following where the view is. A width that is not finite or is negative is
   GLINT_ERROR_BAD_DATA. */
int glint_chart_follow(glint_chart *chart, double width);
/* The view, as a window's controls move it (each frame then shows it):
   - resize: the image's new size in device pixels (1 to 32768 each; a resized GtkGLArea or QOpenGLWidget, times
     its scale factor), the layout made again for it;
   - pan: along x by `fraction` of the view's width (positive: towards larger x), in whole pixels of the last frame;
     a following view stops following;
   - zoom: x by `factor` (2: twice as close; above 0) keeping the data value `x` where it is; a following view
     follows a `factor` times narrower width;
   - set_scale: text, strokes, radii and margins drawn `scale` times their size (above 0, up to 16: the window's
     scale factor, gtk_widget_get_scale_factor or devicePixelRatio), the image keeping its size in device pixels
     (within one: a size the scale does not divide is rounded to whole logical pixels, as resize rounds it);
   - x_range: the x range the view shows now;
   - plot_area: where the current view's plot lies, in device pixels from the image's top left: a drag of dx
     pixels pans by -dx / width;
   - data_at: the data values at pixel (px, py) of the current view (on a log or time axis too): the x under the
     wheel is the one to zoom around (each call lays the view out: call it per event, not per pixel; a plot too
     small to have a scale is GLINT_ERROR_BAD_DATA);
   - set_visible: shows (1) or hides (0) series `series`, as a legend click does.
   A number that is not finite, a factor not above 0, a size, scale or series out of range is GLINT_ERROR_BAD_DATA. */
int glint_chart_resize(glint_chart *chart, int width, int height);
int glint_chart_set_scale(glint_chart *chart, double scale);
int glint_chart_pan(glint_chart *chart, double fraction);
int glint_chart_zoom(glint_chart *chart, double factor, double x);
int glint_chart_x_range(glint_chart *chart, double *lower, double *upper);
int glint_chart_plot_area(glint_chart *chart, double *x, double *y, double *width, double *height);
int glint_chart_data_at(glint_chart *chart, double px, double py, double *x, double *y);
int glint_chart_set_visible(glint_chart *chart, int series, int visible);
/* What lies under pixel (x, y) of the chart's current view, as glint_hit_test finds it in a spec's image (the
   legends where the frames draw them). */
int glint_chart_hit_test(glint_chart *chart, double x, double y, double tolerance, glint_hit *hit);
/* Shows `text` (UTF-8, copied) in a small box Glint draws on the next frames where it covers the fewest points, as
   a hover tooltip; NULL hides it. For an app without a toolkit's own tooltips (a GL window drawn with
   glint_chart_gl_draw). Text that is not UTF-8 is GLINT_ERROR_BAD_DATA. */
int glint_chart_set_tooltip(glint_chart *chart, const char *text);
/* Renders the chart's current view into the caller's buffer, as glint_render_rgba does. */
int glint_chart_render_rgba(glint_chart *chart, uint8_t *pixels, size_t capacity, int *width, int *height);
/* Draws the chart's current view with the caller's GL context, as glint_gl_draw draws a spec (same painter, thread
   and context rules), as a frame: the painter keeps the live lines' points on the GPU from one frame to the next
   and writes only those not already in place. */
int glint_chart_gl_draw(glint_chart *chart, glint_gl_painter *painter, unsigned framebuffer, int x, int y);

/* What the calling thread's last successful render (glint_render, glint_render_png, glint_render_format,
   glint_render_rgba) drew; after any other Glint call on the thread, or a failed one, there is none.
   The painter: "cpu", "gl" or "compute" for pixels, "vector" for SVG and PDF ("" when there is no result). */
const char *glint_result_painter(void);
/* The image's size in device pixels; GLINT_ERROR_ARGUMENT (and 0 x 0) when there is no result. */
int glint_result_size(int *width, int *height);
/* What was substituted for what the spec asked, one line each (text left out, a fallback from GL to the CPU, values
   out of range), as `glint render` prints them: an array of `*count` UTF-8 strings ending with NULL. Valid until the
   thread's next Glint call. */
const char *const *glint_result_notices(size_t *count);
/* What the render did that the spec left to it and that is no problem (where a density series was counted), one line
   each, as glint_result_notices gives notices: information for a log, not a warning. */
const char *const *glint_result_information(size_t *count);

/* The library's version, e.g. "0.1.0". */
const char *glint_version(void);

/* Frees memory Glint returned. */
void glint_free(void *memory);

/* The message of the calling thread's last failure ("" when none). Valid until its next Glint call. */
const char *glint_last_error(void);
/* The JSON path of the spec value the calling thread's last failure is about (such as "series[0].data.y"), or ""
   when it names none (a CSV file's line, a column, a backend). Valid until its next Glint call. */
const char *glint_last_error_path(void);

#ifdef __cplusplus
}
#endif

#endif
