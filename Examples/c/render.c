/* Renders a chart through Glint's C API: a PNG file, a PDF, raw pixels, and a hit test.
   cc Examples/c/render.c -Iinclude -L.build/debug -lGlintC -o render && LD_LIBRARY_PATH=.build/debug ./render out.png */
#include <glint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    const char *spec = "{\"width\": 400, \"height\": 240, \"title\": \"From C\","
                       " \"series\": [{\"name\": \"a\", \"x\": [0, 1, 2, 3], \"y\": [1, 3, 2, 4]}]}";
    glint_renderer *renderer = glint_renderer_create("cpu");
    if (!renderer) { fprintf(stderr, "no renderer: %s\n", glint_last_error()); return 1; }

    uint8_t *png = NULL;
    size_t png_length = 0;
    if (glint_render_png(renderer, spec, strlen(spec), &png, &png_length) != GLINT_OK) {
        fprintf(stderr, "render failed: %s\n", glint_last_error());
        return 1;
    }
    FILE *file = fopen(argc > 1 ? argv[1] : "out.png", "wb");
    fwrite(png, 1, png_length, file);
    fclose(file);
    glint_free(png);

    /* The same chart as a PDF (or "svg"), for a report. */
    uint8_t *pdf = NULL;
    size_t pdf_length = 0;
    if (glint_render_format(renderer, spec, strlen(spec), "pdf", &pdf, &pdf_length) != GLINT_OK) return 1;
    printf("pdf %zu bytes, starts %.5s\n", pdf_length, (const char *)pdf);
    glint_free(pdf);
    int refused = glint_render_format(renderer, spec, strlen(spec), "tiff", &pdf, &pdf_length);
    printf("format tiff: %d %s\n", refused, glint_last_error());

    /* Raw pixels: ask with no buffer to learn the size, then render into one. */
    int width = 0, height = 0;
    if (glint_render_rgba(renderer, spec, strlen(spec), NULL, 0, &width, &height) != GLINT_ERROR_TOO_SMALL) return 1;
    uint8_t *pixels = malloc((size_t)width * height * 4);
    if (glint_render_rgba(renderer, spec, strlen(spec), pixels, (size_t)width * height * 4, &width, &height) != GLINT_OK) return 1;
    printf("pixels %dx%d, top-left %d,%d,%d,%d\n", width, height, pixels[0], pixels[1], pixels[2], pixels[3]);
    free(pixels);

    /* What lies at the legend's first entry? A point? Nothing? */
    glint_hit hit;
    if (glint_hit_test(renderer, spec, strlen(spec), 20, 20, 8, &hit) != GLINT_OK) return 1;
    printf("hit kind %d\n", hit.kind);

    /* A figure of two panels side by side: the hit names the panel its point lies in (-1 outside every panel). */
    const char *figure = "{\"width\": 400, \"height\": 200, \"columns\": 2, \"panels\": ["
                         "{\"series\": [{\"type\": \"bars\", \"x\": [0], \"y\": [1], \"barWidth\": 1}]},"
                         "{\"series\": [{\"type\": \"bars\", \"x\": [0], \"y\": [1], \"barWidth\": 1}]}]}";
    if (glint_hit_test(renderer, figure, strlen(figure), 300, 150, 0, &hit) != GLINT_OK) return 1;
    printf("figure hit kind %d panel %d series %d\n", hit.kind, hit.panel, hit.series);

    /* Where the layout put everything, as JSON (the title's box among it). */
    uint8_t *layout = NULL;
    size_t layout_length = 0;
    if (glint_layout(renderer, spec, strlen(spec), &layout, &layout_length) != GLINT_OK) return 1;
    printf("layout %zu bytes, title placed: %s\n", layout_length,
           strstr((const char *)layout, "\"text\":\"From C\"") ? "yes" : "no");
    glint_free(layout);

    /* A bad spec: a status and a message naming the JSON path. */
    const char *bad = "{\"series\": [{\"y\": \"oops\"}]}";
    int status = glint_render_png(renderer, bad, strlen(bad), &png, &png_length);
    printf("bad spec: %d %s\n", status, glint_last_error());
    printf("null renderer: %d\n", glint_render_png(NULL, spec, strlen(spec), &png, &png_length));

    glint_renderer_destroy(renderer);
    return 0;
}
