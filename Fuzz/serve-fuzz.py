#!/usr/bin/env python3
"""Hostile-client fuzzing of `glint serve`, as the render server's hardening issue measured it.

Starts a real `glint serve` on a free loopback port (data folder: Examples/), then sends seeded mutations of the
Example specs and a few inline ones: first every numeric value of every seed set in turn to each extreme
(+-1e308, 1e20, 0, negatives, ...), then random mutations up to --cases (numbers swapped for extremes, arrays
emptied or lengthened, keys deleted, duplicated or retyped). Most requests render small (?width=160&height=100:
layout is the point, painting a huge image is not); one in ten keeps the spec's own size. One random case in eight is
a multipart/form-data body instead: the seed's inline number arrays moved into column parts (.npy files or raw
float64 values, sometimes at the extremes), and one time in two its bytes mutated (flipped, cut, repeated, a
boundary line inserted).

It fails (exit 1) when any response is outside 200 and the documented 4xx (400, 403, 413, 415) - a 500 means a
trap reached a worker - when /healthz, probed throughout, ever fails or takes over a second, or when the front
end's memory grows by more than 200 MB. It prints its counts, and the last line reads 'N passed, N failed'.
Everything it starts is stopped at the end, also on failure.
"""
import argparse
import copy
import glob
import http.client
import json
import os
import random
import signal
import struct
import subprocess
import sys
import threading
import time

EXTREMES = [1e308, -1e308, 1e20, -1e20, 0, -1, -0.5, 1e-300, 5e-324, 0.5, 3, 1e9, 2 ** 63, 65536, 32768, 1000, 1e15, 256]
ALLOWED = {200, 400, 403, 413, 415}
HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "Examples")

INLINE_SEEDS = [
    {"width": 120, "height": 80, "title": "t", "series": [{"type": "line", "name": "a", "y": [1, 3, None, 2], "dash": [4, 2]},
                                                         {"type": "bars", "x": ["a", "b"], "y": [2, -1], "valueLabels": True}],
     "legend": {"placement": "outside", "position": "bottom", "margins": 10, "style": {"padding": 4, "fontSize": 12, "borderWidth": 1}}},
    {"series": [{"type": "dots", "y": [1, 2, 3], "size": [0, 5, 10], "radius": [2, 20], "strokeColor": "black", "strokeWidth": 1}],
     "legends": [{"kind": "sizes", "series": 0, "count": 3},
                 {"kind": "colorbar", "scale": {"palette": "viridis", "range": [0, 1], "steps": 5}, "length": 120, "thickness": 10, "every": 0.25}]},
    {"x": {"type": "time", "range": [-86400000, 86400000]}, "y": {"type": "log", "range": [1, 1e6]},
     "series": [{"x": [0, 1000, 2000], "y": [1, 100, 10000], "width": 2, "miterLimit": 4, "join": "miter"}],
     "references": [{"axis": "y", "value": 10, "width": 1, "dash": [2, 2]}, {"axis": "x", "from": 0, "to": 1000}]},
    {"series": [{"type": "dots", "y": [1, 2], "color": {"categories": ["a", "b"], "palette": "tableau10"}}],
     "legends": [{"kind": "points", "series": 0, "radius": 4}],
     "legend": {"columns": 2, "width": 200, "height": 60, "items": [{"label": "x", "color": "red", "marker": "line", "width": 2, "radius": 3}]}},
]


def nodes(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from nodes(child, path + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from nodes(child, path + (i,))


def replaced(root, path, new):
    if not path:
        return new
    parent = root
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return root


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def mutate(spec, rng):
    """One to four random mutations of a copy of `spec`; returns the JSON text (which may duplicate a key)."""
    s = copy.deepcopy(spec)
    duplicate = None
    for _ in range(rng.randint(1, 4)):
        path, v = rng.choice(list(nodes(s)))
        r = rng.random()
        if is_number(v):
            s = replaced(s, path, rng.choice(EXTREMES))
        elif isinstance(v, list) and r < 0.3:
            s = replaced(s, path, [])
        elif isinstance(v, list) and r < 0.5:
            s = replaced(s, path, v * rng.randint(2, 50))
        elif isinstance(v, list) and r < 0.7 and v:
            s = replaced(s, path, [rng.choice(EXTREMES) for _ in v])
        elif isinstance(v, dict) and v and r < 0.4:
            del v[rng.choice(list(v))]
        elif isinstance(v, dict) and v and r < 0.6:
            duplicate = rng.choice(list(v))
        elif path:
            s = replaced(s, path, rng.choice(EXTREMES + [[], {}, "x", None, True, [rng.choice(EXTREMES), rng.choice(EXTREMES)]]))
    text = json.dumps(s)
    if duplicate is not None and text.startswith("{") and len(text) > 2:
        # A duplicated key at the top level: the text has it twice.
        text = "{" + json.dumps(duplicate) + ": " + json.dumps(rng.choice(EXTREMES)) + ", " + text[1:]
    return text


BOUNDARY = "glint-fuzz-7f3a"


def npy(values):
    """numpy's .npy (format 1.0) of little-endian doubles, written by hand: no numpy needed."""
    header = "{'descr': '<f8', 'fortran_order': False, 'shape': (%d,), }" % len(values)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + struct.pack("<%dd" % len(values), *values)


def multipart_case(spec, rng):
    """The seed with its series' inline number arrays sent as column parts; its bytes mutated one time in two."""
    s = copy.deepcopy(spec)
    parts = []
    for i, series in enumerate(s.get("series", []) if isinstance(s.get("series"), list) else []):
        if not isinstance(series, dict) or "data" in series:
            continue
        for key in ("x", "y", "size"):
            v = series.get(key)
            if not (isinstance(v, list) and v and all(is_number(a) for a in v)):
                continue
            values = [rng.choice(EXTREMES) for _ in v] if rng.random() < 0.3 else [float(a) for a in v]
            name = "s%d%s" % (i, key)
            if rng.random() < 0.5:
                parts.append((name, None, npy(values)))
            else:
                parts.append((name, "application/vnd.glint.float64", struct.pack("<%dd" % len(values), *values)))
            series.setdefault("data", {})[key] = name
            del series[key]
    body = b""
    for name, ctype, content in [("spec", "application/json", json.dumps(s).encode())] + parts:
        head = '--%s\r\nContent-Disposition: form-data; name="%s"\r\n' % (BOUNDARY, name)
        if ctype:
            head += "Content-Type: %s\r\n" % ctype
        body += (head + "\r\n").encode() + content + b"\r\n"
    body = bytearray(body + ("--%s--\r\n" % BOUNDARY).encode())
    if rng.random() < 0.5:
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(body))
            r = rng.random()
            if r < 0.4:
                body[at] = rng.randrange(256)
            elif r < 0.6:
                del body[at:at + rng.randrange(64)]
            elif r < 0.8:
                body[at:at] = body[at:at + rng.randrange(64)]
            else:
                body[at:at] = ("\r\n--%s\r\n" % BOUNDARY).encode()
    return bytes(body), "multipart/form-data; boundary=" + BOUNDARY


def systematic(seeds):
    """Every numeric value of every seed set to each extreme, one at a time."""
    for seed in seeds:
        for path, v in list(nodes(seed)):
            if is_number(v):
                for extreme in EXTREMES:
                    yield json.dumps(replaced(copy.deepcopy(seed), path, extreme))


def rss_mb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children(pid):
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--glint", required=True, help="the glint binary (a release build)")
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", default="cpu", help="the workers' painter: cpu (CI), gl or auto")
    args = parser.parse_args()

    seeds = INLINE_SEEDS + [json.load(open(f)) for f in sorted(glob.glob(os.path.join(EXAMPLES, "*.json")))]
    server = subprocess.Popen([args.glint, "serve", "--port", "0", "--workers", str(args.workers), "--backend", args.backend,
                               "--queue", "256", "--data-dir", EXAMPLES, "--quiet", "--drain", "0"],
                              stderr=subprocess.PIPE, text=True)
    failures = []
    try:
        line = server.stderr.readline()
        port = int(line.split("127.0.0.1:")[1].split()[0])
        threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
        start_rss = rss_mb(server.pid)

        json_type = "application/json"
        cases = [(text.encode(), json_type) for text in list(systematic(seeds))[: args.cases]]
        systematic_count = len(cases)
        rng = random.Random(args.seed)
        multipart_count = 0
        while len(cases) < args.cases:
            if rng.random() < 0.125:
                cases.append(multipart_case(rng.choice(seeds), rng))
                multipart_count += 1
            else:
                cases.append((mutate(rng.choice(seeds), rng).encode(), json_type))

        statuses = {}
        lock = threading.Lock()
        done = threading.Event()
        peaks = {"front": start_rss, "worker": 0.0, "health_ms": 0.0, "health_probes": 0}

        def watch():
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            while not done.is_set():
                began = time.monotonic()
                try:
                    connection.request("GET", "/healthz")
                    reply = connection.getresponse()
                    reply.read()
                    status = reply.status
                except Exception as error:  # a failed probe is a finding, not a crash of this script
                    status = "error %s" % error
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                took = (time.monotonic() - began) * 1000
                with lock:
                    peaks["health_probes"] += 1
                    peaks["health_ms"] = max(peaks["health_ms"], took)
                    peaks["front"] = max(peaks["front"], rss_mb(server.pid))
                    for child in children(server.pid):
                        peaks["worker"] = max(peaks["worker"], rss_mb(child))
                    if status != 200 or took > 1000:
                        failures.append("/healthz answered %s in %.0f ms" % (status, took))
                time.sleep(0.05)

        def client(index):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            local = random.Random(args.seed * 1000 + index)
            for n in range(index, len(cases), args.clients):
                query = "" if local.random() < 0.1 else "?width=160&height=100"
                try:
                    connection.request("POST", "/render" + query, body=cases[n][0], headers={"Content-Type": cases[n][1]})
                    reply = connection.getresponse()
                    body = reply.read()
                    status = reply.status
                    if reply.getheader("Connection", "").lower() == "close":
                        connection.close()
                except Exception as error:
                    status, body = "error %s" % type(error).__name__, b""
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                with lock:
                    statuses[status] = statuses.get(status, 0) + 1
                    if status not in ALLOWED and len(failures) < 20:
                        failures.append("case %d answered %s: %s | %s" % (n, status, body[:300], cases[n][0][:300]))

        watcher = threading.Thread(target=watch)
        watcher.start()
        began = time.monotonic()
        clients = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
        for c in clients:
            c.start()
        for c in clients:
            c.join()
        done.set()
        watcher.join()
        seconds = time.monotonic() - began
        end_rss = rss_mb(server.pid)
        if end_rss - start_rss > 200:
            failures.append("the front end grew from %.0f MB to %.0f MB" % (start_rss, end_rss))
        if server.poll() is not None:
            failures.append("the server process ended (status %s)" % server.returncode)

        total = sum(statuses.values())
        print("serve fuzz: %d cases (%d systematic: every numeric value of %d seeds at %d extremes; %d random, %d of them multipart), "
              "%.1f s, %.0f requests/s" % (total, systematic_count, len(seeds), len(EXTREMES), total - systematic_count, multipart_count,
                                          seconds, total / seconds))
        print("serve fuzz: statuses %s" % ", ".join("%s: %d" % (k, statuses[k]) for k in sorted(statuses, key=str)))
        print("serve fuzz: /healthz %d probes, slowest %.1f ms; RSS front end %.0f -> %.0f MB (peak %.0f), largest worker %.0f MB"
              % (peaks["health_probes"], peaks["health_ms"], start_rss, end_rss, peaks["front"], peaks["worker"]))
        for failure in failures:
            print("serve fuzz: FAILED: %s" % failure)
        refused = sum(v for k, v in statuses.items() if k not in ALLOWED)
        others = sum(1 for f in failures if not f.startswith("case "))
        print("serve fuzz: %d passed, %d failed" % (total - refused, refused + others))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
