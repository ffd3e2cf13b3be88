"""The datashader peer row of bench's dots table: n uniform random points aggregated (count) on a 1920x1080
canvas, shaded and written as PNG, best of 5 after a warm-up (numba's compile). Run in one session with
`swift run bench --only dots` to compare: python3 bench/datashader-points.py 1000000 (needs datashader, pandas)."""
import io
import sys
import time

import datashader as ds
import datashader.transfer_functions as tf
import numpy as np
import pandas as pd

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
rng = np.random.default_rng(7)
frame = pd.DataFrame({"x": rng.random(n), "y": rng.random(n)})


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
print(f"datashader {ds.__version__}: {n} points -> 1920x1080 PNG, best {min(times) * 1000:.1f} ms, "
      f"median {sorted(times)[2] * 1000:.1f} ms")
