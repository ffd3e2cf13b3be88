#!/usr/bin/env bash
# Load figures for `glint serve`, measured with wrk on loopback against the release build.
#   bench/serve-load.sh            demo chart (800x500) on the CPU painter and on GL, kept-alive connections against a
#                                  new one per request, a 1e6-point line, one warm
#                                  server render against one `glint render` process, RSS after 1e3 and 1e5 requests
#   bench/serve-load.sh --ci       a 5 s load of the demo chart that fails unless every response is 2xx
#   bench/serve-load.sh --columns  only the 1e6-point line, as inline JSON and as multipart columns (.npy parts)
set -euo pipefail
cd "$(dirname "$0")/.."
ci=false; [ "${1:-}" = "--ci" ] && ci=true
columns_only=false; [ "${1:-}" = "--columns" ] && columns_only=true
swift build -c release --product glint >/dev/null
glint=.build/release/glint
work="$(mktemp -d)"
server_pid=""
stop() { if [ -n "$server_pid" ]; then kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi; server_pid=""; }
trap 'stop; rm -rf "$work"' EXIT

# Starts a server with the given options on a free port; sets $port and $server_pid.
start() {
    "$glint" serve --port 0 --quiet "$@" 2>"$work/serve.log" &
    server_pid=$!
    port="$(deploy/serve-port.sh "$work/serve.log" "$server_pid")" || exit 1
}

# Runs wrk and prints "renders/s p99 non-2xx"; fails on socket errors or non-2xx answers. Connections are kept alive
# unless $close is set (then every request sends Connection: close and opens a new one).
load() { # seconds spec query [content type]
    GLINT_SPEC="$2" GLINT_CONTENT_TYPE="${4:-application/json}" wrk -t2 -c4 -d"$1"s --latency ${close:+-H "Connection: close"} \
        -s bench/wrk-render.lua "http://127.0.0.1:$port/render$3" >"$work/wrk.txt"
    local rate p99 bad
    rate="$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")"
    p99="$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")"
    bad="$(awk '/Non-2xx/ {print $NF}' "$work/wrk.txt")"
    if grep -q "Socket errors" "$work/wrk.txt" || [ -n "$bad" ]; then cat "$work/wrk.txt" >&2; echo "serve-load: errors under load" >&2; exit 1; fi
    echo "$rate renders/s, p99 $p99"
}

# The front end's RSS, and its worker processes' together.
rss() {
    local front workers=0
    front=$(awk '/VmRSS/ {print $2}' "/proc/$server_pid/status")
    for child in $(cat "/proc/$server_pid/task/$server_pid/children"); do
        workers=$((workers + $(awk '/VmRSS/ {print $2}' "/proc/$child/status")))
    done
    echo "front end $((front / 1024)) MiB, workers $((workers / 1024)) MiB"
}

if $ci; then
    start --backend cpu
    echo "demo 800x500, CPU painter, 5 s: $(load 5 Examples/demo.json '?width=800&height=500')"
    exit 0
fi

# The same 1e6-point line as inline JSON and as a multipart body of the spec and two .npy columns.
line_rows() {
    python3 - "$work" <<'PY'
import io, json, math, sys
import numpy
n, work = 10**6, sys.argv[1]
x = numpy.arange(n, dtype=numpy.float64)
y = numpy.round(numpy.sin(x / 5000) * 100 + (x % 97), 3)
size = {"width": 1280, "height": 720}
with open(f"{work}/line.json", "w") as out:
    json.dump({**size, "series": [{"name": "walk", "x": x.tolist(), "y": y.tolist()}]}, out)
parts = [("spec", b"Content-Type: application/json\r\n",
          json.dumps({**size, "series": [{"name": "walk", "data": {"x": "x", "y": "y"}}]}).encode())]
for name, values in (("x", x), ("y", y)):
    npy = io.BytesIO()
    numpy.save(npy, values)
    parts.append((name, b"", npy.getvalue()))
with open(f"{work}/line.multipart", "wb") as out:
    for name, headers, body in parts:
        out.write(b"--glint-bench\r\nContent-Disposition: form-data; name=\"" + name.encode() + b"\"\r\n" + headers + b"\r\n" + body + b"\r\n")
    out.write(b"--glint-bench--\r\n")
PY
    echo "1e6-point line (inline JSON, $(du -h "$work/line.json" | cut -f1)), CPU painter: $(load 10 "$work/line.json" '')"
    echo "1e6-point line (multipart, 2 .npy columns, $(du -h "$work/line.multipart" | cut -f1)), CPU painter: $(load 10 "$work/line.multipart" '' 'multipart/form-data; boundary=glint-bench')"
}

echo "machine: $(nproc) cores; $("$glint" info --backend gl 2>/dev/null | grep -m1 -i 'renderer' || true)"
if $columns_only; then
    start --backend cpu
    line_rows
    exit 0
fi
start --backend cpu
echo "demo 800x500, CPU painter: $(load 10 Examples/demo.json '?width=800&height=500')"
# Keep-alive against a new connection per request, on a chart small enough for the connection to matter.
echo "demo 200x120, CPU painter, -c 4: kept alive $(load 5 Examples/demo.json '?width=200&height=120'); a new connection each $(close=1 load 5 Examples/demo.json '?width=200&height=120')"
# One render of the same spec: by the warm server (after the load has drained), and by a new process.
sleep 1
warm="$(curl -s -o /dev/null -w '%{time_total}' -H 'Content-Type: application/json' --data-binary @Examples/demo.json "http://127.0.0.1:$port/render")"
start_ns=$(date +%s%N); "$glint" render Examples/demo.json -o "$work/demo.png" --backend cpu --quiet; end_ns=$(date +%s%N)
echo "one demo render (960x540): warm server $(awk -v s="$warm" 'BEGIN {printf "%.1f", s * 1000}') ms, a glint render process $(( (end_ns - start_ns) / 1000000 )) ms"
line_rows
stop
start --backend cpu
GLINT_SPEC=Examples/demo.json wrk -t1 -c1 -d60s -s bench/wrk-render.lua "http://127.0.0.1:$port/render?width=200&height=120" >/dev/null &
wrk_pid=$!
# RSS once the first 1e3 requests are in, then after 1e5 (counted from /metrics).
count() { curl -s "http://127.0.0.1:$port/metrics" | awk -F' ' '/^glint_requests_total\{path="\/render",status="200"\}/ {n = $2} END {print n + 0}'; }
while [ "$(count)" -lt 1000 ]; do sleep 0.2; done
early="$(rss)"
kill -INT "$wrk_pid" 2>/dev/null || true; wait "$wrk_pid" 2>/dev/null || true
GLINT_SPEC=Examples/demo.json wrk -t2 -c4 -d600s -s bench/wrk-render.lua "http://127.0.0.1:$port/render?width=200&height=120" >/dev/null &
wrk_pid=$!
while [ "$(count)" -lt 100000 ]; do sleep 1; done
kill -INT "$wrk_pid" 2>/dev/null || true; wait "$wrk_pid" 2>/dev/null || true
echo "RSS after 1e3 requests: $early; after 1e5: $(rss)"
stop
start --backend gl
echo "demo 800x500, GL (llvmpipe here): $(load 10 Examples/demo.json '?width=800&height=500')"
