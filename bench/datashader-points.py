"""The datashader peer row of bench's dots and density tables: n random points aggregated (count) on a 1920x1080
canvas, shaded (eq_hist, datashader's default) and written as PNG, best of 5 after a warm-up (numba's compile).
Uniform on the unit square, or `clustered` (bench's five Gaussian blobs), float64 or `float32` columns. Run in one
session with `swift run bench --only density` (or `--only dots`) to compare:
python3 bench/datashader-points.py 1000000 [clustered] [float32] (needs datashader, pandas), or
python3 bench/datashader-points.py npy FOLDER [clustered] for the x.npy, y.npy pair bench/density-npy.sh writes."""
import io
import sys
import time

import datashader as ds
import datashader.transfer_functions as tf
import numpy as np
import pandas as pd

if len(sys.argv) > 2 and sys.argv[1] == "npy":
    # The x.npy and y.npy pair in a folder (bench/density-npy.sh writes them), mapped.
    x, y = np.load(f"{sys.argv[2]}/x.npy", mmap_mode="r"), np.load(f"{sys.argv[2]}/y.npy", mmap_mode="r")
    n, clustered, single = len(x), "clustered" in sys.argv[3:], x.dtype == np.float32
else:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    clustered, single = "clustered" in sys.argv[2:], "float32" in sys.argv[2:]
    rng = np.random.default_rng(7)
    if clustered:
        centres = np.array([(0.3, 0.3, 0.08), (0.7, 0.6, 0.05), (0.5, 0.8, 0.02), (0.2, 0.75, 0.1), (0.8, 0.2, 0.04)])
        c = centres[np.arange(n) % 5]
        x, y = c[:, 0] + c[:, 2] * rng.standard_normal(n), c[:, 1] + c[:, 2] * rng.standard_normal(n)
    else:
        x, y = rng.random(n), rng.random(n)
dtype = np.float32 if single else np.float64
frame = pd.DataFrame({"x": x.astype(dtype), "y": y.astype(dtype)})


def render():
    canvas = ds.Canvas(plot_width=1920, plot_height=1080, x_range=(0, 1), y_range=(0, 1))
    image = tf.shade(canvas.points(frame, "x", "y", agg=ds.count()))
    out = io.BytesIO()
    image.to_pil().save(out, format="png")
    return len(out.getvalue())


render()
times = []
for _ in range(5):
    start = time.perf_counter()
    render()
    times.append(time.perf_counter() - start)
print(f"datashader {ds.__version__}: {n} {'clustered' if clustered else 'uniform'} {dtype.__name__} points -> 1920x1080 PNG, best {min(times) * 1000:.1f} ms, "
      f"median {sorted(times)[2] * 1000:.1f} ms")
