"""The glint package against the real library: what a user sees (pixels, errors, warnings), and that arrays go in
without JSON. Run by `.ci/run` through python/test.sh in a fresh virtualenv with the Swift toolchain hidden."""
import logging
import os
import threading
import time
import warnings

import numpy
import pytest

import glint

SIZE = {"width": 320, "height": 200}


def pixels(spec, data=None):
    return glint.render_array({**SIZE, **spec}, data, backend="cpu")


def test_the_library_and_its_runtime_load_from_the_package():
    package = os.path.dirname(glint.__file__)
    with open("/proc/self/maps") as maps:
        loaded = {line.split()[-1] for line in maps if ".so" in line}
    swift_core = [path for path in loaded if path.endswith("/libswiftCore.so")]
    assert swift_core and all(path.startswith(package) for path in swift_core), swift_core
    assert any(path.endswith("/glint/_lib/libGlintC.so.1") for path in loaded)
    # FoundationEssentials only: not Foundation, its internationalisation or ICU's 41 MB.
    assert not [path for path in loaded if "FoundationICU" in path or path.endswith("/libFoundation.so")], loaded
    assert glint.version().count(".") == 2


def test_columns_draw_what_the_same_numbers_inline_draw():
    x = numpy.linspace(0, 10, 500)
    y = numpy.sin(x)
    columns = pixels({"series": [{"data": {"x": "x", "y": "y"}, "width": 2}]}, {"x": x, "y": y})
    inline = pixels({"series": [{"x": x.tolist(), "y": y.tolist(), "width": 2}]})
    assert columns.shape == (200, 320, 4) and columns.dtype == numpy.uint8
    assert numpy.array_equal(columns, inline)
    # A line was drawn: some pixels are neither white nor grey.
    assert (numpy.abs(columns[..., 0].astype(int) - columns[..., 2].astype(int)) > 60).any()


def test_strided_float32_and_integer_columns_read_the_same_values():
    interleaved = numpy.arange(400, dtype=numpy.float64).reshape(200, 2)
    interleaved[:, 1] = numpy.cos(interleaved[:, 0] / 20)
    spec = {"series": [{"type": "dots", "data": {"x": "x", "y": "y"}}]}
    strided = pixels(spec, {"x": interleaved[:, 0], "y": interleaved[:, 1]})  # 16-byte strides, no copy
    contiguous = pixels(spec, {"x": interleaved[:, 0].copy(), "y": interleaved[:, 1].copy()})
    assert numpy.array_equal(strided, contiguous)
    # A negative stride (a reversed view) is copied once; the points keep their (reversed) drawing order.
    reversed_view = pixels(spec, {"x": interleaved[::-1, 0], "y": interleaved[::-1, 1]})
    assert numpy.array_equal(reversed_view, pixels(spec, {"x": interleaved[::-1, 0].copy(), "y": interleaved[::-1, 1].copy()}))
    whole = numpy.arange(50)
    as_ints = pixels(spec, {"x": whole.astype(numpy.int64), "y": (whole * 2).astype(numpy.int32)})
    as_floats = pixels(spec, {"x": whole.astype(numpy.float32), "y": (whole * 2).astype(numpy.float64)})
    assert numpy.array_equal(as_ints, as_floats)


def test_nan_in_an_array_is_a_gap_as_null_is_inline():
    y = numpy.array([1.0, 2.0, numpy.nan, 2.0, 1.0, 3.0])
    spec = {"series": [{"data": {"y": "y"}, "width": 3}], "y": {"range": [0, 4]}}
    gapped = pixels(spec, {"y": y})
    inline = pixels({"series": [{"y": [1, 2, None, 2, 1, 3], "width": 3}], "y": {"range": [0, 4]}})
    assert numpy.array_equal(gapped, inline)
    assert not numpy.array_equal(gapped, pixels(spec, {"y": numpy.nan_to_num(y, nan=2.0)}))
    # NaN in the spec itself (Python's json would write a bare NaN token) is sent as null: a gap too.
    assert numpy.array_equal(pixels({"series": [{"y": [1, 2, float("nan"), 2, 1, 3], "width": 3}], "y": {"range": [0, 4]}}), inline)


def test_datetime64_columns_make_a_time_axis():
    days = numpy.arange("2024-01-01", "2024-03-01", dtype="datetime64[D]")
    values = numpy.sin(numpy.arange(len(days)) / 5)
    by_ns = pixels({"series": [{"data": {"x": "d", "y": "v"}}]}, {"d": days.astype("datetime64[ns]"), "v": values})
    by_s = pixels({"series": [{"data": {"x": "d", "y": "v"}}]}, {"d": days.astype("datetime64[s]"), "v": values})
    inline = pixels({"x": {"type": "time"}, "series": [{"x": [str(d) for d in days], "y": values.tolist()}]})
    assert numpy.array_equal(by_ns, inline) and numpy.array_equal(by_s, inline)


def test_pandas_frames_and_categoricals_feed_category_axes():
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame({"fruit": pandas.Categorical(["pear", "apple", "fig"], categories=["fig", "pear", "apple", "kiwi"]),
                              "n": [3, 5, 2]})
    from_frame = pixels({"series": [{"type": "bars", "data": {"x": "fruit", "y": "n"}}]}, frame)
    inline = pixels({"x": {"categories": ["fig", "pear", "apple", "kiwi"]},
                     "series": [{"type": "bars", "x": ["pear", "apple", "fig"], "y": [3, 5, 2]}]})
    assert numpy.array_equal(from_frame, inline)
    strings = pixels({"series": [{"type": "bars", "data": {"x": "fruit", "y": "n"}}]},
                     {"fruit": numpy.array(["pear", "apple", "fig"]), "n": numpy.array([3, 5, 2])})
    assert numpy.array_equal(strings, pixels({"series": [{"type": "bars", "x": ["pear", "apple", "fig"], "y": [3, 5, 2]}]}))


def test_a_frames_text_columns_colour_split_and_name_without_tolist():
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame({"x": [0.0, 1, 2, 3, 4, 5], "y": [3.0, 1, 4, 1, 5, 9], "kind": ["a", "b", "a", "c", "b", "a"],
                              "err": [0.5, 0.25, 1, 0.5, 0.75, 1.5]})
    kind, err = frame.kind.tolist(), frame.err.tolist()
    points = {"x": frame.x.tolist(), "y": frame.y.tolist()}
    named = {"data": {"x": "x", "y": "y"}}
    for keys, inline in [({"color": {"column": "kind", "palette": "tableau10"}}, {"color": {"categories": kind, "palette": "tableau10"}}),
                         ({"split": "kind"}, {"split": kind}),
                         ({"type": "bars", "errorBars": {"y": "err"}}, {"type": "bars", "errorBars": {"y": err}})]:
        assert numpy.array_equal(pixels({"series": [{"type": "dots", **named, **keys}]}, frame),
                                 pixels({"series": [{"type": "dots", **points, **inline}]})), keys
    pie = pixels({"series": [{"type": "pie", "data": {"y": "y", "labels": "kind"}, "aggregate": "sum"}]}, frame)
    assert numpy.array_equal(pie, pixels({"series": [{"type": "pie", "y": frame.y.tolist(), "labels": kind, "aggregate": "sum"}]}))
    # A typo in a column's name names the nearest column, not a CSV file.
    with pytest.raises(glint.SpecError) as caught:
        pixels({"series": [{"type": "dots", **named, "color": {"column": "knd", "palette": "tableau10"}}]}, frame)
    assert caught.value.path == "series[0].color.column" and 'did you mean "kind"' in caught.value.message
    assert "data.csv" not in caught.value.message


def test_errors_name_the_json_path_or_the_column():
    with pytest.raises(glint.SpecError) as caught:
        glint.render({"series": [{"data": {"x": "t", "y": "price"}}]}, {"t": numpy.arange(3.0)})
    assert caught.value.path == "series[0].data.y" and 'no column named "price"' in caught.value.message
    with pytest.raises(glint.SpecError) as caught:
        glint.render({"width": -5, "series": [{"y": [1, 2]}]})
    assert caught.value.path == "width"
    with pytest.raises(glint.SpecError, match="different numbers of rows"):
        glint.render({"series": [{"data": {"x": "a", "y": "b"}}]}, {"a": numpy.arange(3.0), "b": numpy.arange(4.0)})
    with pytest.raises(glint.DataError, match="one-dimensional"):
        glint.render({"series": [{"data": {"y": "m"}}]}, {"m": numpy.zeros((2, 2))})
    with pytest.raises(glint.DataError, match="complex"):
        glint.render({"series": [{"data": {"y": "z"}}]}, {"z": numpy.zeros(3, dtype=complex)})
    with pytest.raises(glint.SpecError, match="datetimes"):
        glint.render({"x": {"type": "linear"}, "series": [{"data": {"x": "d", "y": "v"}}]},
                     {"d": numpy.arange(3).astype("datetime64[ms]"), "v": numpy.arange(3.0)})
    with pytest.raises(ValueError):
        glint.Renderer(backend="vulkan")


def test_the_compute_painter_draws_what_the_cpu_draws():
    rng = numpy.random.default_rng(5)
    frame = {"x": rng.normal(size=5000), "y": rng.normal(size=5000), "s": rng.random(5000)}
    spec = {**SIZE, "title": "Compute", "series": [
        {"name": "dots", "type": "dots", "data": {"x": "x", "y": "y", "size": "s"}, "color": "#1f77b480"},
        {"name": "line", "type": "line", "x": [-3, 0, 3], "y": [-3, 3, -3], "width": 4, "join": "miter"}]}
    with glint.Renderer(backend="compute") as compute:
        drawn = compute.render_array(spec, frame)
    assert numpy.array_equal(drawn, glint.render_array(spec, frame, backend="cpu"))


def test_layout_and_hits_read_the_same_columns():
    x = numpy.array([0.0, 1.0, 2.0, 3.0])
    y = numpy.array([1.0, 3.0, 2.0, 4.0])
    spec = {**SIZE, "title": "Hits", "series": [{"name": "a", "type": "dots", "data": {"x": "x", "y": "y"}}]}
    placed = glint.layout(spec, {"x": x, "y": y}, backend="cpu")
    assert any(text["text"] == "Hits" for text in placed["texts"])
    plot = placed["plot"]
    # The point with the highest y (row 3) lies at the plot's right end, near its top.
    found = glint.hit(spec, {"x": x, "y": y}, x=plot["x"] + plot["width"], y=plot["y"], tolerance=40, backend="cpu")
    assert found is not None and found["kind"] == "point" and found["index"] == 3 and found["y"] == 4.0
    assert glint.hit(spec, {"x": x, "y": y}, x=1, y=1, tolerance=1, backend="cpu") is None


def test_notices_come_back_as_warnings_and_information_as_log_records(caplog):
    with pytest.warns(glint.GlintNotice, match="3 values in 2 categories"):
        glint.render({"series": [{"type": "bars", "x": ["a", "a", "b"], "y": [1, 2, 3]}]})
    density = {"series": [{"type": "density", "x": [1.0, 2.0, 3.0], "y": [2.0, 1.0, 3.0]}]}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        glint.render({"series": [{"y": [1, 2, 3]}]})
        with caplog.at_level(logging.INFO, logger="glint"):
            glint.render(density, backend="cpu")
    assert [(r.name, r.levelno) for r in caplog.records] == [("glint", logging.INFO)]
    assert "density of 3 points aggregated on the CPU" in caplog.records[0].getMessage()
    with pytest.warns(glint.GlintNotice, match="density of 3 points aggregated"):
        glint.render(density, backend="cpu", warnings=True)
    with glint.Renderer("cpu") as renderer:
        renderer.render(density)
        assert renderer.notices == [] and "aggregated on the CPU" in renderer.information[0]


def test_formats_the_renderer_and_jupyter():
    with glint.Renderer(backend="cpu") as renderer:
        assert renderer.render({"series": [{"y": [1, 3, 2]}]}, format="svg").lstrip().startswith(b"<?xml")
        assert renderer.render({"series": [{"y": [1, 3, 2]}]}, format="pdf").startswith(b"%PDF-")
        assert renderer.painter == "vector"
        assert renderer.render({"series": [{"y": [1, 3, 2]}]}).startswith(b"\x89PNG")
        assert renderer.painter == "cpu"
        assert renderer.layout({"title": "T", "series": [{"y": [1, 2]}]})["texts"]
    with pytest.raises(glint.GlintError, match="closed"):
        renderer.render({"series": [{"y": [1]}]})
    chart = glint.Chart({**SIZE, "series": [{"data": {"y": "y"}}]}, {"y": numpy.arange(5.0)})
    assert chart._repr_png_().startswith(b"\x89PNG")


def test_a_chart_is_saved_whole_or_not_at_all(tmp_path):
    chart = glint.Chart({**SIZE, "series": [{"data": {"y": "y"}}]}, {"y": numpy.arange(5.0)})
    chart.save(str(tmp_path / "c.pdf"))
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF-")
    with pytest.raises(glint.SpecError):
        glint.Chart({"width": -1, "series": [{"y": [1]}]}).save(str(tmp_path / "bad.png"))
    with pytest.raises(OSError):
        chart.save(str(tmp_path / "missing-folder" / "c.png"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.pdf"]


def test_renders_on_several_threads_run_in_parallel():
    # Two threads rendering on two renderers are in native code at the same time: ctypes lets the GIL go, so some
    # render of one thread overlaps some render of the other for most of its length (a GIL held through the call
    # would keep them apart). Overlap in time, not a speed-up, so other work on the machine cannot decide it (a
    # speed-up bar failed twice under such load); the renderers' own independence is the Swift tests' to show.
    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core")
    t = numpy.arange(2_000_000, dtype=numpy.float64)
    data = {"t": t, "v": numpy.sin(t / 1e3) + numpy.random.default_rng(1).normal(0, 0.1, len(t))}
    spec = {"width": 1200, "height": 700, "series": [{"type": "dots", "radius": 2, "data": {"x": "t", "y": "v"}}]}
    renderers = [glint.Renderer(backend="cpu", threads=1) for _ in range(2)]
    spans = [[], []]

    def work(k):
        for _ in range(4):
            start = time.perf_counter()
            renderers[k].render(spec, data)
            spans[k].append((start, time.perf_counter()))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for r in renderers:
        r.close()
    overlap = max(min(a[1], b[1]) - max(a[0], b[0]) for a in spans[0] for b in spans[1])
    shortest = min(end - start for span in spans for start, end in span)
    print(f"longest overlap {overlap:.3f} s, shortest render {shortest:.3f} s")
    assert overlap > 0.5 * shortest, f"the two threads' renders overlapped by {overlap:.3f} s at most (renders take {shortest:.3f} s)"


def test_a_density_of_float32_columns_counts_what_numpy_counts():
    rng = numpy.random.default_rng(28)
    x = rng.normal(5, 2, 200_000).astype(numpy.float32)
    y = rng.normal(5, 2, 200_000).astype(numpy.float32)
    spec = {**SIZE, "x": {"range": [0, 10]}, "y": {"range": [0, 10]}, "legend": {"visible": False},
            "series": [{"type": "density", "data": {"x": "x", "y": "y"}, "normalize": "linear"}]}
    with glint.Renderer("cpu") as renderer:
        image = renderer.render_array(spec, {"x": x, "y": y})
        assert any("aggregated on the CPU" in line for line in renderer.information), renderer.information
    plot = glint.layout(spec, {"x": x, "y": y}, backend="cpu")["plot"]
    left, top, width, height = int(plot["x"]), int(plot["y"]), int(plot["width"]), int(plot["height"])
    # The densest pixel, near (5, 5), is hit as a cell with its count; numpy counts the same pixel's points.
    px, py = left + width // 2, top + height // 2
    found = glint.hit(spec, {"x": x, "y": y}, x=px + 0.5, y=py + 0.5, tolerance=0, backend="cpu")
    assert found is not None and found["kind"] == "cell" and found["count"] == found["value"] > 0
    column_width, row_height = 10 / width, 10 / height
    inside = ((x >= found["x"] - column_width / 2) & (x < found["x"] + column_width / 2)
              & (y >= found["y"] - row_height / 2) & (y < found["y"] + row_height / 2))
    assert abs(int(inside.sum()) - found["count"]) <= 1  # cell edges in float32 arithmetic, points on them aside
    # Counted pixels are coloured; a corner of the plot no point reaches is the background.
    assert (image[top + height // 2, left + width // 2, :3] != 255).any()
    assert (image[top + 1, left + 1, :3] == 255).all()


def test_a_density_reads_values_and_categories_from_arrays():
    pandas = pytest.importorskip("pandas")
    rng = numpy.random.default_rng(29)
    n = 50_000
    x, y = rng.uniform(0, 10, n), rng.uniform(0, 10, n)
    kind = pandas.Categorical(numpy.where(x < 5, "west", "east"))
    frame = pandas.DataFrame({"x": x, "y": y, "heat": x * 2, "kind": kind})
    base = {**SIZE, "x": {"range": [0, 10]}, "y": {"range": [0, 10]}, "legend": {"visible": False}}
    mean = {**base, "series": [{"type": "density", "reduce": "mean", "data": {"x": "x", "y": "y", "value": "heat"}}]}
    plot = glint.layout(mean, frame, backend="cpu")["plot"]
    px, py = int(plot["x"] + plot["width"] * 0.75), int(plot["y"] + plot["height"] / 2)
    found = glint.hit(mean, frame, x=px + 0.5, y=py + 0.5, tolerance=0, backend="cpu")
    # The cell's mean heat is twice its x, give or take the cell's width.
    assert found is not None and found["kind"] == "cell" and abs(found["value"] - 2 * found["x"]) < 0.2
    by_kind = {**base, "series": [{"type": "density", "reduce": "count_by", "data": {"x": "x", "y": "y", "category": "kind"},
                                   "color": {"palette": {"west": "#ff0000", "east": "#0000ff"}}}]}
    image = pixels(by_kind, frame)
    west, east = image[py, int(plot["x"] + plot["width"] * 0.25)], image[py, px]
    assert west[0] > west[2] and east[2] > east[0], (west, east)


def test_a_live_chart_takes_appends_and_follows():
    x = numpy.arange(20_000, dtype=numpy.float64)
    y = numpy.sin(x / 300) * 10
    spec = {**SIZE, "series": [{"name": "live", "x": [], "y": [], "antialias": False}]}
    with glint.LiveChart(spec, backend="cpu") as live:
        live.set_capacity(0, 5000)
        live.follow(2000)
        for start in range(0, 20_000, 1000):
            live.append(0, x[start:start + 1000], y[start:start + 1000].astype(numpy.float32))
        frame = live.render_array()
        # A window's controls: the view pans and zooms along x, resizes, hides its series, and says what is hit.
        lower, upper = live.x_range
        assert upper - lower == 2000 and upper == 19_999
        live.pan(-0.5)
        live.zoom(2, live.x_range[1])
        assert live.x_range[1] - live.x_range[0] == pytest.approx(1000) and live.x_range[1] < 19_999
        live.resize(400, 250)
        assert live.render_array().shape == (250, 400, 4)
        assert live.hit(200, 125, tolerance=1000)["kind"] == "point"
        # The pointer as data: the plot's left and right edges are the view's x range.
        left, top, width, height = live.plot_area
        assert 0 < left and left + width < 400 and 0 <= top and top + height < 250
        assert live.data_at(left, top + height)[0] == pytest.approx(live.x_range[0])
        assert live.data_at(left + width, top)[0] == pytest.approx(live.x_range[1])
        live.set_scale(2)
        assert live.render_array().shape == (250, 400, 4) and live.plot_area[2] < width
        with pytest.raises(glint.GlintError, match="scale: expected above 0, up to 16"):
            live.set_scale(0)
        live.set_scale(1)
        untipped = live.render_array()
        live.set_tooltip("live: 3.2 °C")
        assert (live.render_array() != untipped).any(), "the tooltip is drawn"
        live.set_tooltip(None)
        assert (live.render_array() == untipped).all()
        live.set_visible(0, False)
        assert live.hit(200, 125, tolerance=1000) is None
        with pytest.raises(glint.GlintError, match="zoom: expected a finite factor above 0"):
            live.zoom(0, 1)
        with pytest.raises(glint.GlintError, match="the chart has 1 series"):
            live.set_visible(4, True)
        with pytest.raises(glint.GlintError, match="points are appended to line and dots series only"):
            live.append(3, [1.0], [1.0])
        with pytest.raises(ValueError, match="x has 2 values and y 1"):
            live.append(0, [1.0, 2.0], [1.0])
    # The newest 5,000 points appended at once to a chart whose spec follows the same width draw the same frame.
    with glint.LiveChart({**spec, "follow": {"x": 2000}}, backend="cpu") as fresh:
        fresh.append(0, x[-5000:], y[-5000:].astype(numpy.float32))
        expected = fresh.render_array()
    assert frame.shape == (200, 320, 4) and (frame == expected).all()
    assert (frame[:, :, :3] < 200).any(), "the line is drawn"
    with pytest.raises(glint.GlintError, match="closed"):
        live.append(0, [1.0], [1.0])


def test_named_time_zones_are_read_from_the_systems_zone_data():
    # The library loads no ICU: zones other than UTC come from tzdata, read by Glint itself.
    spec = {**SIZE, "x": {"type": "time", "timezone": "Europe/Berlin"}, "series": [{"type": "dots", "x": ["2012-01-01"], "y": [1]}]}
    found = glint.hit(spec, x=SIZE["width"] / 2, y=SIZE["height"] / 2, tolerance=1000, backend="cpu")
    assert found is not None and found["x"] == 1_325_372_400_000, found  # Berlin's midnight is 23:00 UTC in winter
    with pytest.raises(glint.SpecError, match="is not a known IANA time zone"):
        glint.render({"x": {"type": "time", "timezone": "Mars/Olympus"}, "series": [{"y": [1]}]})


# The keys that name a column (Tests/GlintRenderTestSupport/ColumnKeyCases.swift): each with its values inline, and
# with a column name in their place, read from one DataFrame.
KEY_ROWS = {"x": [0.0, 1, 2, 3, 4, 5], "y": [3.0, 1, 4, 1, 5, 9], "kind": ["a", "b", "a", "c", "b", "a"],
            "err": [0.5, 0.25, 1, 0.5, 0.75, 1.5]}
KEY_ROWS["low"] = [y - e for y, e in zip(KEY_ROWS["y"], KEY_ROWS["err"])]
KEY_ROWS["high"] = [y + e for y, e in zip(KEY_ROWS["y"], KEY_ROWS["err"])]
KEY_CASES = [
    ("dots", {"color": {"categories": KEY_ROWS["kind"], "palette": "tableau10"}}, {"color": {"column": "kind", "palette": "tableau10"}}, False),
    ("dots", {"color": {"values": KEY_ROWS["err"], "palette": "viridis"}}, {"color": {"column": "err", "palette": "viridis"}}, False),
    ("line", {"split": KEY_ROWS["kind"]}, {"split": "kind"}, False),
    ("pie", {"labels": KEY_ROWS["kind"], "aggregate": "sum"}, {"aggregate": "sum"}, True),
    ("bars", {"errorBars": {"y": KEY_ROWS["err"]}}, {"errorBars": {"y": "err"}}, False),
    ("line", {"band": {"lower": KEY_ROWS["low"], "upper": KEY_ROWS["high"]}}, {"band": {"lower": "low", "upper": "high"}}, False),
]


@pytest.mark.parametrize("kind,inline,named,labels", KEY_CASES)
def test_every_column_key_reads_a_dataframe_as_inline_values_draw(kind, inline, named, labels):
    import pandas
    frame = pandas.DataFrame({**KEY_ROWS, "kind": pandas.Categorical(KEY_ROWS["kind"])})
    points = {"y": KEY_ROWS["y"]} if kind == "pie" else {"x": KEY_ROWS["x"], "y": KEY_ROWS["y"]}
    data = {"y": "y"} if kind == "pie" else {"x": "x", "y": "y"}
    if labels:
        data["labels"] = "kind"
    expected = pixels({"series": [{"type": kind, **points, **inline}]})
    drawn = pixels({"series": [{"type": kind, "data": data, **named}]}, frame)
    assert numpy.array_equal(drawn, expected), named
