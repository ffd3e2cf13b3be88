import CGLES3
import CSDL2
import Foundation
import Glint

/// A window showing a `RetainedChart`, redrawn after each change: by Glint's CPU painter into a streaming texture,
/// or with `hostGL` by `HostGLRenderer` straight into the window's own OpenGL 3.3 core context (`RetainedChart.draw(with:)`:
/// the live lines' points kept on the GPU from frame to frame). With `stream`, rows
/// from standard input are appended live (`StreamReader`) and drawn as they come, at most one frame per 16 ms.
final class Viewer {
    private var retained: RetainedChart
    private let renderer: Renderer
    private let window: OpaquePointer
    private var canvas: OpaquePointer?
    private var texture: OpaquePointer?
    /// The texture's size, which must be the image's for an update.
    private var textureSize = (width: 0, height: 0)
    private var context: SDL_GLContext?
    private var host: HostGLRenderer?
    private var size: (width: Int32, height: Int32)
    private var drag: (x: Int32, y: Int32, moved: Bool)?
    private var dirty = true
    /// The rows appended from standard input, with `--stream`.
    private var stream: StreamReader?

    /// A window for the chart `spec`; `stream` appends rows from standard input, `follow` keeps the last `follow`
    /// of x in view (`RetainedChart.follow`).
    init(spec: String, hostGL: Bool, stream: Bool = false, follow: Double? = nil) throws {
        renderer = try Renderer(options: Renderer.Options(backend: .cpu))
        let chart = try ChartSpec.decode(file: spec)
        retained = try RetainedChart(chart, renderer: renderer)
        if let follow { try retained.follow(x: follow) }
        if stream {
            let live = chart.series.indices.filter { [.line, .dots].contains(chart.series[$0].kind) }
            guard !live.isEmpty else { throw ViewerError.script("--stream: the spec has no line or dots series to append to") }
            self.stream = StreamReader(chart: retained, series: live)
        }
        size = (Int32(chart.width), Int32(chart.height))
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw ViewerError.sdl("SDL_Init: " + String(cString: SDL_GetError())) }
        if hostGL {
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue | (hostGL ? SDL_WINDOW_OPENGL.rawValue : 0)
        guard let window = SDL_CreateWindow("Glint — \((spec as NSString).lastPathComponent)", Int32(SDL_WINDOWPOS_UNDEFINED_MASK),
                                            Int32(SDL_WINDOWPOS_UNDEFINED_MASK), size.width, size.height, flags) else {
            throw ViewerError.sdl("window: " + String(cString: SDL_GetError()))
        }
        self.window = window
        if hostGL {
            guard let context = SDL_GL_CreateContext(window) else { throw ViewerError.sdl("GL context: " + String(cString: SDL_GetError())) }
            self.context = context
            let glint = try HostGLRenderer()
            FileHandle.standardError.write(Data("viewer: drawing with \(glint.info.version) (\(glint.info.renderer))\n".utf8))
            host = glint
        } else {
            guard let canvas = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
                throw ViewerError.sdl("renderer: " + String(cString: SDL_GetError()))
            }
            self.canvas = canvas
        }
    }

    deinit {
        host = nil
        if let texture { SDL_DestroyTexture(texture) }
        if let canvas { SDL_DestroyRenderer(canvas) }
        if let context { SDL_GL_DeleteContext(context) }
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// Handles events until the window is closed; with a `script`, replays it instead and returns.
    func run(script: ViewerScript?) throws {
        if let script {
            try drain()
            for step in script.steps {
                switch step {
                case let .event(synthetic):
                    var copy = synthetic
                    SDL_PushEvent(&copy)
                    try drain()
                case let .resize(width, height):
                    // The window system answers with a size-changed event; wait for it (a second at most).
                    SDL_SetWindowSize(window, width, height)
                    for _ in 0..<100 where size != (width, height) {
                        SDL_Delay(10)
                        try drain()
                    }
                case let .screenshot(path):
                    try screenshot(to: path)
                case .waitForStream:
                    // Until standard input ends (a minute at most), then its last rows drawn.
                    for _ in 0..<6000 where !(stream?.hasEnded ?? true) {
                        SDL_Delay(10)
                        try drain()
                    }
                    try drain()
                }
            }
            return
        }
        var event = SDL_Event()
        while true {
            if stream?.takeChanged() == true { dirty = true }
            if dirty { try redraw() }
            // Streaming, new rows are looked for every 16 ms; otherwise only input wakes the window.
            guard (stream == nil ? SDL_WaitEvent(&event) : SDL_WaitEventTimeout(&event, 16)) != 0 else { continue }
            repeat {
                if !handle(event) { return }
            } while SDL_PollEvent(&event) != 0
        }
    }

    /// Handles every queued event, then redraws if anything changed.
    private func drain() throws {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { _ = handle(event) }
        if stream?.takeChanged() == true { dirty = true }
        if dirty { try redraw() }
    }

    /// Applies one event; false when the window closes.
    private func handle(_ event: SDL_Event) -> Bool {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return false
        case SDL_MOUSEBUTTONDOWN:
            drag = (event.button.x, event.button.y, false)
        case SDL_MOUSEMOTION:
            if let start = drag, event.motion.state & UInt32(glint_sdl_left_button_mask) != 0 {
                let plot = (try? renderer.layout(retained.chart))?.plot.width ?? Double(size.width)
                retained.pan(by: -Double(event.motion.x - start.x) / plot)
                drag = (event.motion.x, event.motion.y, true)
                dirty = true
            } else {
                hover(at: Point(Double(event.motion.x), Double(event.motion.y)))
            }
        case SDL_MOUSEBUTTONUP:
            if let start = drag, !start.moved { click(at: Point(Double(event.button.x), Double(event.button.y))) }
            drag = nil
        case SDL_MOUSEWHEEL:
            if let layout = try? renderer.layout(retained.chart) {
                let t = layout.transform
                let dataX = t.originX + (Double(event.wheel.mouseX) - t.pixelX) / t.scaleX
                retained.zoom(by: pow(1.25, Double(event.wheel.y)), around: dataX)
                dirty = true
            }
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            size = (event.window.data1, event.window.data2)
            dirty = true
        default:
            break
        }
        return true
    }

    /// A click on a legend entry shows or hides its series.
    private func click(at pixel: Point) {
        guard case let .legendEntry(_, _, series?)? = try? retained.hitTest(at: pixel) else { return }
        retained.setVisible(!retained.chart.series[series].visible, series: series)
        dirty = true
    }

    /// Hovering near a point shows its values in a small legend drawn by Glint, beside the plot's data.
    private func hover(at pixel: Point) {
        var text: String?
        if case let .point(series, _, x, y, _)? = try? retained.hitTest(at: pixel) {
            text = "\(retained.chart.series[series].name): x \(String(format: "%g", x)), y \(String(format: "%g", y))"
        }
        retained.setTooltip(text)
        dirty = true
    }

    /// Renders the current view into the window.
    private func redraw() throws {
        retained.resize(width: Int(size.width), height: Int(size.height))
        if let host {
            try retained.draw(with: host)
            SDL_GL_SwapWindow(window)
            dirty = false
            return
        }
        let image = try retained.render()
        if texture == nil || textureSize != (image.width, image.height) {
            if let texture { SDL_DestroyTexture(texture) }
            textureSize = (image.width, image.height)
            // Glint's bytes are R, G, B, A in memory: SDL's ABGR8888 on a little-endian machine.
            texture = SDL_CreateTexture(canvas, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(image.width), Int32(image.height))
        }
        image.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(image.width * 4)) }
        SDL_RenderClear(canvas)
        SDL_RenderCopy(canvas, texture, nil, nil)
        SDL_RenderPresent(canvas)
        dirty = false
    }

    /// Writes what the window shows as a PNG (read back from SDL, not from Glint).
    private func screenshot(to path: String) throws {
        if let host {
            // Drawn again into the back buffer and read from there, bottom row first.
            try retained.draw(with: host)
            let (w, h) = (Int(size.width), Int(size.height))
            var rows = [UInt8](repeating: 0, count: w * h * 4)
            glReadPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rows)
            var pixels = [UInt8](repeating: 255, count: w * h * 4)
            for row in 0..<h { pixels.replaceSubrange(row * w * 4..<(row + 1) * w * 4, with: rows[(h - 1 - row) * w * 4..<(h - row) * w * 4]) }
            try Image(width: w, height: h, pixels: pixels, backend: nil).writePNG(to: path)
            SDL_GL_SwapWindow(window)
            return
        }
        // The frame is drawn again and read before it is presented: what a renderer holds after SDL_RenderPresent is
        // undefined (SDL's software renderer sometimes still gave the frame before).
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(canvas, &w, &h)
        SDL_RenderClear(canvas)
        SDL_RenderCopy(canvas, texture, nil, nil)
        var pixels = [UInt8](repeating: 0, count: Int(w * h * 4))
        let read = SDL_RenderReadPixels(canvas, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, &pixels, w * 4)
        SDL_RenderPresent(canvas)
        guard read == 0 else {
            throw ViewerError.sdl("SDL_RenderReadPixels: " + String(cString: SDL_GetError()))
        }
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        try Image(width: Int(w), height: Int(h), pixels: pixels, backend: nil).writePNG(to: path)
    }
}

enum ViewerError: Error, CustomStringConvertible {
    case sdl(String)
    case script(String)

    var description: String {
        switch self {
        case let .sdl(m), let .script(m): return m
        }
    }
}
