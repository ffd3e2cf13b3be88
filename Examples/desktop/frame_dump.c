/* See frame_dump.h. */
#include "frame_dump.h"

#include <stdio.h>
#include <stdlib.h>

/* Writes `pixels` (RGBA8) as a PAM file, its rows in order from the top when `bottom_up` is 0, else reversed. */
static int write_pam(const char *path, const uint8_t *pixels, int width, int height, int bottom_up) {
    FILE *file = fopen(path, "wb");
    if (!file) return -1;
    fprintf(file, "P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", width, height);
    size_t row = (size_t)width * 4;
    for (int y = 0; y < height; y++) fwrite(pixels + row * (size_t)(bottom_up ? height - 1 - y : y), 1, row, file);
    return fclose(file) == 0 ? 0 : -1;
}

int frame_dump_write(const char *prefix, glint_chart *chart, const uint8_t *rows, int width, int height, double newest) {
    static int count = 0;
    char path[4096], done[4096];
    /* The same view drawn headlessly at the chart's current size, which must be the window's. */
    int headless_width = 0, headless_height = 0;
    size_t capacity = (size_t)width * (size_t)height * 4;
    uint8_t *headless = malloc(capacity);
    int status = headless ? glint_chart_render_rgba(chart, headless, capacity, &headless_width, &headless_height) : GLINT_ERROR_ARGUMENT;
    if (status != GLINT_OK || headless_width != width || headless_height != height) {
        fprintf(stderr, "frame dump: the headless render is %dx%d, the window's frame %dx%d (status %d: %s)\n", headless_width,
                headless_height, width, height, status, glint_last_error());
        free(headless);
        return -1;
    }
    double lower = 0, upper = 0, plot_x = 0, plot_y = 0, plot_width = 0, plot_height = 0;
    glint_chart_x_range(chart, &lower, &upper);
    glint_chart_plot_area(chart, &plot_x, &plot_y, &plot_width, &plot_height);

    snprintf(path, sizeof path, "%s-%d.window.pam", prefix, count);
    int failed = write_pam(path, rows, width, height, 1);
    snprintf(path, sizeof path, "%s-%d.headless.pam", prefix, count);
    failed |= write_pam(path, headless, width, height, 0);
    free(headless);
    snprintf(path, sizeof path, "%s-%d.txt.part", prefix, count);
    FILE *info = fopen(path, "w");
    if (info) {
        fprintf(info, "%d %d %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", width, height, lower, upper, newest, plot_x, plot_y,
                plot_width, plot_height);
        failed |= fclose(info) != 0;
    }
    snprintf(done, sizeof done, "%s-%d.txt", prefix, count);
    if (failed || !info || rename(path, done) != 0) {
        fprintf(stderr, "frame dump: cannot write %s\n", done);
        return -1;
    }
    count++;
    return 0;
}
