#!/usr/bin/env python3
"""Hostile-client fuzzing of `glint serve`, as the render server's hardening issue measured it.

Starts a real `glint serve` on a free loopback port (data folder: Examples/, `--timeout` 5 s), then sends --cases
seeded cases made from the Example specs and the inline seeds below (which give every mark type inline data:
heatmap, pie, candlestick/OHLC, histogram, density count and count_by, area, bars with error bars, band,
annotations, panels, facets, splits, sorted categories). Two kinds are interleaved evenly, systematic ones taking at
most half of the cases (all of them in CI's 10^5):

- systematic: every numeric value of every seed set in turn to each extreme (+-1.7976931348623157e308, its half,
  +-1e308, 1e20, 0, negatives, 5e-324, ...); every array of numbers of every seed (a heatmap's rows and its whole
  `z` too) "stretched" - multiplied so that its largest magnitude is +-Double.greatestFiniteMagnitude, its spacing
  even as before and its nulls kept - alone, and all of a seed's at once; and every text of every seed (titles,
  names, labels, category names, legend items, annotation texts, axis titles) replaced, wherever it occurs (so a
  category stays one category), by a hostile text: noncharacters (U+FFFF, U+FFFE, U+FDD0, U+10FFFF), lone combining
  marks, right-to-left text, NUL and separators, lone surrogates, thousands of JSON escapes ("\\n", "\\\\", "\\"",
  "\\u00e9").
- random: one in eight a seed with a stretched array (one, or all of them), one in eight a seed with a hostile text
  (one text everywhere, or any string at one place), either mutated further one time in four; one in eight a
  multipart/form-data body: the seed's inline number arrays moved into column parts (.npy files or raw float64
  values, sometimes at the extremes), and one time in two its bytes mutated (flipped, cut, repeated, a boundary line
  inserted); the rest mutations of a seed (numbers swapped for extremes, arrays emptied or lengthened, keys deleted,
  duplicated or retyped).

JSON bodies are written with \\uXXXX escapes (surrogate pairs for the astral planes) or, one time in two, as raw
UTF-8 (a lone surrogate then as its invalid UTF-8 bytes). Most requests render small (?width=160&height=100: layout
is the point, painting a huge image is not); one in ten keeps the spec's own size; one in six asks for SVG or PDF
(`?format=`, or an `Accept` header), and its answer must say that type.

Between those, two phases of their own:
- long arrays, one at a time and timed (at the middle with the largest sizes, at the end with random ones; at
  160 x 100, one in three as SVG or PDF): 2,000-10,000 entries in `legends` and in `legend.items`, a pie of 1,000
  slices (200), of 5,000-20,000 (400: at most 1,000) and of as many rows in 5 names (200), 10,000-100,000 names on a category axis
  sorted "-y", a `split` into 10,000 groups (200) and into 12,000 (400: at most 10,000 series), 12,000 series
  (400), a count_by density whose `color.order` has 100,000 names (400: at most 64 categories);
- worker deaths and idle gaps (at the start and at the middle): a render past --timeout (16000 x 16000 px of large
  dots: 504, its worker stopped and replaced), a worker SIGKILLed while idle (the front end's children are read from
  /proc/PID/task/*/children: the forking thread is not the main one), the server then left idle for --idle seconds
  (longer than libdispatch keeps idle threads: a replacement worker forked from one used to be SIGKILLed when it
  retired), after which every live worker must still be the same process and 2 x --workers renders at once must
  answer 200.

It fails (exit 1) when any response is outside 200 and the documented 4xx (400, 403, 413, 415) - a 500 means a
trap reached a worker (or a worker's death was not noticed before a request was given to it), a 504 a case slower
than --timeout - when /healthz, probed throughout (except in the idle gaps), ever fails or takes over a second,
when a death check fails, when /metrics counts more worker restarts than the deaths caused, or when the front end's
memory grows by more than 200 MB. It prints its counts, the cost of each kind of case and of each long array, the
worker restarts by cause (`glint_worker_restarts_total`), and the last line reads 'N passed, N failed'. Everything
it starts is stopped at the end, also on failure.
"""
import argparse
import collections
import copy
import glob
import http.client
import json
import math
import os
import random
import re
import signal
import struct
import subprocess
import sys
import threading
import time
import types

LARGEST = 1.7976931348623157e308  # Double.greatestFiniteMagnitude
EXTREMES = [LARGEST, -LARGEST, 8.98846567431158e307, 1e308, -1e308, 1e20, -1e20, 0, -1, -0.5, 1e-300, 5e-324, 0.5, 3, 1e9,
            2 ** 63, 65536, 32768, 1000, 1e15, 256]
ALLOWED = {200, 400, 403, 413, 415}
HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "Examples")
JSON_TYPE = "application/json"
SMALL = "width=160&height=100"
FORMATS = {"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf"}
# Accept headers and the format each must choose (docs/serve.md, "Format").
ACCEPTS = [("image/svg+xml", "svg"), ("application/pdf", "pdf"), ("application/pdf, image/png;q=0.5", "pdf"),
           ("image/svg+xml;q=0.9, image/png;q=0.1, */*;q=0.01", "svg")]

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

# One small seed per mark with inline data (the Examples read most of theirs from CSV, which no mutation reaches),
# so that the extremes and the stretched arrays land in every mark's data; the texts are names to replace.
MARK_SEEDS = [
    {"title": "load by hour", "x": {"title": "hour"}, "y": {"title": "day"},
     "series": [{"type": "heatmap", "name": "load", "x": [0, 1, 2], "y": [10, 20], "z": [[1, 0, 3], [4, None, 6]],
                 "cellLabels": True, "valueFormat": "{.1f}"}],
     "legends": [{"kind": "colorbar", "series": 0, "title": "load"}]},
    {"x": {"categories": ["Mon", "Tue", "Wed"]},
     "series": [{"type": "heatmap", "x": ["Mon", "Tue", "Wed"], "y": [0, 1], "z": [[1, 2, 3], [3, 2, 1]],
                 "color": {"scale": {"palette": "magma", "range": [0, 4], "steps": 4}}}]},
    {"title": "shares", "series": [{"type": "pie", "name": "regions", "y": [3, 1, 0.5, 2], "labels": ["north", "south", "east", "west"],
                                    "inner": 0.4, "startAngle": 30, "sliceLabels": "name+percent",
                                    "color": {"categories": ["north", "south", "east", "west"], "palette": {"north": "#1f77b4", "south": "#ff7f0e"}}}],
     "legend": {"title": "region"}},
    {"x": {"type": "time", "title": "day"},
     "series": [{"type": "candlestick", "name": "ACME", "x": [0, 86400000, 172800000, 259200000], "open": [10, 11, 12, 11],
                 "high": [12, 13, 14, 12], "low": [9, 10, 11, 10], "close": [11, 12, 11, 10.5], "barWidth": 0.7},
                {"type": "ohlc", "name": "ACME (OHLC)", "x": [0, 86400000, 172800000], "open": [1, 2, 3], "high": [4, 5, 6],
                 "low": [0, 1, 2], "close": [3, 1, 2], "axis": "y2"}]},
    {"series": [{"type": "histogram", "name": "values", "x": [1, 2, 2, 3, 3, 3, 4, 5, None], "bins": {"count": 5, "range": [0, 6]}, "valueLabels": True},
                {"type": "histogram", "name": "edges", "x": [0.5, 1.5, 2.5, 9], "bins": [0, 1, 2.5, 10], "statistic": "density"},
                {"type": "histogram", "x": [1, 2, 3, 4, 4], "split": ["odd", "even", "odd", "even", "even"], "bins": 3}]},
    {"series": [{"type": "density", "name": "cloud", "x": [0, 1, 1, 2, 3, 4], "y": [0, 1, 1, 2, 0, 5], "spread": 1, "normalize": "log"},
                {"type": "density", "name": "means", "x": [0, 2, 4], "y": [1, 3, 5], "reduce": "mean", "value": [1, 2, 3], "geometry": "lines"}],
     "legends": [{"kind": "colorbar", "series": 0, "title": "count"}]},
    {"series": [{"type": "density", "name": "kinds", "x": [0, 1, 2, 3, 4, 5], "y": [5, 4, 3, 2, 1, 0], "reduce": "count_by",
                 "category": ["cat", "dog", "cat", "bird", None, "dog"], "color": {"palette": "set2", "order": ["bird", "dog", "cat"]}}],
     "legends": [{"kind": "points", "series": 0, "title": "kind"}]},
    {"title": "areas", "series": [{"type": "area", "name": "low", "x": [0, 1, 2, 3], "y": [1, 2, 1, 3], "fillOpacity": 0.5},
                                  {"type": "area", "name": "high", "x": [0, 1, 2, 3], "y": [2, 4, 3, 5], "baseline": "low", "edge": False},
                                  {"type": "area", "name": "A", "x": [0, 1, 2], "y": [1, 2, 3], "stack": "s", "normalize": True, "axis": "y2"},
                                  {"type": "area", "name": "B", "x": [0, 1, 2], "y": [3, 2, 1], "stack": "s", "axis": "y2"}]},
    {"series": [{"type": "bars", "name": "mean", "x": [1, 2, 3], "y": [5, 3, 4], "barWidth": 0.6,
                 "errorBars": {"y": {"minus": [1, 0.5, 2], "plus": [2, 1, 1]}, "width": 1.5, "cap": 8}},
                {"type": "dots", "name": "points", "x": [1, 2, 3], "y": [6, 2, 5], "errorBars": {"x": 0.2, "y": [1, 1, 0.5]}},
                {"type": "bars", "name": "stacked", "x": [1, 2, 3], "y": [1, 2, 3], "stack": "t", "errorBars": {"y": 0.5, "color": "#333"}}]},
    {"series": [{"type": "line", "name": "median", "x": [0, 1, 2, 3, 4], "y": [1, 2, 1.5, 3, 2.5], "dash": [1e-300, 4],
                 "band": {"lower": [0.5, 1.5, 1, 2.5, 2], "upper": [1.5, 2.5, 2, 3.5, 3], "opacity": 0.3}},
                {"type": "dots", "name": "points", "x": [0, 2, 4], "y": [1, 1.5, 2.5], "band": {"lower": 0, "upper": [2, 2, 3]}}]},
    {"title": "notes", "series": [{"name": "s", "x": [0, 1, 2, 3], "y": [1, 3, 2, 4]}],
     "annotations": [{"x": 1, "y": 3, "text": "peak", "box": True}, {"x": 3, "y": 4, "text": "last", "arrow": False, "color": "#f00"}],
     "references": [{"value": 2, "label": "mid"}, {"axis": "x", "from": 0.5, "to": 1.5, "label": "band"}]},
    {"x": {"categories": ["a", "b", "c"]}, "series": [{"type": "bars", "name": "s", "x": ["a", "b", "c"], "y": [1, 2, 3]}],
     "annotations": [{"x": "b", "y": 2, "text": "b's note", "box": True}]},
    {"title": "figure", "columns": 2, "share": {"x": "column"},
     "panels": [{"title": "line", "series": [{"name": "s", "x": [0, 1, 2], "y": [1, 2, 0]}]},
                {"title": "pie", "series": [{"type": "pie", "y": [1, 2, 3], "labels": ["a", "b", "c"]}]},
                {"title": "bars", "series": [{"name": "s", "type": "bars", "x": [1, 2], "y": [3, 4]}], "columnSpan": 2}]},
    {"title": "facets", "facet": {"column": "weather", "columns": 3}, "x": {"range": [-10, 20]},
     "series": [{"type": "dots", "name": "wind", "data": {"csv": "seattle-weather.csv", "x": "temp_min", "y": "wind"}, "radius": 1.5,
                 "filter": {"column": "wind", ">=": 1}}]},
    {"title": "radar", "polar": {"startAngle": 30, "direction": "counterclockwise", "inner": 0.2}, "x": {"categories": ["a", "b", "c", "d"]},
     "series": [{"type": "area", "name": "now", "x": ["a", "b", "c", "d"], "y": [3, 1, 4, 2]},
                {"type": "line", "name": "then", "x": ["a", "b", "c", "d"], "y": [2, 2, None, 3], "markers": True, "shape": "auto"}]},
    {"title": "rose", "polar": True, "x": {"range": [0, 24]}, "y": {"range": [-1, 10]},
     "series": [{"type": "bars", "name": "calm", "x": [0, 6, 12, 18], "y": [1, 5, 3, 9], "stack": "w", "barWidth": 0.9},
                {"type": "bars", "name": "gusts", "x": [0, 6, 12, 18], "y": [2, 1, 0, 4], "stack": "w"},
                {"type": "dots", "name": "readings", "x": [1, 370, -5], "y": [2, 4, 11], "size": [1, 2, 3]}]},
    {"x": {"categories": True, "title": "name"},
     "series": [{"type": "bars", "name": "ranked", "x": ["x", "y", "z", "x"], "y": [3, 1, 2, 4], "sort": "-y", "aggregate": "mean", "valueLabels": True},
                {"type": "dots", "x": ["x", "y", "z"], "y": [1, 2, 3], "split": ["one", "two", "one"]}]},
]

# Texts that have broken text engines, JSON parsers and error messages: noncharacters, lone combining marks,
# bidirectional text and controls, NUL and separators, astral characters (surrogate pairs when escaped).
TEXT_PIECES = ["\uffff", "\ufffe", "\ufdd0", "\ufdef", "\U0010ffff", "\U0001fffe", "\u0301", "\u0308\u20dd", "e\u0301",
               "\u05e9\u05dc\u05d5\u05dd", "\u0645\u0631\u062d\u0628\u0627", "\u202e", "\u200f", "\u200d", "\ufeff",
               "\U0001f600", "\u00e9", "\x00", "\x1f", "\u2028", "\n", "\\", "\"", "\t", "/", " ", "a", "%", "{"]
LONE_SURROGATES = ["\ud800", "\udfff", "\udbff"]
HOSTILE_TEXTS = [
    "\uffff\ufffe\ufdd0\ufdef\U0010ffff\U0001fffe",
    "\u0301\u0308 lone marks \u20dd",
    "\u202e\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627\u200f abc",
    "\n" * 2000 + "\\" * 2000 + "\"" * 1000 + "\u00e9" * 1000,
    "\U0001f600\U0010ffff e\u0301 \x00\x1f\u2028\u2029\ufeff",
    "\ud800 lone \udfff",
]
# Keys whose string values (or whose arrays' strings) are texts and names, not keywords; and the objects whose strings
# name CSV files and columns or are keywords, left alone.
TEXT_KEYS = {"title", "name", "label", "text", "labels", "categories", "x", "y", "category", "order", "split", "baseline",
             "series", "in"}
NOT_TEXT = {"data", "facet", "share", "errorBars", "band", "filter"}
DATE = re.compile(r"^[0-9]{4}[-/][0-9]")


def nodes(value, path=()):
    """Every (path, value) of a JSON value, itself first."""
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from nodes(child, path + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from nodes(child, path + (i,))


def replaced(root, path, new):
    """`root` with the value at `path` set to `new` (in place; the new root when `path` is empty)."""
    if not path:
        return new
    parent = root
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return root


def value_at(root, path):
    """The value at `path`."""
    for key in path:
        root = root[key]
    return root


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def encoded(spec, ascii_only):
    """The JSON text's bytes: \\uXXXX escapes, or raw UTF-8 (a lone surrogate as its invalid UTF-8 bytes)."""
    return json.dumps(spec, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


# Stretched arrays.

def numeric_arrays(spec):
    """Paths of the arrays of numbers (nulls allowed, one number not 0 at least) and of arrays of such rows."""
    def flat(v):
        if isinstance(v, list) and v and all(is_number(a) or a is None for a in v):
            return v
        if isinstance(v, list) and v and all(isinstance(row, list) and row and all(is_number(a) or a is None for a in row) for row in v):
            return [a for row in v for a in row]
        return None
    found = []
    for path, v in nodes(spec):
        values = flat(v)
        if values and any(is_number(a) and a != 0 and math.isfinite(a) for a in values):
            found.append(path)
    return found


def stretched(value, sign):
    """An array of numbers (or of rows of them) multiplied so that its largest magnitude is sign * LARGEST: the
    spacing stays even, nulls stay, and the largest value is exactly +-LARGEST (never rounded past it)."""
    numbers = [a for a in (value if not isinstance(value[0], list) else [a for row in value for a in row]) if is_number(a)]
    largest = max(abs(a) for a in numbers)
    factor = sign * LARGEST / largest

    def scaled(a):
        if not is_number(a):
            return a
        if abs(a) == largest:
            return math.copysign(LARGEST, a * sign)
        b = a * factor
        return b if math.isfinite(b) else math.copysign(LARGEST, b)
    if isinstance(value[0], list):
        return [[scaled(a) for a in row] if isinstance(row, list) else row for row in value]
    return [scaled(a) for a in value]


def stretch(spec, rng):
    """A copy of `spec` with one of its number arrays (or, one time in four, all of them) stretched."""
    s = copy.deepcopy(spec)
    paths = numeric_arrays(s)
    if not paths:
        return s
    chosen = paths if rng.random() < 0.25 else [rng.choice(paths)]
    sign = rng.choice([1, -1])
    for path in chosen:
        s = replaced(s, path, stretched(value_at(s, path), sign))
    return s


# Hostile texts.

def text_values(spec):
    """The distinct texts of `spec`: strings under TEXT_KEYS (or in arrays under them), not dates, not in NOT_TEXT."""
    found = []
    for path, v in nodes(spec):
        keys = [k for k in path if isinstance(k, str)]
        if (isinstance(v, str) and keys and keys[-1] in TEXT_KEYS and not NOT_TEXT.intersection(keys) and not DATE.match(v)
                and path[-1:] != ("split",) and v not in found):  # a split's own string is a CSV column's name
            found.append(v)
    return found


def with_text(spec, old, new):
    """A copy of `spec` with the text `old` replaced by `new` wherever it is a text (text_values) or names a category
    in a palette, so that a renamed category, slice or series is still one."""
    def walk(v, key=None, array=False):
        if isinstance(v, dict):
            return {(new if key == "palette" and k == old else k): (c if k in NOT_TEXT else walk(c, k)) for k, c in v.items()}
        if isinstance(v, list):
            return [walk(c, key, True) for c in v]
        return new if v == old and key in TEXT_KEYS and (array or key != "split") else v
    return walk(spec)


def hostile_text(rng, lone_surrogates=None):
    """A text of pieces from TEXT_PIECES (a lone combining mark first one time in four), or one piece repeated up to
    5,000 times (thousands of JSON escapes); with lone surrogates one time in ten (invalid UTF-8 when written raw),
    never when `lone_surrogates` is False."""
    if lone_surrogates is None:
        lone_surrogates = rng.random() < 0.1
    pieces = TEXT_PIECES + (LONE_SURROGATES if lone_surrogates else [])
    if rng.random() < 0.3:
        return rng.choice(pieces) * rng.choice([2, 100, 1000, 5000])
    text = "".join(rng.choice(pieces) * rng.choice([1, 1, 1, 3, 50]) for _ in range(rng.randint(1, 40)))
    return ("\u0301" + text) if rng.random() < 0.25 else text


def retext(spec, rng):
    """A copy of `spec` with one of its texts (or, one time in five, any string value at one place) replaced by a
    hostile text."""
    texts = text_values(spec)
    new = hostile_text(rng)
    if texts and rng.random() < 0.8:
        return with_text(spec, rng.choice(texts), new)
    strings = [path for path, v in nodes(spec) if isinstance(v, str)]
    if not strings:
        return spec
    return replaced(copy.deepcopy(spec), rng.choice(strings), new)


# Random mutations and multipart bodies.

def mutate(spec, rng, ascii_only=True):
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
    text = json.dumps(s, ensure_ascii=ascii_only)
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
    for name, ctype, content in [("spec", JSON_TYPE, json.dumps(s).encode())] + parts:
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


# Cases: what to send, and how.

Case = collections.namedtuple("Case", "kind body content_type query accept format")


def request_shape(rng):
    """The query, Accept header and expected format of a case: small unless one time in ten, SVG or PDF one time in
    six (by ?format= two times in three, else by Accept)."""
    query = "" if rng.random() < 0.1 else SMALL
    if rng.random() >= 1 / 6:
        return "?" + query if query else "", None, "png"
    if rng.random() < 2 / 3:
        chosen = rng.choice(["svg", "pdf"])
        return "?" + "&".join(q for q in (query, "format=" + chosen) if q), None, chosen
    accept, chosen = rng.choice(ACCEPTS)
    return "?" + query if query else "", accept, chosen


def make_case(kind, body, rng, content_type=JSON_TYPE):
    """A case of `kind` with its request's shape drawn from `rng`."""
    return Case(kind, body, content_type, *request_shape(rng))


def systematic_recipes(seeds):
    """Every systematic case as (kind, seed index, path, replacement), cheap to list: bodies are made when sent."""
    recipes = []
    for index, seed in enumerate(seeds):
        for path, v in nodes(seed):
            if is_number(v):
                recipes.extend(("extreme", index, path, extreme) for extreme in EXTREMES)
        arrays = numeric_arrays(seed)
        for path in arrays:
            recipes.extend(("stretch", index, path, sign) for sign in (1, -1))
            if isinstance(value_at(seed, path)[0], list):  # a heatmap's z: each row on its own too
                recipes.extend(("stretch", index, path + (row,), 1) for row in range(len(value_at(seed, path))))
        if arrays:
            recipes.append(("stretch-all", index, (), 1))
        for text in text_values(seed):
            recipes.extend(("text", index, text, hostile) for hostile in range(len(HOSTILE_TEXTS)))
    return recipes


def systematic_body(seeds, recipe):
    """The JSON bytes of one systematic recipe."""
    kind, index, where, what = recipe
    seed = seeds[index]
    if kind == "extreme":
        return encoded(replaced(copy.deepcopy(seed), where, what), True)
    if kind == "stretch":
        array = value_at(seed, where)
        if not any(is_number(a) and a != 0 for a in (array if not isinstance(array[0], list) else sum(array, []))):
            return encoded(seed, True)  # a heatmap row of nulls and zeros: nothing to stretch
        return encoded(replaced(copy.deepcopy(seed), where, stretched(array, what)), True)
    if kind == "stretch-all":
        s = copy.deepcopy(seed)
        for path in numeric_arrays(s):
            s = replaced(s, path, stretched(value_at(s, path), what))
        return encoded(s, True)
    text = HOSTILE_TEXTS[what]
    lone = any(0xD800 <= ord(c) <= 0xDFFF for c in text)
    return encoded(with_text(seed, where, text), lone or what % 2 == 0)


def random_case(seeds, rng):
    """One random case: a multipart body one time in eight, a stretched array or a hostile text (each one time in
    eight, sometimes also mutated), else a mutation."""
    seed = rng.choice(seeds)
    ascii_only = rng.random() < 0.5
    r = rng.random()
    if r < 0.125:
        body, content_type = multipart_case(seed, rng)
        return make_case("multipart", body, rng, content_type)
    if r < 0.25:
        s = stretch(seed, rng)
        body = mutate(s, rng, ascii_only) if rng.random() < 0.25 else json.dumps(s, ensure_ascii=ascii_only)
        return make_case("stretched", body.encode("utf-8", "surrogatepass"), rng)
    if r < 0.375:
        s = retext(seed, rng)
        body = mutate(s, rng, ascii_only) if rng.random() < 0.25 else json.dumps(s, ensure_ascii=ascii_only)
        return make_case("text", body.encode("utf-8", "surrogatepass"), rng)
    return make_case("mutated", mutate(seed, rng, ascii_only).encode("utf-8", "surrogatepass"), rng)


def case_stream(seeds, count, seed, counts):
    """`count` cases: the systematic ones (at most half of them, spread over every seed when fewer) interleaved
    evenly with random ones; `counts` gathers how many of each kind."""
    recipes = systematic_recipes(seeds)
    counts["recipes"] = len(recipes)
    taken = min(len(recipes), count // 2)
    picked = [recipes[j * len(recipes) // taken] for j in range(taken)] if taken else []
    rng = random.Random(seed)
    shape_rng = random.Random(seed + 1)
    next_recipe = 0
    for n in range(count):
        if next_recipe < taken and (n + 1) * taken // count > next_recipe:
            recipe = picked[next_recipe]
            next_recipe += 1
            counts["systematic " + recipe[0]] += 1
            yield make_case("systematic " + recipe[0], systematic_body(seeds, recipe), shape_rng)
        else:
            case = random_case(seeds, rng)
            counts[case.kind] += 1
            if case.format != "png":
                counts["svg/pdf"] += 1
            yield case


# Long arrays.

def names(count, prefix, rng=None):
    """`count` distinct names; with `rng`, about one time in three with (up to 8 characters of) a hostile text in
    each."""
    infix = hostile_text(rng, False)[:8] if rng and rng.random() < 0.3 else ""
    return ["%s%s%d" % (prefix, infix, i) for i in range(count)]


def long_array_specs(rng, largest):
    """(label, spec, expected status) of the long-array cases: the largest sizes of each range, or random ones."""
    def size(low, high):
        return high if largest else rng.randint(low, high)
    n_legends, n_items, n_slices, n_categories = size(2000, 10000), size(2000, 10000), size(5000, 20000), size(10000, 100000)
    kinds = [lambda i: {"kind": "points", "items": [{"label": "l%d" % i, "color": "red"}]},
             lambda i: {"kind": "series", "markers": False},
             lambda i: {"kind": "colorbar", "scale": {"palette": "viridis", "range": [0, i + 1]}}]
    slices = [rng.random() for _ in range(n_slices)]
    categories = names(n_categories, "c", rng)
    values = [rng.random() * 100 for _ in range(n_categories)]
    return [
        ("%d legends" % n_legends, {"series": [{"name": "s", "y": [1, 2]}], "legends": [kinds[i % 3](i) for i in range(n_legends)]}, 200),
        ("%d legend items" % n_items, {"series": [{"name": "s", "y": [1, 2]}],
                                       "legend": {"items": [{"label": label} for label in names(n_items, "item", rng)]}}, 200),
        ("pie of 1000 slices", {"series": [{"type": "pie", "y": slices[:1000], "labels": names(1000, "s", rng),
                                            "sliceLabels": rng.choice(["percent", "name+percent"])}]}, 200),
        ("pie of %d slices" % n_slices, {"series": [{"type": "pie", "y": slices, "labels": names(n_slices, "s", rng),
                                                     "sliceLabels": rng.choice(["percent", "name+percent"])}]}, 400),
        ("pie of %d rows in 5 names" % n_slices, {"series": [{"type": "pie", "y": slices, "labels": ["n%d" % (i % 5) for i in range(n_slices)],
                                                              "aggregate": "sum"}]}, 200),
        ("%d categories sorted -y" % n_categories, {"x": {"categories": rng.choice([True, categories])},
                                                   "series": [{"type": "bars", "x": categories, "y": values, "sort": "-y"}]}, 200),
        ("split into 10000 groups", {"series": [{"type": "dots", "y": list(range(10000)), "split": names(10000, "g")}]}, 200),
        ("split into 12000 groups", {"series": [{"type": "dots", "y": list(range(12000)), "split": names(12000, "g")}]}, 400),
        ("12000 series", {"series": [{"y": [i, i + 1]} for i in range(12000)]}, 400),
        ("count_by color.order of 100000 names", {"series": [{"type": "density", "x": [0, 1, 2], "y": [0, 1, 2], "reduce": "count_by",
                                                              "category": ["a", "b", "a"], "color": {"order": names(100000, "o")}}]}, 400),
    ]


# HTTP and the server's processes.

def send(port, method, path, body=None, headers=None, timeout=120):
    """One request on a fresh connection: (status, headers, body, seconds); the status is 'error NAME' when the
    connection fails."""
    began = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        reply = connection.getresponse()
        content = reply.read()
        return reply.status, {k.lower(): v for k, v in reply.getheaders()}, content, time.monotonic() - began
    except Exception as error:  # a failed request is a finding, not a crash of this script
        return "error %s" % type(error).__name__, {}, b"", time.monotonic() - began
    finally:
        connection.close()


def worker_restarts(port):
    """glint_worker_restarts_total by cause, from GET /metrics."""
    status, _, body, _ = send(port, "GET", "/metrics", timeout=10)
    if status != 200:
        return {}
    return {m.group(1): int(float(m.group(2))) for m in re.finditer(r'^glint_worker_restarts_total\{cause="([^"]*)"\} (\S+)$',
                                                                       body.decode(errors="replace"), re.M)}


def rss_mb(pid):
    """The resident memory of `pid` in MB (0 when it is gone)."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def is_live(pid):
    """Whether `pid` runs (exists and is no zombie)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def children(pid):
    """The child processes of every thread of `pid` (the server forks its workers from a thread of their own)."""
    found = []
    try:
        tasks = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return found
    for task in tasks:
        try:
            with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                found.extend(int(p) for p in f.read().split())
        except OSError:
            pass
    return found


def live_workers(pid):
    """The server's worker processes that run (not zombies), in order."""
    return sorted(p for p in children(pid) if is_live(p))


def wait_until(condition, seconds):
    """Polls `condition` for up to `seconds`; whether it held."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


# Phases.

def slow_spec(rng):
    """10,000 dots of radius 1000: at 16000 x 16000 px, 3,000 of them took 17.8 s to paint on one core of a 2-core CI
    machine, so these are far past a 5 s --timeout on any machine (and the timeout bounds what they cost)."""
    return {"series": [{"type": "dots", "x": [rng.random() for _ in range(10000)], "y": [rng.random() for _ in range(10000)], "radius": 1000}]}


def death_check(server, port, args, rng, quiet, notes):
    """A render past --timeout and a worker SIGKILLed while idle, then --idle seconds of quiet, then every live
    worker must be the process it was and 2 x --workers renders at once must answer 200. Returns the checks as
    (passed, description) and the deaths it caused by cause."""
    checks = []
    slow, _, body, took = send(port, "POST", "/render?width=16000&height=16000", encoded(slow_spec(rng), True), {"Content-Type": JSON_TYPE})
    checks.append((slow == 504, "a render past --timeout (POST /render?width=16000&height=16000, 10000 dots of radius 1000) answered %s "
                   "in %.1f s, expected 504: %s" % (slow, took, body[:200])))
    if not wait_until(lambda: len(live_workers(server.pid)) >= args.workers, 10):
        checks.append((False, "%d workers 10 s after a timeout, expected %d" % (len(live_workers(server.pid)), args.workers)))
    victim = (live_workers(server.pid) or [None])[0]
    if victim:
        os.kill(victim, signal.SIGKILL)
        if not wait_until(lambda: victim not in children(server.pid) and len(live_workers(server.pid)) >= args.workers, 2):
            notes.append("worker %d, SIGKILLed while idle, was not reaped and replaced within 2 s (%s): the next request given to "
                         "it finds it dead" % (victim, "a zombie" if victim in children(server.pid) else "no replacement"))
    quiet.set()
    before = live_workers(server.pid)
    time.sleep(args.idle)
    after = live_workers(server.pid)
    quiet.clear()
    checks.append((set(before) <= set(after), "every live worker the same process after %g s idle: before %s, after %s"
                   % (args.idle, before, after)))
    results = []

    def render():
        results.append(send(port, "POST", "/render?" + SMALL, encoded(MARK_SEEDS[0], True), {"Content-Type": JSON_TYPE}))
    threads = [threading.Thread(target=render) for _ in range(2 * args.workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for status, _, body, took in results:
        checks.append((status == 200, "a render %g s after worker deaths answered %s in %.0f ms: %s"
                       % (args.idle, status, took * 1000, body[:200] if status != 200 else "")))
    return checks, {"timeout": 1 if slow == 504 else 0, "SIGKILL": 1 if victim else 0}


def long_arrays(port, rng, largest):
    """The long-array cases, one at a time: (label, status, seconds, body bytes, passed, an error's start)."""
    results = []
    for label, spec, expected in long_array_specs(rng, largest):
        body = encoded(spec, rng.random() < 0.5)
        chosen = rng.choice(["png", "png", "png", "png", "svg", "pdf"])
        query = "?" + SMALL + ("&format=" + chosen if chosen != "png" else "")
        status, _, answer, took = send(port, "POST", "/render" + query, body, {"Content-Type": JSON_TYPE})
        results.append(("%s (%s)" % (label, chosen), status, took, len(body), status == expected, answer[:200] if status != 200 else b""))
    return results


def run_cases(port, stream, count, args, tally):
    """Sends `count` cases of `stream` from --clients threads, each with its keep-alive connection; `tally` gathers
    statuses, costs by kind, the slowest case and failures."""
    lock = threading.Lock()

    def next_case():
        with lock:
            if tally["sent"] >= tally["limit"]:
                return None, None
            tally["sent"] += 1
            return tally["sent"] - 1, next(stream, None)
    tally["limit"] += count

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        while True:
            n, case = next_case()
            if case is None:
                break
            headers = {"Content-Type": case.content_type}
            if case.accept:
                headers["Accept"] = case.accept
            began = time.monotonic()
            try:
                connection.request("POST", "/render" + case.query, body=case.body, headers=headers)
                reply = connection.getresponse()
                body = reply.read()
                status, served = reply.status, reply.getheader("Content-Type", "")
                if reply.getheader("Connection", "").lower() == "close":
                    connection.close()
            except Exception as error:
                status, body, served = "error %s" % type(error).__name__, b"", ""
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            took = time.monotonic() - began
            with lock:
                record(tally, n, case, status, served, body, took)
        connection.close()
    clients = [threading.Thread(target=client) for _ in range(args.clients)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()


def describe(case):
    """The request of a case, as a failure prints it."""
    return "POST /render%s Content-Type: %s%s | %s" % (case.query, case.content_type, " Accept: " + case.accept if case.accept else "",
                                                       case.body[:300])


def record(tally, n, case, status, served, body, took):
    """Counts one answer (under the caller's lock)."""
    tally["statuses"][status] += 1
    cost = tally["cost"][case.kind if case.format == "png" else "svg/pdf"]
    cost[0] += 1
    cost[1] += took
    if took > tally["slowest"][0]:
        tally["slowest"] = (took, status, describe(case))
    wrong_type = status == 200 and not served.startswith(FORMATS[case.format])
    if status not in ALLOWED or wrong_type:
        tally["bad"] += 1
        if len(tally["failures"]) < 20:
            what = "Content-Type %s, expected %s" % (served, FORMATS[case.format]) if wrong_type else body[:300]
            tally["failures"].append("case %d (%s) answered %s: %s | request: %s" % (n, case.kind, status, what, describe(case)))
        if tally["save"]:
            save(tally["save"], n, case)


def save(folder, n, case):
    """Writes a failing case's body and its curl command line to `folder`."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "case-%d.body" % n)
    with open(path, "wb") as f:
        f.write(case.body)
    with open(os.path.join(folder, "case-%d.sh" % n), "w") as f:
        f.write("curl -s -D - -o /dev/null -H 'Content-Type: %s'%s --data-binary @%s 'http://127.0.0.1:8080/render%s'\n"
                % (case.content_type, " -H 'Accept: %s'" % case.accept if case.accept else "", path, case.query))


def watch(server, port, done, quiet, lock, peaks, failures):
    """Probes /healthz every 50 ms (not while `quiet`: the idle gaps), tracking the slowest probe and the RSS of the
    front end and of its workers."""
    connection = None
    while not done.is_set():
        if quiet.is_set():
            connection = None  # the server closes a connection idle past --idle-timeout: a new one after the gap
            time.sleep(0.05)
            continue
        connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        began = time.monotonic()
        try:
            connection.request("GET", "/healthz")
            reply = connection.getresponse()
            reply.read()
            status = reply.status
        except Exception as error:  # a failed probe is a finding, not a crash of this script
            status = "error %s" % error
            connection = None
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


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--glint", required=True, help="the glint binary (a release build)")
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", default="cpu", help="the workers' painter: cpu (CI), gl or auto")
    parser.add_argument("--timeout", type=int, default=5,
                        help="the server's --timeout (s): every case but the deliberately slow ones must answer within it")
    parser.add_argument("--idle", type=float, default=12, help="seconds the server is left idle after worker deaths")
    parser.add_argument("--save", help="a folder to write each failing case's body and a curl line to")
    return parser.parse_args()


PHASES = ("deaths", "first half", "long (largest)", "deaths", "second half", "long (random sizes)")


def run_phases(server, port, args, seeds, run):
    """The phases in order, each timed into `run.phases`, while a watcher probes /healthz."""
    stream = case_stream(seeds, args.cases, args.seed, run.counts)
    lock, done, quiet = threading.Lock(), threading.Event(), threading.Event()
    watcher = threading.Thread(target=watch, args=(server, port, done, quiet, lock, run.peaks, run.failures))
    watcher.start()
    rng = random.Random(args.seed + 2)
    began = time.monotonic()
    try:
        for phase in PHASES:
            phase_began = time.monotonic()
            if phase == "deaths":
                checks, caused = death_check(server, port, args, rng, quiet, run.notes)
                run.checks += checks
                run.caused.update(caused)
            elif phase.startswith("long"):
                run.long_results += long_arrays(port, rng, "largest" in phase)
            else:
                run_cases(port, stream, args.cases // 2 if phase == "first half" else args.cases - args.cases // 2, args, run.tally)
            run.phases.append((phase, time.monotonic() - phase_began))
    finally:
        done.set()
        watcher.join()
    run.seconds = time.monotonic() - began


def final_checks(server, port, run):
    """The front end's memory, the worker restarts /metrics counts against the deaths caused, the server alive."""
    run.end_rss = rss_mb(server.pid)
    if run.end_rss - run.start_rss > 200:
        run.failures.append("the front end grew from %.0f MB to %.0f MB" % (run.start_rss, run.end_rss))
    run.restarts = worker_restarts(port)
    errors = sum(run.tally["statuses"][s] for s in (500, 504)) + sum(1 for r in run.long_results if r[1] in (500, 504))
    if sum(run.restarts.values()) > sum(run.caused.values()) + errors:
        run.failures.append("/metrics counts %s worker restarts; the death checks caused %s and %d requests answered 500 or 504"
                            % (dict(run.restarts), dict(run.caused), errors))
    if server.poll() is not None:
        run.failures.append("the server process ended (status %s)" % server.returncode)


def main():
    args = parse_arguments()
    seeds = INLINE_SEEDS + MARK_SEEDS + [json.load(open(f)) for f in sorted(glob.glob(os.path.join(EXAMPLES, "*.json")))]
    server = subprocess.Popen([args.glint, "serve", "--port", "0", "--workers", str(args.workers), "--backend", args.backend,
                               "--queue", "256", "--data-dir", EXAMPLES, "--quiet", "--drain", "0", "--timeout", str(args.timeout)],
                              stderr=subprocess.PIPE, text=True)
    run = types.SimpleNamespace(
        counts=collections.Counter(), phases=[], seconds=0.0, checks=[], caused=collections.Counter(), notes=[], long_results=[],
        failures=[], events=collections.deque(maxlen=20), restarts={}, start_rss=0.0, end_rss=0.0, peaks={},
        tally={"statuses": collections.Counter(), "cost": collections.defaultdict(lambda: [0, 0.0]), "slowest": (0.0, None, ""),
               "failures": [], "bad": 0, "sent": 0, "limit": 0, "save": args.save})
    try:
        line = server.stderr.readline()
        port = int(line.split("127.0.0.1:")[1].split()[0])
        threading.Thread(target=lambda: [run.events.append(l.rstrip()) for l in server.stderr], daemon=True).start()
        run.start_rss = rss_mb(server.pid)
        run.peaks = {"front": run.start_rss, "worker": 0.0, "health_ms": 0.0, "health_probes": 0}
        run_phases(server, port, args, seeds, run)
        final_checks(server, port, run)
        failed = report(run, seeds)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
    return 1 if failed else 0


def report(run, seeds):
    """Prints the counts, costs, restarts and failures; the last line reads 'N passed, N failed'. Returns the number
    failed."""
    counts, tally = run.counts, run.tally
    total = sum(tally["statuses"].values())
    systematic = sum(v for k, v in counts.items() if k.startswith("systematic "))
    print("serve fuzz: %d cases (%d systematic of %d: every numeric value of %d seeds at %d extremes, %d arrays stretched, %d texts made "
          "hostile; %d random: %d mutated, %d stretched, %d hostile texts, %d multipart; %d as SVG or PDF), %.1f s, %.0f requests/s"
          % (total, systematic, counts["recipes"], len(seeds), len(EXTREMES), counts["systematic stretch"] + counts["systematic stretch-all"],
             counts["systematic text"], total - systematic, counts["mutated"], counts["stretched"], counts["text"], counts["multipart"],
             counts["svg/pdf"], run.seconds, total / max(run.seconds, 1e-9)))
    print("serve fuzz: statuses %s" % ", ".join("%s: %d" % (k, tally["statuses"][k]) for k in sorted(tally["statuses"], key=str)))
    print("serve fuzz: mean ms a request by kind (--clients at once): %s" % ", ".join(
        "%s %.1f (%d)" % (k, 1000 * v[1] / v[0], v[0]) for k, v in sorted(tally["cost"].items())))
    print("serve fuzz: phases: %s" % ", ".join("%s %.1f s" % phase for phase in run.phases))
    took, status, case = tally["slowest"]
    print("serve fuzz: slowest case %.0f ms (%s): %s" % (took * 1000, status, case[:200]))
    for label, status, took, size, passed, answer in run.long_results:
        print("serve fuzz: long: %s, %d KB: %s in %.2f s%s%s" % (label, size // 1024, status, took,
                                                              " " + answer.decode(errors="replace")[:120] if answer else "",
                                                              "" if passed else " FAILED"))
    print("serve fuzz: worker deaths: %d checks, %d failed" % (len(run.checks), sum(1 for ok, _ in run.checks if not ok)))
    for note in run.notes:
        print("serve fuzz: note: %s" % note)
    print("serve fuzz: worker restarts by cause: %s" % (", ".join("%s %d" % kv for kv in sorted(run.restarts.items())) or "none"))
    print("serve fuzz: /healthz %d probes, slowest %.1f ms; RSS front end %.0f -> %.0f MB (peak %.0f), largest worker %.0f MB"
          % (run.peaks["health_probes"], run.peaks["health_ms"], run.start_rss, run.end_rss, run.peaks["front"], run.peaks["worker"]))
    failures = tally["failures"] + ["death check: " + text for ok, text in run.checks if not ok] + \
        ["long array %s answered %s in %.2f s: %s" % (r[0], r[1], r[2], r[5]) for r in run.long_results if not r[4]] + run.failures
    for failure in failures:
        print("serve fuzz: FAILED: %s" % failure)
    if failures:
        for event in run.events:
            print("serve fuzz: server said: %s" % event)
    count = total + len(run.long_results) + len(run.checks)
    bad = tally["bad"] + sum(1 for r in run.long_results if not r[4]) + sum(1 for ok, _ in run.checks if not ok)
    print("serve fuzz: %d passed, %d failed" % (count - bad, bad + len(run.failures)))
    return bad + len(run.failures)


if __name__ == "__main__":
    sys.exit(main())
