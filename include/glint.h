/* Glint's C API: render JSON chart specs to PNG bytes or to an RGBA buffer, and hit-test the rendered image,
   from any language with a C FFI. Link with -lGlintC (the GlintC product: swift build -c release --product GlintC).
   No Swift type crosses this boundary; every call that can fail returns a status and leaves a message for
   glint_last_error(). Renderers are not shared between threads at once (make one per thread, or lock). */
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
    GLINT_ERROR_BAD_DATA = 65,     /* an invalid spec or number: the message names the JSON path */
    GLINT_ERROR_NO_INPUT = 66,     /* a data file named by the spec cannot be read */
    GLINT_ERROR_UNAVAILABLE = 69,  /* the backend asked for cannot run here, or a database cannot be reached */
    GLINT_ERROR_INTERNAL = 70,
    GLINT_ERROR_CANNOT_WRITE = 73, /* an output could not be written */
    GLINT_ERROR_FORBIDDEN = 77     /* the spec names a file or database the caller's policy refuses */
};

typedef struct glint_renderer glint_renderer;

/* What lies under a pixel: kind 0 nothing, 1 a point (series, index, x, y, distance), 2 a legend entry (series, or -1
   for a custom item or a figure's own legend; label). In a figure ("panels"), `panel` is the index of the panel the
   point or legend entry lies in (its series counted within that panel), -1 elsewhere. */
typedef struct {
    int kind;
    int series;
    long index;
    double x, y, distance;
    char label[128];
    int panel;
} glint_hit;

/* A renderer for "auto", "gl" or "cpu" (NULL: "auto"); NULL on failure (see glint_last_error). */
glint_renderer *glint_renderer_create(const char *backend);
void glint_renderer_destroy(glint_renderer *renderer);

/* Renders a spec (UTF-8 JSON, `length` bytes; CSV paths relative to the working folder) to PNG bytes, which the
   caller frees with glint_free. */
int glint_render_png(glint_renderer *renderer, const char *spec, size_t length, uint8_t **png, size_t *png_length);

/* Renders a spec to a file's bytes in `format`: "png", "svg" or "pdf" (any case; another is GLINT_ERROR_ARGUMENT),
   which the caller frees with glint_free. SVG and PDF come from the vector painter with the PNG's exact layout
   (README, "Vector output"). */
int glint_render_format(glint_renderer *renderer, const char *spec, size_t length, const char *format, uint8_t **bytes,
                        size_t *bytes_length);

/* Renders a spec into the caller's buffer as premultiplied RGBA8 rows, top row first. When `capacity` is too small,
   returns GLINT_ERROR_TOO_SMALL with *width and *height set, so the caller can allocate width * height * 4 bytes. */
int glint_render_rgba(glint_renderer *renderer, const char *spec, size_t length, uint8_t *pixels, size_t capacity,
                      int *width, int *height);

/* Everything the spec's layout places, as UTF-8 JSON (`json_length` bytes, NUL-terminated), which the caller frees
   with glint_free: the plot, axes and ticks, legend boxes, every text with its role and box in image pixels, and
   the notices — the object `glint layout` prints (README, "The CLI"). */
int glint_layout(glint_renderer *renderer, const char *spec, size_t length, uint8_t **json, size_t *json_length);

/* What lies under pixel (x, y) of the spec's rendered image, within `tolerance` pixels of a point. */
int glint_hit_test(glint_renderer *renderer, const char *spec, size_t length, double x, double y, double tolerance,
                   glint_hit *hit);

/* Drawing with the caller's own GL context (EGL or GLX; OpenGL ES 3.0+ or desktop GL 3.3 core): create the painter
   while that context is current (NULL when none is, or it is too old), then draw a spec into `framebuffer` (0: the
   window's) with the chart's top-left corner at (x, y + height) in GL's bottom-left coordinates. The GL state Glint
   changes is put back. Use it on the thread and with the context it was created with. */
typedef struct glint_gl_painter glint_gl_painter;
glint_gl_painter *glint_gl_painter_create(void);
void glint_gl_painter_destroy(glint_gl_painter *painter);
int glint_gl_draw(glint_gl_painter *painter, const char *spec, size_t length, unsigned framebuffer, int x, int y);

/* Frees memory Glint returned. */
void glint_free(void *memory);

/* The message of the calling thread's last failure ("" when none). Valid until its next Glint call. */
const char *glint_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
