/* A live chart through the C API: a producer thread appends 100 batches of 1,000 points to a line (capacity 5,000)
   while the main thread renders frames of the following view; then the last frame is written to argv[1] as raw
   RGBA, refused calls print their status and message, and the view is panned, zoomed, resized, hit and hidden as a
   window's controls would. Built and run by CAPITests. */
#include <glint.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static glint_chart *chart;
static int appended;

static void *produce(void *unused) {
    (void)unused;
    double xs[1000], ys[1000];
    for (int batch = 0; batch < 100; batch++) {
        for (int i = 0; i < 1000; i++) {
            int k = batch * 1000 + i;
            xs[i] = k;
            ys[i] = sin(k / 300.0) * 10 + (k % 50 == 0 ? 3 : 0);
        }
        if (glint_chart_append(chart, 0, xs, ys, 1000) != GLINT_OK) {
            printf("append failed: %s\n", glint_last_error());
            return NULL;
        }
        __atomic_add_fetch(&appended, 1, __ATOMIC_SEQ_CST);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    glint_renderer *renderer = glint_renderer_create("cpu");
    /* The legend pinned: one the data places is held between frames (placed again every 60th), so the last frame
       would depend on how many frames were drawn while appending. */
    const char *spec = "{\"width\": 480, \"height\": 300, \"legend\": {\"position\": \"top-left\"}, "
                       "\"series\": [{\"name\": \"signal\", \"x\": [], \"y\": [], \"antialias\": false}]}";
    chart = glint_chart_create(renderer, spec, strlen(spec));
    glint_renderer_destroy(renderer); /* the chart keeps it */
    if (!chart) { printf("create failed: %s\n", glint_last_error()); return 1; }
    printf("capacity: %d\n", glint_chart_set_capacity(chart, 0, 5000));
    printf("follow: %d\n", glint_chart_follow(chart, 3000));
    size_t capacity = 480 * 300 * 4;
    uint8_t *pixels = malloc(capacity);
    int width = 0, height = 0, frames = 0;
    pthread_t producer;
    pthread_create(&producer, NULL, produce, NULL);
    while (__atomic_load_n(&appended, __ATOMIC_SEQ_CST) < 100) {
        if (glint_chart_render_rgba(chart, pixels, capacity, &width, &height) != GLINT_OK) {
            printf("frame failed: %s\n", glint_last_error());
            break;
        }
        frames++;
    }
    pthread_join(producer, NULL);
    /* Following afresh fits y to the last view alone (the frames before held their fit with hysteresis). */
    glint_chart_follow(chart, 3000);
    int last = glint_chart_render_rgba(chart, pixels, capacity, &width, &height);
    printf("frames drawn while appending: %s; last frame %d: %dx%d\n", frames > 0 ? "some" : "none", last, width, height);
    FILE *out = fopen(argv[1], "wb");
    fwrite(pixels, 1, capacity, out);
    fclose(out);
    double x = 1, y = 1;
    int status = glint_chart_append(chart, 9, &x, &y, 1);
    printf("series 9: %d %s\n", status, glint_last_error());
    status = glint_chart_append(chart, 0, NULL, &y, 1);
    printf("null xs: %d %s\n", status, glint_last_error());
    status = glint_chart_append(chart, 0, &x, &y, (size_t)-1);
    printf("count SIZE_MAX: %d %s\n", status, glint_last_error());
    status = glint_chart_follow(chart, -1);
    printf("follow -1: %d %s\n", status, glint_last_error());
    status = glint_chart_set_capacity(chart, 0, 0);
    printf("capacity 0: %d %s\n", status, glint_last_error());
    status = glint_chart_render_rgba(chart, pixels, 16, &width, &height);
    printf("small buffer: %d %dx%d\n", status, width, height);

    /* The view as a window's controls move it. */
    double lower = 0, upper = 0;
    status = glint_chart_x_range(chart, &lower, &upper);
    printf("x range: %d, %.0f wide, ends at %.0f\n", status, upper - lower, upper);
    status = glint_chart_pan(chart, -0.5);
    glint_chart_x_range(chart, &lower, &upper);
    printf("pan: %d, %.0f wide, ends at %.0f\n", status, upper - lower, upper);
    status = glint_chart_zoom(chart, 2, upper);
    glint_chart_x_range(chart, &lower, &upper);
    printf("zoom: %d, %.0f wide, ends at %.0f\n", status, upper - lower, upper);
    status = glint_chart_resize(chart, 640, 400);
    uint8_t *larger = malloc(640 * 400 * 4);
    int drawn = glint_chart_render_rgba(chart, larger, 640 * 400 * 4, &width, &height);
    printf("resize: %d, frame %d: %dx%d\n", status, drawn, width, height);
    glint_hit hit;
    status = glint_chart_hit_test(chart, 320, 200, 1000, &hit);
    printf("hit: %d, kind %d series %d\n", status, hit.kind, hit.series);
    /* The plot in the 640x400 image, and the data under its corners: its left edge is the view's lower x. */
    double plot_x = 0, plot_y = 0, plot_width = 0, plot_height = 0, data_x = 0, data_y = 0;
    status = glint_chart_plot_area(chart, &plot_x, &plot_y, &plot_width, &plot_height);
    printf("plot area: %d, inside %d\n", status, plot_x > 0 && plot_y >= 0 && plot_x + plot_width < 640 && plot_y + plot_height < 400);
    glint_chart_x_range(chart, &lower, &upper);
    status = glint_chart_data_at(chart, plot_x, plot_y + plot_height, &data_x, &data_y);
    printf("data at the plot's left edge: %d, x is the view's lower %d\n", status, fabs(data_x - lower) < 1e-6 * (upper - lower));
    glint_chart_data_at(chart, plot_x + plot_width, plot_y, &data_x, &data_y);
    printf("data at the plot's right edge: x is the view's upper %d\n", fabs(data_x - upper) < 1e-6 * (upper - lower));
    status = glint_chart_data_at(chart, NAN, 0, &data_x, &data_y);
    printf("data at NaN: %d %s\n", status, glint_last_error());
    /* Twice the scale: the same image size, a smaller plot (larger text and margins). */
    status = glint_chart_set_scale(chart, 2);
    double scaled_x = 0, scaled_y = 0, scaled_width = 0, scaled_height = 0;
    glint_chart_plot_area(chart, &scaled_x, &scaled_y, &scaled_width, &scaled_height);
    glint_chart_render_rgba(chart, larger, 640 * 400 * 4, &width, &height);
    printf("scale 2: %d, %dx%d, plot narrower %d\n", status, width, height, scaled_width < plot_width);
    status = glint_chart_set_scale(chart, 0);
    printf("scale 0: %d %s\n", status, glint_last_error());
    glint_chart_set_scale(chart, 1);
    glint_chart_render_rgba(chart, larger, 640 * 400 * 4, &width, &height);
    /* A tooltip drawn by Glint changes the frame; hiding it gives the frame back. */
    uint8_t *tipped = malloc(640 * 400 * 4);
    status = glint_chart_set_tooltip(chart, "signal: 12.5 \xc2\xb0" "C");
    glint_chart_render_rgba(chart, tipped, 640 * 400 * 4, &width, &height);
    int changed = memcmp(tipped, larger, 640 * 400 * 4) != 0;
    glint_chart_set_tooltip(chart, NULL);
    glint_chart_render_rgba(chart, tipped, 640 * 400 * 4, &width, &height);
    printf("tooltip: %d, frame changed %d, hidden again %d\n", status, changed, memcmp(tipped, larger, 640 * 400 * 4) == 0);
    status = glint_chart_set_tooltip(chart, "\xff\xfe");
    printf("tooltip not UTF-8: %d %s\n", status, glint_last_error());
    free(tipped);
    status = glint_chart_set_visible(chart, 0, 0);
    glint_chart_hit_test(chart, 320, 200, 1000, &hit);
    printf("hidden: %d, hit kind %d\n", status, hit.kind);
    status = glint_chart_set_visible(chart, 5, 1);
    printf("series 5: %d %s\n", status, glint_last_error());
    status = glint_chart_pan(chart, NAN);
    printf("pan NaN: %d %s\n", status, glint_last_error());
    status = glint_chart_zoom(chart, 0, 1);
    printf("zoom 0: %d %s\n", status, glint_last_error());
    status = glint_chart_resize(chart, 0, 400);
    printf("resize 0: %d %s\n", status, glint_last_error());
    free(larger);
    glint_chart_destroy(chart);
    free(pixels);
    return 0;
}
