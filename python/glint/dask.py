"""Charts of Dask DataFrames drawn where the rows are: each partition is reduced on the worker holding it, through
Glint's C library, to what the picture needs — a density's counts on the plot's pixel grid, a long line's M4
extremes per pixel sub-column (or, first and only when the spec gives no x and y ranges, the rows' extent) — the
partial results are combined by a tree reduction on the workers, and one small result reaches this process, which
draws the chart once. The picture is the one the same rows drawn in one process give, cell for cell and pixel for
pixel.

    import dask.dataframe as dd
    import glint.dask
    frame = dd.read_parquet("points/")                       # on a distributed.Client's cluster, or any scheduler
    glint.dask.density(frame, x="x", y="y").save("points.png")
    glint.dask.line(frame, x="time", y="price", width=1200).png()
    glint.dask.render({"series": [{"type": "density", "data": {"frame": "points", "x": "x", "y": "y"}}]},
                      frames={"points": frame})

A spec's series read a frame with `"data": {"frame": NAME, "x": X, "y": Y}`. Density counts and long lines are
reduced on the workers; dots, short lines and the few M4 buckets that hold both gaps and points come back as rows
(docs/sql.md: what is asked when). A series reads x and y only (no size). Every worker needs the glint package (the same version) to import. The
computations run on Dask's current scheduler: the default distributed.Client when one exists.
"""
import ctypes
import functools
import json

import dask
import numpy

from . import Chart, _express, _native, _renderer
from ._columns import Columns
from ._errors import DataError, GlintError, error_for

__all__ = ["render", "density", "line", "DaskChart"]

_SOURCE = "dask"


def render(spec, frames, format="png", backend="auto", split_every=8, warnings=False):
    """The chart `spec` draws, its series reading the Dask DataFrames `frames` (a dict of them by name) through
    `"data": {"frame": NAME, "x": X, "y": Y}`, as "png", "svg" or "pdf" bytes. Partial results are combined
    `split_every` at a time."""
    if format.lower() not in ("png", "svg", "pdf"):
        raise ValueError(f'format: glint writes png, svg, pdf, not "{format}"')
    if not (isinstance(split_every, int) and 2 <= split_every <= 1024):
        raise ValueError(f"split_every: expected a whole number from 2 to 1024, found {split_every!r}")
    source = _FrameSource(dict(frames), split_every)
    try:
        return _renderer(backend)._call(_sourced(spec, frames), None, format.lower(), bool(warnings), sources=[source.struct])[0]
    except GlintError:
        # An interrupt cannot cross C: a callback turns it into the render's failure, and it is raised again here.
        if source.interrupted:
            raise KeyboardInterrupt from None
        raise


class DaskChart(Chart):
    """A chart of Dask DataFrames (`glint.dask.density`, `glint.dask.line`): shows itself in Jupyter, `png()`,
    `svg()` and `save(path)` as `glint.Chart` does, each drawing from the frames afresh."""

    def _render(self, format):
        return render(self.spec, self.data, format, self.backend)

    def __add__(self, other):
        raise TypeError("charts of Dask frames do not layer with +; give one spec with several series to glint.dask.render")


def density(frame, x, y, **keys):
    """A density of the points (`x`, `y`) of `frame` counted into the plot's pixels, on the workers; `title`,
    `width`, `height`, `theme`, `legend` for the chart, any other keyword for the series (docs/spec.md)."""
    return _one("density", frame, x, y, keys)


def line(frame, x, y, **keys):
    """A line of `y` over `x` (sorted by x) of `frame`, reduced by M4 on the workers when it is long."""
    return _one("line", frame, x, y, keys)


def _one(kind, frame, x, y, keys):
    chart, extra = _express._split_keys(keys)
    for name in (x, y):
        if name not in frame.columns:
            raise DataError(f'the frame has no column "{name}"; it has {", ".join(map(str, frame.columns))}')
    spec = {key: value for key, value in chart.items() if value is not None}
    if numpy.issubdtype(frame[x].dtype, numpy.datetime64) and "x" not in spec:
        spec["x"] = {"scale": "time"}
    spec["series"] = [{"type": kind, "data": {"frame": "frame", "x": x, "y": y}, **extra}]
    return DaskChart(spec, {"frame": frame})


def _sourced(spec, frames):
    """`spec` with every series' `"frame": NAME` data read from the source: `"db": "source:dask", "table": NAME`."""
    spec = json.loads(spec) if isinstance(spec, (str, bytes)) else spec

    def rewritten(series):
        data = series.get("data")
        if not isinstance(data, dict) or "frame" not in data:
            return series
        name = data["frame"]
        if name not in frames:
            raise DataError(f'data.frame: no frame is named "{name}" (frames: {", ".join(map(str, frames))})')
        data = {key: value for key, value in data.items() if key != "frame"}
        return {**series, "data": {**data, "db": f"source:{_SOURCE}", "table": str(name)}}

    spec = dict(spec)
    if "series" in spec:
        spec["series"] = [rewritten(s) for s in spec["series"]]
    if "panels" in spec:
        spec["panels"] = [{**panel, "series": [rewritten(s) for s in panel.get("series", [])]} for panel in spec["panels"]]
    return spec


class _FrameSource:
    """A glint_source over Dask DataFrames: each callback computes its partial results per partition on the
    workers, combines them by a tree reduction there, and hands Glint the one result."""

    def __init__(self, frames, split_every):
        self.frames, self.split_every, self.interrupted = frames, split_every, False
        self._callbacks = (_native.ExtentCallback(self._extent), _native.DensityCallback(self._density),
                           _native.M4Callback(self._m4), _native.RowsCallback(self._rows))
        self.struct = _native.Source(_SOURCE.encode(), None, *self._callbacks)

    def _parts(self, request):
        """The frame a request reads (only its x and y columns) as delayed partitions, and x, y, positive_y."""
        r = request.contents
        name, x, y = r.table.decode(), r.x.decode(), r.y.decode()
        frame = self.frames.get(name)
        if frame is None:
            raise DataError(f'no frame is named "{name}"')
        for column in (x, y):
            if column not in frame.columns:
                raise DataError(f'frame "{name}" has no column "{column}"; it has {", ".join(map(str, frame.columns))}')
        return frame[list(dict.fromkeys([x, y]))].to_delayed(), x, y, int(r.positive_y)

    def _reduced(self, parts, combine):
        """One delayed result of `parts`, combined `split_every` at a time, computed on the current scheduler."""
        if not parts:
            return None
        while len(parts) > 1:
            parts = [dask.delayed(combine)(*parts[i:i + self.split_every]) for i in range(0, len(parts), self.split_every)]
        return dask.compute(parts[0])[0]

    def _extent(self, context, request, extent, error, size):
        def run():
            parts, x, y, positive = self._parts(request)
            result = self._reduced([dask.delayed(_extent_part)(p, x, y, positive) for p in parts], _extent_merge)
            if result is not None:
                extent.contents.count, extent.contents.gaps, *bounds = result
                (extent.contents.x_min, extent.contents.x_max, extent.contents.y_min, extent.contents.y_max) = bounds
        return _guarded(self, run, error, size)

    def _density(self, context, request, cells, counts, error, size):
        def run():
            parts, x, y, _ = self._parts(request)
            described = bytes(cells.contents)
            result = self._reduced([dask.delayed(_density_part)(p, x, y, described) for p in parts], _sum)
            if result is not None:
                result = numpy.ascontiguousarray(result, dtype=numpy.uint64)
                ctypes.memmove(counts, result.ctypes.data, result.nbytes)
        return _guarded(self, run, error, size)

    def _m4(self, context, request, buckets, extremes, error, size):
        def run():
            parts, x, y, positive = self._parts(request)
            described = bytes(buckets.contents)
            result = self._reduced([dask.delayed(_m4_part)(p, x, y, positive, described) for p in parts],
                                   functools.partial(_m4_merge, described))
            if result is not None:
                ctypes.memmove(extremes, result.ctypes.data, result.nbytes)
        return _guarded(self, run, error, size)

    def _rows(self, context, request, buckets, only, sink, target, error, size):
        def run():
            parts, x, y, positive = self._parts(request)
            described = bytes(buckets.contents) if buckets else None
            flags = ctypes.string_at(only, buckets.contents.count) if buckets else None
            deliver = _native.RowsSink(sink)
            for xs, ys in dask.compute(*[dask.delayed(_rows_part)(p, x, y, positive, described, flags) for p in parts]):
                if len(xs):
                    deliver(target, xs.ctypes.data_as(ctypes.POINTER(ctypes.c_double)), ys.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
                            len(xs))
        return _guarded(self, run, error, size)


def _guarded(source, run, error, size):
    """Runs a callback's work: 0, or its failure's message in `error` and 2 when the cluster cannot be reached, 1
    otherwise. No exception may cross into C (ctypes would print it and return 0, a success)."""
    try:
        try:
            run()
            return 0
        except BaseException as failure:  # noqa: BLE001 - every failure becomes the render's error
            source.interrupted = source.interrupted or isinstance(failure, KeyboardInterrupt)
            said = str(failure) if isinstance(failure, GlintError) else f"{type(failure).__name__}: {failure}"
            message = said.encode("utf-8", "replace")[:max(size - 1, 0)] + b"\0"
            ctypes.memmove(error, message, min(len(message), size))
            return 2 if _unreachable(failure) else 1
    except BaseException:  # noqa: BLE001 - even the report failed: a failure without a message
        return 1


def _unreachable(failure):
    """Whether `failure` says the scheduler or a worker cannot be reached."""
    names = {cls.__name__ for cls in type(failure).__mro__}
    return bool(names & {"CommClosedError", "ConnectionError", "TimeoutError", "OSError"}) and "DataError" not in names


# The per-partition work, on the workers. Each reads the partition's two columns as glint_columns (float64 in place,
# datetimes as their epoch milliseconds) and calls the C library.

def _pair(part, x, y):
    # float32 widened here by numpy (about 1 ns a value, vectorised) rather than by the library (about 5): the same
    # doubles, read in place.
    wide = [part[c].astype(numpy.float64) if part[c].dtype == numpy.float32 else part[c] for c in (x, y)]
    columns = Columns({"x": wide[0], "y": wide[1]})
    return columns, ctypes.byref(columns.array[0]), ctypes.byref(columns.array[1])


def _check(status):
    if status != 0:
        raise error_for(status, *_native.last_error())


def _extent_part(part, x, y, positive):
    extent = _native.SourceExtent()
    columns, xs, ys = _pair(part, x, y)
    _check(_native.lib.glint_source_extent_add(xs, ys, positive, ctypes.byref(extent)))
    return (extent.count, extent.gaps, extent.x_min, extent.x_max, extent.y_min, extent.y_max)


def _extent_merge(*parts):
    filled = [p for p in parts if p[0] > 0]
    count, gaps = sum(p[0] for p in parts), sum(p[1] for p in parts)
    if not filled:
        return (0, gaps, 0.0, 0.0, 0.0, 0.0)
    return (count, gaps, min(p[2] for p in filled), max(p[3] for p in filled), min(p[4] for p in filled), max(p[5] for p in filled))


def _density_part(part, x, y, described):
    cells = _native.DensityCells.from_buffer_copy(described)
    counts = numpy.zeros(cells.width * cells.height, dtype=numpy.uint64)
    columns, xs, ys = _pair(part, x, y)
    _check(_native.lib.glint_density_count(ctypes.byref(cells), xs, ys, counts.ctypes.data))
    return _compact(counts)


def _compact(counts):
    """Counts as uint32 when every one fits (half the bytes to move between workers), else as they are (uint64)."""
    return counts.astype(numpy.uint32) if counts.size == 0 or counts.max() < 2**32 else counts


def _sum(*parts):
    return _compact(functools.reduce(lambda a, b: numpy.add(a, b, dtype=numpy.uint64), parts))


def _m4_part(part, x, y, positive, described):
    buckets = _native.M4Buckets.from_buffer_copy(described)
    extremes = numpy.zeros(buckets.count * _native.EXTREMES_SIZE, dtype=numpy.uint8)
    columns, xs, ys = _pair(part, x, y)
    _check(_native.lib.glint_m4_add(ctypes.byref(buckets), xs, ys, positive, extremes.ctypes.data))
    return extremes


def _m4_merge(described, *parts):
    buckets = _native.M4Buckets.from_buffer_copy(described)
    merged = parts[0].copy()
    for part in parts[1:]:
        _check(_native.lib.glint_m4_merge(ctypes.byref(buckets), merged.ctypes.data, part.ctypes.data))
    return merged


def _rows_part(part, x, y, positive, described, flags):
    buckets = _native.M4Buckets.from_buffer_copy(described) if described else None
    only = (ctypes.c_uint8 * len(flags)).from_buffer_copy(flags) if flags else None
    xs_out, ys_out = numpy.empty(len(part)), numpy.empty(len(part))
    count = ctypes.c_size_t()
    columns, xs, ys = _pair(part, x, y)
    _check(_native.lib.glint_source_rows(ctypes.byref(buckets) if buckets else None, only, xs, ys, positive, xs_out.ctypes.data,
                                         ys_out.ctypes.data, ctypes.byref(count)))
    return xs_out[:count.value], ys_out[:count.value]
