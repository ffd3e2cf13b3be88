/* Hands arrays to Glint instead of JSON numbers: glint_render with glint_column (doubles read in place, an
   interleaved array by stride and offset, category codes with their names, datetime64 nanoseconds), then the
   result's painter, size and notices, and the errors a bad column gets.
   Installed: cc Examples/c/columns.c $(pkg-config --cflags --libs glint) -o columns && ./columns out.png
   From the build folder: cc Examples/c/columns.c -Iinclude -L.build/debug -lGlintC -o columns &&
   LD_LIBRARY_PATH=.build/debug ./columns out.png */
#include <glint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A measurement as an instrument logs it: both fields in one record, read by stride and offset. */
typedef struct {
    double time;
    float value;
    float spare;
} record;

static int render(glint_renderer *renderer, const char *spec, const glint_column *columns, size_t count, const char *format,
                  const char *path) {
    uint8_t *bytes = NULL;
    size_t length = 0;
    int status = glint_render(renderer, spec, strlen(spec), columns, count, format, &bytes, &length);
    if (status != GLINT_OK) return status;
    int width = 0, height = 0;
    glint_result_size(&width, &height);
    size_t notices = 0;
    const char *const *notice = glint_result_notices(&notices);
    printf("%s: %s %dx%d, %zu bytes, %zu notices%s%s\n", format, glint_result_painter(), width, height, length, notices,
           notices ? ": " : "", notices ? notice[0] : "");
    if (path) {
        FILE *file = fopen(path, "wb");
        fwrite(bytes, 1, length, file);
        fclose(file);
    }
    if (strcmp(format, "rgba") == 0) printf("rgba top-left %u,%u,%u,%u\n", bytes[0], bytes[1], bytes[2], bytes[3]);
    glint_free(bytes);
    return GLINT_OK;
}

int main(int argc, char **argv) {
    printf("glint %s\n", glint_version());
    glint_renderer *renderer = glint_renderer_create("cpu");
    if (!renderer) { fprintf(stderr, "no renderer: %s\n", glint_last_error()); return 1; }

    enum { N = 1000 };
    record *log = malloc(N * sizeof(record));
    double *smooth = malloc(N * sizeof(double));
    for (int i = 0; i < N; i++) {
        log[i] = (record){.time = i * 0.01, .value = (float)sin(i * 0.02), .spare = 0};
        smooth[i] = 0.8 * sin(i * 0.02 - 0.3);
    }
    smooth[500] = NAN; /* a gap */
    glint_column lines[] = {
        {.name = "t", .data = log, .type = GLINT_F64, .count = N, .stride = sizeof(record), .offset = offsetof(record, time)},
        {.name = "raw", .data = log, .type = GLINT_F32, .count = N, .stride = sizeof(record), .offset = offsetof(record, value)},
        {.name = "smooth", .data = smooth, .type = GLINT_F64, .count = N},
    };
    const char *spec = "{\"width\": 480, \"height\": 300, \"title\": \"Columns from C\", \"series\": ["
                       "{\"name\": \"raw\", \"data\": {\"x\": \"t\", \"y\": \"raw\"}},"
                       "{\"name\": \"smooth\", \"data\": {\"x\": \"t\", \"y\": \"smooth\"}, \"width\": 3}]}";
    if (render(renderer, spec, lines, 3, "png", argc > 1 ? argv[1] : "columns.png") != GLINT_OK) {
        fprintf(stderr, "render failed: %s\n", glint_last_error());
        return 1;
    }
    if (render(renderer, spec, lines, 3, "rgba", NULL) != GLINT_OK) return 1;
    if (render(renderer, spec, lines, 3, "svg", NULL) != GLINT_OK) return 1;

    /* Categories: codes into names (a repeated name is summed, with a notice); datetimes in nanoseconds. */
    const char *fruit[] = {"fig", "pear", "apple"};
    uint8_t codes[] = {1, 2, 0, 2};
    double counts[] = {3, 5, 2, 1};
    int64_t days[] = {1704067200000000000LL, 1704153600000000000LL, 1704240000000000000LL, 1704326400000000000LL};
    glint_column tables[] = {
        {.name = "fruit", .data = codes, .type = GLINT_CATEGORY_U8, .count = 4, .categories = fruit, .category_count = 3},
        {.name = "n", .data = counts, .type = GLINT_F64, .count = 4},
        {.name = "day", .data = days, .type = GLINT_DATETIME64_NS, .count = 4},
    };
    const char *bars = "{\"series\": [{\"type\": \"bars\", \"data\": {\"x\": \"fruit\", \"y\": \"n\"}}]}";
    if (render(renderer, bars, tables, 3, "png", NULL) != GLINT_OK) { fprintf(stderr, "%s\n", glint_last_error()); return 1; }
    const char *dated = "{\"series\": [{\"data\": {\"x\": \"day\", \"y\": \"n\"}}]}";
    if (render(renderer, dated, tables, 3, "png", NULL) != GLINT_OK) { fprintf(stderr, "%s\n", glint_last_error()); return 1; }

    /* The layout and hit tests read the same columns: the hit's index is the point's row. */
    uint8_t *json = NULL;
    size_t json_length = 0;
    if (glint_layout_columns(renderer, dated, strlen(dated), tables, 3, &json, &json_length) != GLINT_OK) return 1;
    printf("layout names the plot: %s\n", strstr((const char *)json, "\"plot\"") ? "yes" : "no");
    glint_free(json);
    glint_hit hit;
    if (glint_hit_test_columns(renderer, bars, strlen(bars), tables, 3, 400, 250, 8, &hit) != GLINT_OK) return 1;
    printf("hit kind %d series %d index %ld\n", hit.kind, hit.series, hit.index);

    /* What a wrong column gets: a status, a message, and the JSON path when the spec is at fault. */
    const char *missing = "{\"series\": [{\"data\": {\"y\": \"price\"}}]}";
    int status = render(renderer, missing, tables, 3, "png", NULL);
    printf("missing column: %d at %s: %s\n", status, glint_last_error_path(), glint_last_error());
    glint_column unknown = {.name = "x", .data = counts, .type = 42, .count = 4};
    status = render(renderer, bars, &unknown, 1, "png", NULL);
    printf("unknown type: %d %s\n", status, glint_last_error());
    glint_column narrow = {.name = "n", .data = counts, .type = GLINT_F64, .count = 4, .stride = 4};
    status = render(renderer, bars, &narrow, 1, "png", NULL);
    printf("narrow stride: %d %s\n", status, glint_last_error());
    size_t none = 7;
    glint_result_notices(&none);
    printf("after a failure: painter '%s', %zu notices\n", glint_result_painter(), none);

    free(log);
    free(smooth);
    glint_renderer_destroy(renderer);
    return 0;
}
