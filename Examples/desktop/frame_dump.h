/* Test support shared by the GTK 4 and Qt examples (Examples/gtk4, Examples/qt). When the environment names a path
   prefix in GLINT_EXAMPLE_DUMP, an example asked for a dump (SIGUSR1) hands the frame it has just drawn into its
   window's framebuffer to frame_dump_write, which writes it beside a headless render of the chart's same view:
     PREFIX-N.window.pam    the window's frame (RGBA, top row first)
     PREFIX-N.headless.pam  glint_chart_render_rgba of the chart now (Glint's CPU painter)
     PREFIX-N.txt           "width height lower upper newest plot_x plot_y plot_width plot_height": the frame's size,
                            the view's x range, the newest x, the plot's rectangle (glint_chart_plot_area, device pixels)
   N counts the dumps from 0; the .txt file appears last, so a test that sees it can read all three. */
#ifndef FRAME_DUMP_H
#define FRAME_DUMP_H

#include <glint.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* `rows` is the frame as glReadPixels reads it (RGBA8, bottom row first), `width` x `height` pixels; `newest` is the
   newest x appended. Returns 0, or -1 after printing why to standard error. */
int frame_dump_write(const char *prefix, glint_chart *chart, const uint8_t *rows, int width, int height, double newest);

#ifdef __cplusplus
}
#endif

#endif
