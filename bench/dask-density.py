"""Dask row of the bench: N points in Parquet partitions (written here with pyarrow, float32 x and y, five Gaussian
blobs as bench's clustered points), counted into a 1920x1080 density on a distributed.LocalCluster of two worker
processes by glint.dask and by datashader (Canvas.points on the same dask frame, eq_hist shading, PNG), both with
the ranges given (no extent pass); best of RUNS after a warm-up, in one run, with the bytes the cluster moved.

    python bench/dask-density.py [POINTS] [PARTITIONS] [RUNS]     (default 1e9 points in 200 partitions, 3 runs)

Needs glint (GLINT_LIBRARY for a build folder's library), dask[dataframe,distributed] (the extra keeps the two releases matched), pyarrow and datashader.
The Parquet folder is made in $TMPDIR and removed at the end."""
import io
import os
import shutil
import sys
import tempfile
import time

import dask
import dask.dataframe as dd
import datashader as ds
import datashader.transfer_functions as tf
import distributed
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

import glint
import glint.dask

POINTS = int(float(sys.argv[1])) if len(sys.argv) > 1 else 1_000_000_000
PARTITIONS = int(sys.argv[2]) if len(sys.argv) > 2 else 200
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 3
WIDTH, HEIGHT, RANGE = 1920, 1080, (-0.2, 1.2)


def write_partition(folder, index, rows):
    """One Parquet file of `rows` clustered points, seeded by its index (on a worker)."""
    rng = np.random.default_rng(1000 + index)
    centres = np.array([(0.3, 0.3, 0.08), (0.7, 0.6, 0.05), (0.5, 0.8, 0.02), (0.2, 0.75, 0.1), (0.8, 0.2, 0.04)])
    c = centres[rng.integers(0, 5, rows)]
    x = (c[:, 0] + c[:, 2] * rng.standard_normal(rows)).astype(np.float32)
    y = (c[:, 1] + c[:, 2] * rng.standard_normal(rows)).astype(np.float32)
    pq.write_table(pa.table({"x": x, "y": y}), f"{folder}/part-{index:05d}.parquet", compression=None)
    return rows


def best(render):
    render()
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        render()
        times.append(time.perf_counter() - start)
    return min(times), sorted(times)[len(times) // 2]


def moved(client):
    """Bytes the workers have sent to each other so far (distributed's own counter of worker-to-worker transfers)."""
    return sum(client.run(lambda dask_worker: dask_worker.transfer_outgoing_bytes_total).values())


def main():
    folder = tempfile.mkdtemp(prefix="glint-dask-bench-")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       host="127.0.0.1", silence_logs=40, memory_limit="8GB")
    try:
        client = distributed.Client(cluster)
        rows = [POINTS // PARTITIONS + (1 if i < POINTS % PARTITIONS else 0) for i in range(PARTITIONS)]
        start = time.perf_counter()
        dask.compute(*[dask.delayed(write_partition)(folder, i, n) for i, n in enumerate(rows)])
        written = time.perf_counter() - start
        size = sum(os.path.getsize(f"{folder}/{name}") for name in os.listdir(folder))
        frame = dd.read_parquet(folder)
        spec = {"width": WIDTH, "height": HEIGHT, "x": {"range": list(RANGE)}, "y": {"range": list(RANGE)},
                "series": [{"type": "density", "data": {"frame": "points", "x": "x", "y": "y"}}]}
        plot = glint.layout({**spec, "series": [{"type": "density", "x": [0.0], "y": [0.0]}]}, backend="cpu")["plot"]

        def glint_render():
            return glint.dask.render(spec, {"points": frame}, backend="cpu")

        def datashader_render():
            canvas = ds.Canvas(plot_width=int(plot["width"]), plot_height=int(plot["height"]), x_range=RANGE, y_range=RANGE)
            out = io.BytesIO()
            tf.shade(canvas.points(frame, "x", "y", agg=ds.count())).to_pil().save(out, format="png")
            return out.getvalue()

        before = moved(client)
        glint_best, glint_median = best(glint_render)
        glint_moved = (moved(client) - before) / (RUNS + 1)
        before = moved(client)
        shader_best, shader_median = best(datashader_render)
        shader_moved = (moved(client) - before) / (RUNS + 1)
        print(f"nproc {os.cpu_count()}; {POINTS:.3g} float32 points in {PARTITIONS} Parquet partitions ({size / 1e9:.2f} GB, written in "
              f"{written:.1f} s) on a LocalCluster of 2 worker processes x 1 thread; 1920x1080, ranges given; best of {RUNS} (median)")
        print("| peer | best s | median s | points/s | bytes between workers per render |")
        print("|---|---:|---:|---:|---:|")
        print(f"| glint.dask {glint.version()} (CPU counts, tree of 8) | {glint_best:.2f} | {glint_median:.2f} | {POINTS / glint_best / 1e6:.0f} M | "
              f"{glint_moved / 1e6:.1f} MB |")
        print(f"| datashader {ds.__version__} (Canvas.points, dask) | {shader_best:.2f} | {shader_median:.2f} | {POINTS / shader_best / 1e6:.0f} M | "
              f"{shader_moved / 1e6:.1f} MB |")
        print(f"glint.dask / datashader: {shader_best / glint_best:.2f}x faster")
        client.close()
    finally:
        cluster.close()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
