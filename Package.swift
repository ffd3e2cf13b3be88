// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The folder of this manifest: linker scripts are named by absolute path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

/// The lower layers' bodies offered to the layers above in an optimised build, as while they were one module: a
/// chart's loops call their functions per value (a column's subscript, a colour scale's lookup, a generic helper
/// specialised for the caller's types), and a call that cannot be inlined or specialised across a module boundary
/// costs several times its work. `package` functions are not offered this way: the hot ones are `@inlinable public`.
/// GlintTable goes without it and marks its per-value functions `@inlinable` one by one: compiled with it, its M4
/// scan ran measurably slower.
/// (SwiftPM takes unsafe flags from a root package and from dependencies by path or branch, as docs/swift.md shows
/// Glint taken; a dependency pinned to a version tag would need this setting removed.)
let inlinedAcrossLayers: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

/// Glint: a hardware-accelerated chart renderer for Linux.
/// See `README.md` for use and `docs/ARCHITECTURE.md` for the architecture.
let package = Package(
    name: "Glint",
    products: [
        .library(name: "Glint", targets: ["Glint"]),
        .library(name: "GlintServer", targets: ["GlintServer"]),
        // SVG and PDF through cairo: its own library, so an app that only draws PNGs does not link cairo.
        .library(name: "GlintVector", targets: ["GlintVector"]),
        // Database sources, one library per engine: an app that only draws arrays links neither.
        .library(name: "GlintSQLite", targets: ["GlintSQLite"]),
        .library(name: "GlintPostgres", targets: ["GlintPostgres"]),
        .library(name: "GlintClickHouse", targets: ["GlintClickHouse"]),
        // The C API (include/glint.h) as a shared library: libGlintC.so.
        .library(name: "GlintC", type: .dynamic, targets: ["GlintC"]),
        .executable(name: "glint", targets: ["glint"]),
        .executable(name: "viewer", targets: ["viewer"]),
    ],
    targets: [
        // C libraries found through pkg-config, installed from Debian's packages.
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl",
                       providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES3", path: "Sources/CGLES3", pkgConfig: "glesv2",
                       providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        // libpng reports errors with longjmp, which Swift cannot cross: a small C codec owns the setjmp.
        .target(name: "CPNGCodec", path: "Sources/CPNGCodec",
                linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        // GLSL ES 3.00 sources, embedded into the binary at build time.
        .target(name: "GlintShaders", path: "Shaders",
                resources: [
                    .embedInCode("segment.vert"), .embedInCode("segment.frag"),
                    .embedInCode("join.vert"), .embedInCode("join.frag"),
                    .embedInCode("dot.vert"), .embedInCode("dot.frag"),
                    .embedInCode("rect.vert"), .embedInCode("rect.frag"),
                    .embedInCode("glyph.vert"), .embedInCode("glyph.frag"),
                    .embedInCode("composite.vert"), .embedInCode("composite.frag"), .embedInCode("image.frag"),
                    .embedInCode("prelude.glsl"), .embedInCode("coverage.h"), .embedInCode("density_count.comp"),
                    .embedInCode("tile_bin.comp"), .embedInCode("tile_scan.comp"), .embedInCode("tile_sort.comp"),
                    .embedInCode("tile_fine.comp"),
                ]),
        // cairo's PDF and SVG surfaces and FreeType faces, for vector output.
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        // GNU libmicrohttpd (Debian's libmicrohttpd-dev) behind a non-variadic C face, for `glint serve`.
        .target(name: "CHTTPServer", path: "Sources/CHTTPServer", linkerSettings: [.linkedLibrary("microhttpd")]),
        // Spawning the server's worker processes, their parent-death signal and memory limit (prctl is variadic).
        .target(name: "CWorkerProcess", path: "Sources/CWorkerProcess"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPostgres", path: "Sources/CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // libcurl (Debian's libcurl4-openssl-dev) behind a non-variadic C face, for databases spoken to over HTTP.
        .target(name: "CHTTPClient", path: "Sources/CHTTPClient", linkerSettings: [.linkedLibrary("curl")]),
        // fast_float (Debian's header-only libfast-float-dev) behind one C function, for correctly rounded numbers.
        .target(name: "CFastFloat", path: "Sources/CFastFloat"),
        // The chart's layers, each importing only those below it (ModuleGraphTests): values, geometry, colours,
        // scales and the support code everything uses; the table of columns and what reduces it (M4, extents, bins);
        // the scene a painter draws; the chart's model (what a chart says: series, axes, theme, legends' options,
        // the kinds' names and options, its errors); the chart's marks, layout and legends that build the scene,
        // re-exporting the four below.
        .target(name: "GlintScales", swiftSettings: inlinedAcrossLayers),
        .target(name: "GlintTable", dependencies: ["GlintScales"]),
        .target(name: "GlintScene", dependencies: ["GlintScales", "GlintTable"], swiftSettings: inlinedAcrossLayers),
        .target(name: "GlintModel", dependencies: ["GlintScales", "GlintTable", "GlintScene"]),
        .target(name: "GlintLayout", dependencies: ["GlintScales", "GlintTable", "GlintScene", "GlintModel"]),
        .target(name: "GlintCore", dependencies: ["GlintScales", "GlintTable", "GlintScene", "GlintModel", "GlintLayout"]),
        // CSV at memory speed: mapped files, parallel quote-aware chunks, numbers parsed straight into [Double].
        .target(name: "GlintData", dependencies: ["GlintCore", "CFastFloat", "CRaster"]),
        .target(name: "GlintText", dependencies: ["GlintScales", "GlintScene", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi"]),
        // The `Painter` protocol every painter conforms to, and the `Backend` names.
        .target(name: "GlintPaint", dependencies: ["GlintScales", "GlintScene", "GlintText"]),
        .target(name: "GlintGL", dependencies: ["GlintScales", "GlintTable", "GlintScene", "GlintText", "GlintPaint", "GlintShaders", "CEGL", "CGLES3"]),
        // The CPU painter's per-pixel kernels in C, from Shaders/coverage.h (the formulas the shaders include), its
        // points-to-pixels mapping, and the CSV reader's byte classification, compiled for AVX-512, AVX2 and the
        // baseline and chosen from cpuid.
        .target(name: "CRaster", path: "Sources/CRaster", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "GlintRaster", dependencies: ["GlintScales", "GlintScene", "GlintText", "GlintPaint", "CRaster"]),
        // The compute painter: the CPU painter's tiles and kernels' formulas carried to OpenGL ES 3.1 compute shaders.
        .target(name: "GlintCompute", dependencies: ["GlintScales", "GlintScene", "GlintText", "GlintPaint", "GlintGL", "GlintRaster", "CRaster", "CGLES3"]),
        // Database sources: the drivers' protocol, SQL text, M4 over rows, reading a chart's sourced series.
        // No GL, EGL or text: the SQLite and PostgreSQL drivers build on this and GlintCore alone.
        .target(name: "GlintDatabase", dependencies: ["GlintCore"]),
        // JSON specs ↔ the chart model, shared by the CLI, the render server and the C API.
        .target(name: "GlintSpec", dependencies: ["GlintCore", "GlintData", "GlintDatabase"]),
        .target(name: "Glint", dependencies: ["GlintCore", "GlintText", "GlintGL", "GlintRaster", "GlintCompute", "GlintData", "GlintDatabase",
                                              "GlintSpec", "GlintPaint", "CPNGCodec", "CGLES3"]),
        // SVG and PDF painters of the same scene (cairo), and output in a named format (PNG, SVG, PDF).
        .target(name: "GlintVector", dependencies: ["Glint", "GlintCore", "GlintPaint", "GlintRaster", "GlintText", "CCairo"]),
        // The render server: its own target, so an app that only draws charts does not link libmicrohttpd.
        .target(name: "GlintServer", dependencies: ["Glint", "GlintData", "CHTTPServer", "CWorkerProcess"]),
        // SQL sources: SQLite (embedded; M4 as a Swift aggregate inside the engine) and PostgreSQL (libpq; M4 in SQL).
        .target(name: "GlintSQLite", dependencies: ["GlintCore", "GlintDatabase", "CSQLite"]),
        .target(name: "GlintPostgres", dependencies: ["GlintCore", "GlintDatabase", "CPostgres"]),
        // ClickHouse (its HTTP interface; M4 and density counts in SQL, on Distributed tables across their shards).
        .target(name: "GlintClickHouse", dependencies: ["GlintCore", "GlintDatabase", "CHTTPClient"]),
        .executableTarget(name: "glint", dependencies: ["Glint", "GlintVector", "GlintServer", "GlintSQLite", "GlintPostgres", "GlintClickHouse"]),
        // libGlintC.so exports the C API's glint_ functions only (deploy/libglint.map).
        .target(name: "GlintC", dependencies: ["Glint", "GlintVector"],
                linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(packageRoot)/deploy/libglint.map"])]),
        // The SDL2 viewer: `swift run viewer SPEC.json`.
        .executableTarget(name: "viewer", dependencies: ["Glint", "CSDL2", "CGLES3"], path: "Examples/Viewer"),
        // Throughput benchmark: `swift run bench` (a debug build hands over to the release build).
        .executableTarget(name: "bench", dependencies: ["Glint", "GlintVector", "GlintSQLite", "GlintPostgres", "GlintClickHouse", "CSQLite", "GlintTestSupport"], path: "bench", exclude: ["serve-load.sh", "wrk-render.lua", "datashader-points.py", "vl-convert-formats.py", "python-peers.py", "density-npy.sh", "dask-density.py", "gpu-check"]),
        // Seeded data and a font-free text measurer shared by the test targets.
        .target(name: "GlintTestSupport", dependencies: ["GlintScene"], path: "Tests/GlintTestSupport"),
        // Each layer's tests in a target of their own: `swift test --filter GlintScalesTests` runs one layer's.
        .testTarget(name: "GlintScalesTests", dependencies: ["GlintScales", "GlintTestSupport"]),
        .testTarget(name: "GlintTableTests", dependencies: ["GlintTable", "GlintTestSupport"]),
        .testTarget(name: "GlintSceneTests", dependencies: ["GlintScene"]),
        .testTarget(name: "GlintModelTests", dependencies: ["GlintModel", "GlintTestSupport"]),
        .testTarget(name: "GlintLayoutTests", dependencies: ["GlintLayout", "GlintTestSupport"]),
        .testTarget(name: "GlintCoreTests", dependencies: ["GlintCore", "GlintTestSupport"]),
        .testTarget(name: "GlintDataTests", dependencies: ["GlintData", "GlintTestSupport"]),
        // What the tests that render share: one renderer per painter, golden images, the built `glint` command, a
        // render server on a free port (`TestServer`) and an HTTP client for it, judges outside Swift.
        .target(name: "GlintRenderTestSupport", dependencies: ["Glint", "GlintGL", "GlintRaster", "GlintText", "GlintServer", "GlintTestSupport"],
                path: "Tests/GlintRenderTestSupport"),
        .testTarget(name: "GlintTextTests", dependencies: ["Glint", "GlintText", "GlintRenderTestSupport", "GlintTestSupport"]),
        .testTarget(name: "GlintSpecTests", dependencies: ["Glint", "GlintSpec", "GlintRenderTestSupport"]),
        // The server's tests start real servers and `glint serve-worker` processes.
        .testTarget(name: "GlintServerTests", dependencies: ["Glint", "GlintServer", "GlintRenderTestSupport", "GlintTestSupport", "glint"]),
        // The painters: CPU against GL parity on every golden chart, the compute painter, coverage and path fills,
        // the kernel variants, the host's GL context, renderer pools, thread budgets, PNG encoding.
        .testTarget(name: "GlintPainterTests", dependencies: ["Glint", "GlintCompute", "GlintGL", "GlintRaster", "CRaster", "CGLES3",
                                                             "GlintTestSupport", "GlintRenderTestSupport"]),
        // Database sources (a real SQLite file, PostgreSQL cluster and two-shard ClickHouse cluster) through the
        // renderer, the CLI and the server.
        .testTarget(name: "GlintDatabaseTests", dependencies: ["Glint", "GlintSQLite", "GlintPostgres", "GlintClickHouse", "CSQLite", "glint",
                                                              "GlintTestSupport", "GlintRenderTestSupport"]),
        // What a user runs: the CLI as a subprocess, the C API from C programs, the viewer, output targets, SVG and PDF.
        .testTarget(name: "GlintCommandTests", dependencies: ["Glint", "GlintVector", "glint", "viewer", "GlintRenderTestSupport"]),
        // Charts end to end on the real EGL stack: goldens in Tests/Goldens/<backend>/, each kind of mark, legends,
        // layout, the design sweep, the module graph.
        .testTarget(name: "GlintTests", dependencies: ["Glint", "GlintVector", "GlintRaster", "CRaster", "glint",
                                                      "GlintTestSupport", "GlintRenderTestSupport"]),
    ],
    swiftLanguageModes: [.v5],
    cxxLanguageStandard: .cxx17
)
