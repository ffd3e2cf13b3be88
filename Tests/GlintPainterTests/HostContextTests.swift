import CGLES3
import Foundation
import Glint
import GlintGL
import GlintRenderTestSupport
import Testing

/// Drawing with the host's own GL context into its framebuffer: the chart lands where asked, the host's pixels
/// around it and its GL state survive, and the host keeps drawing after.
@Suite(.serialized) struct HostContextTests {
    static let chart = Chart(width: 200, height: 150, title: "Host", series: [.line(name: "a", x: [0, 1, 2, 3], y: [1, 3, 2, 4])],
                             legend: Legend(visible: false))

    /// One pixel of the bound read framebuffer (GL rows: 0 at the bottom).
    static func pixel(_ x: Int, _ y: Int) -> RGB {
        var p = [UInt8](repeating: 0, count: 4)
        glReadPixels(GLint(x), GLint(y), 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &p)
        return RGB(Int(p[0]), Int(p[1]), Int(p[2]))
    }

    /// A framebuffer of the host's, `width` × `height` RGBA8, bound (in the current context).
    struct OwnFramebuffer {
        var framebuffer: GLuint = 0, renderbuffer: GLuint = 0

        init(width: Int, height: Int) {
            glGenFramebuffers(1, &framebuffer)
            glGenRenderbuffers(1, &renderbuffer)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        }

        func delete() {
            var (f, r) = (framebuffer, renderbuffer)
            glDeleteFramebuffers(1, &f)
            glDeleteRenderbuffers(1, &r)
        }
    }

    static func integers(_ name: Int32, _ count: Int = 1) -> [GLint] {
        var values = [GLint](repeating: 0, count: count)
        glGetIntegerv(GLenum(name), &values)
        return values
    }

    @Test(needsGL) func drawsIntoTheHostFramebufferAndPutsItsStateBack() throws {
        // The headless render to compare with, first: the shared renderer makes its own context current.
        let expected = try Shared.renderer(.gl).render(HostContextTests.chart)
        let egl = try HeadlessEGL()
        try egl.makeCurrent()
        defer { egl.releaseCurrent() }
        // The host: a 400×300 framebuffer, dark blue with a red square, and state of its own.
        let host = OwnFramebuffer(width: 400, height: 300), fbo = host.framebuffer
        defer { host.delete() }
        var vao: GLuint = 0, buffer: GLuint = 0
        glViewport(0, 0, 400, 300)
        glClearColor(0, 0, 0.5, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(10, 10, 50, 50)
        glClearColor(1, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE))
        glViewport(5, 5, 390, 290)
        glClearColor(0.25, 0.5, 0.75, 1)
        let before = [HostContextTests.integers(GL_VERTEX_ARRAY_BINDING), HostContextTests.integers(GL_ARRAY_BUFFER_BINDING),
                      HostContextTests.integers(GL_VIEWPORT, 4), HostContextTests.integers(GL_SCISSOR_BOX, 4),
                      HostContextTests.integers(GL_BLEND_SRC_RGB), HostContextTests.integers(GL_BLEND_DST_RGB),
                      HostContextTests.integers(GL_DRAW_FRAMEBUFFER_BINDING), HostContextTests.integers(GL_CURRENT_PROGRAM)]

        let glint = try HostGLRenderer()
        try glint.draw(HostContextTests.chart, framebuffer: fbo, x: 150, y: 100)

        let after = [HostContextTests.integers(GL_VERTEX_ARRAY_BINDING), HostContextTests.integers(GL_ARRAY_BUFFER_BINDING),
                     HostContextTests.integers(GL_VIEWPORT, 4), HostContextTests.integers(GL_SCISSOR_BOX, 4),
                     HostContextTests.integers(GL_BLEND_SRC_RGB), HostContextTests.integers(GL_BLEND_DST_RGB),
                     HostContextTests.integers(GL_DRAW_FRAMEBUFFER_BINDING), HostContextTests.integers(GL_CURRENT_PROGRAM)]
        #expect(after == before, "the host's state is put back")
        #expect(glIsEnabled(GLenum(GL_SCISSOR_TEST)) != 0 && glIsEnabled(GLenum(GL_BLEND)) != 0)
        var clear = [GLfloat](repeating: 0, count: 4)
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clear)
        #expect(clear == [0.25, 0.5, 0.75, 1])
        // The host draws after Glint: a green square with its own scissor.
        glScissor(330, 20, 40, 40)
        glClearColor(0, 1, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), fbo)
        #expect(HostContextTests.pixel(30, 30) == RGB(255, 0, 0), "host content before Glint")
        #expect(HostContextTests.pixel(350, 40) == RGB(0, 255, 0), "host content after Glint")
        // 0.5 × 255 is a tie: GL leaves its rounding to the driver (Mesa 128, NVIDIA 127).
        #expect(HostContextTests.pixel(100, 250).near(RGB(0, 0, 128), 1), "outside the chart's rectangle")
        // Inside it, the chart as the headless renderer draws it (image row 0 is the rectangle's top row).
        var mismatched = 0
        for row in stride(from: 0, to: 150, by: 7) {
            for column in stride(from: 0, to: 200, by: 7) where !HostContextTests.pixel(150 + column, 100 + 149 - row).near(RGB(expected, column, row), 8) {
                mismatched += 1
            }
        }
        #expect(mismatched == 0, "\(mismatched) sampled pixels differ from the headless render")
        glDeleteVertexArrays(1, &vao)
        glDeleteBuffers(1, &buffer)
    }

    /// A live chart's frames drawn with the host's context (`RetainedChart.draw(with:)`, the viewer's way): a view
    /// that follows appended points, then pans, each frame within the painters' parity bound of the headless GL
    /// renderer's fresh render of the same chart (the host's painter draws the lines from the points it kept on the
    /// GPU; the fresh render uploads them all).
    @Test(needsGL) func aLiveChartsFramesDrawnWithTheHostsContextAreFreshRenders() throws {
        var chart = Chart(width: 320, height: 200, series: (0..<2).map { k in
            Series.line(name: "s\(k)", x: Column([Double]()), y: Column([Double]()), width: 1.5)
        })
        (chart.x.range, chart.y.range, chart.legend.visible) = (0...1, -12...12, false)
        let live = try RetainedChart(chart, renderer: Shared.renderer(.cpu))
        try live.follow(x: 40_000)  // 40,000 points a line in view: reduced by M4, and drawn from the GPU's copy
        let egl = try HeadlessEGL()
        try egl.makeCurrent()
        defer { egl.releaseCurrent() }
        let target = OwnFramebuffer(width: 320, height: 200), fbo = target.framebuffer
        defer { target.delete() }
        let host = try HostGLRenderer()
        /// Draws a frame with the host and compares it, row for row, with a fresh headless render.
        func frame(_ moment: String) throws {
            try live.draw(with: host, framebuffer: fbo)
            var drawn = [UInt8](repeating: 0, count: 320 * 200 * 4)
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), fbo)
            glReadPixels(0, 0, 320, 200, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &drawn)
            let fresh = try Shared.renderer(.gl).render(live.chart)  // the shared renderer's own context, then ours again
            try egl.makeCurrent()
            let rowBytes = 320 * 4
            var rows: [UInt8] = []
            for row in (0..<200).reversed() { rows += drawn[(row * rowBytes)..<((row + 1) * rowBytes)] }
            let figures = ParityFigures(Image(width: 320, height: 200, pixels: rows, backend: .gl), fresh)
            #expect(figures.withinShare >= 0.9999 && figures.worst <= 64, "\(moment): \(figures)")
        }
        for round in 0..<5 {
            let (x, y) = TestCharts.livePoints(round * 16_000..<(round + 1) * 16_000)
            for k in 0..<2 { try live.append(series: k, x: x, y: y.map { $0 - Double(k) * 3 }) }
            try frame("after round \(round)")
        }
        live.pan(by: -0.2)
        try frame("after a pan")
    }

    @Test(needsGL) func anIncompleteFramebufferIsAnError() throws {
        let egl = try HeadlessEGL()
        try egl.makeCurrent()
        defer { egl.releaseCurrent() }
        let glint = try HostGLRenderer()
        var fbo: GLuint = 0
        glGenFramebuffers(1, &fbo)
        defer { glDeleteFramebuffers(1, &fbo) }
        do {
            try glint.draw(HostContextTests.chart, framebuffer: fbo)
            Issue.record("drawing into a framebuffer without attachments succeeded")
        } catch {
            #expect("\(error)".contains("incomplete"), "\(error)")
        }
    }

    @Test(needsGL) func withoutAContextItSaysSo() throws {
        #expect(throws: GlintError.self) { _ = try HostGLRenderer() }
    }
}
