/* A live Glint chart in a GTK 4 window, drawn with the window's own GL context (a GtkGLArea): a noisy sine streams
   in on a timer and the view follows it; drag to pan, scroll to zoom, hover a point for its value. Build, run and test: README.md. */
#include <epoxy/gl.h>
#include <glib-unix.h>
#include <glint.h>
#include <gtk/gtk.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "../desktop/frame_dump.h"
#include "../desktop/live_signal.h"

enum { TICK_MS = 20, SAMPLES_PER_TICK = 4 }; /* 200 samples a second */
static const double SAMPLE_STEP = 0.005;      /* seconds of x between samples */

typedef struct {
    GtkWidget *area;
    glint_renderer *renderer;
    glint_chart *chart;
    glint_gl_painter *painter; /* made in realize, with the area's context current */
    int width, height;         /* the framebuffer's size in device pixels, as the last resize gave it */
    double next_x;             /* the x of the next sample */
    double dragged;            /* the drag's offset already panned, in widget pixels */
    double pointer_x, pointer_y; /* the pointer in widget pixels, for the zoom's anchor */
    const char *dump_prefix;   /* GLINT_EXAMPLE_DUMP: where a requested dump goes (tests) */
    gboolean dump_requested;
} App;

/* The scale factor (2 on a HiDPI screen): text, strokes and margins drawn that many device pixels to one of the
   spec's, the frame keeping the framebuffer's size. Set when the area is realized and whenever the factor changes
   (the window moved to another monitor). */
static void on_scale_factor(GtkWidget *area, GParamSpec *property, App *app) {
    glint_chart_set_scale(app->chart, gtk_widget_get_scale_factor(area));
    gtk_gl_area_queue_render(GTK_GL_AREA(area));
}

/* Realize: the area's GL context exists now; Glint's painter is made with it current and used only with it. */
static void on_realize(GtkGLArea *area, App *app) {
    on_scale_factor(GTK_WIDGET(area), NULL, app);
    gtk_gl_area_make_current(area);
    if (gtk_gl_area_get_error(area)) {
        g_printerr("glint-gtk4: no GL context: %s\n", gtk_gl_area_get_error(area)->message);
        return;
    }
    g_printerr("glint-gtk4: %s context: %s, %s\n", gdk_gl_context_get_use_es(gtk_gl_area_get_context(area)) ? "OpenGL ES" : "OpenGL",
               (const char *)glGetString(GL_VERSION), (const char *)glGetString(GL_RENDERER));
    app->painter = glint_gl_painter_create();
    if (!app->painter) g_printerr("glint-gtk4: glint_gl_painter_create: %s\n", glint_last_error());
}

/* Unrealize: the painter's GL objects are freed while their context is still current. */
static void on_unrealize(GtkGLArea *area, App *app) {
    gtk_gl_area_make_current(area);
    glint_gl_painter_destroy(app->painter);
    app->painter = NULL;
}

/* Resize: GtkGLArea gives the framebuffer's new size in device pixels (the widget's size times
   gtk_widget_get_scale_factor); the chart is laid out again for it. */
static void on_resize(GtkGLArea *area, int width, int height, App *app) {
    app->width = width;
    app->height = height;
    glint_chart_resize(app->chart, width, height);
}

/* Render: GtkGLArea has bound its own framebuffer (not 0) with the context current; Glint draws the frame into it
   with the chart's top-left corner at the framebuffer's. */
static gboolean on_render(GtkGLArea *area, GdkGLContext *context, App *app) {
    if (!app->painter) return FALSE;
    GLint framebuffer = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
    if (glint_chart_gl_draw(app->chart, app->painter, (unsigned)framebuffer, 0, 0) != GLINT_OK)
        g_printerr("glint-gtk4: glint_chart_gl_draw: %s\n", glint_last_error());
    if (app->dump_requested) {
        /* Tests: the frame just drawn, read back from the same framebuffer (bound for reading too). */
        app->dump_requested = FALSE;
        uint8_t *rows = g_malloc((size_t)app->width * (size_t)app->height * 4);
        glReadPixels(0, 0, app->width, app->height, GL_RGBA, GL_UNSIGNED_BYTE, rows);
        frame_dump_write(app->dump_prefix, app->chart, rows, app->width, app->height, app->next_x - SAMPLE_STEP);
        g_free(rows);
    }
    return TRUE;
}

/* Appends a tick's samples to both series: the signal's source. */
static void append_samples(App *app) {
    double xs[SAMPLES_PER_TICK], noisy[SAMPLES_PER_TICK], clean[SAMPLES_PER_TICK];
    for (int i = 0; i < SAMPLES_PER_TICK; i++) {
        xs[i] = app->next_x;
        clean[i] = sin(app->next_x * 2.0);
        noisy[i] = clean[i] + g_random_double_range(-0.2, 0.2);
        app->next_x += SAMPLE_STEP;
    }
    glint_chart_append(app->chart, 0, xs, noisy, SAMPLES_PER_TICK);
    glint_chart_append(app->chart, 1, xs, clean, SAMPLES_PER_TICK);
}

/* The timer: a tick's samples are appended (any thread could; this one is the UI's), then a frame is asked for. */
static gboolean on_tick(gpointer data) {
    App *app = data;
    append_samples(app);
    gtk_gl_area_queue_render(GTK_GL_AREA(app->area));
    return G_SOURCE_CONTINUE;
}

/* Drag: the view follows the pointer, panned by the move since the last update (in device pixels) over the plot's
   width, so that the data under the pointer stays under it. */
static void on_drag_begin(GtkGestureDrag *gesture, double x, double y, App *app) {
    app->dragged = 0;
}

static void on_drag_update(GtkGestureDrag *gesture, double offset_x, double offset_y, App *app) {
    double plot_x, plot_y, plot_width, plot_height;
    if (glint_chart_plot_area(app->chart, &plot_x, &plot_y, &plot_width, &plot_height) != GLINT_OK || plot_width <= 0) return;
    glint_chart_pan(app->chart, -(offset_x - app->dragged) * gtk_widget_get_scale_factor(app->area) / plot_width);
    app->dragged = offset_x;
    gtk_gl_area_queue_render(GTK_GL_AREA(app->area));
}

/* Motion: where the pointer is, for the zoom's anchor. */
static void on_motion(GtkEventControllerMotion *controller, double x, double y, App *app) {
    app->pointer_x = x;
    app->pointer_y = y;
}

/* Scroll: each wheel step zooms x by 1.25, in when scrolled up, keeping the x under the pointer (its data value at
   the pointer's device pixel) in place. */
static gboolean on_scroll(GtkEventControllerScroll *controller, double dx, double dy, App *app) {
    int scale = gtk_widget_get_scale_factor(app->area);
    double x, y;
    if (glint_chart_data_at(app->chart, app->pointer_x * scale, app->pointer_y * scale, &x, &y) != GLINT_OK) return FALSE;
    glint_chart_zoom(app->chart, pow(1.25, -dy), x);
    gtk_gl_area_queue_render(GTK_GL_AREA(app->area));
    return TRUE;
}

/* Tooltip: what lies under the pointer (hit-tested in device pixels of the chart's current view). */
static gboolean on_query_tooltip(GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, App *app) {
    int scale = gtk_widget_get_scale_factor(widget);
    glint_hit hit;
    if (glint_chart_hit_test(app->chart, x * scale, y * scale, 8 * scale, &hit) != GLINT_OK) return FALSE;
    char text[256];
    if (hit.kind == 1 && hit.series >= 0 && hit.series < (int)G_N_ELEMENTS(live_signal_series))
        g_snprintf(text, sizeof text, "%s\nx = %.3f s\ny = %.3f", live_signal_series[hit.series], hit.x, hit.y);
    else if (hit.kind == 2)
        g_snprintf(text, sizeof text, "%s", hit.label);
    else
        return FALSE;
    gtk_tooltip_set_text(tooltip, text);
    return TRUE;
}

/* SIGUSR1 (tests, with GLINT_EXAMPLE_DUMP set): dump the next frame. */
static gboolean on_dump_signal(gpointer data) {
    App *app = data;
    app->dump_requested = TRUE;
    gtk_gl_area_queue_render(GTK_GL_AREA(app->area));
    return G_SOURCE_CONTINUE;
}

static void on_activate(GtkApplication *application, App *app) {
    GtkWidget *window = gtk_application_window_new(application);
    gtk_window_set_title(GTK_WINDOW(window), "Glint in GTK 4");
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 500);

    app->area = gtk_gl_area_new();
    /* OpenGL ES 3.0: what Glint's shaders are written for (GLSL ES 3.00); see README.md. */
    gtk_gl_area_set_use_es(GTK_GL_AREA(app->area), TRUE);
    gtk_gl_area_set_required_version(GTK_GL_AREA(app->area), 3, 0);
    g_signal_connect(app->area, "realize", G_CALLBACK(on_realize), app);
    g_signal_connect(app->area, "unrealize", G_CALLBACK(on_unrealize), app);
    g_signal_connect(app->area, "resize", G_CALLBACK(on_resize), app);
    g_signal_connect(app->area, "render", G_CALLBACK(on_render), app);
    g_signal_connect(app->area, "notify::scale-factor", G_CALLBACK(on_scale_factor), app);

    GtkGesture *drag = gtk_gesture_drag_new();
    g_signal_connect(drag, "drag-begin", G_CALLBACK(on_drag_begin), app);
    g_signal_connect(drag, "drag-update", G_CALLBACK(on_drag_update), app);
    gtk_widget_add_controller(app->area, GTK_EVENT_CONTROLLER(drag));
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "enter", G_CALLBACK(on_motion), app);
    g_signal_connect(motion, "motion", G_CALLBACK(on_motion), app);
    gtk_widget_add_controller(app->area, motion);
    GtkEventController *scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
    g_signal_connect(scroll, "scroll", G_CALLBACK(on_scroll), app);
    gtk_widget_add_controller(app->area, scroll);
    gtk_widget_set_has_tooltip(app->area, TRUE);
    g_signal_connect(app->area, "query-tooltip", G_CALLBACK(on_query_tooltip), app);

    gtk_window_set_child(GTK_WINDOW(window), app->area);
    g_timeout_add(TICK_MS, on_tick, app);
    if (app->dump_prefix) g_unix_signal_add(SIGUSR1, on_dump_signal, app);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    App app = {.dump_prefix = getenv("GLINT_EXAMPLE_DUMP")};
    /* The chart is painted on the CPU only for glint_chart_render_rgba (the tests' reference); the window's frames
       come from the GL painter. */
    app.renderer = glint_renderer_create("cpu");
    app.chart = app.renderer ? glint_chart_create(app.renderer, live_signal_spec, strlen(live_signal_spec)) : NULL;
    if (!app.chart) {
        g_printerr("glint-gtk4: %s\n", glint_last_error());
        return 1;
    }
    /* At most a minute of samples per series: the oldest are dropped as new ones come. */
    for (int series = 0; series < 2; series++) glint_chart_set_capacity(app.chart, series, 60 * 200);
    /* The first 30 s recorded before the window opens, so that there is history to pan back to. */
    for (int tick = 0; tick < 30 * 1000 / TICK_MS; tick++) append_samples(&app);

    GtkApplication *application = gtk_application_new("org.glint.Gtk4Example", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(on_activate), &app);
    int status = g_application_run(G_APPLICATION(application), argc, argv);
    g_object_unref(application);
    glint_chart_destroy(app.chart);
    glint_renderer_destroy(app.renderer);
    return status;
}
