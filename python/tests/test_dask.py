"""glint.dask on a real distributed.LocalCluster of two worker processes: each partition reduced on its worker
through the C library, the partial results combined on the workers, and the picture drawn once — cell for cell,
extreme for extreme and pixel for pixel what the same rows give in one process."""
import warnings

import numpy
import pytest

import glint

pandas = pytest.importorskip("pandas")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
import glint.dask  # noqa: E402 - needs dask

ROWS = 1_000_000
SIZE = {"width": 640, "height": 360}


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                      host="127.0.0.1", silence_logs=40)
    try:
        with distributed.Client(cluster) as connected:
            yield connected
    finally:
        cluster.close()


@pytest.fixture(scope="module")
def rows():
    """Points on a time axis: a random walk with NaN gaps (a run of 5,000 and single ones), and a cloud."""
    rng = numpy.random.default_rng(58)
    walk = numpy.cumsum(rng.normal(size=ROWS))
    walk[400_000:405_000] = numpy.nan
    walk[::77_777] = numpy.nan
    return pandas.DataFrame({"t": pandas.date_range("2026-01-01", periods=ROWS, freq="s"), "v": walk,
                             "x": rng.normal(size=ROWS), "y": rng.normal(size=ROWS) * 2})


@pytest.fixture(scope="module")
def frame(client, rows):
    with warnings.catch_warnings():
        # The rows start in this process: their first trip to the workers is a large graph, as it should be here.
        warnings.filterwarnings("ignore", "Sending large graph", UserWarning)
        return dd.from_pandas(rows, npartitions=8).persist()


class Recording(glint.dask._FrameSource):
    """The source with what each callback handed Glint recorded (the callbacks run in this process)."""

    calls = []

    def _density(self, context, request, cells, counts, error, size):
        status = super()._density(context, request, cells, counts, error, size)
        grid = numpy.ctypeslib.as_array(ctypes_cast(counts, cells.contents.width * cells.contents.height)).copy()
        Recording.calls.append(("density", bytes(cells.contents), grid))
        return status

    def _m4(self, context, request, buckets, extremes, error, size):
        status = super()._m4(context, request, buckets, extremes, error, size)
        Recording.calls.append(("m4", bytes(buckets.contents), glint.dask.ctypes.string_at(extremes, buckets.contents.count * 88)))
        return status

    def _extent(self, context, request, extent, error, size):
        Recording.calls.append(("extent",))
        return super()._extent(context, request, extent, error, size)


def ctypes_cast(address, count):
    ctypes = glint.dask.ctypes
    return ctypes.cast(address, ctypes.POINTER(ctypes.c_uint64 * count)).contents


@pytest.fixture
def recording(monkeypatch):
    Recording.calls = []
    monkeypatch.setattr(glint.dask, "_FrameSource", Recording)
    return Recording.calls


def test_a_density_is_counted_on_the_workers_cell_for_cell(client, rows, frame, recording):
    png = glint.dask.density(frame, x="x", y="y", **SIZE).png()
    assert png == glint.density(rows, x="x", y="y", **SIZE).png()
    counted = [call for call in recording if call[0] == "density"]
    assert counted and [call[0] for call in recording].count("extent") == 1
    for _, cells, grid in counted:
        whole = glint.dask._density_part(rows, "x", "y", cells)
        assert numpy.array_equal(grid, whole)
    assert counted[-1][2].sum() == ROWS
    # Both workers did the work: the partitions live on both.
    assert len({worker for workers in client.who_has(frame).values() for worker in workers}) == 2


def test_a_long_line_is_reduced_by_m4_on_the_workers(client, rows, frame, recording):
    png = glint.dask.line(frame, x="t", y="v", **SIZE).png()
    assert png == glint.line(rows, x="t", y="v", **SIZE).png()
    reduced = [call for call in recording if call[0] == "m4"]
    assert len(reduced) == 1
    _, buckets, extremes = reduced[0]
    whole = glint.dask._m4_part(rows, "t", "v", 0, buckets)
    assert extremes == whole.tobytes()


def test_given_ranges_skip_the_extent_pass(client, rows, frame, recording):
    ranged = {**SIZE, "x": {"range": [-3, 3]}, "y": {"range": [-5, 5]},
              "series": [{"type": "density", "data": {"frame": "points", "x": "x", "y": "y"}}]}
    png = glint.dask.render(ranged, {"points": frame})
    assert "extent" not in [call[0] for call in recording]
    inline = {**ranged, "series": [{"type": "density", "data": {"x": "x", "y": "y"}}]}
    assert png == glint.render(inline, rows)


def test_dots_and_gapped_buckets_come_as_rows(client, rows, frame):
    few = dd.from_pandas(rows.iloc[:2000], npartitions=3)
    spec = {**SIZE, "series": [{"type": "dots", "data": {"frame": "few", "x": "x", "y": "y"}}]}
    inline = {**spec, "series": [{"type": "dots", "data": {"x": "x", "y": "y"}}]}
    assert glint.dask.render(spec, {"few": few}) == glint.render(inline, rows.iloc[:2000])


def test_errors_name_the_series_and_the_frame(client, frame):
    with pytest.raises(glint.GlintError, match='series\\[0\\].data.*frame "f" has no column "nope"'):
        glint.dask.render({"series": [{"type": "line", "data": {"frame": "f", "x": "t", "y": "nope"}}]}, {"f": frame})
    with pytest.raises(glint.GlintError, match='no frame is named "g"'):
        glint.dask.render({"series": [{"type": "line", "data": {"frame": "g", "x": "t", "y": "v"}}]}, {"f": frame})
    with pytest.raises(ValueError, match="split_every"):
        glint.dask.render({"series": []}, {"f": frame}, split_every=1)
    # A frame is asked for x, y and size when the chart is drawn: what needs its rows in memory is refused.
    with pytest.raises(glint.GlintError, match='series\\[0\\].split: source:dask gives x, y and size only'):
        glint.dask.render({"series": [{"type": "line", "data": {"frame": "f", "x": "t", "y": "v"}, "split": "s"}]}, {"f": frame})


def test_a_source_without_its_callbacks_is_refused():
    ctypes = glint.dask.ctypes
    source = glint._native.Source(b"dask", None)
    out, length = ctypes.POINTER(ctypes.c_uint8)(), ctypes.c_size_t()
    spec = b'{"series": [{"type": "line", "data": {"db": "source:dask", "table": "f", "x": "t", "y": "v"}}]}'
    renderer = glint.Renderer("cpu")
    status = glint._native.lib.glint_render_sources(renderer._live(), spec, len(spec), None, 0, ctypes.byref(source), 1, b"png",
                                                    ctypes.byref(out), ctypes.byref(length))
    assert status == 1 and "sources[0]: a null name or callback" in glint._native.last_error()[0]
