"""The one-line functions (glint.line, scatter, bar, ...) and pandas' plotting backend against the real library: each
draws what the same data written out as a dict spec draws, pixel for pixel."""
import numpy
import pytest

import glint

pandas = pytest.importorskip("pandas")

SIZE = {"width": 320, "height": 200}


def pixels(chart):
    return glint.render_array(chart.to_spec(), chart.data, backend="cpu")


def inline(spec):
    return glint.render_array({**SIZE, **spec}, backend="cpu")


@pytest.fixture
def frame():
    return pandas.DataFrame({"x": [0.0, 1, 2, 3, 4, 5], "y": [3.0, 1, 4, 1, 5, 9], "z": [2.0, 2, 3, 3, 1, 0],
                             "kind": ["a", "b", "a", "c", "b", "a"], "s": [1.0, 2, 3, 4, 5, 6]})


def test_scatter_with_size_and_colour_is_one_line(frame):
    chart = glint.scatter(frame, x="x", y="y", size="s", color="kind", **SIZE)
    assert chart.to_spec()["series"][0]["data"] == {"x": "x", "y": "y", "size": "s"}
    expected = inline({"series": [{"type": "dots", "x": frame.x.tolist(), "y": frame.y.tolist(), "size": frame.s.tolist(),
                                   "color": {"categories": frame.kind.tolist(), "palette": "tableau10"}}],
                       "legends": [{"kind": "points", "series": 0}]})
    assert numpy.array_equal(pixels(chart), expected)


def test_stems_from_a_baseline_are_one_line(frame):
    chart = glint.stem(frame, x="x", y="y", baseline=2, **SIZE)
    expected = inline({"series": [{"type": "stem", "x": frame.x.tolist(), "y": frame.y.tolist(), "baseline": 2}]})
    assert numpy.array_equal(pixels(chart), expected)
    # The stems are drawn: not the picture of the heads alone.
    assert not numpy.array_equal(expected, inline({"series": [{"type": "dots", "x": frame.x.tolist(), "y": frame.y.tolist()}]}))


def test_several_y_columns_are_a_series_each_and_extra_keywords_reach_the_series(frame):
    chart = glint.line(frame, x="x", y=["y", "z"], series={"width": 3}, dash=[4, 2], title="Two", **SIZE)
    expected = inline({"title": "Two", "series": [{"type": "line", "name": "y", "x": frame.x.tolist(), "y": frame.y.tolist(), "width": 3, "dash": [4, 2]},
                                                  {"type": "line", "name": "z", "x": frame.x.tolist(), "y": frame.z.tolist(), "width": 3, "dash": [4, 2]}]})
    assert numpy.array_equal(pixels(chart), expected)


def test_split_bars_areas_and_histograms(frame):
    split = glint.line(frame, x="x", y="y", split="kind", **SIZE)
    assert numpy.array_equal(pixels(split), inline({"series": [{"type": "line", "x": frame.x.tolist(), "y": frame.y.tolist(),
                                                                 "split": frame.kind.tolist()}]}))
    bars = glint.bar(frame, x="kind", y="y", aggregate="mean", **SIZE)
    assert numpy.array_equal(pixels(bars), inline({"x": {"categories": True}, "series": [
        {"type": "bars", "x": frame.kind.tolist(), "y": frame.y.tolist(), "aggregate": "mean"}]}))
    area = glint.area(frame, x="x", y="y", **SIZE)
    assert numpy.array_equal(pixels(area), inline({"series": [{"type": "area", "x": frame.x.tolist(), "y": frame.y.tolist()}]}))
    histogram = glint.hist(frame, x="y", bins=4, **SIZE)
    assert numpy.array_equal(pixels(histogram), inline({"series": [{"type": "histogram", "x": frame.y.tolist(), "bins": 4}]}))


def test_a_series_draws_against_its_datetime_index():
    days = pandas.date_range("2026-01-01", periods=30, freq="D", name="day")
    series = pandas.Series(numpy.sin(numpy.arange(30) / 5), index=days, name="level")
    chart = glint.line(series, **SIZE)
    assert chart.to_spec()["series"][0]["data"] == {"x": "day", "y": "level"}
    milliseconds = days.values.astype("datetime64[ms]").astype(numpy.int64).tolist()
    expected = inline({"x": {"type": "time"}, "series": [{"type": "line", "x": milliseconds, "y": series.tolist()}]})
    assert numpy.array_equal(pixels(chart), expected)


def test_pies_densities_candles_and_heatmaps(frame):
    pie = glint.pie(frame, values="y", names="kind", **SIZE)
    assert numpy.array_equal(pixels(pie), inline({"series": [{"type": "pie", "y": frame.y.tolist(), "labels": frame.kind.tolist(),
                                                               "aggregate": "sum"}]}))
    density = glint.density(frame, x="x", y="y", category="kind", **SIZE)
    assert numpy.array_equal(pixels(density), inline({"series": [{"type": "density", "x": frame.x.tolist(), "y": frame.y.tolist(),
                                                                   "category": frame.kind.tolist(), "reduce": "count_by"}]}))
    prices = pandas.DataFrame({"open": [1.0, 2, 3], "high": [2.0, 3, 4], "low": [0.5, 1, 2], "close": [1.5, 2.5, 2.8]})
    candles = glint.candlestick(prices, **SIZE)
    assert numpy.array_equal(pixels(candles), inline({"series": [{"type": "candlestick", **{k: prices[k].tolist() for k in prices}}]}))
    long = pandas.DataFrame({"hour": [0, 1, 0, 1], "day": ["mon", "mon", "tue", "tue"], "n": [1.0, 2, 3, 4]})
    heat = glint.heatmap(long, x="hour", y="day", z="n", **SIZE)
    assert numpy.array_equal(pixels(heat), inline({"y": {"categories": True}, "series": [
        {"type": "heatmap", "x": [0, 1], "y": ["mon", "tue"], "z": [[1, 2], [3, 4]]}]}))


def test_charts_layer_and_sit_side_by_side(frame):
    both = glint.scatter(frame, x="x", y="y", **SIZE) + glint.line(frame, x="x", y="z")
    assert [s["type"] for s in both.to_spec()["series"]] == ["dots", "line"]
    assert numpy.array_equal(pixels(both), inline({"series": [{"type": "dots", "x": frame.x.tolist(), "y": frame.y.tolist()},
                                                              {"type": "line", "x": frame.x.tolist(), "y": frame.z.tolist()}]}))
    coloured = glint.line(frame, x="x", y="z", **SIZE) + glint.scatter(frame, x="x", y="y", color="kind")
    assert coloured.to_spec()["legends"] == [{"kind": "points", "series": 1}]
    figure = glint.panels([glint.bar(frame, x="kind", y="y"), glint.pie(frame, values="s", names="kind")], columns=2, width=480, height=200)
    expected = glint.render_array({"width": 480, "height": 200, "columns": 2, "panels": [
        {"x": {"categories": True}, "series": [{"type": "bars", "x": frame.kind.tolist(), "y": frame.y.tolist()}]},
        {"series": [{"type": "pie", "y": frame.s.tolist(), "labels": frame.kind.tolist(), "aggregate": "sum"}]}]}, backend="cpu")
    assert numpy.array_equal(glint.render_array(figure.to_spec(), figure.data, backend="cpu"), expected)


def test_pandas_plotting_backend_draws_with_glint(frame):
    pandas.options.plotting.backend = "glint"
    try:
        chart = frame.plot(x="x", y="y", kind="scatter", figsize=(3.2, 2.0))
        assert isinstance(chart, glint.Chart)
        assert numpy.array_equal(pixels(chart), pixels(glint.scatter(frame, x="x", y="y", **SIZE)))
        series = frame.set_index("kind").y.plot(kind="pie", figsize=(3.2, 2.0))
        assert numpy.array_equal(pixels(series), pixels(glint.pie(frame, values="y", names="kind", **SIZE)))
        # Every kind pandas has is drawn; what glint does not take of one is refused, not ignored.
        with pytest.raises(NotImplementedError, match="ind as points"):
            frame.plot(kind="kde", y="y", ind=[1.0, 2.0])
    finally:
        pandas.options.plotting.backend = "matplotlib"


def test_a_column_that_is_not_there_is_named(frame):
    with pytest.raises(glint.DataError, match='y="price": no such column; the columns are "x", "y", "z", "kind", "s"'):
        glint.line(frame, x="x", y="price")


def test_the_version_is_the_librarys():
    assert glint.__version__ == glint.version() and glint.__version__.count(".") == 2


def test_messages_say_what_a_python_user_did(frame, tmp_path):
    with pytest.raises(ValueError, match=r'x.jpg: glint writes png, svg, pdf \(by the name\'s extension, or format=\), not "jpg"'):
        glint.scatter(frame, x="x", y="y").save(str(tmp_path / "x.jpg"))
    assert not list(tmp_path.iterdir())
    with pytest.raises(glint.SpecError) as caught:
        glint.render({"series": [{"type": "scatter", "y": [1, 2]}]})
    assert caught.value.path == "series[0].type" and 'did you mean "dots"?' in caught.value.message
    with pytest.raises(glint.SpecError) as caught:
        glint.render({"series": [{"y": [1, 2, "a"]}]})
    assert caught.value.path == "series[0].y[2]" and "expected a number" in caught.value.message


def _kinds(frame):
    """The same columns as every kind of table a user may hold: a pandas DataFrame (with the text as a categorical,
    and Arrow-backed), a dict of numpy arrays, a pyarrow Table and a polars DataFrame."""
    kinds = {"dict of numpy arrays": {name: frame[name].to_numpy() for name in frame.columns},
             "pandas categorical": frame.assign(kind=frame.kind.astype("category"))}
    try:  # Arrow's and polars' kinds where they are installed (python/test-wheel.sh installs both)
        import pyarrow
    except ImportError:
        return kinds
    kinds["pandas Arrow-backed"] = frame.convert_dtypes(dtype_backend="pyarrow")
    kinds["pyarrow Table"] = pyarrow.Table.from_pandas(frame, preserve_index=False)
    try:
        import polars
    except ImportError:
        return kinds
    kinds["polars DataFrame"] = polars.from_pandas(frame)
    kinds["polars categorical"] = polars.from_pandas(frame).with_columns(polars.col("kind").cast(polars.Categorical))
    return kinds


ONE_LINERS = {
    "scatter": lambda data: glint.scatter(data, x="x", y="y", size="s", color="kind", **SIZE),
    "line": lambda data: glint.line(data, x="x", y=["y", "z"], **SIZE),
    "line split": lambda data: glint.line(data, x="x", y="y", split="kind", **SIZE),
    "bar": lambda data: glint.bar(data, x="kind", y="y", aggregate="mean", **SIZE),
    "area": lambda data: glint.area(data, x="x", y="y", **SIZE),
    "hist": lambda data: glint.hist(data, x="y", bins=4, **SIZE),
    "pie": lambda data: glint.pie(data, values="y", names="kind", **SIZE),
    "density": lambda data: glint.density(data, x="x", y="y", category="kind", **SIZE),
    "stem": lambda data: glint.stem(data, x="x", y="y", **SIZE),
    "heatmap": lambda data: glint.heatmap(data, x="x", y="kind", z="s", **SIZE),
}


@pytest.mark.parametrize("function", ONE_LINERS)
def test_every_one_liner_draws_the_same_from_every_kind_of_table(frame, function):
    expected = pixels(ONE_LINERS[function](frame))
    for kind, data in _kinds(frame).items():
        chart = ONE_LINERS[function](data)
        assert numpy.array_equal(pixels(chart), expected), f"{function} from a {kind}"
        assert numpy.array_equal(glint.render_array(chart.to_spec(), data, backend="cpu"), expected), f"{function} from a {kind}"


def test_candles_and_a_time_axis_from_arrow_and_polars():
    days = pandas.date_range("2026-01-01", periods=4, freq="D", tz="UTC")
    prices = pandas.DataFrame({"day": days, "open": [1.0, 2, 3, 2], "high": [2.0, 3, 4, 3], "low": [0.5, 1, 2, 1],
                               "close": [1.5, 2.5, 2.8, 1.2]})
    expected = pixels(glint.candlestick(prices, x="day", **SIZE))
    pyarrow = pytest.importorskip("pyarrow")
    polars = pytest.importorskip("polars")
    for data in (pyarrow.Table.from_pandas(prices, preserve_index=False), polars.from_pandas(prices)):
        assert numpy.array_equal(pixels(glint.candlestick(data, x="day", **SIZE)), expected), type(data)


def test_arrow_columns_without_nulls_are_read_in_place():
    pyarrow = pytest.importorskip("pyarrow")
    from glint._columns import Columns
    table = pyarrow.table({"x": numpy.arange(1000.0), "y": numpy.arange(1000, dtype=numpy.float32)})
    columns = Columns(table)
    for i, name in enumerate(["x", "y"]):
        assert columns.array[i].data == table.column(name).chunk(0).buffers()[1].address, name
    # Nulls are gaps, as NaN is.
    gappy = pyarrow.table({"x": [0.0, 1, 2, 3], "y": pyarrow.array([1.0, None, 2, 3])})
    spec = {**SIZE, "series": [{"type": "line", "data": {"x": "x", "y": "y"}}]}
    assert numpy.array_equal(glint.render_array(spec, gappy, backend="cpu"),
                             inline({"series": [{"type": "line", "x": [0, 1, 2, 3], "y": [1, None, 2, 3]}]}))


def test_a_scatters_trend_is_a_line_drawn_as_its_fit(frame):
    chart = glint.scatter(frame, x="x", y="y", trend={"method": "poly", "degree": 2, "band": 0.9}, **SIZE)
    fit = chart.to_spec()["series"][1]
    assert fit == {"type": "line", "data": {"x": "x", "y": "y"}, "trend": {"method": "poly", "degree": 2, "band": 0.9}, "name": "poly fit"}
    expected = inline({"series": [{"type": "dots", "x": frame.x.tolist(), "y": frame.y.tolist()},
                                  {"type": "line", "name": "poly fit", "x": frame.x.tolist(), "y": frame.y.tolist(),
                                   "trend": {"method": "poly", "degree": 2, "band": 0.9}}]})
    assert numpy.array_equal(pixels(chart), expected)
    assert glint.scatter(frame, x="x", y="y", trend="loess").to_spec()["series"][1]["trend"] == {"method": "loess"}
    # Split into groups: a fit per group, named by its value as the dots are.
    split = glint.scatter(frame, x="x", y="y", split="kind", trend="linear", **SIZE)
    assert split.to_spec()["series"][1] == {"type": "line", "data": {"x": "x", "y": "y"}, "trend": {"method": "linear"}, "split": "kind"}
    assert pixels(split).shape == (200, 320, 4)


def test_box_plots_by_a_column_and_of_several_columns(frame):
    boxes = glint.box(frame, x="kind", y="y", notch=True, whiskers="range", **SIZE)
    assert boxes.to_spec()["series"][0] == {"type": "box", "data": {"x": "kind", "y": "y"}, "notch": True, "whiskers": "range"}
    assert numpy.array_equal(pixels(boxes), inline({"series": [
        {"type": "box", "x": frame.kind.tolist(), "y": frame.y.tolist(), "notch": True, "whiskers": "range"}]}))
    # Without x, a box per column, named by it on a category axis (DataFrame.boxplot's picture); pandas' kind="box" too.
    columns = glint.box(frame, y=["y", "z"], **SIZE)
    expected = inline({"series": [{"type": "box", "x": ["y"] * 6 + ["z"] * 6, "y": frame.y.tolist() + frame.z.tolist()}]})
    assert numpy.array_equal(pixels(columns), expected)
    assert numpy.array_equal(pixels(frame[["y", "z"]].plot(kind="box", backend="glint", figsize=(3.2, 2.0))), expected)


def test_box_statistics_match_matplotlib(frame):
    # The box's edges in the layout sit at matplotlib's quartiles and whisker ends for the same values.
    cbook = pytest.importorskip("matplotlib.cbook")
    values = numpy.concatenate([numpy.linspace(0, 10, 41), [30.0, -25.0]])
    stats = cbook.boxplot_stats(values)[0]
    spec = {"width": 400, "height": 400, "y": {"range": [-30, 40]}, "legend": {"visible": False},
            "series": [{"type": "box", "x": [0.0] * len(values), "y": values.tolist()}]}
    layout = glint.layout(spec, backend="cpu")
    y_axis = next(a for a in layout["axes"] if a["name"] == "y")
    (v0, p0), (v1, p1) = [(t["value"], t["pixel"]) for t in y_axis["ticks"][:2]]
    def row(v):
        return p0 + (v - v0) * (p1 - p0) / (v1 - v0)
    rects = [m["box"] for m in layout["marks"] if m["kind"] == "rect"]
    body = max(rects, key=lambda r: r["width"] * r["height"])
    assert abs(body["y"] - round(row(stats["q3"]))) <= 1 and abs(body["y"] + body["height"] - round(row(stats["q1"]))) <= 1
    assert any(abs(r["y"] - round(row(stats["whishi"]))) <= 1 for r in rects)
    assert len([m for m in layout["marks"] if m["kind"] == "dot"]) == len(stats["fliers"]) == 2


def test_violins_by_a_column(frame):
    violins = glint.violin(frame, x="kind", y="y", bandwidth="silverman", **SIZE)
    assert violins.to_spec()["series"][0] == {"type": "violin", "data": {"x": "kind", "y": "y"}, "bandwidth": "silverman"}
    assert numpy.array_equal(pixels(violins), inline({"series": [
        {"type": "violin", "x": frame.kind.tolist(), "y": frame.y.tolist(), "bandwidth": "silverman"}]}))


def test_density_curves_of_columns_and_by_a_column_match_scipy(frame):
    scipy_stats = pytest.importorskip("scipy.stats")
    curves = glint.kde(frame, y=["y", "z"], **SIZE)
    assert [s["name"] for s in curves.to_spec()["series"]] == ["y", "z"]
    assert curves.to_spec()["series"][0] == {"type": "line", "data": {"y": "y"}, "name": "y", "density": {}}
    assert numpy.array_equal(pixels(curves), inline({"series": [
        {"type": "line", "y": frame.y.tolist(), "name": "y", "density": {}},
        {"type": "line", "y": frame.z.tolist(), "name": "z", "density": {}}]}))
    split = glint.kde(frame, y="y", split="kind", fill=True, counts=True, points=20, **SIZE)
    assert split.to_spec()["series"][0]["density"] == {"counts": True, "points": 20}
    assert split.to_spec()["series"][0]["type"] == "area"
    # pandas' kind="kde" is the same chart; its curve, as the layout places its points, is scipy's.
    chart = frame.plot(kind="kde", y="y", ind=50, backend="glint", **SIZE)
    layout = glint.layout(chart.to_spec(), chart.data)
    points = [m["box"] for m in layout["marks"] if m["kind"] == "point"]
    assert len(points) == 50

    def unmapped(axis, pixel):
        ticks = next(a for a in layout["axes"] if a["name"] == axis)["ticks"]
        (p0, v0), (p1, v1) = (ticks[0]["pixel"], ticks[0]["value"]), (ticks[-1]["pixel"], ticks[-1]["value"])
        return v0 + (numpy.asarray(pixel) - p0) * (v1 - v0) / (p1 - p0)

    x, y = unmapped("x", [p["x"] for p in points]), unmapped("y", [p["y"] for p in points])
    expected = scipy_stats.gaussian_kde(frame.y.to_numpy())(x)
    assert numpy.max(numpy.abs(y - expected)) < 0.01 * expected.max()
    with pytest.raises(NotImplementedError):
        frame.plot(kind="kde", y="y", bw_method=0.3, backend="glint")


def test_hexbins_match_matplotlib_and_pandas_hexbin_is_the_same_chart():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rng = numpy.random.default_rng(7)
    frame = pandas.DataFrame({"a": rng.normal(size=2000), "b": rng.normal(size=2000), "c": rng.uniform(size=2000)})
    chart = glint.hexbin(frame, x="a", y="b", value="c", reduce="median", gridsize=12, **SIZE)
    series = chart.to_spec()["series"][0]
    assert series == {"type": "hexbin", "data": {"x": "a", "y": "b", "value": "c"}, "reduce": "median", "gridsize": 12}
    assert chart.to_spec()["legends"][0]["kind"] == "colorbar"
    # The layout places as many hexagons as matplotlib draws.
    figure, axes = plt.subplots()
    expected = axes.hexbin(frame.a, frame.b, C=frame.c, gridsize=12, reduce_C_function=numpy.median)
    plt.close(figure)
    layout = glint.layout(chart.to_spec(), chart.data)
    hexagons = [m["box"] for m in layout["marks"] if m["kind"] == "shape"]
    assert len(hexagons) == len(expected.get_offsets())
    same = frame.plot.hexbin(x="a", y="b", C="c", reduce_C_function=numpy.median, gridsize=12, backend="glint", **SIZE)
    assert numpy.array_equal(pixels(same), pixels(chart))
    with pytest.raises(NotImplementedError):
        frame.plot.hexbin(x="a", y="b", C="c", reduce_C_function=numpy.std, backend="glint")


def test_contours_of_a_grid_match_contourpy_and_of_points_draw_their_density():
    contourpy = pytest.importorskip("contourpy")
    x, y = numpy.linspace(0, 6, 61), numpy.linspace(0, 4, 41)
    z = numpy.sin(x)[None, :] * numpy.cos(1.3 * y)[:, None] + 0.3 * x[None, :]
    chart = glint.contour(z=z, x=x, y=y, levels=[0.25, 1.0], color="#333333", **SIZE)
    series = chart.to_spec()["series"][0]
    assert series["levels"] == [0.25, 1.0] and series["color"] == "#333333" and series["data"] == {"x": "x", "y": "y", "value": "z"}
    # The lines the layout places lie where contourpy's do: every line point within a pixel of one of its vertices.
    layout = glint.layout(chart.to_spec(), chart.data)
    axes = {a["name"]: a for a in layout["axes"]}

    def data(axis, pixel):
        (p0, v0), (p1, v1) = [(t["pixel"], t["value"]) for t in (axes[axis]["ticks"][0], axes[axis]["ticks"][-1])]
        return v0 + (pixel - p0) * (v1 - v0) / (p1 - p0)

    theirs = numpy.concatenate([line for level in (0.25, 1.0) for line in contourpy.contour_generator(x, y, z).lines(level)])
    points = [(data("x", m["box"]["x"]), data("y", m["box"]["y"])) for m in layout["marks"] if m["kind"] == "point"]
    assert len(points) > 50
    scale = numpy.array([6 / layout["plot"]["width"], 4 / layout["plot"]["height"]])
    assert max(numpy.min(numpy.abs((theirs - p) / scale).max(axis=1)) for p in points) < 1.5
    frame = pandas.DataFrame({"a": numpy.r_[numpy.zeros(50), numpy.ones(50) * 3] + numpy.tile(numpy.linspace(0, 1, 50), 2),
                              "b": numpy.tile(numpy.linspace(0, 1, 50) ** 2, 2)})
    density = glint.contour(frame, x="a", y="b", filled=True, gridsize=40, **SIZE)
    assert density.to_spec()["series"][0] == {"type": "contour", "data": {"x": "a", "y": "b"}, "gridsize": 40, "filled": True}
    assert pixels(density).std() > 0


def test_marker_shapes_pass_through_as_series_keys(frame):
    chart = glint.scatter(frame, x="x", y="y", split="kind", shape="auto", **SIZE)
    assert chart.to_spec()["series"][0]["shape"] == "auto"
    assert numpy.array_equal(pixels(chart), inline({"series": [{"type": "dots", "x": frame.x.tolist(), "y": frame.y.tolist(),
                                                                 "split": frame.kind.tolist(), "shape": "auto"}]}))


def test_a_radar_and_a_rose_are_one_line_with_polar():
    frame = pandas.DataFrame({"axis": ["speed", "range", "cost", "comfort", "safety"], "a": [4.0, 3, 5, 2, 4], "b": [2.0, 5, 3, 4, 3]})
    radar = glint.area(frame, x="axis", y=["a", "b"], polar=True, title="Two cars", **SIZE)
    assert radar.to_spec()["polar"] is True
    expected = inline({"polar": True, "title": "Two cars", "x": {"categories": frame.axis.tolist()},
                       "series": [{"type": "area", "name": name, "x": frame.axis.tolist(), "y": frame[name].tolist()} for name in ("a", "b")]})
    assert numpy.array_equal(pixels(radar), expected)
    layout = glint.layout(radar.to_spec(), radar.data)
    angle, radius = layout["axes"]
    assert angle["name"] == "angle" and [t["pixel"] for t in angle["ticks"]] == [0, 72, 144, 216, 288]
    assert radius["name"] == "radius" and radius["range"][0] == 0 and radius["range"][1] >= 5 and radius["disc"]["radius"] > 40
    rose = glint.bar(frame, x="axis", y="a", polar={"startAngle": 36, "inner": 0.1}, **SIZE)
    assert rose.to_spec()["polar"] == {"startAngle": 36, "inner": 0.1}
    assert glint.layout(rose.to_spec(), rose.data)["axes"][1]["disc"]["hole"] > 0


def test_polar_dots_sit_where_matplotlibs_polar_axes_put_them():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rng = numpy.random.default_rng(11)
    degrees, r = rng.uniform(-90, 450, 40), rng.uniform(0, 9.5, 40)
    for start, direction in ((0, "clockwise"), (90, "counterclockwise")):
        spec = {**SIZE, "polar": {"startAngle": start, "direction": direction}, "y": {"range": [0, 10]}, "legend": {"visible": False},
                "series": [{"type": "dots", "x": degrees.tolist(), "y": r.tolist(), "radius": 2}]}
        layout = glint.layout(spec)
        disc = layout["axes"][1]["disc"]
        dots = numpy.array([[m["box"]["x"] + m["box"]["width"] / 2, m["box"]["y"] + m["box"]["height"] / 2]
                            for m in layout["marks"] if m["kind"] == "dot"])
        ours = (dots - [disc["x"], disc["y"]]) / disc["radius"]
        # Matplotlib's polar axes turned the same way: 0 at 12 o'clock (N), clockwise (-1) or counter-clockwise (1)
        # from the start; display y grows upwards there, downwards in an image.
        figure = plt.figure(figsize=(5, 5))
        axes = figure.add_subplot(projection="polar")
        axes.set_theta_zero_location("N", offset=-start)  # matplotlib turns its offset counter-clockwise
        axes.set_theta_direction(-1 if direction == "clockwise" else 1)
        axes.set_rlim(0, 10)
        figure.canvas.draw()  # the equal aspect takes hold when drawn
        centre = axes.transData.transform((0, 0))
        rim = numpy.hypot(*(axes.transData.transform((0, 10)) - centre))
        theirs = (axes.transData.transform(numpy.column_stack([numpy.radians(degrees), r])) - centre) / rim * [1, -1]
        plt.close(figure)
        assert numpy.abs(ours - theirs).max() < 2e-4, (start, direction, numpy.abs(ours - theirs).max())
