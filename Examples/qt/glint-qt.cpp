// A live Glint chart in a Qt 6 window, drawn with the widget's own GL context (a QOpenGLWidget): a noisy sine
// streams in on a timer and the view follows it; drag to pan, scroll to zoom, hover a point for its value.
// Build, run and test: README.md. No Q_OBJECT (lambdas take the signals), so no moc.
#include <QApplication>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLWidget>
#include <QRandomGenerator>
#include <QSurfaceFormat>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <glint.h>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <vector>

#include "../desktop/frame_dump.h"
#include "../desktop/live_signal.h"

static const int tickMs = 20, samplesPerTick = 4;  // 200 samples a second
static const double sampleStep = 0.005;            // seconds of x between samples

// SIGUSR1 (tests, with GLINT_EXAMPLE_DUMP set): dump the next frame. The handler only sets this; the timer reads it.
static volatile std::sig_atomic_t dumpSignalled = 0;

static void onDumpSignal(int) { dumpSignalled = 1; }

class ChartWidget : public QOpenGLWidget {
public:
    ChartWidget(glint_chart *chart, const char *dumpPrefix) : chart(chart), dumpPrefix(dumpPrefix) {
        // At most a minute of samples per series: the oldest are dropped as new ones come.
        for (int series = 0; series < 2; series++) glint_chart_set_capacity(chart, series, 60 * 200);
        // The first 30 s recorded before the window opens, so that there is history to pan back to.
        for (int tick = 0; tick < 30 * 1000 / tickMs; tick++) appendSamples();

        // The timer: a tick's samples are appended (any thread could; this one is the UI's), then a frame is asked for.
        connect(&timer, &QTimer::timeout, this, [this] {
            if (dumpSignalled) {
                dumpSignalled = 0;
                dumpRequested = true;
            }
            appendSamples();
            update();
        });
        timer.start(tickMs);
        resize(800, 500);
        setWindowTitle("Glint in Qt 6");
    }

    ~ChartWidget() override { releasePainter(); }

protected:
    // The widget's GL context exists now and is current: Glint's painter is made with it and used only with it.
    void initializeGL() override {
        auto *gl = context()->functions();
        std::fprintf(stderr, "glint-qt: %s context: %s, %s\n", context()->isOpenGLES() ? "OpenGL ES" : "OpenGL",
                     reinterpret_cast<const char *>(gl->glGetString(GL_VERSION)),
                     reinterpret_cast<const char *>(gl->glGetString(GL_RENDERER)));
        // Qt makes a new context when the widget moves to another top-level window: the painter belongs to the
        // old one and goes with it.
        connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] { releasePainter(); });
        painter = glint_gl_painter_create();
        if (!painter) std::fprintf(stderr, "glint-qt: glint_gl_painter_create: %s\n", glint_last_error());
        updateScale();
    }

    // The painter's GL objects are freed with their context current.
    void releasePainter() {
        if (!painter) return;
        makeCurrent();
        glint_gl_painter_destroy(painter);
        painter = nullptr;
        doneCurrent();
    }

    // Qt gives the new size in device-independent pixels; the scale checked (updateScale), the chart is laid out
    // again in device pixels, the size of the framebuffer paintGL draws into.
    void resizeGL(int width, int height) override {
        updateScale();
        frameWidth = std::lround(width * devicePixelRatioF());
        frameHeight = std::lround(height * devicePixelRatioF());
        glint_chart_resize(chart, frameWidth, frameHeight);
    }

    // QOpenGLWidget has bound its framebuffer (defaultFramebufferObject, not 0) with the context current; Glint
    // draws the frame into it with the chart's top-left corner at the framebuffer's.
    void paintGL() override {
        if (!painter) return;
        // A move to a screen of another ratio remakes the framebuffer at its new size without calling resizeGL.
        if (devicePixelRatioF() != chartScale) resizeGL(width(), height());
        if (glint_chart_gl_draw(chart, painter, defaultFramebufferObject(), 0, 0) != GLINT_OK)
            std::fprintf(stderr, "glint-qt: glint_chart_gl_draw: %s\n", glint_last_error());
        if (dumpRequested) {
            // Tests: the frame just drawn, read back from the same framebuffer (bound for reading too).
            dumpRequested = false;
            std::vector<uint8_t> rows(size_t(frameWidth) * size_t(frameHeight) * 4);
            context()->functions()->glReadPixels(0, 0, frameWidth, frameHeight, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
            frame_dump_write(dumpPrefix, chart, rows.data(), frameWidth, frameHeight, nextX - sampleStep);
        }
    }

    // Drag: the view follows the pointer, panned by the move since the last event (in device pixels) over the plot's
    // width, so that the data under the pointer stays under it.
    void mousePressEvent(QMouseEvent *event) override { dragX = event->position().x(); }

    void mouseMoveEvent(QMouseEvent *event) override {
        if (!(event->buttons() & Qt::LeftButton)) return;
        double plotX, plotY, plotWidth, plotHeight;
        if (glint_chart_plot_area(chart, &plotX, &plotY, &plotWidth, &plotHeight) != GLINT_OK || plotWidth <= 0) return;
        glint_chart_pan(chart, -(event->position().x() - dragX) * devicePixelRatioF() / plotWidth);
        dragX = event->position().x();
        update();
    }

    // Wheel: each step (120 eighths of a degree) zooms x by 1.25, in when scrolled up, keeping the x under the
    // pointer (its data value at the pointer's device pixel) in place.
    void wheelEvent(QWheelEvent *event) override {
        double scale = devicePixelRatioF(), x, y;
        if (glint_chart_data_at(chart, event->position().x() * scale, event->position().y() * scale, &x, &y) != GLINT_OK) return;
        glint_chart_zoom(chart, std::pow(1.25, event->angleDelta().y() / 120.0), x);
        update();
    }

    // Tooltip: what lies under the pointer (hit-tested in device pixels of the chart's current view).
    bool event(QEvent *event) override {
        if (event->type() != QEvent::ToolTip) return QOpenGLWidget::event(event);
        auto *help = static_cast<QHelpEvent *>(event);
        double scale = devicePixelRatioF();
        glint_hit hit;
        QString text;
        if (glint_chart_hit_test(chart, help->pos().x() * scale, help->pos().y() * scale, 8 * scale, &hit) == GLINT_OK) {
            if (hit.kind == 1 && hit.series >= 0 && hit.series < int(std::size(live_signal_series)))
                text = QString("%1\nx = %2 s\ny = %3").arg(live_signal_series[hit.series]).arg(hit.x, 0, 'f', 3).arg(hit.y, 0, 'f', 3);
            else if (hit.kind == 2)
                text = QString::fromUtf8(hit.label);
        }
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }

private:
    // The device pixel ratio (2 on a HiDPI screen): text, strokes and margins drawn that many device pixels to one
    // of the spec's, the frame keeping the framebuffer's size. Set when it differs from the last one set.
    void updateScale() {
        if (devicePixelRatioF() == chartScale) return;
        chartScale = devicePixelRatioF();
        glint_chart_set_scale(chart, chartScale);
    }

    // Appends a tick's samples to both series: the signal's source.
    void appendSamples() {
        double xs[samplesPerTick], noisy[samplesPerTick], clean[samplesPerTick];
        for (int i = 0; i < samplesPerTick; i++) {
            xs[i] = nextX;
            clean[i] = std::sin(nextX * 2.0);
            noisy[i] = clean[i] + QRandomGenerator::global()->bounded(0.4) - 0.2;
            nextX += sampleStep;
        }
        glint_chart_append(chart, 0, xs, noisy, samplesPerTick);
        glint_chart_append(chart, 1, xs, clean, samplesPerTick);
    }

    glint_chart *chart;
    glint_gl_painter *painter = nullptr;  // made in initializeGL, with the widget's context current
    QTimer timer;
    int frameWidth = 0, frameHeight = 0;  // the framebuffer's size in device pixels
    double chartScale = 1;                // the scale last set (the spec's is 1)
    double nextX = 0;                     // the x of the next sample
    double dragX = 0;                     // the pointer's x at the last drag event, in widget pixels
    const char *dumpPrefix;               // GLINT_EXAMPLE_DUMP: where a requested dump goes (tests)
    bool dumpRequested = false;
};

int main(int argc, char **argv) {
    // OpenGL ES 3.0: what Glint's shaders are written for (GLSL ES 3.00); see README.md. Set before the
    // application exists, as QOpenGLWidget asks.
    QSurfaceFormat format;
    format.setRenderableType(QSurfaceFormat::OpenGLES);
    format.setVersion(3, 0);
    QSurfaceFormat::setDefaultFormat(format);
    QApplication application(argc, argv);

    // The chart is painted on the CPU only for glint_chart_render_rgba (the tests' reference); the window's frames
    // come from the GL painter.
    glint_renderer *renderer = glint_renderer_create("cpu");
    glint_chart *chart = renderer ? glint_chart_create(renderer, live_signal_spec, std::strlen(live_signal_spec)) : nullptr;
    if (!chart) {
        std::fprintf(stderr, "glint-qt: %s\n", glint_last_error());
        return 1;
    }
    const char *dumpPrefix = std::getenv("GLINT_EXAMPLE_DUMP");
    if (dumpPrefix) std::signal(SIGUSR1, onDumpSignal);
    int status;
    {
        ChartWidget widget(chart, dumpPrefix);
        widget.show();
        status = application.exec();
    }
    glint_chart_destroy(chart);
    glint_renderer_destroy(renderer);
    return status;
}
