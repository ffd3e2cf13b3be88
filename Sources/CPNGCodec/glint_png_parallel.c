// PNG encoding in pieces that threads deflate independently (as pigz does): each piece is raw deflate
// ending on a byte boundary, the pieces are concatenated behind one zlib header, and their Adler-32
// checksums are combined. Rows use filter type 0 ("none"), measured best on chart images.
#include "glint_png.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int grow(png_codec_buffer *b, size_t *capacity, size_t need) {
    if (b->count + need <= *capacity) return 1;
    size_t next = *capacity ? *capacity : 65536;
    while (next < b->count + need) next *= 2;
    uint8_t *bytes = realloc(b->bytes, next);
    if (!bytes) return 0;
    b->bytes = bytes;
    *capacity = next;
    return 1;
}

int png_codec_deflate_rows(const uint8_t *rgba, uint32_t width, uint32_t rows, size_t stride, int channels, int zlib_level,
                           int last, png_codec_buffer *out, uint32_t *adler, char *error, size_t error_size) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, zlib_level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        snprintf(error, error_size, "zlib could not start");
        return 1;
    }
    png_codec_buffer b = {NULL, 0};
    size_t capacity = 0;
    size_t line = 1 + (size_t)width * (size_t)channels;
    uint8_t *scanline = malloc(line);
    uint32_t sum = adler32(0L, Z_NULL, 0);
    int ok = scanline != NULL;
    if (ok) scanline[0] = 0;
    for (uint32_t y = 0; ok && y < rows; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        if (channels == 4) {
            memcpy(scanline + 1, row, line - 1);
        } else {
            for (uint32_t x = 0; x < width; x++) memcpy(scanline + 1 + 3 * (size_t)x, row + 4 * (size_t)x, 3);
        }
        sum = adler32(sum, scanline, (uInt)line);
        z.next_in = scanline;
        z.avail_in = (uInt)line;
        int flush = y + 1 < rows ? Z_NO_FLUSH : (last ? Z_FINISH : Z_SYNC_FLUSH);
        do {
            if (!grow(&b, &capacity, line + 1024)) { ok = 0; break; }
            z.next_out = b.bytes + b.count;
            z.avail_out = (uInt)(capacity - b.count);
            int status = deflate(&z, flush);
            b.count = capacity - z.avail_out;
            if (status == Z_STREAM_ERROR) { ok = 0; break; }
        } while (z.avail_in > 0 || z.avail_out == 0);
    }
    if (ok && rows == 0) {
        // An empty piece still has to end the stream properly when it is the last one.
        if (!grow(&b, &capacity, 64)) ok = 0;
        z.next_out = b.bytes + b.count;
        z.avail_out = (uInt)(capacity - b.count);
        if (ok) { deflate(&z, last ? Z_FINISH : Z_SYNC_FLUSH); b.count = capacity - z.avail_out; }
    }
    deflateEnd(&z);
    free(scanline);
    if (!ok) {
        free(b.bytes);
        snprintf(error, error_size, "out of memory while deflating PNG rows");
        return 1;
    }
    *out = b;
    *adler = sum;
    return 0;
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/// Appends a chunk: length, type, data, CRC-32 of type and data.
static int chunk(png_codec_buffer *b, size_t *capacity, const char *type, const uint8_t *data, size_t count) {
    if (!grow(b, capacity, count + 12)) return 0;
    uint8_t *p = b->bytes + b->count;
    put32(p, (uint32_t)count);
    memcpy(p + 4, type, 4);
    if (count) memcpy(p + 8, data, count);
    uLong crc = crc32(0L, p + 4, (uInt)(count + 4));
    put32(p + 8 + count, (uint32_t)crc);
    b->count += count + 12;
    return 1;
}

int png_codec_assemble(uint32_t width, uint32_t height, int channels, const png_codec_buffer *pieces, const uint32_t *adlers,
                       const size_t *raw_lengths, int count, int zlib_level, png_codec_buffer *out,
                       char *error, size_t error_size) {
    size_t stream = 2 + 4;
    for (int i = 0; i < count; i++) stream += pieces[i].count;
    uint8_t *idat = malloc(stream);
    if (!idat) {
        snprintf(error, error_size, "out of memory while assembling PNG");
        return 1;
    }
    // zlib header: deflate with a 32 KiB window, FLEVEL from the level, check bits so that it divides by 31.
    int flevel = zlib_level <= 1 ? 0 : zlib_level <= 5 ? 1 : zlib_level == 6 ? 2 : 3;
    unsigned cmf = 0x78, flg = (unsigned)flevel << 6;
    flg += 31 - (cmf * 256 + flg) % 31;
    idat[0] = (uint8_t)cmf;
    idat[1] = (uint8_t)flg;
    size_t at = 2;
    uLong sum = adler32(0L, Z_NULL, 0);
    for (int i = 0; i < count; i++) {
        memcpy(idat + at, pieces[i].bytes, pieces[i].count);
        at += pieces[i].count;
        sum = adler32_combine(sum, adlers[i], (z_off_t)raw_lengths[i]);
    }
    put32(idat + at, (uint32_t)sum);
    png_codec_buffer b = {NULL, 0};
    size_t capacity = 0;
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    uint8_t header[13];
    put32(header, width);
    put32(header + 4, height);
    header[8] = 8;   // bit depth
    header[9] = channels == 3 ? 2 : 6;   // RGB or RGBA
    header[10] = 0;  // deflate
    header[11] = 0;  // adaptive filtering (every row says "none")
    header[12] = 0;  // not interlaced
    int ok = grow(&b, &capacity, 8);
    if (ok) { memcpy(b.bytes, signature, 8); b.count = 8; }
    ok = ok && chunk(&b, &capacity, "IHDR", header, 13) && chunk(&b, &capacity, "IDAT", idat, stream)
            && chunk(&b, &capacity, "IEND", NULL, 0);
    free(idat);
    if (!ok) {
        free(b.bytes);
        snprintf(error, error_size, "out of memory while assembling PNG");
        return 1;
    }
    *out = b;
    return 0;
}
