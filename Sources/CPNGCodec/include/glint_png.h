#ifndef GLINT_PNG_H
#define GLINT_PNG_H
#include <stddef.h>
#include <stdint.h>
/* Internal to Glint: linked into its libraries, never exported from libGlintC.so. */
#pragma GCC visibility push(hidden)

/// A block of bytes owned by the codec; release it with png_codec_free.
typedef struct {
    uint8_t *bytes;
    size_t count;
} png_codec_buffer;

/// Encodes straight-alpha RGBA8 rows into PNG bytes with libpng, trying every filter (smallest files).
/// zlib_level is 0...9; returns 0 on success, else writes a message into error (size error_size).
int png_codec_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                     int zlib_level, png_codec_buffer *out, char *error, size_t error_size);

/// Decodes PNG bytes into straight-alpha RGBA8 (any colour type is converted).
/// On success out holds width*height*4 bytes; returns 0, else writes a message into error.
int png_codec_decode(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height,
                     png_codec_buffer *out, char *error, size_t error_size);

/// Frees a buffer returned by the codec.
void png_codec_free(png_codec_buffer *buffer);
#pragma GCC visibility pop

#endif

#ifndef GLINT_PNG_PARALLEL_H
#define GLINT_PNG_PARALLEL_H
#pragma GCC visibility push(hidden)
/// Deflates `rows` scanlines of straight RGBA8 (each prefixed by PNG filter type 0, "none") as one piece of
/// a zlib stream: raw deflate ending on a byte boundary, or finishing the stream when `last` is set.
/// With `channels` 3 the alpha bytes are left out (an opaque image written as RGB). Pieces for different rows
/// can be made on different threads. `adler` receives the Adler-32 of the `rows * (1 + width * channels)` bytes
/// the piece compressed. Returns 0 on success.
int png_codec_deflate_rows(const uint8_t *rgba, uint32_t width, uint32_t rows, size_t stride, int channels, int zlib_level,
                           int last, png_codec_buffer *out, uint32_t *adler, char *error, size_t error_size);

/// A whole PNG file from the pieces of every row, in order (the last made with `last` set).
/// `raw_lengths[i]` is the byte count piece i compressed. Returns 0 on success.
int png_codec_assemble(uint32_t width, uint32_t height, int channels, const png_codec_buffer *pieces, const uint32_t *adlers,
                       const size_t *raw_lengths, int count, int zlib_level, png_codec_buffer *out,
                       char *error, size_t error_size);
#pragma GCC visibility pop
#endif
