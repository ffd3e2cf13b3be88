"""The C library (libGlintC.so.1, bundled in _lib) and its functions' ctypes signatures.

ctypes releases the GIL for the length of every call into it, so threads rendering on their own renderers run
in parallel."""
import ctypes
import os
import pathlib

_HERE = pathlib.Path(__file__).resolve().parent


def _library_path():
    # GLINT_LIBRARY points at a build folder's library (tests, development); the bundled one otherwise.
    return os.environ.get("GLINT_LIBRARY") or str(_HERE / "_lib" / "libGlintC.so.1")


lib = ctypes.CDLL(_library_path())


class Column(ctypes.Structure):
    """glint_column (include/glint.h)."""

    _fields_ = [
        ("name", ctypes.c_char_p),
        ("data", ctypes.c_void_p),
        ("type", ctypes.c_int),
        ("count", ctypes.c_size_t),
        ("stride", ctypes.c_size_t),
        ("offset", ctypes.c_size_t),
        ("categories", ctypes.POINTER(ctypes.c_char_p)),
        ("category_count", ctypes.c_size_t),
    ]


class Hit(ctypes.Structure):
    """glint_hit (include/glint.h)."""

    _fields_ = [
        ("kind", ctypes.c_int),
        ("series", ctypes.c_int),
        ("index", ctypes.c_long),
        ("x", ctypes.c_double),
        ("y", ctypes.c_double),
        ("distance", ctypes.c_double),
        ("label", ctypes.c_char * 128),
        ("panel", ctypes.c_int),
    ]


class PixelMapping(ctypes.Structure):
    """glint_pixel_mapping."""

    _fields_ = [("origin_x", ctypes.c_double), ("scale_x", ctypes.c_double), ("origin_y", ctypes.c_double),
                ("scale_y", ctypes.c_double), ("offset_x", ctypes.c_float), ("offset_y", ctypes.c_float)]


class DensityCells(ctypes.Structure):
    """glint_density_cells."""

    _fields_ = [("mapping", PixelMapping), ("x", ctypes.c_int32), ("y", ctypes.c_int32), ("width", ctypes.c_int32),
                ("height", ctypes.c_int32)]


class M4Buckets(ctypes.Structure):
    """glint_m4_buckets."""

    _fields_ = [("mapping", PixelMapping), ("first_column", ctypes.c_int32), ("columns", ctypes.c_int32),
                ("subdivisions", ctypes.c_int32), ("count", ctypes.c_int32)]


class SourceExtent(ctypes.Structure):
    """glint_source_extent."""

    _fields_ = [("count", ctypes.c_int64), ("gaps", ctypes.c_int64), ("x_min", ctypes.c_double), ("x_max", ctypes.c_double),
                ("y_min", ctypes.c_double), ("y_max", ctypes.c_double)]


class SourceRequest(ctypes.Structure):
    """glint_source_request."""

    _fields_ = [("table", ctypes.c_char_p), ("x", ctypes.c_char_p), ("y", ctypes.c_char_p), ("positive_y", ctypes.c_int)]


# glint_bucket_extremes: int64 rows, gaps; nine doubles. Held as numpy records.
EXTREMES_SIZE = 88

RowsSink = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double), ctypes.c_size_t)
_Request, _Error = ctypes.POINTER(SourceRequest), ctypes.c_void_p
ExtentCallback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, _Request, ctypes.POINTER(SourceExtent), _Error, ctypes.c_size_t)
DensityCallback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, _Request, ctypes.POINTER(DensityCells), ctypes.c_void_p, _Error,
                                   ctypes.c_size_t)
M4Callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, _Request, ctypes.POINTER(M4Buckets), ctypes.c_void_p, _Error, ctypes.c_size_t)
RowsCallback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, _Request, ctypes.POINTER(M4Buckets), ctypes.c_void_p, ctypes.c_void_p,
                                ctypes.c_void_p, _Error, ctypes.c_size_t)


class Source(ctypes.Structure):
    """glint_source."""

    _fields_ = [("name", ctypes.c_char_p), ("context", ctypes.c_void_p), ("extent", ExtentCallback), ("density", DensityCallback),
                ("m4", M4Callback), ("rows", RowsCallback)]


# glint_column_type
F64, F32, I64, CATEGORY_U8, CATEGORY_I32, DATETIME64_MS, DATETIME64_US, DATETIME64_NS = range(1, 9)

_Bytes = ctypes.POINTER(ctypes.c_uint8)

lib.glint_renderer_create_threads.restype = ctypes.c_void_p
lib.glint_renderer_create_threads.argtypes = [ctypes.c_char_p, ctypes.c_int]
lib.glint_renderer_destroy.restype = None
lib.glint_renderer_destroy.argtypes = [ctypes.c_void_p]
lib.glint_render.restype = ctypes.c_int
lib.glint_render.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(Column), ctypes.c_size_t,
                             ctypes.c_char_p, ctypes.POINTER(_Bytes), ctypes.POINTER(ctypes.c_size_t)]
lib.glint_layout_columns.restype = ctypes.c_int
lib.glint_layout_columns.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(Column), ctypes.c_size_t,
                                     ctypes.POINTER(_Bytes), ctypes.POINTER(ctypes.c_size_t)]
lib.glint_hit_test_columns.restype = ctypes.c_int
lib.glint_hit_test_columns.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(Column), ctypes.c_size_t,
                                       ctypes.c_double, ctypes.c_double, ctypes.c_double, ctypes.POINTER(Hit)]
lib.glint_chart_create.restype = ctypes.c_void_p
lib.glint_chart_create.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
lib.glint_chart_destroy.restype = None
lib.glint_chart_destroy.argtypes = [ctypes.c_void_p]
lib.glint_chart_append.restype = ctypes.c_int
lib.glint_chart_append.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double),
                                   ctypes.c_size_t]
lib.glint_chart_set_capacity.restype = ctypes.c_int
lib.glint_chart_set_capacity.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
lib.glint_chart_follow.restype = ctypes.c_int
lib.glint_chart_follow.argtypes = [ctypes.c_void_p, ctypes.c_double]
lib.glint_chart_resize.restype = ctypes.c_int
lib.glint_chart_resize.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
lib.glint_chart_pan.restype = ctypes.c_int
lib.glint_chart_pan.argtypes = [ctypes.c_void_p, ctypes.c_double]
lib.glint_chart_zoom.restype = ctypes.c_int
lib.glint_chart_zoom.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_double]
lib.glint_chart_x_range.restype = ctypes.c_int
lib.glint_chart_x_range.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double)]
lib.glint_chart_set_visible.restype = ctypes.c_int
lib.glint_chart_set_visible.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
lib.glint_chart_set_scale.restype = ctypes.c_int
lib.glint_chart_set_scale.argtypes = [ctypes.c_void_p, ctypes.c_double]
lib.glint_chart_plot_area.restype = ctypes.c_int
lib.glint_chart_plot_area.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_double)] * 4
lib.glint_chart_data_at.restype = ctypes.c_int
lib.glint_chart_data_at.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.POINTER(ctypes.c_double),
                                    ctypes.POINTER(ctypes.c_double)]
lib.glint_chart_set_tooltip.restype = ctypes.c_int
lib.glint_chart_set_tooltip.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
lib.glint_chart_hit_test.restype = ctypes.c_int
lib.glint_chart_hit_test.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.c_double, ctypes.POINTER(Hit)]
lib.glint_chart_render_rgba.restype = ctypes.c_int
lib.glint_chart_render_rgba.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint8), ctypes.c_size_t, ctypes.POINTER(ctypes.c_int),
                                        ctypes.POINTER(ctypes.c_int)]
lib.glint_result_painter.restype = ctypes.c_char_p
lib.glint_result_painter.argtypes = []
lib.glint_result_size.restype = ctypes.c_int
lib.glint_result_size.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
lib.glint_result_notices.restype = ctypes.POINTER(ctypes.c_char_p)
lib.glint_result_notices.argtypes = [ctypes.POINTER(ctypes.c_size_t)]
lib.glint_result_information.restype = ctypes.POINTER(ctypes.c_char_p)
lib.glint_result_information.argtypes = [ctypes.POINTER(ctypes.c_size_t)]
lib.glint_version.restype = ctypes.c_char_p
lib.glint_version.argtypes = []
lib.glint_free.restype = None
lib.glint_free.argtypes = [ctypes.c_void_p]
lib.glint_last_error.restype = ctypes.c_char_p
lib.glint_last_error.argtypes = []
lib.glint_last_error_path.restype = ctypes.c_char_p
lib.glint_last_error_path.argtypes = []


def taken_bytes(pointer, length):
    """The bytes Glint returned, copied into Python, and Glint's memory freed."""
    try:
        return ctypes.string_at(pointer, length)
    finally:
        lib.glint_free(pointer)


def last_result():
    """The painter, (width, height), notices and information of this thread's last render."""
    width, height = ctypes.c_int(), ctypes.c_int()
    lib.glint_result_size(ctypes.byref(width), ctypes.byref(height))

    def lines(function):
        count = ctypes.c_size_t()
        strings = function(ctypes.byref(count))
        return [strings[i].decode("utf-8", "replace") for i in range(count.value)]

    return (lib.glint_result_painter().decode(), (width.value, height.value), lines(lib.glint_result_notices),
            lines(lib.glint_result_information))


def last_error():
    """This thread's last failure: its message and the JSON path it names ("" for none)."""
    return lib.glint_last_error().decode("utf-8", "replace"), lib.glint_last_error_path().decode("utf-8", "replace")
lib.glint_render_sources.restype = ctypes.c_int
lib.glint_render_sources.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(Column), ctypes.c_size_t,
                                     ctypes.POINTER(Source), ctypes.c_size_t, ctypes.c_char_p, ctypes.POINTER(_Bytes),
                                     ctypes.POINTER(ctypes.c_size_t)]
lib.glint_source_extent_add.restype = ctypes.c_int
lib.glint_source_extent_add.argtypes = [ctypes.POINTER(Column), ctypes.POINTER(Column), ctypes.c_int, ctypes.POINTER(SourceExtent)]
lib.glint_density_count.restype = ctypes.c_int
lib.glint_density_count.argtypes = [ctypes.POINTER(DensityCells), ctypes.POINTER(Column), ctypes.POINTER(Column), ctypes.c_void_p]
lib.glint_m4_add.restype = ctypes.c_int
lib.glint_m4_add.argtypes = [ctypes.POINTER(M4Buckets), ctypes.POINTER(Column), ctypes.POINTER(Column), ctypes.c_int, ctypes.c_void_p]
lib.glint_m4_merge.restype = ctypes.c_int
lib.glint_m4_merge.argtypes = [ctypes.POINTER(M4Buckets), ctypes.c_void_p, ctypes.c_void_p]
lib.glint_source_rows.restype = ctypes.c_int
lib.glint_source_rows.argtypes = [ctypes.POINTER(M4Buckets), ctypes.c_void_p, ctypes.POINTER(Column), ctypes.POINTER(Column), ctypes.c_int,
                                  ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
