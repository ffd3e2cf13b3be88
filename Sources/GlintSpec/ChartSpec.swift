import GlintDatabase
import GlintCore
import FoundationEssentials
import Glibc
import GlintData

/// Reads the JSON chart spec documented in `docs/spec.md` into a `Chart`.
/// Every error is a `GlintError.badData` naming the JSON path and what was expected.
public enum ChartSpec {
    static let topKeys = ["width", "height", "scale", "title", "theme", "font", "x", "y", "y2", "series", "legend", "legends", "references",
                          "annotations", "empty", "follow", "polar"]
    static let referenceKeys = ["axis", "value", "from", "to", "label", "color", "width", "dash"]
    static let axisKeys = ["title", "range", "grid", "scale", "type", "format", "categories", "timezone", "unit"]
    static let seriesKeys = ["type", "name", "x", "y", "size", "data", "color", "width", "join", "cap", "miterLimit",
                             "radius", "sizeRange", "radiusScale", "markers", "strokeColor", "strokeWidth", "barWidth", "antialias",
                             "decimate", "labels", "labelColor", "dash", "valueLabels", "valueFormat", "stack",
                             "orientation", "visible", "selected", "axis", "aggregate", "rasterize",
                             "split", "errorBars", "band", "filter", "rolling", "bin", "sort", "trend", "density"] + seriesKindKeys
    static let dataKeys = ["csv", "npz", "x", "y", "size", "labels", "value", "category", "grid", "open", "high", "low", "close", "columns"]
        + databaseKeys + binaryKeys
    static let marginKeys = ["left", "top", "right", "bottom"]

    /// Decodes a spec; CSV paths are resolved against `directory` (the spec file's folder). Series that read a
    /// database (`data.sql` or `data.table`) need its driver in `databases`. CSV files are parsed on `threads`
    /// threads: the CLI, the server and the C API pass their renderer's budget (`Renderer.Options.cpuThreads`).
    public static func decode(_ bytes: [UInt8], relativeTo directory: String, columns: SuppliedColumns = SuppliedColumns(),
                              databases: DatabaseAccess = DatabaseAccess(), threads: Int = System.coreCount) throws -> Chart {
        try decode(bytes, files: .relative(to: directory), columns: columns, databases: databases, threads: threads)
    }

    /// Decodes a spec whose CSV files are read as `files` allows (`GlintError.forbidden` for others), and whose
    /// databases as `databases` allows; CSV files are parsed on `threads` threads. `data` objects that name no file
    /// read `columns` (`SuppliedColumns`: arrays handed over with the spec).
    public static func decode(_ bytes: [UInt8], files: DataFiles, columns: SuppliedColumns = SuppliedColumns(),
                              databases: DatabaseAccess = DatabaseAccess(), threads: Int = System.coreCount) throws -> Chart {
        let root = try SpecObject(JSONParser.parse(bytes), path: "", allowed: topKeys + figureKeys)
        let sources = CSVSources(files: files, supplied: columns)
        if root.has("panels") { return try figure(root, sources: sources, databases: databases, threads: threads) }
        if !root.has("facet"), let key = ["columns", "rows", "share"].first(where: root.has) {
            throw GlintError.badValue(path: key, message: "lays out a figure's panels; give \"panels\" or \"facet\" with it")
        }
        return try chart(root, sources: sources, databases: databases, threads: threads)
    }

    /// The chart of the object `root` (the spec, or a panel of a figure): its paths are under `root`'s. `sources`
    /// has read nothing yet: it says where data may come from.
    static func chart(_ root: SpecObject, sources unread: CSVSources, databases: DatabaseAccess, threads: Int) throws -> Chart {
        let files = unread.files
        var chart = Chart()
        if let w = try root.number("width") { chart.width = try wholePixels(w, path: "width") }
        if let h = try root.number("height") { chart.height = try wholePixels(h, path: "height") }
        if let s = try root.number("scale") {
            guard ChartLimit.scale.contains(s) else {
                throw GlintError.badValue(path: "scale", message: "expected a number in (0, 16], found \(s)")
            }
            chart.scale = s
        }
        chart.title = try root.string("title")
        if let theme = try root.string("theme") {
            switch theme {
            case "light": chart.theme = .light
            case "dark": chart.theme = .dark
            default: throw GlintError.badValue(path: "theme", message: "expected \"light\" or \"dark\", found \"\(theme)\"")
            }
        }
        if let font = try root.string("font") { chart.theme.fontFamily = font }
        let xAxis = try root.object("x", allowed: axisKeys + ["rotate"])
        if let x = xAxis {
            chart.x = try axis(x)
            chart.x.tickLabelRotation = try tickLabelRotation(x)
            // A rotation given, even 0, is the user's: the layout does not turn crowded names.
            if try x.number("rotate") != nil { chart.x.turnsCrowdedNames = false }
        }
        // The `.npz` tables the series name, each read once (a time axis may follow from their datetimes).
        var tables: [String: SuppliedColumns] = [:]
        readableNpzTables(root, files: files, into: &tables)
        if !(xAxis?.has("type") ?? false), !(xAxis?.has("scale") ?? false), takesSuppliedDatetimes(root, columns: unread.supplied, tables: tables) {
            chart.x.scale = .time
        }
        let time = try TimeValues(xAxis, axis: chart.x)
        let yAxis = try root.object("y", allowed: axisKeys)
        if let y = yAxis { chart.y = try axis(y) }
        if let y2 = try root.object("y2", allowed: axisKeys.filter { !["categories", "unit", "timezone"].contains($0) }) {
            chart.y2 = try axis(y2)
            chart.y2.grid = try y2.bool("grid") ?? false
            guard chart.y2.scale != .time else {
                throw GlintError.badValue(path: y2.childPath(y2.has("type") ? "type" : "scale"), message: "a right axis is \"linear\" or \"log\"")
            }
        }
        var categories = AxisCategories(x: try Categories(xAxis, axisName: "x"), y: try Categories(yAxis, axisName: "y"))
        var objects = try (try root.array("series") ?? []).enumerated().map {
            try SpecObject($1, path: root.childPath("series") + "[\($0)]", allowed: seriesKeys)
        }
        // A faceted chart (only the spec's own) is drawn once per value of a column: a figure of its panels.
        let facet = root.path.isEmpty ? try facetColumn(root) : nil
        // A database series naming columns beyond x, y and size reads its rows now, as its table.
        var databaseTables: [Int: SuppliedColumns] = [:]
        for i in objects.indices {
            guard let read = try databaseTable(objects[i], facet: facet, categories: categories, access: databases, directory: files.directory) else { continue }
            (objects[i], databaseTables[i]) = (read.object, read.table)
            if let caveat = read.caveat { chart.readCaveats.append(caveat) }
        }
        // Every CSV column first, so that each file is read once for all the series that use it.
        var sources = unread
        for (i, o) in objects.enumerated() where databaseTables[i] == nil {
            try requestColumns(o, from: &sources, textX: categories.x.isActive, dates: time.isActive ? time.cellReader : nil,
                               textY: categories.y.isActive)
            try requestSplitColumn(o, from: &sources)
            if let facet { try requestFacetColumn(o, column: facet, from: &sources) }
        }
        try sources.load(threads: threads)
        // Each object's series: filtered, parted by the facet, split into groups, each group replaced by its density curve
        // or put in its buckets, sorted, rolled and replaced by its trend.
        let parts = try objects.indices.flatMap { i in
            let o = objects[i]
            // A series reading a `.npz` archive, or its database's rows, reads every column key from that table.
            let data = try o.object("data", allowed: dataKeys)
            let table = try databaseTables[i] ?? data.flatMap { try npzTable($0, files: files, tables: &tables) ?? fileColumnsTable($0, files: files) }
            let sources = table.map(sources.supplying) ?? sources
            let s = try series(o, sources: sources, categories: &categories, time: time, databases: databases, directory: files.directory,
                               threads: threads)
            let kept = try filtered(s, o, sources: sources)
            try checkDensityCost(values: kept.series.y.count, o)
            return try facetParts(kept.series, o, sources: sources, rows: kept.rows, column: facet).flatMap { part in
                try splitting(part.series, o, sources: sources, rows: part.rows).map {
                    let categorical = $0.isHorizontalBars ? categories.y.isActive : categories.x.isActive
                    return (value: part.value, series: try trended(rolled(sorted(binned(densityEstimated($0, o), o, axis: chart.x, categorical: categories.x.isActive), o,
                                                                          categorical: categorical), o), o),
                            opacityGiven: o.has("fillOpacity"))
                }
            }
        }
        let drawn = overlappingHistograms(parts.map { ($0.series, $0.opacityGiven) })
        chart.series = drawn
        chart.x.categories = categories.x.names
        chart.y.categories = categories.y.names
        if let legend = try root.object("legend", allowed: legendKeys) { chart.legend = try self.legend(legend) }
        if let follow = try root.object("follow", allowed: ["x"]) {
            guard let width = try follow.number("x", within: .followWidth) else {
                throw GlintError.badValue(path: follow.childPath("x"), message: "expected the x width the view follows, a number above 0")
            }
            chart.follow = width
        }
        chart.polar = try polar(root)
        chart.legends = try legends(try root.array("legends") ?? [], seriesNames: chart.series.map(\.name), path: root.childPath("legends"))
        for (i, item) in (try root.array("references") ?? []).enumerated() {
            chart.references.append(try reference(SpecObject(item, path: root.childPath("references") + "[\(i)]", allowed: referenceKeys)))
        }
        chart.annotations = try annotations(root, time: time, categories: categories)
        if let empty = try root.object("empty", allowed: ["text"]), let text = try empty.string("text") {
            chart.emptyText = text
        }
        return facet == nil ? chart : try facetFigure(chart, parts: zip(parts, drawn).map { (value: $0.value, series: $1) }, root: root)
    }

    static func wholePixels(_ value: Double, path: String) throws -> Int {
        let side = ChartLimit.side
        guard value >= Double(side.lowerBound), value <= Double(side.upperBound), value == value.rounded() else {
            throw GlintError.badValue(path: path, message: "expected a whole number of pixels from \(side.lowerBound) to "
                                      + "\(side.upperBound), found \(value)")
        }
        return Int(value)
    }

    /// The x axis's `rotate`: 0, 45 (rising to the right, ending at the tick) or 90 (upwards).
    static func tickLabelRotation(_ o: SpecObject) throws -> TextRotation {
        guard let degrees = try o.number("rotate") else { return .none }
        switch degrees {
        case 0: return .none
        case 45: return .rising
        case 90: return .counterClockwise
        default: throw GlintError.badValue(path: o.childPath("rotate"), message: "expected 0, 45 or 90 (degrees), found \(degrees)")
        }
    }

    static func axis(_ o: SpecObject) throws -> Axis {
        var axis = Axis(title: try o.string("title"), grid: try o.bool("grid") ?? true,
                        scale: try o.choice("scale", as: AxisScale.self) ?? o.choice("type", as: AxisScale.self) ?? .linear)
        if let zone = try o.string("timezone") {
            guard ZoneRules.named(zone) != nil else {
                throw GlintError.badValue(path: o.childPath("timezone"), message: ZoneRules.unknown(zone))
            }
            axis.timeZone = zone
        }
        if let text = try o.string("format") {
            // A time axis's format is a date pattern (`%Y-%m`); one in braces is for its plain-number labels.
            if axis.scale == .time && !text.contains("{") {
                guard let format = DateFormat(text) else {
                    throw GlintError.badValue(path: o.childPath("format"), message: DateFormat.problem(text) ?? "not a date format")
                }
                axis.dateFormat = format
            } else {
                axis.format = try numberFormat(text, path: o.childPath("format"))
            }
        }
        if let (lo, hi) = try o.pair("range") {
            guard lo < hi else { throw GlintError.badValue(path: o.childPath("range"), message: "expected [low, high] with low < high, found [\(lo), \(hi)]") }
            guard axis.scale != .log || lo > 0 else {
                throw GlintError.badValue(path: o.childPath("range"), message: "a log axis needs a range above 0, found [\(lo), \(hi)]")
            }
            axis.range = lo...hi
        }
        return axis
    }

    /// A series object; its `data` comes from `sources` (CSV) or names a database reached through `databases`
    /// (relative SQLite paths from `directory`).
    static func series(_ o: SpecObject, sources: CSVSources, categories: inout AxisCategories, time: TimeValues,
                       databases: DatabaseAccess, directory: String, threads: Int) throws -> Series {
        let kind = try o.choice("type", as: SeriesKind.self) ?? .line
        try refuseOtherKindsKeys(o, kind: kind)
        try refuseUnusedKeys(o, kind: kind)
        // Inline x may be dates on a time axis, or name categories instead of giving numbers; so may y (horizontal bars).
        let namedX = try time.isActive ? time.milliseconds(of: o.raw("x"), path: o.childPath("x"))
                                       : categories.x.indices(of: o.raw("x"), path: o.childPath("x"))
        let namedY = try categories.y.indices(of: o.raw("y"), path: o.childPath("y"))
        var (x, y, size) = (try namedX ?? o.numbers("x"), try namedY ?? o.numbers("y"), try o.numbers("size"))
        var labels = try o.strings("labels")
        var source: DatabaseSource?
        // Columns viewed where they lie (a binary file's, or those handed over with the spec), not parsed.
        var viewed: ViewedColumns?
        let data = try o.object("data", allowed: dataKeys)
        if let data { try refuseDataColumns(data, kind: kind) }
        if let data, data.has("binary") || readsNpy(data) {
            viewed = try data.string("binary").map { try binaryColumns(data, file: $0, files: sources.files) }
                ?? npyColumns(data, kind: kind, files: sources.files, time: time)
            // Files of columns name their labels among the further columns they give (`data.columns`).
            if data.has("columns"), let name = try data.string("labels") { labels = try sources.texts(name, file: nil, path: data.childPath("labels")) }
        } else if let data, readsSupplied(data), kind.dataShape == .periods {
            // A period's values are read by its kind, its x (when named) here: numbers, or datetimes on a time axis.
            x = try data.string("x").map { try sources.numbers($0, file: nil, path: data.childPath("x"), what: "x positions").doubles }
        } else if let data, readsSupplied(data) {
            viewed = try suppliedColumns(data, kind: kind, columns: sources.supplied, categories: &categories, time: time)
            if let name = try data.string("labels") { labels = try sources.texts(name, file: nil, path: data.childPath("labels")) }
        } else if let data, readsDatabase(data) {
            source = try databaseSource(data, access: databases, directory: directory)
            (x, y, size) = ([], [], nil)
        } else if let data, let file = try data.string("csv") {
            let column = { (key: String) in try data.string(key).map { sources.column($0, of: file) } }
            (x, y, size) = (try column("x"), try column("y"), try column("size"))
            if time.isActive, let name = try data.string("x") {
                x = sources.column(name, of: file)
            } else if categories.x.isActive, let name = try data.string("x") {
                x = try categories.x.indices(of: sources.texts(name, of: file) ?? [], path: data.childPath("x"))
            }
            if categories.y.isActive, let name = try data.string("y") {
                y = try categories.y.indices(of: sources.texts(name, of: file) ?? [], path: data.childPath("y"))
            }
            if let name = try data.string("labels") { labels = sources.texts(name, of: file) }
        }
        let file = try data?.string("csv")
        var s: Series
        if kind.dataShape == .periods {
            guard viewed == nil, source == nil else {
                throw GlintError.badValue(path: o.childPath("data"), message: "a \(kind.rawValue) reads its values inline, from data.csv "
                                          + "or from columns given with the spec")
            }
            // Its values (and its y) are read by its kind.
            s = Series(kind: kind, x: Column(x ?? [Double]()), y: Column([Double]()))
        } else if readsGrid(o, kind: kind, data: data) {
            guard viewed == nil || viewed?.value != nil, source == nil else {
                throw GlintError.badValue(path: o.childPath("data"), message: "a \(kind.rawValue) reads z inline, or a long table of x, y and value "
                                          + "(data.csv, or columns handed over with the spec)")
            }
            if let file, let grid = sources.grid(of: file) {
                // A matrix: its columns' names along x, its rows' names along y, as categories; the first row on top,
                // as the file reads (category 0 is at the bottom of a y axis).
                let xs = try categories.x.indices(of: grid.columns, path: o.childPath("data.grid"))
                let ys = Array(try categories.y.indices(of: grid.rows.reversed(), path: o.childPath("data.grid")).reversed())
                let z = grid.rows.indices.map { r in grid.values.map { r < $0.count ? $0[r] : .nan } }
                s = try self.grid(o, x: xs, y: ys, cells: nil, matrix: z, kind: kind)
            } else if let viewed, let value = viewed.value {
                // A long table handed over: a cell per row (x and y numbers, or categories already on the axes).
                let count = value.count
                s = try self.grid(o, x: nil, y: nil, cells: (viewed.x?.doubles ?? (0..<count).map(Double.init), viewed.y?.doubles ?? [], value.doubles),
                                  kind: kind)
            } else {
                let cells = try file.flatMap { file in try data?.string("value").map { (x ?? [], y ?? [], sources.column($0, of: file)) } }
                s = try self.grid(o, x: x, y: y, cells: cells, kind: kind)
            }
            s = kind.fromCells(s)
        } else if kind.dataShape == .binnedValues {
            guard source == nil, let values = viewed?.x ?? x.map(Column.init) else {
                throw GlintError.badValue(path: o.childPath("x"), message: "missing; a \(kind.rawValue) counts its x values (inline, a column of data.csv, "
                                          + "or a column given with the spec)")
            }
            s = try histogram(o, values: values, threads: threads)
        } else {
            guard let yColumn = viewed?.y ?? y.map(Column.init) else {
                throw GlintError.badValue(path: o.childPath("y"), message: "missing; every series needs y values (inline, data.csv, data.binary "
                                          + "or a column given with the spec)")
            }
            // Viewed columns stand for all of x, y and size, as a CSV file's do: x they lack counts 0, 1, 2, ….
            let givenX = viewed != nil ? viewed?.x : x.map(Column.init)
            let xColumn = givenX ?? Column(yColumn.indices.map(Double.init))
            s = Series(kind: kind, x: xColumn, y: yColumn, size: viewed != nil ? viewed?.size : size.map(Column.init))
            s.labels = labels
        }
        s.name = try o.string("name") ?? ""
        s.source = source
        // A kind that colours by value reads `color` itself, with its other keys.
        if !kind.readsOwnColors {
            if let colors = try pointColorObject(o) {
                s.pointColors = try pointColors(colors, sources: sources, file: file)
            } else {
                s.color = try o.color("color")
            }
        }
        s.line = try lineStyle(o)
        s.dots = try dotStyle(o)
        s.area = try areaStyle(o)
        s.labelStyle = try labelStyle(o)
        s.bars = try barStyle(o)
        s.visible = try o.bool("visible") ?? true
        s.axis = try o.choice("axis", as: SeriesAxis.self) ?? .y
        if s.axis == .y2, s.isHorizontalBars {
            throw GlintError.badValue(path: o.childPath("axis"), message: "horizontal bars lie along y; they cannot use the right axis y2")
        }
        s.selected = try o.bool("selected") ?? false
        s.rasterize = try o.bool("rasterize")
        s.errorBars = try errorBars(o, points: s.x.count, sources: sources, file: file)
        s.band = try band(o, points: s.x.count, sources: sources, file: file)
        s.outline = try outline(o)
        try kind.read(SeriesKeys(object: o, data: data, sources: sources, file: file, viewed: viewed), into: &s)
        // A period's values were its kind's to read: periods not placed on x count 0, 1, 2, ….
        if kind.dataShape == .periods, x == nil { s.x = Column(s.y.indices.map(Double.init)) }
        return s
    }

    /// Asks `sources` for the columns a series' `data` object names, checking the object first.
    /// `textX` and `textY` ask for the x or y column as text (category names); `dates` reads the x column with that
    /// reader (a time axis's dates or epoch numbers) in the parallel pass.
    static func requestColumns(_ o: SpecObject, from sources: inout CSVSources, textX: Bool, dates: CSVFile.CellReader?,
                               textY: Bool) throws {
        guard let data = try o.object("data", allowed: dataKeys) else { return }
        guard !o.has("x"), !o.has("y"), !o.has("size"), !(o.has("labels") && data.has("labels")) else {
            throw GlintError.badValue(path: o.path, message: "give the data either inline (x, y, size) or in a data object, not both")
        }
        if data.has("columns"), !readsNpy(data), !data.has("binary") {
            throw GlintError.badValue(path: data.childPath("columns"), message: "names further columns of .npy files or a binary file; a CSV file's, "
                                      + "an .npz archive's and the columns handed over are named already")
        }
        if data.has("npz") {
            if let key = ["csv", "binary", "sql", "table"].first(where: data.has) ?? (readsNpy(data) ? "x" : nil) {
                throw GlintError.badValue(path: data.childPath(key), message: "a series reads one table: give either npz or \(key == "x" ? "{\"npy\": ...} columns" : key), not both")
            }
            return
        }
        guard !readsDatabase(data), !readsNpy(data), !(readsSupplied(data) && !sources.supplied.isEmpty) else { return }
        if data.has("binary") {
            guard !data.has("csv") else { throw GlintError.badValue(path: data.path, message: "give either csv or binary, not both") }
            guard !data.has("labels") || data.has("columns") else {
                throw GlintError.badValue(path: data.childPath("labels"), message: "names a column of the series' table; a binary file's further columns "
                                          + "are named in data.columns")
            }
            return
        }
        guard let file = try data.string("csv") else {
            throw GlintError.badValue(path: data.childPath("csv"), message: "missing; name the CSV file (or hand the columns over with the spec: "
                                      + "the C API's glint_render, Python's glint.render, a multipart POST /render)")
        }
        let kind = try o.choice("type", as: SeriesKind.self) ?? .line
        if kind.dataShape == .periods {
            for key in kind.dataColumns {
                guard try data.string(key) != nil else {
                    throw GlintError.badValue(path: data.childPath(key), message: "missing; name the \(key) column")
                }
            }
        } else if kind.dataShape == .grid || kind.dataShape == .gridOrPoints, let rowNames = try data.string("grid") {
            if let key = ["x", "y", "value", "size", "labels"].first(where: data.has) {
                throw GlintError.badValue(path: data.childPath(key), message: "a grid's columns are its cells' x positions and its \"grid\" column "
                                          + "names the rows; leave out \"\(key)\"")
            }
            sources.requestGrid(rowNames: rowNames, of: file, specPath: data.childPath("grid"))
            return
        } else if kind.dataShape == .binnedValues {
            guard try data.string("x") != nil else { throw GlintError.badValue(path: data.childPath("x"), message: "missing; name the column of values to count") }
            if let key = ["y", "size", "labels"].first(where: data.has) {
                throw GlintError.badValue(path: data.childPath(key), message: "a \(kind.rawValue) counts one column, its x; leave out \"\(key)\"")
            }
        } else {
            guard try data.string("y") != nil else { throw GlintError.badValue(path: data.childPath("y"), message: "missing; name the y column") }
        }
        if kind.dataShape == .grid, try data.string("value") == nil {
            throw GlintError.badValue(path: data.childPath("value"), message: "missing; name the column of the cells' values")
        }
        for key in ["x", "y", "size"] {
            guard let name = try data.string(key) else { continue }
            if key == "x", let dates {
                sources.request(name, of: file, specPath: data.childPath(key), reader: dates)
            } else if (key == "x" && textX) || (key == "y" && textY) {
                sources.requestText(name, of: file, specPath: data.childPath(key))
            } else {
                sources.request(name, of: file, specPath: data.childPath(key))
            }
        }
        try refuseDataColumns(data, kind: kind)
        for key in kind.dataColumns {
            guard let name = try data.string(key) else { continue }
            // A category names a group per row; the other columns are numbers.
            if key == "category" {
                sources.requestText(name, of: file, specPath: data.childPath(key))
            } else {
                sources.request(name, of: file, specPath: data.childPath(key))
            }
        }
        if let name = try data.string("labels") { sources.requestText(name, of: file, specPath: data.childPath("labels")) }
        try requestColorColumn(o, file: file, from: &sources)
        try requestErrorBarColumns(o, file: file, from: &sources)
        try requestBandColumns(o, file: file, from: &sources)
        try requestFilterColumns(o, file: file, from: &sources)
    }

    /// A reference line (`value`) or band (`from`, `to`).
    static func reference(_ o: SpecObject) throws -> Reference {
        let axis = try o.choice("axis", as: Reference.Axis.self) ?? .y
        let values: ClosedRange<Double>
        switch (try o.number("value"), try o.number("from"), try o.number("to")) {
        case let (value?, nil, nil):
            values = value...value
        case let (nil, from?, to?):
            guard from < to else { throw GlintError.badValue(path: o.path, message: "expected from < to, found from \(from), to \(to)") }
            values = from...to
        default:
            throw GlintError.badValue(path: o.path, message: "give either value (a line) or from and to (a band)")
        }
        var reference = Reference(axis: axis, values: values, label: try o.string("label"), color: try o.color("color"), width: 1.5)
        if let w = try o.number("width", within: .strokeWidth) { reference.width = w }
        reference.dash = try dash(o)
        return reference
    }

    /// A `NumberFormat` from its text, or an error naming `path`.
    static func numberFormat(_ text: String, path: String) throws -> NumberFormat {
        guard let format = NumberFormat(text) else {
            throw GlintError.badValue(path: path, message: "expected prefix{spec}suffix with spec [,][.N][f|%|s|e], "
                                     + "such as \"{,.0f}\", \"{.1%}\", \"{.3s}\" or \"${,.2f}\"; found \"\(text)\"")
        }
        return format
    }

    /// `margins`: a number for all sides, `[horizontal, vertical]`, or `{left, top, right, bottom}`.
    static func margins(_ value: JSONValue, path: String) throws -> EdgeInsets {
        switch value {
        case let .number(n):
            return EdgeInsets(all: try SpecObject.checked(SpecObject.finite(n, path: path), .margin, path: path))
        case .array:
            let pair = try SpecObject.numbers(value, path: path)
            guard pair.count == 2, pair.allSatisfy(\.isFinite) else {
                throw GlintError.badValue(path: path, message: "expected [horizontal, vertical], found \(pair.count) values")
            }
            let (h, v) = (try SpecObject.checked(pair[0], .margin, path: path + "[0]"), try SpecObject.checked(pair[1], .margin, path: path + "[1]"))
            return EdgeInsets(left: h, top: v, right: h, bottom: v)
        case .object:
            let o = try SpecObject(value, path: path, allowed: marginKeys)
            return EdgeInsets(left: try o.number("left", within: .margin) ?? 10, top: try o.number("top", within: .margin) ?? 10,
                              right: try o.number("right", within: .margin) ?? 10, bottom: try o.number("bottom", within: .margin) ?? 10)
        default:
            throw SpecObject.mismatch(path, expected: "a number, [horizontal, vertical] or {left, top, right, bottom}", found: value)
        }
    }
}
