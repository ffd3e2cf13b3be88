"""The same small chart to SVG and PDF with Glint (libGlintC.so through ctypes) and with vl-convert (Vega-Lite),
in one process, one after the other: best of N renders each, in ms, and the ratio vl-convert / Glint.
  pip install vl-convert-python
  swift build -c release --product GlintC
  python3 bench/vl-convert-formats.py [N]   (GLINT_LIBRARY: path of libGlintC.so, default .build/release/libGlintC.so)"""
import ctypes, json, math, os, sys, time

import vl_convert as vlc

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20

# Three daily series over 30 days, with a title, axis titles and a legend: a small report chart.
days = list(range(31))
series = {name: [round(base + amp * math.sin(d / period), 3) for d in days]
          for name, base, amp, period in [("median", 50, 8, 2.0), ("p95", 70, 10, 2.5), ("budget", 95, 3, 9.0)]}

glint_spec = json.dumps({
    "width": 640, "height": 360, "title": "Checkout latency, last 30 days",
    "x": {"title": "Day"}, "y": {"title": "Latency (ms)"}, "legend": {"position": "top-right"},
    "series": [{"name": name, "x": days, "y": ys} for name, ys in series.items()]}).encode()

vega_spec = {
    "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
    "width": 640, "height": 360, "title": "Checkout latency, last 30 days",
    "data": {"values": [{"day": d, "ms": ys[i], "series": name} for name, ys in series.items() for i, d in enumerate(days)]},
    "mark": "line",
    "encoding": {"x": {"field": "day", "type": "quantitative", "title": "Day"},
                 "y": {"field": "ms", "type": "quantitative", "title": "Latency (ms)"},
                 "color": {"field": "series", "type": "nominal"}}}

glint = ctypes.CDLL(os.environ.get("GLINT_LIBRARY", ".build/release/libGlintC.so"))
glint.glint_renderer_create.restype = ctypes.c_void_p
glint.glint_renderer_create.argtypes = [ctypes.c_char_p]
glint.glint_render_format.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                      ctypes.POINTER(ctypes.POINTER(ctypes.c_uint8)), ctypes.POINTER(ctypes.c_size_t)]
glint.glint_last_error.restype = ctypes.c_char_p
glint.glint_free.argtypes = [ctypes.c_void_p]
renderer = glint.glint_renderer_create(b"cpu")


def glint_render(fmt):
    out, length = ctypes.POINTER(ctypes.c_uint8)(), ctypes.c_size_t()
    if glint.glint_render_format(renderer, glint_spec, len(glint_spec), fmt.encode(), ctypes.byref(out), ctypes.byref(length)) != 0:
        sys.exit("glint: " + glint.glint_last_error().decode())
    data = ctypes.string_at(out, length.value)
    glint.glint_free(out)
    return data


def best(render):
    render()  # warm-up
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(render())
        times.append(time.perf_counter() - start)
    return min(times) * 1000, size


print(f"best of {runs}, ms (bytes); vl-convert {vlc.__version__}")
print("| format | Glint | vl-convert | vl-convert / Glint |")
print("|---|---:|---:|---:|")
for fmt, vl in [("svg", lambda: vlc.vegalite_to_svg(vega_spec).encode()), ("pdf", lambda: vlc.vegalite_to_pdf(vega_spec))]:
    (g, gb), (v, vb) = best(lambda: glint_render(fmt)), best(vl)
    print(f"| {fmt} | {g:.2f} ({gb}) | {v:.2f} ({vb}) | {v / g:.1f}x |")
