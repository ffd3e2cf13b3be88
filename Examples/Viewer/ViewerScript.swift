import CSDL2
import Foundation

/// Input to replay, one step per line, so a test can drive the viewer under Xvfb through SDL's own event queue:
/// `drag X1 Y1 X2 Y2` (left button), `click X Y`, `move X Y` (hover), `wheel X Y N` (N notches, positive zooms in),
/// `resize W H` (the window, through the window system), `shot FILE.png` (what the window shows, read back), `wait`
/// (with `--stream`: until standard input ends and its rows are drawn).
struct ViewerScript {
    enum Step {
        case event(SDL_Event)
        case resize(Int32, Int32)
        case screenshot(String)
        case waitForStream
    }

    let steps: [Step]

    init(file: String) throws {
        var steps: [Step] = []
        for (number, line) in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").enumerated() {
            let words = line.split(separator: " ").map(String.init)
            let n = words.dropFirst().compactMap { Int32($0) }
            switch (words.first, n.count) {
            case ("drag", 4):
                steps += [.event(ViewerScript.button(SDL_MOUSEBUTTONDOWN, n[0], n[1])),
                          .event(ViewerScript.motion(n[2], n[3], dx: n[2] - n[0], dy: n[3] - n[1], pressed: true)),
                          .event(ViewerScript.button(SDL_MOUSEBUTTONUP, n[2], n[3]))]
            case ("click", 2):
                steps += [.event(ViewerScript.button(SDL_MOUSEBUTTONDOWN, n[0], n[1])), .event(ViewerScript.button(SDL_MOUSEBUTTONUP, n[0], n[1]))]
            case ("move", 2):
                steps.append(.event(ViewerScript.motion(n[0], n[1], dx: 0, dy: 0, pressed: false)))
            case ("wheel", 3):
                var e = SDL_Event()
                e.type = SDL_MOUSEWHEEL.rawValue
                (e.wheel.mouseX, e.wheel.mouseY, e.wheel.y) = (n[0], n[1], n[2])
                steps.append(.event(e))
            case ("resize", 2):
                steps.append(.resize(n[0], n[1]))
            case ("shot", 0) where words.count == 2:
                steps.append(.screenshot(words[1]))
            case ("wait", 0) where words.count == 1:
                steps.append(.waitForStream)
            default:
                throw ViewerError.script("\(file):\(number + 1): expected drag X1 Y1 X2 Y2, click X Y, move X Y, wheel X Y N, resize W H, shot FILE or wait")
            }
        }
        self.steps = steps
    }

    static func button(_ type: SDL_EventType, _ x: Int32, _ y: Int32) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        (e.button.x, e.button.y, e.button.button) = (x, y, UInt8(SDL_BUTTON_LEFT))
        e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        return e
    }

    static func motion(_ x: Int32, _ y: Int32, dx: Int32, dy: Int32, pressed: Bool) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        (e.motion.x, e.motion.y, e.motion.xrel, e.motion.yrel) = (x, y, dx, dy)
        e.motion.state = pressed ? UInt32(glint_sdl_left_button_mask) : 0
        return e
    }
}
