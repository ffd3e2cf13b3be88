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
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "facet-7.csv"), "w") as f:
    f.write("\n".join(rows) + "\n")
for name, spec in specs.items():
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(spec, f, indent=1)
print(len(specs))
