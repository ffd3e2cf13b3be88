"""One-line charts from a pandas DataFrame, a dict of arrays, a Series or an Index, a pyarrow Table or a polars
DataFrame, by column name:

    glint.scatter(df, x="x", y="y", size="s", color="kind")
    glint.line(prices, x="date", y=["open", "close"], title="Prices")
    glint.hist(df, x="latency", bins=50) + glint.line(...)      # layers on one plot
    glint.panels([glint.bar(...), glint.pie(...)], columns=2)

Each function builds the spec `glint render` reads (docs/spec.md) and returns a `glint.Chart`, whose `to_spec()` is
that dict: the columns are handed over as they are (no `.tolist()`), and every keyword the functions do not name is
a key of the series (`dash=[4, 2]`, `valueLabels=True`; `series={"width": 2}` for a key the chart's keywords
`title`, `width`, `height`, `theme`, `legend` and `font` take). A pandas Series draws its values
against its index; a DataFrame whose x is not given draws against its index when that is a DatetimeIndex or named,
else against 0, 1, 2, ...
"""
import numpy

from ._columns import arrow_array
from ._errors import DataError

# The chart's own keys among the keywords; the rest go to each series.
_CHART_KEYS = ("title", "width", "height", "theme", "legend", "font", "polar")


def _table(data):
    """(dict of columns by name, the name of the index's column or None): a DataFrame's columns and its index, a
    Series as its values under its name (or "y") and its index, a dict as it is, an Index as one column, a pyarrow
    Table's or a polars DataFrame's columns (they have no index)."""
    if data is None:
        return {}, None
    if isinstance(data, dict):
        return dict(data), None
    if hasattr(data, "column_names") and hasattr(data, "column"):  # a pyarrow Table or RecordBatch
        return {str(name): data.column(name) for name in data.column_names}, None
    if hasattr(data, "columns") and hasattr(data, "index"):  # a pandas DataFrame
        table = {str(name): data[name] for name in data.columns}
        return _with_index(table, data.index)
    if hasattr(data, "columns") and type(data).__module__.startswith("polars"):  # a polars DataFrame
        return {str(name): data[name] for name in data.columns}, None
    if hasattr(data, "index") and hasattr(data, "to_numpy") and hasattr(data, "name"):  # a Series
        return _with_index({str(data.name) if data.name is not None else "y": data}, data.index)
    if hasattr(data, "to_numpy") or isinstance(data, (list, tuple, numpy.ndarray)):  # an Index, an array
        return {"y": data}, None
    raise DataError(f"data: expected a pandas DataFrame or Series, a dict of arrays or an array, found {type(data).__name__}")


def _with_index(table, index):
    """`table` with `index` added as a column (named by the index, else "index") when it says more than 0, 1, 2, ...:
    a DatetimeIndex, a named index or one of text; returns the table and the column's name (or None)."""
    is_range = type(index).__name__ == "RangeIndex" and index.name is None
    if is_range:
        return table, None
    name = str(index.name) if index.name is not None else "index"
    while name in table:
        name = "_" + name
    table[name] = index
    return table, name


def _names(value):
    """A column keyword as a list of names (None: none)."""
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _column_is_text(table, name):
    values = arrow_array(table[name])
    if type(values).__module__.startswith("pyarrow"):
        import pyarrow
        kind = values.type.value_type if pyarrow.types.is_dictionary(values.type) else values.type
        return (pyarrow.types.is_string(kind) or pyarrow.types.is_large_string(kind) or pyarrow.types.is_string_view(kind)
                or pyarrow.types.is_boolean(kind))
    dtype = getattr(values, "dtype", None)
    if dtype is None:
        values = numpy.asarray(values)
        dtype = values.dtype
    return getattr(dtype, "name", "") == "category" or getattr(dtype, "kind", "O") in "OUSb"


def _check(table, name, key):
    if name not in table:
        known = ", ".join(f'"{n}"' for n in list(table)[:20])
        raise DataError(f'{key}="{name}": no such column; the columns are {known or "none"}')


class _Builder:
    """One call's table and the series it makes."""

    def __init__(self, data):
        self.table, self.index = _table(data)

    def column(self, name, key):
        _check(self.table, name, key)
        return name

    def color(self, color, series):
        """`color=`: a column (categories through tableau10, numbers through viridis) or one colour for the series."""
        if color is None:
            return
        if color in self.table:
            palette = "tableau10" if _column_is_text(self.table, color) else "viridis"
            series["color"] = {"column": color, "palette": palette}
        else:
            series["color"] = color

    def series(self, kind, x, ys, color=None, size=None, split=None, labels=None, extra=None):
        """A series per y column (named by it when there are several, or when `color` does not name them)."""
        made = []
        for y in ys:
            data = {}
            if x is not None:
                data["x"] = self.column(x, "x")
            elif self.index is not None and kind != "pie":
                data["x"] = self.index
            if y is not None:
                data["y"] = self.column(y, "y")
            if size is not None:
                data["size"] = self.column(size, "size")
            if labels is not None:
                data["labels"] = self.column(labels, "labels")
            series = {"type": kind, "data": data}
            # Named (and so in the series legend) only beside other y columns: a lone series' name tells nothing.
            if len(ys) > 1:
                series["name"] = str(y)
            self.color(color, series)
            if split is not None:
                series["split"] = self.column(split, "split")
            series.update(extra or {})
            made.append(series)
        return made


def _trends(dots, trend):
    """A scatter's `trend=` ("linear", "loess", ... or the spec's trend object): a line drawn as the fit of each dots
    series' points, beside them, named by its method (and y column when there are several)."""
    fit = {"method": trend} if isinstance(trend, str) else dict(trend)
    lines = []
    for series in dots:
        line = {"type": "line", "data": {k: v for k, v in series["data"].items() if k in ("x", "y")}, "trend": fit}
        # The dots' rows and axis: the fit is of the points drawn. A split names each group's line by its value.
        for key in ("split", "filter", "axis", "bin", "aggregate", "rolling", "sort"):
            if key in series:
                line[key] = series[key]
        if "split" not in series:
            line["name"] = " ".join(filter(None, [series.get("name"), fit.get("method", ""), "fit"]))
        if isinstance(series.get("color"), str):
            line["color"] = series["color"]
        lines.append(line)
    return lines


def _chart(builder, series, facet=None, keys=None):
    from . import Chart

    spec = {key: value for key, value in (keys or {}).items() if key in _CHART_KEYS and value is not None}
    spec["series"] = series
    # A colour column is explained by its own legend: its categories (a points legend) or its scale (a colour bar),
    # for the first series it colours.
    coloured = next((i for i, s in enumerate(series) if isinstance(s.get("color"), dict) and "column" in s["color"]), None)
    if coloured is not None:
        kind = "points" if series[coloured]["color"]["palette"] == "tableau10" else "colorbar"
        spec["legends"] = [{"kind": kind, "series": coloured}]
    if facet is not None:
        spec["facet"] = {"column": builder.column(facet, "facet")}
    return Chart(spec, builder.table)


def _split_keys(keys):
    """The chart's keys and the series' keys among a call's keywords; `series=` (a dict) gives series keys whose
    names the chart takes (a line's `width`: `series={"width": 3}`)."""
    chart = {k: v for k, v in keys.items() if k in _CHART_KEYS}
    extra = {k: v for k, v in keys.items() if k not in _CHART_KEYS and k != "series"}
    return chart, {**extra, **(keys.get("series") or {})}


def _xy(kind):
    def draw(data=None, x=None, y=None, color=None, size=None, split=None, facet=None, labels=None, **keys):
        builder = _Builder(data)
        chart, extra = _split_keys(keys)
        trend = extra.pop("trend", None) if kind == "dots" else None
        ys = _names(y) or [name for name in builder.table if name not in (x, builder.index, color, size, split, facet, labels)
                           and not _column_is_text(builder.table, name)][:1]
        if not ys:
            raise DataError("y: give the column of y values (no numeric column was found)")
        series = builder.series(kind, x, ys, color, size, split, labels, extra)
        return _chart(builder, series + (_trends(series, trend) if trend is not None else []), facet, chart)

    draw.__name__ = {"line": "line", "dots": "scatter", "bars": "bar", "area": "area", "stem": "stem"}[kind]
    draw.__doc__ = (f'A {draw.__name__} chart of `data`: `y` a column or a list of them (a series each), `x` a column (default '
                    f'the index, or 0, 1, 2, ...), `color` a column or a colour, `size` a column (dots), `split` a column (a '
                    f'series per value), `facet` a column (a panel per value), `labels` a column; `title`, `width`, `height`, '
                    f'`theme`, `legend` and `polar` (True or a polar object of the spec: x round a disc, y out from its centre; a radar of lines or areas over text x, a rose of bars) for the chart, any other keyword (and `series=`, a dict) for the series'
                    + ('; `trend=` ("linear", "poly", "exp", "log", "power", "loess", or the spec\'s trend object) draws each '
                       'series\' fit beside it.' if kind == "dots" else '.'))
    return draw


line, scatter, bar, area, stem = _xy("line"), _xy("dots"), _xy("bars"), _xy("area"), _xy("stem")


def _grouped(kind):
    def draw(data=None, x=None, y=None, color=None, split=None, facet=None, **keys):
        builder = _Builder(data)
        chart, extra = _split_keys(keys)
        ys = _names(y) or [name for name in builder.table if name not in (x, builder.index, split, facet)
                           and not _column_is_text(builder.table, name)]
        if not ys:
            raise DataError("y: give the column of values (no numeric column was found)")
        if x is None:
            # Each column's values under its name: one series on a category axis, in the columns' order.
            for name in ys:
                _check(builder.table, name, "y")
            length = [len(builder.table[name]) for name in ys]
            builder.table = {"column": numpy.repeat(numpy.array([str(n) for n in ys], dtype=object), length),
                             "value": numpy.concatenate([numpy.asarray(builder.table[name], dtype=float) for name in ys]),
                             **{k: numpy.tile(numpy.asarray(builder.table[k]), len(ys)) for k in (split, facet) if k is not None}}
            x, ys = "column", ["value"]
        series = builder.series(kind, x, ys, color, None, split, None, extra)
        return _chart(builder, series, facet, chart)

    draw.__name__ = {"box": "box", "violin": "violin"}[kind]
    draw.__doc__ = (f'{"Box" if kind == "box" else "Violin"} plots of `data`: one per value of the column `x` of the values of the '
                    f'column `y` (a list of columns: one per column, named by it, as `DataFrame.boxplot` draws them; the numeric '
                    f'columns when neither is given); `split` a column (one per value side by side in each x), `facet` a column '
                    f'(a panel per value), `color` a colour; '
                    + ('`whiskers` (a factor of the IQR, 1.5 by default, or "range"), `notch`, `outliers`, '
                       if kind == "box" else '`bandwidth` ("scott", "silverman" or a kernel width in data units), `cut`, ')
                    + '`barWidth` and any other keyword for the series; `title`, `width`, `height`, `theme`, `legend` for the chart.')
    return draw


box, violin = _grouped("box"), _grouped("violin")


def kde(data=None, y=None, color=None, split=None, facet=None, fill=False, bandwidth=None, cut=None, points=None,
        counts=None, cumulative=None, **keys):
    """Density curves of `data`: the Gaussian kernel density (scipy's `gaussian_kde`) of the column `y` (a list of
    columns: a curve each, named by it; the numeric columns when not given), as lines or, with `fill=True`, areas;
    `split` a column (a curve per value), `facet` a column (a panel per value), `color` a colour; `bandwidth`
    ("scott", "silverman" or a kernel width in data units), `cut`, `points`, `counts` and `cumulative` as the spec's
    `density` takes them; `title`, `width`, `height`, `theme`, `legend` for the chart."""
    builder = _Builder(data)
    chart, extra = _split_keys(keys)
    ys = _names(y) or [name for name in builder.table if name not in (builder.index, split, facet)
                       and not _column_is_text(builder.table, name)]
    if not ys:
        raise DataError("y: give the column of values (no numeric column was found)")
    estimate = {key: value for key, value in (("bandwidth", bandwidth), ("cut", cut), ("points", points), ("counts", counts),
                                                ("cumulative", cumulative)) if value is not None}
    extra["density"] = {**estimate, **extra.get("density", {})}
    builder.index = None
    series = builder.series("area" if fill else "line", None, ys, color, None, split, None, extra)
    return _chart(builder, series, facet, chart)


def hist(data=None, x=None, bins=None, color=None, split=None, facet=None, **keys):
    """A histogram of the column `x` (the first numeric one by default), in `bins` (a count, or "auto")."""
    builder = _Builder(data)
    chart, extra = _split_keys(keys)
    x = x or next((n for n in builder.table if not _column_is_text(builder.table, n)), None)
    if x is None:
        raise DataError("x: give the column of values to count")
    if bins is not None:
        extra["bins"] = bins
    series = builder.series("histogram", x, [None], color, None, split, None, extra)
    return _chart(builder, series, facet, chart)


def pie(data=None, values=None, names=None, **keys):
    """A pie of the column `values`, a slice per row named by the column `names` (slices of one name combined:
    `aggregate`, sum by default)."""
    builder = _Builder(data)
    chart, extra = _split_keys(keys)
    extra.setdefault("aggregate", "sum")
    if values is None:
        raise DataError("values: give the column of the slices' values")
    return _chart(builder, builder.series("pie", None, [values], None, None, None, names, extra), None, chart)


def density(data=None, x=None, y=None, value=None, category=None, reduce=None, **keys):
    """A density of the points (`x`, `y`) counted into the plot's pixels: a count, a reduction of `value` (`reduce`:
    "sum", "mean", "min", "max") or, with `category`, a mix of the categories' colours ("count_by")."""
    builder = _Builder(data)
    chart, extra = _split_keys(keys)
    series = builder.series("density", x, [y], None, None, None, None, extra)[0]
    if value is not None:
        series["data"]["value"] = builder.column(value, "value")
        series["reduce"] = reduce or "mean"
    if category is not None:
        series["data"]["category"] = builder.column(category, "category")
        series["reduce"] = "count_by"
    elif reduce is not None:
        series["reduce"] = reduce
    series.pop("name", None)
    return _chart(builder, [series], None, chart)


def hexbin(data=None, x=None, y=None, value=None, reduce=None, gridsize=None, palette=None, **keys):
    """A hexbin of the points (`x`, `y`) as matplotlib's `hexbin` bins them: hexagons coloured by how many points
    fall in each or, with `value` (a column), by their values reduced (`reduce`: "mean" by default, "sum",
    "median", "min", "max", "count"); `gridsize` hexagons across (or `[across, up]`), `palette` a continuous palette;
    `minCount` and `extent` as the spec takes them. A colour bar explains the colours."""
    builder = _Builder(data)
    chart, extra = _split_keys(keys)
    series = builder.series("hexbin", x, [y], None, None, None, None, extra)[0]
    if value is not None:
        series["data"]["value"] = builder.column(value, "value")
    if reduce is not None:
        series["reduce"] = reduce
    if gridsize is not None:
        series["gridsize"] = int(gridsize) if numpy.ndim(gridsize) == 0 else [int(v) for v in gridsize]
    if palette is not None:
        series["color"] = {"palette": palette}
    title = value if isinstance(value, str) and reduce != "count" else "count" if value is None or reduce == "count" else reduce
    made = _chart(builder, [series], None, chart)
    made.spec.setdefault("legends", [{"kind": "colorbar", "series": 0, "title": str(title), "placement": "outside",
                                      "position": "right"}])
    return made


def contour(data=None, x=None, y=None, z=None, levels=None, filled=False, labels=False, color=None, gridsize=None, **keys):
    """Contours: of a grid — `z` a 2-D array (a row per y) with `x` and `y` its positions (0, 1, 2, ... by default),
    or columns of `data` in long form (`x`, `y` and `z` each a column: a row per node) — or, without `z`, of the
    kernel density of the points (`x`, `y`) (scipy's `gaussian_kde`; `gridsize` nodes across and up). `levels` a
    count or the values; `filled` bands instead of lines; `labels` writes each level on its lines; `color` one colour
    for the lines, or a continuous palette's name. A colour bar explains filled bands."""
    chart, extra = _split_keys(keys)
    series = {"type": "contour"}
    if z is not None and numpy.ndim(z) == 2:
        # A 2-D array handed over as three columns, row by row (the spec reads such a table as its grid in one pass).
        grid = numpy.asarray(z, dtype=float)
        xs = numpy.arange(grid.shape[1], dtype=float) if x is None else numpy.asarray(x, dtype=float)
        ys = numpy.arange(grid.shape[0], dtype=float) if y is None else numpy.asarray(y, dtype=float)
        if xs.shape != (grid.shape[1],) or ys.shape != (grid.shape[0],):
            raise DataError(f"x and y: give a position per column ({grid.shape[1]}) and per row ({grid.shape[0]}) of z")
        columns_x, columns_y = numpy.meshgrid(xs, ys)
        builder = _Builder({"x": columns_x.ravel(), "y": columns_y.ravel(), "z": grid.ravel()})
        series["data"] = {"x": "x", "y": "y", "value": "z"}
    else:
        builder = _Builder(data)
        series["data"] = {"x": builder.column(x, "x"), "y": builder.column(y, "y")}
        if z is not None:
            series["data"]["value"] = builder.column(z, "z")
    for key, value in (("levels", levels), ("gridsize", gridsize)):
        if value is not None:
            series[key] = value if numpy.ndim(value) == 0 else [float(v) for v in value]
    if filled:
        series["filled"] = True
    if labels:
        series["levelLabels"] = True
    if color is not None:
        series["color"] = {"palette": color} if isinstance(color, str) and color in _CONTINUOUS else color
    series.update(extra)
    from . import Chart

    spec = {key: value for key, value in chart.items() if value is not None}
    spec["series"] = [series]
    if filled:
        spec.setdefault("legends", [{"kind": "colorbar", "series": 0, "placement": "outside", "position": "right"}])
    return Chart(spec, builder.table)


_CONTINUOUS = ("viridis", "magma", "plasma", "inferno", "cividis", "turbo")


def candlestick(data=None, x=None, open="open", high="high", low="low", close="close", ohlc=False, **keys):
    """Candlesticks (OHLC bars with `ohlc=True`) of the columns `open`, `high`, `low` and `close` at `x` (default the
    index)."""
    builder = _Builder(data)
    chart, extra = _split_keys(keys)
    data = {"x": builder.column(x, "x")} if x is not None else ({"x": builder.index} if builder.index is not None else {})
    for key, name in (("open", open), ("high", high), ("low", low), ("close", close)):
        data[key] = builder.column(name, key)
    series = {"type": "ohlc" if ohlc else "candlestick", "data": data, **extra}
    return _chart(builder, [series], None, chart)


def heatmap(data=None, x=None, y=None, z=None, **keys):
    """A heatmap of the long table's column `z` at each (`x`, `y`): a cell per row, the positions numbers or names
    (categories), handed over as columns."""
    builder = _Builder(data)
    chart, extra = _split_keys(keys)
    for key, name in (("x", x), ("y", y), ("z", z)):
        if name is None:
            raise DataError(f"{key}: give the column of the cells' {'values' if key == 'z' else key + ' positions'}")
        builder.column(name, key)
    series = {"type": "heatmap", "data": {"x": x, "y": y, "value": z}, **extra}
    return _chart(builder, [series], None, chart)


def panels(charts, columns=None, **keys):
    """Charts side by side in one figure: a panel each, `columns` of them to a row (about square by default)."""
    from . import Chart

    table, specs = {}, []
    for k, chart in enumerate(charts):
        spec, data = _renamed(chart.spec, chart.data, f"p{k}.") if chart.data else (chart.spec, None)
        specs.append({key: value for key, value in spec.items() if key not in ("width", "height", "theme")})
        table.update(data or {})
    figure = {key: value for key, value in keys.items() if value is not None}
    figure["panels"] = specs
    if columns is not None:
        figure["columns"] = columns
    return Chart(figure, table or None)


def layered(first, second):
    """`first` with `second`'s series drawn over it (`chart + other`); the first chart's keys win."""
    from . import Chart

    a, table_a = _renamed(first.spec, first.data, "a.") if first.data else (first.spec, None)
    b, table_b = _renamed(second.spec, second.data, "b.") if second.data else (second.spec, None)
    if "panels" in a or "panels" in b or "facet" in a or "facet" in b:
        raise DataError("charts with panels or facets cannot be layered; put them side by side with glint.panels")
    spec = {**{k: v for k, v in b.items() if k not in ("series", "legends")}, **a}
    first = list(a.get("series", []))
    spec["series"] = first + list(b.get("series", []))
    # The second chart's legends name its series by index: moved past the first chart's.
    moved = [{**legend, "series": legend["series"] + len(first)} if isinstance(legend.get("series"), int) else legend
             for legend in b.get("legends", [])]
    if a.get("legends") or moved:
        spec["legends"] = list(a.get("legends", [])) + moved
    table = {**(table_a or {}), **(table_b or {})}
    return Chart(spec, table or None)


def _renamed(spec, data, prefix):
    """`spec` and `data` with every column named with `prefix`, so that two charts' tables can be one."""
    table, _ = _table(data)

    def rename(value, in_data):
        if isinstance(value, dict):
            out = {}
            for key, item in value.items():
                if in_data and isinstance(item, str) and key != "csv":
                    out[key] = prefix + item
                elif key in ("split",) and isinstance(item, str):
                    out[key] = prefix + item
                elif key == "column" and isinstance(item, str):
                    out[key] = prefix + item
                elif key in ("lower", "upper", "y", "x", "minus", "plus") and isinstance(item, str) and not in_data:
                    out[key] = prefix + item
                else:
                    out[key] = rename(item, key == "data")
            return out
        if isinstance(value, list):
            return [rename(item, False) for item in value]
        return value

    return rename(spec, False), {prefix + name: values for name, values in table.items()}


# pandas' plotting backend: `pandas.options.plotting.backend = "glint"` calls `glint.plot(data, kind=..., x=..., y=...)`.
_PANDAS_KINDS = {"line": line, "scatter": scatter, "bar": bar, "barh": bar, "area": area, "hist": hist, "pie": pie, "box": box,
                 "kde": kde, "density": kde, "hexbin": hexbin}


def plot(data, kind="line", x=None, y=None, **keys):
    """`DataFrame.plot` / `Series.plot` drawn by Glint (pandas' plotting backend): kinds line, scatter, bar, barh,
    area, hist, pie, box, kde (or density) and hexbin; `title`, `figsize` (inches at 100 px each), `logx`, `logy` and `color` as pandas takes them;
    any other keyword is a key of the series. Returns a `glint.Chart`, which Jupyter shows."""
    if kind not in _PANDAS_KINDS:
        raise NotImplementedError(f'glint draws the kinds {", ".join(sorted(_PANDAS_KINDS))}; "{kind}" is not one of them')
    figsize, logx, logy = keys.pop("figsize", None), keys.pop("logx", False), keys.pop("logy", False)
    for ignored in ("legend", "grid", "ax", "subplots"):
        keys.pop(ignored, None)
    if figsize is not None:
        keys["width"], keys["height"] = int(figsize[0] * 100), int(figsize[1] * 100)
    if kind == "barh":
        keys["orientation"] = "horizontal"
    if kind == "pie":
        table, index = _table(data)
        values = y or next(iter(table))
        chart = pie({**table}, values=values, names=index, **keys)
    elif kind == "hist":
        chart = hist(data, x=y or x, **keys)
    elif kind == "box":
        chart = box(data, y=y, **keys)
    elif kind == "hexbin":
        function = keys.pop("reduce_C_function", None)
        names = {"mean": "mean", "sum": "sum", "median": "median", "max": "max", "amax": "max", "min": "min", "amin": "min",
                 "len": "count"}
        if keys.get("mincnt") is not None:
            keys["minCount"] = keys.pop("mincnt")
        keys.pop("mincnt", None)
        if function is not None and getattr(function, "__name__", None) not in names:
            raise NotImplementedError("reduce_C_function: glint reduces by numpy's mean, sum, median, min, max or len")
        chart = hexbin(data, x=x, y=y, value=keys.pop("C", None),
                       reduce=names[function.__name__] if function is not None else None, **keys)
    elif kind in ("kde", "density"):
        method = keys.pop("bw_method", None)
        if isinstance(method, str):
            keys.setdefault("bandwidth", method)
        elif method is not None:
            raise NotImplementedError("bw_method as a factor is not taken; give bandwidth=, a kernel width in data units")
        points = keys.pop("ind", None)
        if points is not None and not isinstance(points, int):
            raise NotImplementedError("ind as points to evaluate at is not taken; give an int (how many points), or cut=")
        if points is not None:
            keys.setdefault("points", points)
        chart = kde(data, y=y, **keys)
    else:
        chart = _PANDAS_KINDS[kind](data, x=x, y=y, **keys)
    for axis, on in (("x", logx), ("y", logy)):
        if on:
            chart.spec[axis] = {**chart.spec.get(axis, {}), "scale": "log"}
    return chart
