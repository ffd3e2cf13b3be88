"""Glint from Python against the Swift in-process figure and the Python peers, in one run on one machine.

  pip install ./python matplotlib datashader vl-convert-python pandas "plotly<6" "kaleido==0.2.1"
  swift build -c release --product bench
  python3 bench/python-peers.py [--runs N] [--skip-slow]

Rows (best of N wall-clock renders to PNG bytes in memory, after one warm-up):
- line 1e7: the bench's `line` workload (a 1e7-point random walk, SplitMix64 seed 42, 1920x1080) through
  `glint.render` with numpy columns, against `bench --only line --backend cpu` (the Swift API, in process, the same
  points) run from this script;
- small chart: 800x500, a 2,000-point line and 200 radius-scaled dots (sizes 1-8), in Glint, matplotlib (Agg),
  and vl-convert (Vega-Lite); datashader has no such chart (it aggregates; it draws no sized markers);
- lines 1e6 and 1e7 (1920x1080): Glint, matplotlib (Agg, one Line2D), datashader (Canvas.line, shaded), and
  vl-convert (Vega-Lite, data inline; 1e7 left out with --skip-slow, and 1e6 too when it passes a minute);
- one line from a DataFrame (1920x1080 PNG): `glint.line(df, x=, y=).png()` against pandas' `df.plot(x=, y=)`
  (matplotlib, Agg) and plotly express's `px.line(df, x=, y=).to_image("png")` (kaleido 0.2.1, its own Chromium;
  plotly 6 wants kaleido 1, which needs a Chrome this machine cannot download) on a 1e6-row line, and the same for
  `scatter` with a size column on 1e5 rows; Glint's target: at least 10x matplotlib on the line.
"""
import argparse
import io
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy

import glint

parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=5)
parser.add_argument("--skip-slow", action="store_true", help="leave out vl-convert's 1e7 row")
args = parser.parse_args()
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def best(render, runs=args.runs):
    """Best wall-clock seconds of `runs` calls after a warm-up, and the last result's size in bytes."""
    out = render()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = render()
        times.append(time.perf_counter() - start)
    return min(times), len(out)


def walk(n, seed=42):
    """bench's walk: x = 0, 1, 2, ...; y the running sum of SplitMix64 uniforms minus 0.5 (bench/Workloads.swift)."""
    with numpy.errstate(over="ignore"):
        z = numpy.uint64(seed) + numpy.arange(1, n + 1, dtype=numpy.uint64) * numpy.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> numpy.uint64(30))) * numpy.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> numpy.uint64(27))) * numpy.uint64(0x94D049BB133111EB)
        z = z ^ (z >> numpy.uint64(31))
    uniform = (z >> numpy.uint64(11)).astype(numpy.float64) / float(1 << 53)
    return numpy.arange(n, dtype=numpy.float64), numpy.cumsum(uniform - 0.5)


def png_bytes(figure):
    out = io.BytesIO()
    figure.savefig(out, format="png")
    return out.getvalue()


def swift_line_1e7():
    """The `line` row at 1e7 from bench (release build, CPU painter), in ms: the total and its floor."""
    bench = os.path.join(REPOSITORY, ".build", "release", "bench")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bench.json")
        subprocess.run([bench, "--only", "line", "--runs", str(args.runs), "--backend", "cpu", "--json", path],
                       check=True, stdout=subprocess.DEVNULL)
        records = json.load(open(path))["results"]
    row = next(r for r in records if r["workload"] == "line" and r["points"] == 10_000_000 and r["backend"] == "cpu")
    return row["total_best_s"], row


rows = []


def report(name, seconds, note=""):
    rows.append((name, seconds))
    print(f"{name:<44} {seconds * 1000:10.1f} ms {note}", flush=True)


print(f"machine: {os.cpu_count()} cores; glint {glint.version()}; numpy {numpy.__version__}; python {sys.version.split()[0]}")

# 1. Glint from Python against Swift in process, the same 1e7 points.
x, y = walk(10_000_000)
spec = {"width": 1920, "height": 1080, "series": [{"name": "walk", "width": 1, "data": {"x": "x", "y": "y"}}]}
renderer = glint.Renderer(backend="cpu")
seconds, size = best(lambda: renderer.render(spec, {"x": x, "y": y}))
report("glint.render, line 1e7 (numpy columns)", seconds, f"({size} bytes, painter {renderer.painter})")
try:
    swift_total, swift_row = swift_line_1e7()
    print(f"{'Swift in process (bench line 1e7, cpu)':<44} {swift_total * 1000:10.1f} ms  "
          f"-> Python / Swift = {seconds / swift_total:.2f}", flush=True)
except (OSError, subprocess.CalledProcessError, StopIteration, KeyError) as problem:
    print(f"Swift in process: not measured ({problem}); build it with swift build -c release --product bench")

# 2. The small chart: a 2,000-point line and 200 sized dots, 800x500.
rng = numpy.random.default_rng(3)
line_x = numpy.arange(2000, dtype=numpy.float64)
line_y = numpy.cumsum(rng.normal(0, 1, 2000))
dots_x, dots_y, dots_s = rng.uniform(0, 2000, 200), rng.uniform(line_y.min(), line_y.max(), 200), rng.uniform(1, 8, 200)
small_data = {"lx": line_x, "ly": line_y, "dx": dots_x, "dy": dots_y, "ds": dots_s}
small_spec = {"width": 800, "height": 500, "title": "A small chart",
              "series": [{"name": "line", "data": {"x": "lx", "y": "ly"}},
                         {"name": "dots", "type": "dots", "data": {"x": "dx", "y": "dy", "size": "ds"}, "sizeRange": [1, 8]}]}
report("small chart: Glint", best(lambda: renderer.render(small_spec, small_data))[0])

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def matplotlib_small():
    figure, axes = plt.subplots(figsize=(8, 5), dpi=100)
    axes.plot(line_x, line_y, linewidth=1, label="line")
    axes.scatter(dots_x, dots_y, s=(dots_s * 2) ** 2, label="dots")
    axes.set_title("A small chart")
    axes.legend()
    out = png_bytes(figure)
    plt.close(figure)
    return out


report(f"small chart: matplotlib {matplotlib.__version__} (Agg)", best(matplotlib_small)[0])

try:
    import vl_convert as vlc
    vega_small = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "width": 800, "height": 500, "title": "A small chart",
                  "layer": [{"data": {"values": [{"x": float(a), "y": float(b)} for a, b in zip(line_x, line_y)]}, "mark": "line",
                             "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}},
                            {"data": {"values": [{"x": float(a), "y": float(b), "s": float(c)} for a, b, c in zip(dots_x, dots_y, dots_s)]},
                             "mark": "circle", "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"},
                                                            "size": {"field": "s", "type": "quantitative"}}}]}
    report(f"small chart: vl-convert {vlc.__version__}", best(lambda: vlc.vegalite_to_png(vega_small))[0])
except ImportError:
    vlc = None
    print("vl-convert: not installed")

# 3. Big lines, 1920x1080.
try:
    import datashader as ds
    import datashader.transfer_functions as tf
    import pandas
except ImportError:
    ds = None
    print("datashader: not installed")

for n in (1_000_000, 10_000_000):
    bx, by = walk(n)
    label = f"{n:.0e}".replace("+0", "")
    report(f"line {label}: Glint", best(lambda: renderer.render(spec, {"x": bx, "y": by}))[0])

    def matplotlib_line():
        figure, axes = plt.subplots(figsize=(19.2, 10.8), dpi=100)
        axes.plot(bx, by, linewidth=1)
        out = png_bytes(figure)
        plt.close(figure)
        return out

    report(f"line {label}: matplotlib (Agg)", best(matplotlib_line, runs=min(args.runs, 3))[0])
    if ds is not None:
        frame = pandas.DataFrame({"x": bx, "y": by})

        def datashader_line():
            canvas = ds.Canvas(plot_width=1920, plot_height=1080)
            image = tf.shade(canvas.line(frame, "x", "y", agg=ds.count()))
            out = io.BytesIO()
            image.to_pil().save(out, format="png")
            return out.getvalue()

        report(f"line {label}: datashader {ds.__version__} (Canvas.line)", best(datashader_line, runs=min(args.runs, 3))[0])
    if vlc is not None and not (args.skip_slow and n > 1_000_000):
        vega_line = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "width": 1920, "height": 1080,
                     "data": {"values": [{"x": a, "y": b} for a, b in zip(bx.tolist(), by.tolist())]}, "mark": "line",
                     "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}}
        start = time.perf_counter()
        vlc.vegalite_to_png(vega_line)
        report(f"line {label}: vl-convert (one render)", time.perf_counter() - start)
        del vega_line

# 4. One line from a DataFrame: Glint's one-liners against pandas' df.plot (matplotlib) and plotly express (kaleido).
import pandas

px = None
try:
    import plotly
    import plotly.express as px
except ImportError:
    print("plotly: not installed")
line_frame = pandas.DataFrame(dict(zip("xy", walk(1_000_000))))
rng = numpy.random.default_rng(5)
dots_frame = pandas.DataFrame({"x": rng.normal(size=100_000), "y": rng.normal(size=100_000), "s": rng.uniform(1, 8, 100_000)})
one_liners = {
    "line 1e6": (lambda: glint.line(line_frame, x="x", y="y", width=1920, height=1080).png(),
                 lambda: line_frame.plot(x="x", y="y", figsize=(19.2, 10.8)),
                 lambda: px.line(line_frame, x="x", y="y", width=1920, height=1080)),
    "scatter 1e5": (lambda: glint.scatter(dots_frame, x="x", y="y", size="s", width=1920, height=1080).png(),
                    lambda: dots_frame.plot.scatter(x="x", y="y", s=dots_frame.s ** 2, figsize=(19.2, 10.8)),
                    lambda: px.scatter(dots_frame, x="x", y="y", size="s", width=1920, height=1080)),
}
for name, (glint_one_liner, pandas_plot, plotly_figure) in one_liners.items():
    glint_seconds = best(glint_one_liner)[0]
    report(f"one-liner {name}: glint", glint_seconds)

    def matplotlib_one_liner():
        axes = pandas_plot()
        out = png_bytes(axes.figure)
        plt.close(axes.figure)
        return out

    matplotlib_seconds = best(matplotlib_one_liner, runs=min(args.runs, 3))[0]
    report(f"one-liner {name}: pandas df.plot (matplotlib)", matplotlib_seconds,
           f"-> {matplotlib_seconds / glint_seconds:.1f}x Glint's time")
    if px is not None:
        try:
            plotly_seconds = best(lambda: plotly_figure().to_image(format="png"), runs=1)[0]
            report(f"one-liner {name}: plotly {plotly.__version__} express + kaleido", plotly_seconds,
                   f"-> {plotly_seconds / glint_seconds:.1f}x Glint's time")
        except (ValueError, RuntimeError) as problem:
            print(f"one-liner {name}: plotly: not measured ({problem})")
    if name == "line 1e6":
        multiple = matplotlib_seconds / glint_seconds
        print(f"target: Glint at least 10x matplotlib's df.plot on the 1e6-row line: {multiple:.1f}x, "
              f"{'met' if multiple >= 10 else 'MISSED'}", flush=True)
