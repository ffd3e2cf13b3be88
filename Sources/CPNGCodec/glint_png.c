// PNG encode/decode around libpng. libpng reports errors by longjmp, so the
// setjmp lives here in C, and Swift only ever sees a return code and a message.
#include "glint_png.h"
#include <png.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    png_codec_buffer buffer;
    size_t capacity;
    int failed;
} sink;

typedef struct {
    const uint8_t *bytes;
    size_t count;
    size_t offset;
} source;

typedef struct {
    char *text;
    size_t size;
} message;

static void on_error(png_structp png, png_const_charp text) {
    message *m = (message *)png_get_error_ptr(png);
    if (m && m->text && m->size) {
        strncpy(m->text, text, m->size - 1);
        m->text[m->size - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void write_bytes(png_structp png, png_bytep data, png_size_t length) {
    sink *s = (sink *)png_get_io_ptr(png);
    if (s->buffer.count + length > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 65536;
        while (capacity < s->buffer.count + length) capacity *= 2;
        uint8_t *grown = realloc(s->buffer.bytes, capacity);
        if (!grown) {
            png_error(png, "out of memory while encoding PNG");
        }
        s->buffer.bytes = grown;
        s->capacity = capacity;
    }
    memcpy(s->buffer.bytes + s->buffer.count, data, length);
    s->buffer.count += length;
}

static void flush_bytes(png_structp png) { (void)png; }

int png_codec_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                     int zlib_level, png_codec_buffer *out, char *error, size_t error_size) {
    message m = {error, error_size};
    sink s = {{NULL, 0}, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &m, on_error, on_warning);
    if (!png) {
        snprintf(error, error_size, "libpng could not start");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    png_bytep *rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(rows);
        free(s.buffer.bytes);
        return 1;
    }
    png_set_write_fn(png, &s, write_bytes, flush_bytes);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, zlib_level);
    // This path serves the size-first levels (7-9): let libpng try every filter on each row.
    // Faster levels go through png_codec_parallel.c, without filters.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
    png_write_info(png, info);
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory for PNG rows");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * stride);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    *out = s.buffer;
    return 0;
}

static void read_bytes(png_structp png, png_bytep data, png_size_t length) {
    source *src = (source *)png_get_io_ptr(png);
    if (src->offset + length > src->count) png_error(png, "PNG data ends early");
    memcpy(data, src->bytes + src->offset, length);
    src->offset += length;
}

int png_codec_decode(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height,
                     png_codec_buffer *out, char *error, size_t error_size) {
    message m = {error, error_size};
    source src = {bytes, count, 0};
    if (count < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        snprintf(error, error_size, "not a PNG file");
        return 1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &m, on_error, on_warning);
    if (!png) {
        snprintf(error, error_size, "libpng could not start");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    uint8_t *pixels = NULL;
    png_bytep *rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        free(pixels);
        free(rows);
        return 1;
    }
    png_set_read_fn(png, &src, read_bytes);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    pixels = malloc((size_t)w * h * 4);
    rows = malloc(sizeof(png_bytep) * (h ? h : 1));
    if (!pixels || !rows) png_error(png, "out of memory for PNG pixels");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *width = w;
    *height = h;
    out->bytes = pixels;
    out->count = (size_t)w * h * 4;
    return 0;
}

void png_codec_free(png_codec_buffer *buffer) {
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = 0;
}
