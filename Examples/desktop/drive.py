#!/usr/bin/env python3
"""Runs a desktop example (Examples/gtk4, Examples/qt) on a fresh Xvfb and uses it as a person would, with xdotool:
resizes its window, drags the chart, scrolls its wheel, hovers a point. After each step the app dumps the frame it
drew into its window beside a headless render of the chart's same view (GLINT_EXAMPLE_DUMP, frame_dump.h), and this
checks that the two match, that the frame is the window's size, and that the view moved as the gestures asked: a drag
by the pointer's move over the plot's width (glint_chart_plot_area), a zoom keeping the x under the pointer.

    drive.py NAME BINARY    (the environment passes through to the app: QT_XCB_GL_INTEGRATION, ...)

Prints a line per check and ends with "NAME example: N passed, M failed"; exits 1 when a check failed."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import numpy

# A window frame matches the headless render when at most this share of its pixels differs by more than
# CHANNEL_TOLERANCE in any channel. The GL painter and the CPU painter rasterise the same geometry: on Mesa's llvmpipe
# no channel differs by more than 2/255 (mean under 0.001/255); the margin is for another GPU's rounding and
# anti-aliasing along line edges, as the viewer's test allows (Tests/GlintCommandTests/ViewerTests.swift).
CHANNEL_TOLERANCE = 8
MOST_DIFFERING = 0.001

name, binary = sys.argv[1], os.path.abspath(sys.argv[2])
scratch = tempfile.mkdtemp(prefix=f"glint-{name}-")
dump_prefix = os.path.join(scratch, "dump")
results = {"passed": 0, "failed": 0}
processes = []


def check(what, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(f"{'ok' if ok else 'FAIL'} - {what}{': ' + detail if detail else ''}", flush=True)
    return ok


def start(args, **kwargs):
    process = subprocess.Popen(args, **kwargs)
    processes.append(process)
    return process


def xdotool(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True, capture_output=True, text=True, timeout=20).stdout


def read_pam(path):
    """A PAM file's pixels as an int array (height, width, depth)."""
    with open(path, "rb") as file:
        data = file.read()
    end = data.index(b"ENDHDR\n") + 7
    header = dict(line.split(" ", 1) for line in data[:end].decode().splitlines()[1:-1])
    shape = (int(header["HEIGHT"]), int(header["WIDTH"]), int(header["DEPTH"]))
    return numpy.frombuffer(data[end:], numpy.uint8).reshape(shape).astype(int)


def screenshot(window):
    """What the X server shows of `window` (xwd: a TrueColor image, 32 bits a pixel), as RGB."""
    data = subprocess.run(["xwd", "-silent", "-id", window], check=True, capture_output=True, timeout=20).stdout
    field = numpy.frombuffer(data[:100], ">u4")
    header_size, width, height, byte_order, bits, bytes_per_line, colors = (int(field[i]) for i in (0, 4, 5, 7, 11, 12, 19))
    masks = field[14:17]
    if bits != 32:
        raise RuntimeError(f"xwd: {bits} bits a pixel, expected 32")
    start = header_size + 12 * colors
    rows = numpy.frombuffer(data[start:start + height * bytes_per_line], "<u4" if byte_order == 0 else ">u4")
    pixels = rows.reshape(height, bytes_per_line // 4)[:, :width]
    return numpy.stack([(pixels & mask) >> (int(mask).bit_length() - 8) for mask in masks], axis=2).astype(int)


def differences(a, b):
    """The largest channel difference, the mean one, and the share of pixels differing by more than the tolerance."""
    d = numpy.abs(a - b)
    return d.max(), d.mean(), (d.max(axis=2) > CHANNEL_TOLERANCE).mean()


def matches(what, frame, expected):
    if frame.shape != expected.shape:
        return check(what, False, f"{frame.shape[1]}x{frame.shape[0]}, expected {expected.shape[1]}x{expected.shape[0]}")
    largest, mean, share = differences(frame, expected)
    return check(what, share <= MOST_DIFFERING, f"max {largest}/255, mean {mean:.4f}, {100 * share:.3f} % of pixels over {CHANNEL_TOLERANCE}")


class Dump:
    """One dump: the window's frame, the headless render, the size, the x range, the newest x and the plot's
    rectangle in device pixels."""

    count = 0

    def __init__(self, app):
        path = f"{dump_prefix}-{Dump.count}"
        app.send_signal(signal.SIGUSR1)
        deadline = time.monotonic() + 10
        while not os.path.exists(path + ".txt"):
            if time.monotonic() > deadline or app.poll() is not None:
                raise RuntimeError(f"no dump {Dump.count} from the app")
            time.sleep(0.05)
        Dump.count += 1
        with open(path + ".txt") as file:
            fields = file.read().split()
        self.width, self.height = int(fields[0]), int(fields[1])
        self.lower, self.upper, self.newest, self.plot_x, self.plot_y, self.plot_width, self.plot_height = map(float, fields[2:])
        self.window, self.headless = read_pam(path + ".window.pam"), read_pam(path + ".headless.pam")

    @property
    def span(self):
        return self.upper - self.lower

    @property
    def pixel(self):
        """The x a device pixel of the plot spans."""
        return self.span / self.plot_width

    def x_at(self, px):
        """The data x at device pixel column `px` (a linear x axis)."""
        return self.lower + (px - self.plot_x) / self.plot_width * self.span

    def matches(self, what):
        return matches(f"{what}: the window's frame is the headless render of its view", self.window, self.headless)


def dump_at_size(app, width, height):
    """A dump once the app has drawn a frame of `width` x `height` (a resize takes a few events to arrive)."""
    for _ in range(20):
        dump = Dump(app)
        if (dump.width, dump.height) == (width, height):
            break
        time.sleep(0.1)
    return dump


def settled(app, before):
    """A dump once the view has left `before`'s x range and stopped moving: two dumps in a row with one range (the
    gestures' events take a moment to arrive; a following view moves on every tick)."""
    last = Dump(app)
    for _ in range(50):
        time.sleep(0.1)
        dump = Dump(app)
        if (dump.lower, dump.upper) == (last.lower, last.upper) != (before.lower, before.upper):
            return dump
        last = dump
    raise RuntimeError(f"the view did not settle: x {last.lower} to {last.upper}")


def geometry(window):
    lines = dict(line.strip().split(": ", 1) for line in xdotool("getwindowgeometry", window).splitlines()[1:])
    return tuple(map(int, lines["Geometry"].split("x")))


def app_window(app):
    """The app's window, once it is shown."""
    deadline = time.monotonic() + 20
    while app.poll() is None and time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.pid)], capture_output=True, text=True).stdout.split()
        if found:
            return found[0]
        time.sleep(0.1)
    raise RuntimeError("the app showed no window" + (f" (exit status {app.returncode})" if app.poll() is not None else ""))


def drive(app):
    window = app_window(app)
    first = dump_at_size(app, *geometry(window))
    check("the first frame has the window's size", (first.width, first.height) == geometry(window),
          f"frame {first.width}x{first.height}, window {geometry(window)}")
    first.matches("first frame, following the stream")
    check("the view follows the newest x", abs(first.upper - first.newest) <= 0.01 * first.span,
          f"x {first.lower:.3f} to {first.upper:.3f}, newest {first.newest:.3f}")
    # Device pixels to one of xdotool's (the X window's) pixels: 1 on X11, where a scaled window is larger.
    scale = first.width / geometry(window)[0]

    # Resize: the frame is laid out again at the window's new size.
    xdotool("windowsize", window, 640, 400)
    resized = dump_at_size(app, 640, 400)
    check("the frame has the resized window's size", (resized.width, resized.height) == geometry(window) == (640, 400),
          f"frame {resized.width}x{resized.height}, window {geometry(window)}")
    resized.matches("resized")

    # Drag to the right in steps of 30 px. The first step stops the view following (a later dump shows the same
    # range while the data goes on); the next 120 px move it towards smaller x by 120 px over the plot's width of
    # the view's width, so that the data under the pointer stays under it, within a pixel (pans are made in whole
    # pixels).
    xdotool("mousemove", "--window", window, 200, 200, "mousedown", 1, "mousemove", "--window", window, 230, 200)
    grabbed = settled(app, resized)
    for x in range(260, 351, 30):
        xdotool("mousemove", "--window", window, x, 200)
    xdotool("mouseup", 1)
    dragged = settled(app, grabbed)
    dragged.matches("dragged")
    check("the drag keeps the view's width", abs(dragged.span - grabbed.span) < 1e-9 * grabbed.span,
          f"{grabbed.span} before, {dragged.span} after")
    moved = -120 * scale / grabbed.plot_width * grabbed.span
    error = (dragged.lower - grabbed.lower - moved) / grabbed.pixel
    check("a drag of 120 px moves the view by 120 px over the plot's width", abs(error) <= 1,
          f"x {grabbed.lower:.4f} to {dragged.lower:.4f}, {moved:.4f} expected (plot {grabbed.plot_width:g} px wide): "
          f"off by {round(error, 3) + 0.0:.3f} px")
    time.sleep(0.3)
    later = Dump(app)
    check("a dragged view stays where it was put", (later.lower, later.upper) == (dragged.lower, dragged.upper)
          and later.newest > dragged.newest, f"x {later.lower:.3f} to {later.upper:.3f}, newest {later.newest:.3f}")

    # Two wheel steps up at x = 480 px: 1.25² times closer around the x under the pointer, which stays under it
    # (within a pixel). The pointer leaves the window at once, so that no tooltip opens over it.
    xdotool("mousemove", "--window", window, 480, 200, "click", 4, "click", 4, "mousemove", 1000, 750)
    zoomed = settled(app, later)
    zoomed.matches("zoomed")
    check("two wheel steps zoom 1.5625 times closer", abs(zoomed.span * 1.5625 - later.span) < 1e-6 * later.span,
          f"{later.span:.4f} wide before, {zoomed.span:.4f} after")
    anchor, kept = later.x_at(480 * scale), zoomed.x_at(480 * scale)
    error = (kept - anchor) / zoomed.pixel
    check("the zoom keeps the x under the pointer in place", abs(error) <= 1,
          f"x {anchor:.4f} before, {kept:.4f} after (view {zoomed.lower:.4f} to {zoomed.upper:.4f}): off by {round(error, 3) + 0.0:.3f} px")

    # What the X server shows in the window once the frame is presented: the same pixels, the right way up (the
    # view no longer follows, so the frame stays as dumped).
    for _ in range(10):
        shown = screenshot(window)
        if shown.shape == zoomed.headless[:, :, :3].shape and differences(shown, zoomed.headless[:, :, :3])[2] <= MOST_DIFFERING:
            break
        time.sleep(0.2)
    matches("the window on the screen shows the headless render", shown, zoomed.headless[:, :, :3])

    # Hovering a point of the "sine" series (the orange line: its colour found in the headless render, in the
    # middle of the plot, below the legend) opens a tooltip, a window of the app's own.
    orange = numpy.argwhere((numpy.abs(zoomed.headless[100:350, 200:440, :3] - [255, 127, 14]).max(axis=2) < 30))
    windows = len(xdotool("search", "--onlyvisible", "--pid", app.pid).split())
    if check("the sine's line shows in the zoomed view", len(orange) > 0):
        y, x = orange[len(orange) // 2]
        xdotool("mousemove", "--window", window, x + 200, y + 100)
        xdotool("mousemove", "--window", window, x + 201, y + 100)  # a motion inside the widget starts its tooltip timer
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and len(xdotool("search", "--onlyvisible", "--pid", app.pid).split()) <= windows:
            time.sleep(0.1)
        check("hovering a point opens a tooltip", len(xdotool("search", "--onlyvisible", "--pid", app.pid).split()) > windows)


def stop(*_):
    raise SystemExit(1)


signal.signal(signal.SIGTERM, stop)
try:
    # Xvfb picks a free display itself and writes its number once it accepts connections (-displayfd).
    read_end, write_end = os.pipe()
    start(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1024x768x24", "-nolisten", "tcp"], pass_fds=[write_end],
          stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as display:
        number = display.readline().strip()
    if not number:
        raise RuntimeError("Xvfb did not start")
    os.environ["DISPLAY"] = ":" + number
    # XDG_RUNTIME_DIR: a private folder (Qt warns without one).
    app = start([binary], env=dict(os.environ, GLINT_EXAMPLE_DUMP=dump_prefix, XDG_RUNTIME_DIR=scratch))
    drive(app)
    check("the app is still running", app.poll() is None, f"exit status {app.returncode}")
except (RuntimeError, subprocess.SubprocessError) as error:
    check("the session ran to its end", False, str(error))
finally:
    for process in reversed(processes):
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
    shutil.rmtree(scratch, ignore_errors=True)
print(f"{name} example: {results['passed']} passed, {results['failed']} failed")
sys.exit(1 if results["failed"] else 0)
