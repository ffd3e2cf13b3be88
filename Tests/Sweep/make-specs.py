"""Writes the design sweep's specs: charts a demanding user would write, one file each."""
import json, math, random, os, sys
out = sys.argv[1]
random.seed(7)
R = lambda a, b: round(random.uniform(a, b), 2)
names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet", "Kilo", "Lima", "Mike", "November", "Oscar"]
long_names = ["Northern Europe and Scandinavia (EMEA)", "Southern Europe and the Mediterranean", "North America and Canada (AMER)",
              "South America and the Caribbean", "Asia and the Pacific Islands (APAC)", "Middle East and Northern Africa"]
months = [1704067200000 + k * 30 * 86400000 for k in range(12)]
specs = {}
def line(n, k, scale=1.0, offset=0.0):
    # Four significant digits, whatever the magnitude (1e-6 values stay 1e-6).
    return [float(f"{offset + scale * (math.sin(i / 3 + k) + k * 0.6 + random.uniform(-0.2, 0.2)):.4g}") for i in range(n)]
for k, count in enumerate([2, 5, 8, 12, 15]):
    specs[f"lines-{count}"] = {"title": f"{count} series", "x": {"title": "step"}, "y": {"title": "value"},
        "series": [{"name": f"series {names[i]}", "x": list(range(40)), "y": line(40, i)} for i in range(count)]}
specs["line-billions"] = {"title": "Revenue", "series": [{"name": "revenue", "x": list(range(30)), "y": line(30, 1, 2e9, 8e9)}]}
specs["line-micro"] = {"title": "Leakage current", "y": {"title": "A"}, "series": [{"name": "leak", "x": list(range(30)), "y": line(30, 2, 2e-6, 8e-6)}]}
specs["log-log"] = {"title": "Power law", "x": {"scale": "log"}, "y": {"scale": "log"},
    "series": [{"name": "a", "type": "dots", "x": [10 ** (i / 5) for i in range(-30, 31)], "y": [10 ** (i / 4) for i in range(-30, 31)]}]}
specs["time-year"] = {"title": "A year", "x": {"type": "time"}, "series": [{"name": "sales", "x": months, "y": line(12, 3, 10, 50)}]}
specs["dots-sizes"] = {"title": "Sizes", "series": [{"type": "dots", "name": "cities", "x": [R(0, 10) for _ in range(40)], "y": [R(0, 10) for _ in range(40)],
    "size": [R(1, 100) for _ in range(40)], "radius": [2, 12]}], "legends": [{"kind": "sizes", "series": 0, "title": "population"}]}
cats = ["north", "south", "east", "west"]
specs["bars-grouped-error"] = {"title": "Grouped bars with error bars", "x": {"categories": True},
    "series": [{"type": "bars", "name": str(2022 + s), "x": cats, "y": [R(8, 20) for _ in cats], "valueLabels": True,
                "errorBars": {"y": [R(0.5, 2.5) for _ in cats], "cap": 8}} for s in range(3)]}
specs["bars-32-values"] = {"title": "Thirty-two bars", "x": {"categories": True},
    "series": [{"type": "bars", "name": str(2022 + s), "x": [f"c{i}" for i in range(8)], "y": [R(100, 2000) for _ in range(8)], "valueLabels": True} for s in range(4)]}
specs["bars-long-names"] = {"title": "Long category names", "x": {"categories": True},
    "series": [{"type": "bars", "name": "count", "x": long_names, "y": [R(10, 90) for _ in long_names]}]}
specs["bars-horizontal"] = {"title": "Horizontal bars", "y": {"categories": True},
    "series": [{"type": "bars", "name": "count", "orientation": "horizontal", "y": long_names[:5], "x": [R(1e3, 9e5) for _ in range(5)], "valueLabels": True}]}
specs["bars-stacked"] = {"title": "Stacked", "x": {"categories": True},
    "series": [{"type": "bars", "name": n, "x": cats, "y": [R(1, 9) for _ in cats], "stack": "s"} for n in names[:4]]}
specs["bars-sorted-20"] = {"title": "Twenty sorted categories", "x": {"categories": True},
    "series": [{"type": "bars", "name": "n", "sort": "-y", "x": [f"{names[i % 15]} {i}" for i in range(20)], "y": [R(1, 50) for _ in range(20)]}]}
specs["histogram-40"] = {"title": "Forty bins with counts", "series": [{"type": "histogram", "name": "values",
    "x": [random.gauss(0, 1) for _ in range(3000)], "bins": 40, "valueLabels": True}]}
specs["histogram-12"] = {"title": "Twelve bins with counts", "series": [{"type": "histogram", "name": "values",
    "x": [random.gauss(0, 1) for _ in range(500)], "bins": 12, "valueLabels": True}]}
days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
specs["heatmap-24x7"] = {"title": "Week by hour", "x": {"range": [-0.5, 23.5]}, "y": {"categories": days},
    "series": [{"type": "heatmap", "name": "commits", "x": list(range(24)), "y": list(range(7)),
                "z": [[random.choice([0, 0, 1, 2, 3, 5, 8, 13, 21, 34]) for _ in range(24)] for _ in range(7)], "cellLabels": True}],
    "legends": [{"kind": "colorbar", "series": 0, "placement": "outside", "position": "right"}]}
for n, inner in [(5, 0), (8, 0.6), (10, 0), (12, 0.6)]:
    specs[f"pie-{n}{'-donut' if inner else ''}"] = {"title": f"{n} slices", "series": [{"type": "pie", "name": "share",
        "y": [R(1, 40) for _ in range(n)], "labels": names[:n], "inner": inner}]}
specs["area-stacked"] = {"title": "Stacked areas", "series": [{"type": "area", "name": n, "x": list(range(20)), "y": [R(1, 5) for _ in range(20)], "stack": "a"} for n in names[:3]]}
specs["band"] = {"title": "Band", "series": [{"name": "mean", "x": list(range(30)), "y": line(30, 1), "band": {"lower": line(30, 1, 1, -0.5), "upper": line(30, 1, 1, 0.5)}}]}
specs["steps"] = {"title": "Steps", "series": [{"name": n, "step": "post", "x": list(range(10)), "y": [R(0, 10) for _ in range(10)]} for n in names[:3]]}
specs["stems"] = {"title": "Stems", "series": [{"type": "stem", "name": "impulse", "x": list(range(20)), "y": [R(-5, 5) for _ in range(20)]}]}
specs["candles"] = {"title": "Candles", "series": [{"type": "candlestick", "name": "price", "x": list(range(20)),
    "open": [10 + i for i in range(20)], "close": [11 + i + R(-2, 2) for i in range(20)], "high": [14 + i for i in range(20)], "low": [7 + i for i in range(20)]}]}
specs["density"] = {"title": "Density", "series": [{"type": "density", "name": "pts", "x": [random.gauss(0, 1) for _ in range(5000)],
    "y": [random.gauss(0, 1) for _ in range(5000)]}], "legends": [{"kind": "colorbar", "series": 0, "placement": "outside", "position": "right"}]}
specs["two-axes"] = {"title": "Two axes", "series": [{"name": "temperature", "x": list(range(24)), "y": line(24, 1, 5, 15)},
    {"name": "rain", "x": list(range(24)), "y": line(24, 2, 3, 5), "axis": "y2"}]}
specs["references"] = {"title": "References", "references": [{"axis": "y", "value": 1.5, "label": "target"}],
    "series": [{"name": "a", "x": list(range(30)), "y": line(30, 1)}]}
def panel(k, kind="line"):
    if kind == "bars":
        return {"title": f"Panel {k + 1}", "x": {"categories": True}, "series": [{"type": "bars", "name": "n", "x": cats, "y": [R(1, 9) for _ in cats]}]}
    return {"title": f"Panel {k + 1}", "x": {"title": "day"}, "y": {"title": "value"},
            "series": [{"name": names[(3 * k + i) % 15], "x": list(range(20)), "y": line(20, i, 10 ** (k % 3))} for i in range(3)]}
specs["panels-2x2"] = {"title": "Four panels", "columns": 2, "panels": [panel(k) for k in range(4)]}
def same(k):
    p = panel(k)
    for i, s in enumerate(p["series"]): s["name"] = names[i]
    return p
specs["panels-3x3-shared"] = {"title": "Nine panels", "columns": 3, "share": {"x": "all", "y": "row"}, "panels": [same(k) for k in range(9)]}
specs["panels-mixed"] = {"title": "Mixed panels", "columns": 2, "panels": [panel(0), panel(1, "bars"), {"title": "Share", "series": [{"type": "pie", "y": [3, 2, 1], "labels": ["a", "b", "c"]}]}, panel(3)]}
rows = ["kind,day,value"]
for kind in ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"]:
    rows += [f"{kind},{d},{random.uniform(0, 1e6):.0f}" for d in range(30)]
specs["facet-7"] = {"title": "Seven facets", "facet": {"column": "kind", "columns": 3},
    "series": [{"type": "dots", "name": "value", "data": {"csv": "facet-7.csv", "x": "day", "y": "value"}}]}
# The second round: more of each kind, drawn after the first round's random numbers so those specs stay as they were.
specs["line-single"] = {"title": "One unnamed series", "series": [{"x": list(range(50)), "y": line(50, 0)}]}
specs["line-gaps"] = {"title": "Gaps in the data", "series": [{"name": n, "x": list(range(30)),
    "y": [None if (i + 3 * k) % 9 == 0 else v for i, v in enumerate(line(30, k))]} for k, n in enumerate(names[:3])]}
specs["line-negative"] = {"title": "Profit and loss (USD)", "y": {"title": "USD"}, "series": [{"name": n, "x": list(range(24)),
    "y": line(24, k, 4e5, -6e5)} for k, n in enumerate(names[:2])]}
specs["line-long-title"] = {"title": "Average daily energy consumption of the northern district's public buildings, 2015 to 2024, in megawatt-hours",
    "x": {"title": "year since the first measurement"}, "y": {"title": "megawatt-hours per day, seasonally adjusted"},
    "series": [{"name": "consumption", "x": list(range(40)), "y": line(40, 1, 50, 300)}]}
specs["line-markers-labels"] = {"title": "Labelled points", "series": [{"name": "runs", "markers": True, "x": list(range(8)),
    "y": [R(1, 9) for _ in range(8)], "labels": [f"run {i + 1}" for i in range(8)]}]}
specs["time-days"] = {"title": "Three weeks", "x": {"type": "time"}, "series": [{"name": "visits", "x": [1717200000000 + k * 86400000 for k in range(21)],
    "y": line(21, 2, 100, 400)}]}
specs["time-hours"] = {"title": "Two days by the hour", "x": {"type": "time"}, "series": [{"name": n, "x": [1717200000000 + k * 3600000 for k in range(48)],
    "y": line(48, k, 3, 20)} for k, n in enumerate(names[:2])]}
specs["time-decade"] = {"title": "A decade", "x": {"type": "time"}, "series": [{"name": "index", "x": [946684800000 + k * 91 * 86400000 for k in range(44)],
    "y": line(44, 1, 200, 1000)}]}
specs["log-y"] = {"title": "Growth on a log axis", "y": {"scale": "log"}, "series": [{"name": n, "x": list(range(30)),
    "y": [10 ** (i / (4 + k)) for i in range(30)]} for k, n in enumerate(names[:3])]}
specs["dots-categories-15"] = {"title": "Fifteen categories", "series": [{"type": "dots", "name": "points", "x": [R(0, 100) for _ in range(150)],
    "y": [R(0, 100) for _ in range(150)], "color": {"categories": [names[i % 15] for i in range(150)]}}],
    "legends": [{"kind": "points", "series": 0, "title": "kind"}]}
specs["dots-colorbar"] = {"title": "Temperature", "series": [{"type": "dots", "name": "stations", "x": [R(0, 50) for _ in range(80)],
    "y": [R(0, 50) for _ in range(80)], "color": {"values": [R(-10, 35) for _ in range(80)], "palette": "viridis"}}],
    "legends": [{"kind": "colorbar", "series": 0, "title": "°C"}]}
specs["dots-many"] = {"title": "Twenty thousand dots", "series": [{"type": "dots", "name": n, "x": [random.gauss(k, 1) for _ in range(5000)],
    "y": [random.gauss(0, 1 + k / 2) for _ in range(5000)], "radius": 1.5} for k, n in enumerate(names[:4])]}
specs["bars-negative"] = {"title": "Change by region", "x": {"categories": True},
    "series": [{"type": "bars", "name": "change", "x": cats + ["centre", "coast"], "y": [R(-40, 40) for _ in range(6)], "valueLabels": True}]}
specs["bars-grouped-6"] = {"title": "Six groups of five", "x": {"categories": True},
    "series": [{"type": "bars", "name": str(2019 + s), "x": days[:6], "y": [R(1e4, 9e4) for _ in range(6)]} for s in range(5)]}
specs["bars-horizontal-20"] = {"title": "Twenty horizontal bars", "y": {"categories": True},
    "series": [{"type": "bars", "name": "count", "orientation": "horizontal", "y": [f"{names[i % 15]} station {i}" for i in range(20)],
                "x": [R(0, 500) for _ in range(20)]}]}
specs["bars-stacked-labels"] = {"title": "Stacked with values", "x": {"categories": True},
    "series": [{"type": "bars", "name": n, "x": days, "y": [R(2, 12) for _ in days], "stack": "s", "valueLabels": True} for n in names[:3]]}
specs["histogram-split"] = {"title": "Two distributions", "series": [{"type": "histogram", "name": n, "x": [random.gauss(2 * k, 1) for _ in range(800)],
    "bins": 25} for k, n in enumerate(names[:2])]}
specs["area-single"] = {"title": "Area", "series": [{"type": "area", "name": "load", "x": list(range(48)), "y": line(48, 2, 20, 60)}]}
specs["heatmap-small"] = {"title": "Correlation", "x": {"categories": cats}, "y": {"categories": cats},
    "series": [{"type": "heatmap", "name": "r", "x": list(range(4)), "y": list(range(4)),
                "z": [[1 if i == j else round(random.uniform(-1, 1), 2) for i in range(4)] for j in range(4)], "cellLabels": True}],
    "legends": [{"kind": "colorbar", "series": 0, "placement": "outside", "position": "right"}]}
specs["pie-20"] = {"title": "20 slices", "series": [{"type": "pie", "name": "share", "y": [R(1, 40) for _ in range(20)],
    "labels": [f"{names[i % 15]}{'' if i < 15 else ' 2'}" for i in range(20)]}]}
specs["pie-3"] = {"title": "Three slices", "series": [{"type": "pie", "name": "share", "y": [55, 30, 15], "labels": ["yes", "no", "undecided"], "inner": 0.5}]}
specs["candles-60"] = {"title": "Sixty sessions", "x": {"type": "time"}, "series": [{"type": "candlestick", "name": "price",
    "x": [1717200000000 + k * 86400000 for k in range(60)], "open": [100 + 3 * math.sin(k / 5) for k in range(60)],
    "close": [100 + 3 * math.sin(k / 5) + R(-2, 2) for k in range(60)], "high": [104 + 3 * math.sin(k / 5) for k in range(60)],
    "low": [96 + 3 * math.sin(k / 5) for k in range(60)]}]}
specs["annotations"] = {"title": "Notes", "annotations": [{"x": 12, "y": 1.2, "text": "the peak of the second wave", "box": True},
    {"x": 27, "y": -0.9, "text": "lowest"}, {"x": 3, "y": 0.2, "text": "start", "arrow": False}],
    "series": [{"name": "a", "x": list(range(30)), "y": line(30, 0)}]}
specs["panels-1x3"] = {"title": "Three across", "columns": 3, "share": {"y": "all"}, "panels": [same(k) for k in range(3)]}
specs["panels-3x1"] = {"title": "Three down", "columns": 1, "share": {"x": "all"}, "panels": [same(k) for k in range(3)]}
specs["box-split"] = {"title": "Spread by station and season", "x": {"categories": True}, "series": [{"type": "box", "name": season,
    "x": [names[k % 6] for k in range(240)], "y": [random.gauss(10 + k % 6, 3) * (4 if random.random() < 0.02 else 1) for k in range(240)]}
    for season in ["winter", "spring", "summer"]]}
specs["box-billions"] = {"title": "Revenue per region, notched", "x": {"categories": True}, "series": [{"type": "box", "name": "revenue",
    "notch": True, "x": [names[k % 8] for k in range(400)], "y": [random.lognormvariate(21, 0.5) for _ in range(400)]}]}
specs["violin-split"] = {"title": "Distributions by station and season", "x": {"categories": True}, "series": [{"type": "violin",
    "name": season, "x": [names[k % 5] for k in range(300)], "y": [random.gauss(10 + k % 5 + 3 * j, 2 + j) for k in range(300)]}
    for j, season in enumerate(["winter", "summer"])]}
specs["hexbin-clusters"] = {"title": "Where the readings fall", "series": [{"type": "hexbin", "name": "readings", "gridsize": 24,
    "x": [random.gauss(3 * (k % 2), 1) for k in range(2000)], "y": [random.gauss(2 * (k % 2), 1.2) for k in range(2000)]}],
    "legends": [{"kind": "colorbar", "series": 0, "title": "readings", "placement": "outside", "position": "right"}]}
specs["density-curves"] = {"title": "Spread by season", "series": [{"type": "area", "name": season, "density": {},
    "y": [random.gauss(10 + 6 * j, 2 + j) for _ in range(300)]} for j, season in enumerate(["winter", "spring", "summer"])]}
specs["contour-labelled"] = {"title": "Pressure over the field", "series": [{"type": "contour", "name": "pressure", "filled": True,
    "x": [k * 0.25 for k in range(41)], "y": [k * 0.25 for k in range(31)],
    "z": [[round(math.sin(k * 0.25) * math.cos(j * 0.3) * 10 + k * 0.25, 3) for k in range(41)] for j in range(31)]},
    {"type": "contour", "name": "isobars", "color": "#333333", "width": 0.8, "levelLabels": True,
    "x": [k * 0.25 for k in range(41)], "y": [k * 0.25 for k in range(31)],
    "z": [[round(math.sin(k * 0.25) * math.cos(j * 0.3) * 10 + k * 0.25, 3) for k in range(41)] for j in range(31)]}],
    "legend": {"visible": False}, "legends": [{"kind": "colorbar", "series": 0, "title": "hPa", "placement": "outside", "position": "right"}]}
specs["contour-density"] = {"title": "Where the readings crowd", "series": [{"type": "dots", "name": "readings", "color": "#999999", "radius": 2,
    "x": [random.gauss(3 * (k % 2), 1) for k in range(400)], "y": [random.gauss(2 * (k % 2), 1.2) for k in range(400)]},
    {"type": "contour", "name": "density", "x": [random.gauss(3 * (k % 2), 1) for k in range(400)], "y": [random.gauss(2 * (k % 2), 1.2) for k in range(400)]}]}
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "facet-7.csv"), "w") as f:
    f.write("\n".join(rows) + "\n")
for name, spec in specs.items():
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(spec, f, indent=1)
print(len(specs))
