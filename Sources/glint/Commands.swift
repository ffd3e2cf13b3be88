#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Glint
import GlintVector
import GlintClickHouse
import GlintPostgres
import GlintServer
import GlintSQLite

/// The commands of the CLI.
enum Commands {
    static let version = "glint \(GlintVersion.string)"

    static let usage = """
    usage: glint <command> [options]

    commands:
      render SPEC.json -o OUT.png   render a JSON chart spec ('-' reads stdin / writes stdout); OUT.svg or
                                    OUT.pdf for vector output; several specs -o OUT.pdf: a page each
      demo [-o demo.png]            render the built-in showcase chart
      info                          show the backend auto would use, and why (EGL platforms tried)
      serve                         a render server: POST /render (JSON spec in, PNG/SVG/PDF out), /healthz, /info, /metrics
      hit SPEC.json --at X,Y        what lies under pixel (X, Y) of the rendered image, as JSON: the nearest
                                    point within --tolerance px (default 8), a legend entry, or nothing
      layout SPEC.json [--check]    everything the layout placed, as JSON: plot, axes and ticks, legend boxes,
                                    every text with its role and box (image pixels), notices, information,
                                    collisions (text over text or across marks, legends over data, text past the
                                    edge); --check exits 1 when there are collisions (--width, --height, --scale
                                    as for render)

    options for render and demo:
      -o, --output PATH     output file (demo: demo.png; '-' for stdout); its extension names the format:
                            .png, .svg or .pdf (any other is a usage error); none, '-' or a device: PNG
      --format F            png | svg | pdf, for an output without an extension (stdout)
      --rasterize-above N   SVG and PDF: a dots series of more than N dots is embedded as one image at
                            the output's resolution (default 100000; a series' "rasterize" decides first)
      --width W, --height H size in logical pixels (overrides the spec)
      --scale S             HiDPI factor (multiplies size, strokes, radii, margins, fonts)
      --backend B           auto | gl | cpu (default: $GLINT_BACKEND or auto)
      --png-level N         zlib level 0-9 (default 2: fastest on charts; 7-9 try every PNG filter for size)
      --quiet               no notices or information on stderr
      -h, --help            this text;  --version  the version

    options for serve (docs/serve.md has each in full):
      --host ADDR           address to bind: IPv4, IPv6 (::1) or unix:/path (default 127.0.0.1: loopback only)
      --port N              TCP port (default 8080; 0 picks a free one, printed at start)
      --listen ADDR         HOST:PORT, [IPv6]:PORT or unix:/path, instead of --host and --port
      --workers N           worker processes, each rendering one chart at a time (default: one per core)
      --queue N             requests that may wait for a worker; more get 503 (default 64)
      --timeout SECONDS     longest request, from its headers to its response; longer get 504 (default 30)
      --max-body BYTES      largest spec accepted; larger get 413 (default 67108864)
      --max-buffered BYTES  request bodies held at once over all requests; past it 503 (default 268435456)
      --max-connections N   connections open at once (default 1024)
      --max-per-client N    connections open at once from one address; 0 for no limit (default 512)
      --idle-timeout S      seconds an idle connection is kept (default 5)
      --read-timeout S      seconds a connection has to deliver a whole request (default 30)
      --drain S             seconds /healthz answers 503 after SIGTERM before the listener closes (default 5)
      --worker-memory MIB   address-space limit of each worker; 0 for none (default 8192)
      --log-format F        text or json (default text)
      --data-dir DIR        folder CSV data paths are read from; without it, specs naming files get 403
      --allow-db DB         a database specs may read (data.db exactly as written; repeat for more);
                            without it, specs naming a database get 403
      --backend B, --quiet  as for render (--quiet: no request log)

    exit codes: 0 ok, 64 usage, 65 bad data (spec, CSV cell, SQL the database refused), 66 input unreadable,
                69 backend, database or address unavailable (info: a render would fail, e.g. no font; serve: the
                port is in use), 70 internal error, 73 output not writable; layout --check: 1 collisions
    """

    /// The database drivers the CLI links: SQLite, PostgreSQL and ClickHouse.
    static let drivers: [any DatabaseDriver] = [SQLiteDriver(), PostgresDriver(), ClickHouseDriver()]

    /// The chart of the spec file at `path` (`-`: standard input, which must be open), its CSV files parsed on
    /// `threads` threads (the renderer's budget).
    static func spec(_ path: String, threads: Int) throws -> Chart {
        if path == "-" && StandardStreams.inputWasClosed {
            throw GlintError.noInput("cannot read the spec from standard input: it is closed")
        }
        return try ChartSpec.decode(file: path, databases: DatabaseAccess(drivers: drivers), threads: threads)
    }

    /// `glint render` and `glint demo`: one chart to PNG, SVG or PDF, or several specs to one PDF (a page each).
    static func render(_ args: Arguments) throws {
        let options = Renderer.Options.fromEnvironment(backend: try args.backend())
        var charts: [Chart]
        let output: String
        if args.command == "demo" {
            guard args.positional.isEmpty else { throw GlintError.usage("demo takes no arguments, got '\(args.positional[0])'") }
            output = args.value("output") ?? "demo.png"
        } else {
            guard !args.positional.isEmpty else { throw GlintError.usage("render needs a spec file (or '-')") }
            guard let out = args.value("output") else { throw GlintError.usage("render needs -o OUT.png (or -o - for stdout)") }
            output = out
        }
        if output == "-" && StandardStreams.outputWasClosed {
            throw GlintError.cannotWrite("cannot write standard output: it is closed")
        }
        let format = try outputFormat(args, output: output)
        if args.positional.count > 1 && !format.holdsSeveralCharts {
            throw GlintError.usage("\(args.positional.count) specs make one PDF, a page each; name a .pdf output (or --format pdf)")
        }
        let level = try args.integer("png-level", in: 0...9) ?? Image.defaultCompressionLevel
        let vector = VectorOptions(rasterizeAbove: try args.integer("rasterize-above", in: 0...VectorOptions.maxRasterizeAbove) ?? 100_000)
        let overrides = try SizeOverrides(args.value, prefix: "--", problem: GlintError.usage)
        if args.command == "demo" {
            charts = [overrides.applied(to: .demo)]
        } else {
            let several = args.positional.count > 1
            charts = try args.positional.map { path in
                do {
                    return try overrides.applied(to: spec(path, threads: options.cpuThreads))
                } catch let error as GlintError where several {
                    throw error.about(path)
                }
            }
        }
        let renderer = try Renderer(options: options)
        let written = try renderer.output(charts, format: format, pngLevel: level, vector: vector)
        if !args.flag("quiet") {
            for line in written.information { StandardStreams.error("glint: info: \(line)") }
            for notice in written.notices { StandardStreams.error("glint: notice: \(notice)") }
        }
        try OutputFile.write(written.bytes, to: output)
        if output != "-" && !args.flag("quiet") {
            let pages = written.pages > 1 ? ", \(written.pages) pages" : ""
            StandardStreams.error("wrote \(output) (\(written.width)x\(written.height)\(pages), \(written.painter))")
        }
    }

    /// The format to write: `--format`, or the output's extension (`chart.svg`), or PNG; an extension Glint does not
    /// write, or one that contradicts `--format`, is a usage error.
    static func outputFormat(_ args: Arguments, output: String) throws -> OutputFormat {
        let named = try OutputFormat.of(path: output)
        guard let text = args.value("format") else { return named ?? .png }
        let asked = try OutputFormat.named(text, source: "--format")
        if let named, named != asked {
            throw GlintError.usage("--format \(asked.rawValue) contradicts the output's extension '.\(named.rawValue)'")
        }
        return asked
    }

    /// `glint layout`: everything the chart's layout placed, printed as one JSON object; with `--check`, exit 1 when
    /// it lists collisions (each also named on standard error).
    static func layout(_ args: Arguments) throws {
        guard args.positional.count == 1 else { throw GlintError.usage("layout needs exactly one spec file (or '-')") }
        let options = Renderer.Options.fromEnvironment(backend: .cpu)
        var chart = try spec(args.positional[0], threads: options.cpuThreads)
        chart = try SizeOverrides(args.value, prefix: "--", problem: GlintError.usage).applied(to: chart)
        let report = try Renderer(options: options).layoutReport(chart)
        StandardStreams.print(String(decoding: try report.json(), as: UTF8.self))
        // --check: the exit status says whether the picture is clean.
        if args.flag("check"), !report.collisions.isEmpty {
            for c in report.collisions { StandardStreams.error("glint: collision: \(c.kind.rawValue): \(c.subjects.joined(separator: " / "))") }
            exit(1)
        }
    }

    /// `glint hit`: the chart's hit at a pixel of its rendered image, printed as one JSON object.
    static func hit(_ args: Arguments) throws {
        guard args.positional.count == 1 else { throw GlintError.usage("hit needs exactly one spec file (or '-')") }
        guard let at = args.value("at"), case let parts = at.split(separator: ",").compactMap({ Double($0) }), parts.count == 2 else {
            throw GlintError.usage("hit needs --at X,Y in pixels of the rendered image, such as --at 320,140")
        }
        let options = Renderer.Options.fromEnvironment(backend: .cpu)
        var chart = try spec(args.positional[0], threads: options.cpuThreads)
        chart = try SizeOverrides(args.value, prefix: "--", problem: GlintError.usage).applied(to: chart)
        var tolerance = 8.0
        if let t = args.value("tolerance") {
            guard let value = Double(t), value >= 0, value <= 1000 else { throw GlintError.usage("--tolerance must be 0 to 1000 pixels, got '\(t)'") }
            tolerance = value
        }
        let renderer = try Renderer(options: options)
        let hit = try renderer.hitTest(chart, at: Point(parts[0], parts[1]), tolerance: tolerance)
        StandardStreams.print(String(decoding: try JSONTree.object(hitObject(hit, in: chart)).data(), as: UTF8.self))
    }

    /// A hit as `glint hit` prints it; in a figure, the panel's hit with `"panel"` added.
    static func hitObject(_ hit: ChartHit?, in chart: Chart) -> [String: JSONTree] {
        switch hit {
        case nil:
            return ["kind": "none"]
        case let .legendEntry(legend, label, series)?:
            return ["kind": "legend", "legend": .string(legend), "label": .string(label), "series": series.map(JSONTree.int) ?? .null]
        case let .point(series, index, x, y, distance)?:
            return ["kind": "point", "series": .int(series), "name": .string(chart.series[series].name), "index": .int(index),
                    "x": .number(x), "y": .number(y), "distance": .number((distance * 100).rounded() / 100)]
        case let .cell(series, x, y, count, value)?:
            return ["kind": "cell", "series": .int(series), "name": .string(chart.series[series].name), "x": .number(x), "y": .number(y),
                    "count": .int(count), "value": .number(value)]
        case let .inPanel(panel, inner)?:
            var object = hitObject(inner, in: chart.panels?.panels[panel].chart ?? chart)
            object["panel"] = .int(panel)
            return object
        }
    }

    /// `glint info`.
    /// `glint info`: what the backend asked for (auto by default) runs on and why; when auto chose the CPU
    /// painter, also what `--backend gl` would get, so the choice can be checked.
    static func info(_ args: Arguments) throws {
        let options = Renderer.Options.fromEnvironment(backend: try args.backend())
        let renderer = try Renderer(options: options)
        StandardStreams.print(renderer.diagnostics.report)
        if options.backend == .auto && renderer.diagnostics.backend == .cpu {
            StandardStreams.print("\nwith --backend gl:")
            do {
                let gl = try Renderer(options: .fromEnvironment(backend: .gl))
                StandardStreams.print(gl.diagnostics.glReport.map { "  " + $0 }.joined(separator: "\n"))
            } catch {
                StandardStreams.print("  unavailable: \(error)")
            }
        }
        if !renderer.diagnostics.problems.isEmpty { exit(69) }
    }
}
