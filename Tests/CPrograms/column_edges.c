/* glint_column values at their extremes, each answered with a status and a message, never a crash:
   compiled and run by CAPITests.columnsAtTheirExtremesAreRefused. */
#include <glint.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    glint_renderer *renderer = glint_renderer_create("cpu");
    if (!renderer) return 1;
    const char *spec = "{\"width\": 120, \"height\": 80, \"series\": [{\"data\": {\"x\": \"x\", \"y\": \"y\"}}]}";
    double values[4] = {1, 2, 3, 4};
    uint8_t codes[4] = {0, 1, 7, 255};
    const char *names[2] = {"a", "\xff\xfe"};
    glint_column y = {.name = "y", .data = values, .type = GLINT_F64, .count = 4};
    glint_column xs[] = {
        {.name = "x", .data = values, .type = GLINT_F64, .count = SIZE_MAX},
        {.name = "x", .data = values, .type = GLINT_F64, .count = 4, .stride = SIZE_MAX},
        {.name = "x", .data = values, .type = GLINT_F64, .count = 4, .stride = SIZE_MAX / 2},
        {.name = "x", .data = values, .type = GLINT_F64, .count = 4, .offset = SIZE_MAX},
        {.name = "x", .data = NULL, .type = GLINT_F64, .count = 4},
        {.name = "x", .data = codes, .type = GLINT_CATEGORY_U8, .count = 4, .categories = NULL, .category_count = 2},
        {.name = "x", .data = codes, .type = GLINT_CATEGORY_U8, .count = 4, .categories = names, .category_count = 2},
        {.name = "x", .data = codes, .type = GLINT_CATEGORY_U8, .count = 4, .categories = names, .category_count = SIZE_MAX},
        {.name = NULL, .data = values, .type = GLINT_F64, .count = 4},
        {.name = "x", .data = values, .type = -5, .count = 4},
        {.name = "x", .data = codes, .type = GLINT_CATEGORY_U8, .count = 2, .categories = names, .category_count = 2},
    };
    for (unsigned k = 0; k < sizeof xs / sizeof xs[0]; k++) {
        glint_column pair[2] = {xs[k], y};
        if (k == sizeof xs / sizeof xs[0] - 1) pair[1].count = 2;
        uint8_t *out = NULL;
        size_t length = 0;
        int status = glint_render(renderer, spec, strlen(spec), pair, 2, "png", &out, &length);
        printf("case %u: %d %s\n", k, status, status ? glint_last_error() : "rendered");
        glint_free(out);
    }
    uint8_t *out = NULL;
    size_t length = 0;
    int status = glint_render(renderer, spec, strlen(spec), NULL, 3, "png", &out, &length);
    printf("null columns: %d %s\n", status, glint_last_error());
    status = glint_render(renderer, spec, strlen(spec), &y, SIZE_MAX, "png", &out, &length);
    printf("column_count SIZE_MAX: %d %s\n", status, glint_last_error());
    glint_renderer_destroy(renderer);
    return 0;
}
