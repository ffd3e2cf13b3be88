/* Draws a chart with the program's own GL context through Glint's C API: a headless EGL context (Mesa's
   surfaceless platform), a framebuffer of the program's, host drawing before and after.
   cc Examples/c/host_gl.c -Iinclude -L.build/debug -lGlintC -lEGL -lGLESv2 -o host_gl && LD_LIBRARY_PATH=.build/debug ./host_gl */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <glint.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC platform_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay display = platform_display ? platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL) : EGL_NO_DISPLAY;
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) { fprintf(stderr, "no EGL display\n"); return 2; }
    eglBindAPI(EGL_OPENGL_ES_API);
    const EGLint config_attributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
    EGLConfig config;
    EGLint count = 0;
    eglChooseConfig(display, config_attributes, &config, 1, &count);
    const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLContext context = eglCreateContext(display, count ? config : NULL, EGL_NO_CONTEXT, context_attributes);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        fprintf(stderr, "no EGL context\n");
        return 2;
    }

    /* The host's framebuffer, cleared to dark blue. */
    GLuint framebuffer, renderbuffer;
    glGenFramebuffers(1, &framebuffer);
    glGenRenderbuffers(1, &renderbuffer);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 400, 300);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer);
    glClearColor(0, 0, 0.5f, 1);
    glClear(GL_COLOR_BUFFER_BIT);

    glint_gl_painter *painter = glint_gl_painter_create();
    if (!painter) { fprintf(stderr, "glint: %s\n", glint_last_error()); return 1; }
    const char *spec = "{\"width\": 200, \"height\": 150, \"series\": [{\"y\": [1, 3, 2]}], \"legend\": {\"visible\": false}}";
    int status = glint_gl_draw(painter, spec, strlen(spec), framebuffer, 150, 100);
    GLint bound = -1;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
    unsigned char inside[4], outside[4];
    glReadPixels(160, 240, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, inside);   /* the chart's white background */
    glReadPixels(20, 20, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, outside);    /* the host's blue */
    printf("draw %d, framebuffer still bound %d, inside %d,%d,%d, outside %d,%d,%d\n", status, bound == (GLint)framebuffer,
           inside[0], inside[1], inside[2], outside[0], outside[1], outside[2]);
    int bad = glint_gl_draw(painter, "{", 1, framebuffer, 0, 0);
    printf("bad spec %d: %s\n", bad, glint_last_error());

    /* A live chart drawn as frames: appended to, following, drawn with the same painter into the framebuffer. */
    const char *live_spec = "{\"width\": 200, \"height\": 150, \"series\": [{\"x\": [], \"y\": [], \"color\": \"#ff0000\", \"width\": 4}],"
                            " \"y\": {\"range\": [-1, 1]}, \"legend\": {\"visible\": false}}";
    glint_renderer *renderer = glint_renderer_create("cpu");
    glint_chart *chart = renderer ? glint_chart_create(renderer, live_spec, strlen(live_spec)) : NULL;
    if (!chart) { fprintf(stderr, "glint: %s\n", glint_last_error()); return 1; }
    glint_chart_follow(chart, 1000);
    double xs[1000], ys[1000];
    int drawn = 0;
    for (int frame = 0; frame < 3; frame++) {
        for (int i = 0; i < 1000; i++) { xs[i] = frame * 1000 + i; ys[i] = 0; }
        glint_chart_append(chart, 0, xs, ys, 1000);
        drawn |= glint_chart_gl_draw(chart, painter, framebuffer, 150, 100);
    }
    /* The red line's pixels in the chart's rectangle: nothing else there is red. */
    static unsigned char area[200 * 150 * 4];
    glReadPixels(150, 100, 200, 150, GL_RGBA, GL_UNSIGNED_BYTE, area);
    int red = 0;
    for (int i = 0; i < 200 * 150; i++) red += area[4 * i] > 200 && area[4 * i + 1] < 60 && area[4 * i + 2] < 60;
    printf("live frames %d, the line drawn %s\n", drawn, red > 100 ? "yes" : "no");
    int refused = glint_chart_gl_draw(chart, NULL, framebuffer, 0, 0);
    printf("live, no painter %d: %s\n", refused, glint_last_error());
    glint_chart_destroy(chart);
    glint_renderer_destroy(renderer);

    glint_gl_painter_destroy(painter);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    printf("no context: %s\n", glint_gl_painter_create() ? "created" : glint_last_error());
    eglDestroyContext(display, context);
    eglTerminate(display);
    return 0;
}
