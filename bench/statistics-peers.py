"""The statistical marks' bench rows in Glint and in matplotlib, in one run on one machine, 1920x1080 PNG bytes in
memory, best of 3 wall-clock renders after a warm-up:
- a hexbin of N points (default 1e7): the points of the bench's `hexbin` workload (two clusters, each coordinate a sum
  of three uniforms; numpy's generator, not the bench's), 100 hexagons across;
- contours of the bench's 2000 x 2000 grid (sin x cos 1.3y + 0.2x on 0..10), 7 levels, as lines and filled.

  pip install ./python matplotlib
  python3 bench/statistics-peers.py [N]
"""
import io
import os
import sys
import time

import matplotlib
import numpy

import glint

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

n = int(float(sys.argv[1])) if len(sys.argv) > 1 else 10_000_000
rng = numpy.random.default_rng(13)
shift = numpy.where(numpy.arange(n) % 3 == 0, 1.5, 0.0)
x = rng.uniform(size=n) + rng.uniform(size=n) + rng.uniform(size=n) + shift
y = rng.uniform(size=n) + rng.uniform(size=n) + rng.uniform(size=n) - shift


def best(render, runs=3):
    render()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        render()
        times.append(time.perf_counter() - start)
    return min(times)


def glint_hexbin():
    spec = {"width": 1920, "height": 1080, "series": [{"type": "hexbin", "data": {"x": "x", "y": "y"}, "gridsize": 100}]}
    return glint.render(spec, {"x": x, "y": y}, backend="cpu")


def matplotlib_hexbin():
    figure = plt.figure(figsize=(19.2, 10.8), dpi=100)
    figure.add_subplot().hexbin(x, y, gridsize=100, mincnt=1)
    out = io.BytesIO()
    figure.savefig(out, format="png")
    plt.close(figure)
    return out.getvalue()


positions = numpy.linspace(0, 10, 2000)
grid = numpy.sin(positions)[None, :] * numpy.cos(1.3 * positions)[:, None] + 0.2 * positions[None, :]


def glint_contour(filled):
    spec = {"width": 1920, "height": 1080, "series": [{"type": "contour", "x": "x", "y": "y", "filled": filled}]}
    series = spec["series"][0]
    series.pop("x"), series.pop("y")
    series["data"] = {"x": "x", "y": "y", "value": "z"}
    xs, ys = numpy.meshgrid(positions, positions)
    columns = {"x": xs.ravel(), "y": ys.ravel(), "z": grid.ravel()}
    return lambda: glint.render(spec, columns, backend="cpu")


def matplotlib_contour(filled):
    def render():
        figure = plt.figure(figsize=(19.2, 10.8), dpi=100)
        axes = figure.add_subplot()
        (axes.contourf if filled else axes.contour)(positions, positions, grid, levels=7)
        out = io.BytesIO()
        figure.savefig(out, format="png")
        plt.close(figure)
        return out.getvalue()

    return render


def report(name, g, m):
    print(f"{name}, 1920x1080 PNG, nproc {os.cpu_count()}: glint (cpu) {g * 1000:.0f} ms, matplotlib {matplotlib.__version__} "
          f"{m * 1000:.0f} ms, glint {m / g:.1f}x faster")


report(f"hexbin {n:.0e} points, 100 across", best(glint_hexbin), best(matplotlib_hexbin))
for filled in (False, True):
    report(f"contour {'filled' if filled else 'lines'}, 2000 x 2000 grid", best(glint_contour(filled)), best(matplotlib_contour(filled)))
