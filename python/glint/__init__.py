"""Glint from Python: charts from JSON-like specs and numpy arrays, to PNG, SVG, PDF or an RGBA array.

    import glint, numpy
    t = numpy.arange(1_000_000, dtype=numpy.float64)
    png = glint.render({"series": [{"type": "line", "data": {"x": "t", "y": "v"}}]},
                       data={"t": t, "v": numpy.sin(t / 1e4)})

The spec is the one `glint render` reads (docs/spec.md); a series' "data" names columns of `data` (a dict of
arrays or a pandas DataFrame), which are handed to the renderer without copying float64 or float32 arrays.
NaN in an array is a gap; datetime64 columns on x make a time axis; pandas categoricals and strings make a
category axis. Notices (text left out, data a log axis cannot show, a fallback) come back as `GlintNotice`
warnings; information (where a density was counted) as records of the `glint` logger, at INFO — or as warnings too
for a renderer made with `warnings=True`.
"""
import ctypes
import json
import logging
import math
import os
import threading
import warnings

import numpy

from . import _express, _native
from ._columns import Columns
from ._errors import BackendUnavailable, DataError, GlintError, GlintNotice, SpecError, error_for

__all__ = ["render", "render_array", "layout", "hit", "Renderer", "Chart", "LiveChart", "version", "GlintError", "SpecError", "DataError",
           "BackendUnavailable", "GlintNotice", "line", "scatter", "bar", "area", "hist", "pie", "density", "candlestick", "heatmap",
           "stem", "box", "violin", "kde", "hexbin", "contour", "panels", "plot", "__version__"]


def version():
    """The C library's version, such as "0.1.0"."""
    return _native.lib.glint_version().decode()


class _Native:
    """An object that owns a native handle: closed by `close()`, by leaving a `with` block, or when collected;
    using it closed raises GlintError. Subclasses name their `_destroy` function and what they are (`_what`)."""

    _handle = None

    def close(self):
        """Frees the native object; using it afterwards raises GlintError."""
        if self._handle:
            self._destroy(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        # At interpreter exit this module's globals may be cleared before the object goes (a thread's renderer): the
        # process frees everything then, and calling into a cleared module would print an error.
        if _native is not None:
            self.close()

    def _live(self):
        if not self._handle:
            raise GlintError(f"this {self._what} is closed")
        return self._handle


class Renderer(_Native):
    """A native renderer: its painter ("auto", "gl", "cpu" or "compute"), its GL context and glyph caches, made once and kept.
    Close it (or use it as a context manager) to free them. One renderer draws one chart at a time: threads that
    render in parallel each use their own (the module-level functions keep one per thread). `threads` is its
    thread budget (None: GLINT_THREADS, else every core). After each render, `notices` holds what it warned of and
    `information` what it logged; `warnings=True` warns of the information too."""

    def __init__(self, backend="auto", threads=None, warnings=False):
        if backend not in ("auto", "gl", "cpu", "compute"):
            raise ValueError(f'backend: expected "auto", "gl", "cpu" or "compute", found {backend!r}')
        if threads is not None and not (isinstance(threads, int) and 1 <= threads <= 1024):
            raise ValueError(f"threads: expected a whole number from 1 to 1024, found {threads!r}")
        self.backend = backend
        self._handle = _native.lib.glint_renderer_create_threads(backend.encode(), threads or 0)
        if not self._handle:
            message, path = _native.last_error()
            # A GLINT_ variable the library refuses is a usage error; anything else is the backend failing to start.
            raise error_for(64 if message.startswith("GLINT_") else 69, message, path)
        self.painter = None
        self.notices = []
        self.information = []
        self.warns_information = bool(warnings)

    _what = "renderer"

    @staticmethod
    def _destroy(handle):
        _native.lib.glint_renderer_destroy(handle)

    def render(self, spec, data=None, format="png", warnings=None):
        """The chart's file bytes: "png", "svg" or "pdf". `warnings` (None: the renderer's own setting) says whether
        information is warned of too."""
        if format.lower() == "rgba":
            raise ValueError('format: "rgba" pixels come from render_array')
        if format.lower() not in _FORMATS:
            raise ValueError(f'format: glint writes {", ".join(_FORMATS)}, not "{format}"')
        return self._call(spec, data, format.lower(), warnings)[0]

    def render_array(self, spec, data=None, warnings=None):
        """The chart's pixels as a (height, width, 4) uint8 array of premultiplied RGBA (charts on an opaque
        background, the default, are the same straight)."""
        pixels, (width, height) = self._call(spec, data, "rgba", warnings)
        return numpy.frombuffer(pixels, dtype=numpy.uint8).reshape(height, width, 4)

    def layout(self, spec, data=None):
        """Everything the spec's layout places (plot, axes, legends, every text with its box, notices), as
        `glint layout` prints it, as a dict."""
        text, columns = _spec_bytes(spec), Columns(data)
        out, length = ctypes.POINTER(ctypes.c_uint8)(), ctypes.c_size_t()
        self._check(_native.lib.glint_layout_columns(self._live(), text, len(text), columns.array, columns.count,
                                                     ctypes.byref(out), ctypes.byref(length)))
        return json.loads(_native.taken_bytes(out, length.value))

    def hit(self, spec, data=None, x=0.0, y=0.0, tolerance=8.0):
        """What lies under pixel (x, y) of the rendered image: None, a point ({"kind": "point", "series", "index" —
        the row in its columns —, "x", "y", "distance"}), a density cell ({"kind": "cell", "series", "x", "y" — the
        cell's centre —, "count", "value"}) or a legend entry ({"kind": "legend", "series", "label"}); with "panel" in
        a figure."""
        text, columns = _spec_bytes(spec), Columns(data)
        found = _native.Hit()
        self._check(_native.lib.glint_hit_test_columns(self._live(), text, len(text), columns.array, columns.count,
                                                       float(x), float(y), float(tolerance), ctypes.byref(found)))
        return _hit_dict(found)

    def _call(self, spec, data, format, warns=None, sources=()):
        text = _spec_bytes(spec)
        columns = Columns(data)
        out, length = ctypes.POINTER(ctypes.c_uint8)(), ctypes.c_size_t()
        handed = (_native.Source * max(len(sources), 1))(*sources)
        status = _native.lib.glint_render_sources(self._live(), text, len(text), columns.array, columns.count, handed, len(sources),
                                                  format.encode(), ctypes.byref(out), ctypes.byref(length))
        self._check(status)
        self.painter, size, self.notices, self.information = _native.last_result()
        body = _native.taken_bytes(out, length.value)
        _said(self.notices, self.information, self.warns_information if warns is None else warns)
        return body, size

    @staticmethod
    def _check(status):
        if status != 0:
            raise error_for(status, *_native.last_error())


_FORMATS = ("png", "svg", "pdf")

# Information about a render (where a density was counted): `logging.getLogger("glint")`, at INFO.
_log = logging.getLogger("glint")


def _said(notices, information, warns_information):
    """Warns of a render's notices (and of its information too when asked), and logs its information."""
    for notice in notices + (information if warns_information else []):
        warnings.warn(notice, GlintNotice, stacklevel=4)
    for line in information:
        _log.info(line)

_per_thread = threading.local()


def _renderer(backend):
    renderers = getattr(_per_thread, "renderers", None)
    if renderers is None:
        renderers = _per_thread.renderers = {}
    if backend not in renderers:
        renderers[backend] = Renderer(backend)
    return renderers[backend]


def render(spec, data=None, format="png", backend="auto", warnings=False):
    """The chart `spec` (a dict, or JSON text) draws with the arrays in `data`, as "png", "svg" or "pdf" bytes.
    Each thread keeps its own renderer per backend, so threads render in parallel. Notices are warned of,
    information logged (`warnings=True`: warned of too)."""
    return _renderer(backend).render(spec, data, format, bool(warnings))


def render_array(spec, data=None, backend="auto", warnings=False):
    """The chart's pixels as a (height, width, 4) uint8 array (premultiplied RGBA)."""
    return _renderer(backend).render_array(spec, data, bool(warnings))


def layout(spec, data=None, backend="auto"):
    """The spec's layout as a dict (`glint layout`'s JSON)."""
    return _renderer(backend).layout(spec, data)


def hit(spec, data=None, x=0.0, y=0.0, tolerance=8.0, backend="auto"):
    """What lies under pixel (x, y) of the chart's image (see `Renderer.hit`)."""
    return _renderer(backend).hit(spec, data, x, y, tolerance)


class Chart:
    """A spec with its data that shows itself in Jupyter (as a PNG, or SVG when `display` is "svg") and saves to a
    file. The one-line functions (`glint.line`, `scatter`, ...) return one; `chart + other` draws both charts' series
    on one plot, and `to_spec()` is the dict `glint render` would read."""

    def __init__(self, spec, data=None, backend="auto", display="png"):
        self.spec, self.data, self.backend, self.display = spec, data, backend, display

    def to_spec(self):
        """The chart's spec, a dict (columns named in its series' "data" come from `self.data`)."""
        return self.spec

    def png(self):
        """The PNG bytes."""
        return self._render("png")

    def svg(self):
        """The SVG text."""
        return self._render("svg").decode("utf-8")

    def _render(self, format):
        return render(self.spec, self.data, format, self.backend)

    def _repr_png_(self):
        return self.png()

    def _repr_svg_(self):
        return self.svg()

    def _repr_mimebundle_(self, include=None, exclude=None):
        # One picture per output, not both: the PNG unless the chart asks for SVG.
        return {"image/svg+xml": self.svg()} if self.display == "svg" else {"image/png": self.png()}

    def __add__(self, other):
        return _express.layered(self, other)

    def save(self, path, format=None):
        """Writes the chart to `path` in `format` (default: from the name's extension, else PNG), whole or not at all."""
        chosen = (format or (path.rsplit(".", 1)[-1] if "." in path else "png")).lower()
        if chosen not in _FORMATS:
            raise ValueError(f'{path}: glint writes {", ".join(_FORMATS)} (by the name\'s extension, or format=), not "{chosen}"')
        body = self._render(chosen)
        temporary = f"{path}.glint-partial"
        try:
            with open(temporary, "wb") as out:
                out.write(body)
            os.replace(temporary, path)
        except BaseException:
            # A write that fails (a full disk, a folder that vanished) leaves neither the file nor the partial one.
            if os.path.exists(temporary):
                os.remove(temporary)
            raise


class LiveChart(_Native):
    """A chart kept for live data: points appended to its line and dots series as they arrive — from any thread,
    while another renders it — drawn on `renderer` (a new one for `backend` when none is given). `set_capacity`
    keeps the newest points of a series (a FIFO ring), `follow` scrolls the view with the newest x and fits y to
    what shows (a spec with `"follow": {"x": width}` follows from the first frame); `resize`, `pan`, `zoom`,
    `set_scale`, `set_visible`, `hit` and `set_tooltip` serve a window's controls, `plot_area` and `data_at` turn
    its pointer into data. Close it (or use it as a context manager) to free it."""

    def __init__(self, spec, renderer=None, backend="auto"):
        self._renderer = renderer or Renderer(backend)
        text = _spec_bytes(spec)
        self._handle = _native.lib.glint_chart_create(self._renderer._live(), text, len(text))
        if not self._handle:
            raise error_for(65, *_native.last_error())

    def append(self, series, x, y):
        """Appends the points (x[i], y[i]) to series `series` (a line or dots); NaN in y is a gap. Arrays of any
        number type (float64 is read in place; others are converted once)."""
        xs = numpy.ascontiguousarray(x, dtype=numpy.float64).reshape(-1)
        ys = numpy.ascontiguousarray(y, dtype=numpy.float64).reshape(-1)
        if len(xs) != len(ys):
            raise ValueError(f"x has {len(xs)} values and y {len(ys)}")
        pointer = ctypes.POINTER(ctypes.c_double)
        Renderer._check(_native.lib.glint_chart_append(self._live(), series, xs.ctypes.data_as(pointer), ys.ctypes.data_as(pointer),
                                                       len(xs)))

    def set_capacity(self, series, capacity):
        """Keeps at most `capacity` points of series `series`, the oldest dropped as new ones come."""
        Renderer._check(_native.lib.glint_chart_set_capacity(self._live(), series, capacity))

    def follow(self, width):
        """Shows the last `width` of x, ending at the newest point, y fitted to what shows; None stops following."""
        Renderer._check(_native.lib.glint_chart_follow(self._live(), 0.0 if width is None else float(width)))

    def resize(self, width, height):
        """Lays the chart out for an image of `width` × `height` device pixels (1 to 32768 each): a resized window."""
        Renderer._check(_native.lib.glint_chart_resize(self._live(), int(width), int(height)))

    def pan(self, fraction):
        """Moves the view along x by `fraction` of its width (positive: towards larger x); stops following."""
        Renderer._check(_native.lib.glint_chart_pan(self._live(), float(fraction)))

    def zoom(self, factor, x):
        """Zooms x by `factor` (2: twice as close; above 0) keeping the data value `x` where it is."""
        Renderer._check(_native.lib.glint_chart_zoom(self._live(), float(factor), float(x)))

    @property
    def x_range(self):
        """The x range the view shows now, as (lower, upper)."""
        lower, upper = ctypes.c_double(), ctypes.c_double()
        Renderer._check(_native.lib.glint_chart_x_range(self._live(), ctypes.byref(lower), ctypes.byref(upper)))
        return lower.value, upper.value

    @property
    def plot_area(self):
        """Where the current view's plot lies, as (x, y, width, height) in device pixels from the image's top left:
        a drag of dx pixels is `pan(-dx / width)`."""
        area = [ctypes.c_double() for _ in range(4)]
        Renderer._check(_native.lib.glint_chart_plot_area(self._live(), *(ctypes.byref(value) for value in area)))
        return tuple(value.value for value in area)

    def data_at(self, x, y):
        """The data values (x, y) at pixel (x, y) of the current view, on a log or time axis too: the x under the
        mouse wheel is the one to `zoom` around."""
        data_x, data_y = ctypes.c_double(), ctypes.c_double()
        Renderer._check(_native.lib.glint_chart_data_at(self._live(), float(x), float(y), ctypes.byref(data_x), ctypes.byref(data_y)))
        return data_x.value, data_y.value

    def set_scale(self, scale):
        """Draws text, strokes, radii and margins `scale` times their size (a window's scale factor, above 0 up to
        16), the image keeping its size in device pixels."""
        Renderer._check(_native.lib.glint_chart_set_scale(self._live(), float(scale)))

    def set_visible(self, series, visible):
        """Shows or hides series `series`, as a click on its legend entry does."""
        Renderer._check(_native.lib.glint_chart_set_visible(self._live(), int(series), 1 if visible else 0))

    def hit(self, x, y, tolerance=8.0):
        """What lies under pixel (x, y) of the current view, as `Renderer.hit` says it."""
        found = _native.Hit()
        Renderer._check(_native.lib.glint_chart_hit_test(self._live(), float(x), float(y), float(tolerance), ctypes.byref(found)))
        return _hit_dict(found)

    def set_tooltip(self, text):
        """Shows `text` in a small box Glint draws where it covers the fewest points (a hover tooltip, for a window
        without its toolkit's own); None hides it."""
        encoded = None if text is None else str(text).encode("utf-8")
        Renderer._check(_native.lib.glint_chart_set_tooltip(self._live(), encoded))

    def render_array(self):
        """The current view's pixels as a (height, width, 4) uint8 array of premultiplied RGBA; its notices warned
        of and its information logged, as `Renderer` does."""
        width, height = ctypes.c_int(), ctypes.c_int()
        # An empty buffer is answered with the size needed.
        _native.lib.glint_chart_render_rgba(self._live(), None, 0, ctypes.byref(width), ctypes.byref(height))
        pixels = numpy.empty((height.value, width.value, 4), dtype=numpy.uint8)
        Renderer._check(_native.lib.glint_chart_render_rgba(self._live(), pixels.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8)),
                                                            pixels.nbytes, ctypes.byref(width), ctypes.byref(height)))
        _, _, notices, information = _native.last_result()
        _said(notices, information, False)
        return pixels

    _what = "live chart"

    @staticmethod
    def _destroy(handle):
        _native.lib.glint_chart_destroy(handle)


def _hit_dict(found):
    """A glint_hit as Python: None, or a dict of its kind's fields (see `Renderer.hit`)."""
    panel = {"panel": found.panel} if found.panel >= 0 else {}
    if found.kind == 1:
        return {"kind": "point", "series": found.series, "index": found.index, "x": found.x, "y": found.y,
                "distance": found.distance, **panel}
    if found.kind == 3:
        return {"kind": "cell", "series": found.series, "x": found.x, "y": found.y, "count": found.index,
                "value": found.distance, **panel}
    if found.kind == 2:
        return {"kind": "legend", "series": None if found.series < 0 else found.series,
                "label": found.label.decode("utf-8", "replace"), **panel}
    return None


def _spec_bytes(spec):
    """The spec as UTF-8 JSON: NaN and infinities become null (a gap), numpy values plain numbers and lists."""
    if isinstance(spec, (bytes, bytearray)):
        return bytes(spec)
    if isinstance(spec, str):
        return spec.encode("utf-8")
    return json.dumps(_plain(spec), allow_nan=False, separators=(",", ":")).encode("utf-8")


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, numpy.ndarray):
        return _plain(value.tolist())
    if isinstance(value, numpy.generic):
        return _plain(value.item())
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


__version__ = version()

line, scatter, bar, area, hist, pie = _express.line, _express.scatter, _express.bar, _express.area, _express.hist, _express.pie
density, candlestick, heatmap, panels, plot = _express.density, _express.candlestick, _express.heatmap, _express.panels, _express.plot
stem, box, violin, kde, hexbin, contour = (_express.stem, _express.box, _express.violin, _express.kde, _express.hexbin,
                                          _express.contour)
