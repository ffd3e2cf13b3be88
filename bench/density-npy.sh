#!/usr/bin/env bash
# The density table's file rows: N float32 points (uniform on the unit square, or bench's five blobs with
# `clustered`) written by numpy as an x.npy and y.npy pair, then drawn from the mapped files by the release
# `glint render` (count, eq_hist, 1920x1080, PNG), best of 3, against the floor of reading the files once (cat,
# from the page cache), with the render's peak RSS beside the files' size. The files go in a temporary folder
# (8 GB for 1e9 points), removed at the end. With DATASHADER_PYTHON set to a Python that has datashader, the
# datashader peer row draws the same mapped files in the same run (bench/datashader-points.py npy). Peak RSS is
# measured with GNU time (/usr/bin/time, Debian's "time" package).
#   [DATASHADER_PYTHON=python3] bench/density-npy.sh N [clustered] [--backend gl|cpu]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:?usage: bench/density-npy.sh N [clustered] [--backend gl|cpu]}"; shift
clustered=false; [ "${1:-}" = "clustered" ] && { clustered=true; shift; }
backend="${2:-cpu}"; [ "${1:-}" = "--backend" ] || backend=cpu
swift build -c release --product glint >/dev/null
glint="$PWD/.build/release/glint"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$n" "$clustered" "$work" <<'PY'
import sys, numpy as np
n, clustered, folder = int(sys.argv[1]), sys.argv[2] == "true", sys.argv[3]
rng = np.random.default_rng(7)
x = np.lib.format.open_memmap(f"{folder}/x.npy", mode="w+", dtype="<f4", shape=(n,))
y = np.lib.format.open_memmap(f"{folder}/y.npy", mode="w+", dtype="<f4", shape=(n,))
centres = np.array([(0.3, 0.3, 0.08), (0.7, 0.6, 0.05), (0.5, 0.8, 0.02), (0.2, 0.75, 0.1), (0.8, 0.2, 0.04)])
step = 50_000_000
for start in range(0, n, step):
    k = min(step, n - start)
    if clustered:
        c = centres[np.arange(start, start + k) % 5]
        x[start:start + k] = c[:, 0] + c[:, 2] * rng.standard_normal(k)
        y[start:start + k] = c[:, 1] + c[:, 2] * rng.standard_normal(k)
    else:
        x[start:start + k] = rng.random(k, dtype=np.float32)
        y[start:start + k] = rng.random(k, dtype=np.float32)
x.flush(); y.flush()
PY
cat > "$work/spec.json" <<JSON
{"width": 1920, "height": 1080, "x": {"range": [0, 1]}, "y": {"range": [0, 1]},
 "series": [{"type": "density", "data": {"x": {"npy": "x.npy"}, "y": {"npy": "y.npy"}}}]}
JSON
seconds() { local start end; start=$(date +%s%N); "$@"; end=$(date +%s%N); echo $(( (end - start) / 1000000 )); }
best() { local best=""; for _ in 1 2 3; do local t; t=$(seconds "$@"); if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi; done; echo "$best"; }
cat "$work/x.npy" "$work/y.npy" >/dev/null   # into the page cache
floor=$(best sh -c "cat '$work/x.npy' '$work/y.npy' >/dev/null")
render=$(best "$glint" render "$work/spec.json" -o "$work/out.png" --backend "$backend" --quiet)
rss=$( { /usr/bin/env time -f '%M' "$glint" render "$work/spec.json" -o "$work/out.png" --backend "$backend" --quiet; } 2>&1 | tail -1)
bytes=$(( $(stat -c %s "$work/x.npy") + $(stat -c %s "$work/y.npy") ))
if [ -n "${DATASHADER_PYTHON:-}" ]; then
    "$DATASHADER_PYTHON" bench/datashader-points.py npy "$work" $($clustered && echo clustered)
fi
echo "density npy f32 $n$($clustered && echo ' clustered') ($backend, $(nproc) cores): render ${render} ms, floor (cat both files) ${floor} ms," \
     "peak RSS $(( rss / 1024 )) MiB, files $(( bytes / 1048576 )) MiB"
