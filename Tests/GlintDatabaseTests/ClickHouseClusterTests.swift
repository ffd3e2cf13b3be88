import Foundation
import Glint
@testable import GlintClickHouse
import GlintCore
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// 10^7 rows split across the two shards of a ClickHouse cluster started for the run (two servers, each with its
/// own data folder), read through a `Distributed` table: the picture is the one a single table of the same rows
/// draws, and the one the same arrays draw inline; M4 and density counts return the same few rows whatever the
/// table's size; a stopped shard is named in the error.
@Suite(.serialized) struct ClickHouseClusterTests {
    static let count = 10_000_000
    static let start = 1_700_000_000.0

    /// The rows as arrays: `t` one second apart (as epoch milliseconds), `v` a saw with noise, `w` a hash of the
    /// row — the values the servers compute from the row number, in the same Float64 operations.
    static let (t, v, w): ([Double], [Double], [Double]) = {
        let n = 0..<count
        return (n.map { (start + Double($0)) * 1000 },
                n.map { Double(($0 / 1000) % 200) + Double(($0 &* 7919) % 1009) / 100 },
                n.map { Double(($0 &* 2_654_435_761) % 1_000_003) / 1000 })
    }()

    /// The same row expressions in ClickHouse's SQL, of `number`.
    static let columns = "toDateTime(1700000000 + number) AS t, "
        + "toFloat64(intDiv(number, 1000) % 200) + ((number * 7919) % 1009) / 100 AS v, "
        + "((number * 2654435761) % 1000003) / 1000 AS w"

    /// The cluster: `events` on each shard holds the rows whose number is even (shard 1) or odd (shard 2);
    /// `events_all` on the first server is the `Distributed` table over both, and `events_one` there holds every row.
    static let cluster: Result<[ClickHouseServer], Error> = Result {
        let servers = try ClickHouseServer.cluster(2)
        let schema = "(t DateTime, v Float64, w Float64) ENGINE = MergeTree ORDER BY t"
        for (shard, server) in servers.enumerated() {
            try server.query("CREATE TABLE events \(schema)")
            try server.query("INSERT INTO events SELECT \(columns) FROM numbers(\(count)) WHERE number % 2 = \(shard)")
        }
        try servers[0].query("CREATE TABLE events_all AS events ENGINE = Distributed(glint, default, events, rand())")
        try servers[0].query("CREATE TABLE events_one \(schema)")
        try servers[0].query("INSERT INTO events_one SELECT \(columns) FROM numbers(\(count))")
        return servers
    }

    /// Whether the cluster runs here (when not, why is printed).
    static func available() -> Bool {
        if let reason = ClickHouseServer.unavailableReason {
            print("skipped: \(reason)")
            return false
        }
        return true
    }

    /// A line (`v` over `t`) or a density of counts (`w` over `t`), from `table` through `connection` (inline with
    /// nil), or from rows the SQL `sql` selects.
    static func chart(_ table: String?, density: Bool = false, connection: String? = nil, sql: String? = nil) throws -> Chart {
        var series = density ? Series.density(name: "events", x: Column(t), y: Column(w))
                             : Series(kind: .line, name: "events", x: Column(t), y: Column(v))
        if table != nil || sql != nil {
            let database = try ClickHouseDatabase(connection: connection ?? cluster.get()[0].uri)
            series.source = DatabaseSource(database: database, rows: sql.map { .sql($0) } ?? .table(table!), x: "t", y: density ? "w" : "v")
            (series.x, series.y) = ([], [])
        }
        var chart = Chart(width: 800, height: 400, series: [series], legend: Legend(visible: false))
        chart.x.scale = .time
        return chart
    }

    @Test func aDistributedLineIsTheLineOfOneTableAndOfTheArrays() throws {
        guard Self.available() else { return }
        let renderer = try Shared.renderer(.cpu)
        let inline = try renderer.render(Self.chart(nil))
        let (_, reads) = try renderer.readingSources(Self.chart("events_all"))
        let read = try #require(reads.first)
        #expect(read.pushedDown && read.sourceRows == Self.count)
        #expect(read.rowsReturned <= 4 * 16 * 816, "\(read.rowsReturned) rows")
        #expect(try renderer.render(Self.chart("events_all")).pixels == inline.pixels, "M4 across the shards draws every row's line")
        #expect(try renderer.render(Self.chart("events_one")).pixels == inline.pixels, "M4 in one table draws every row's line")
    }

    @Test func aDistributedDensityCountsEveryCellAsTheArraysDo() throws {
        guard Self.available() else { return }
        let renderer = try Shared.renderer(.cpu)
        let inline = try renderer.densityGrid(Self.chart(nil, density: true), series: 0)
        for table in ["events_all", "events_one"] {
            let chart = try Self.chart(table, density: true)
            let counted = try renderer.densityGrid(chart, series: 0)
            #expect(counted.plot == inline.plot)
            let differing = zip(counted.counts, inline.counts).filter { $0 != $1 }.count
            #expect(differing == 0 && counted.counts.reduce(0) { $0 + Int($1) } == Self.count, "\(differing) cells differ in \(table)")
            let read = try #require(renderer.readingSources(chart).reads.first)
            #expect(read.pushedDown && read.rowsReturned <= 3 * inline.counts.count, "\(read.rowsReturned) rows")
        }
        #expect(try renderer.render(Self.chart("events_all", density: true)).pixels == renderer.render(Self.chart(nil, density: true)).pixels)
    }

    @Test func theRowsReturnedStayFixedWhateverTheTableSize() throws {
        guard Self.available() else { return }
        let renderer = try Shared.renderer(.cpu)
        var returned: [Int] = []
        for rows in [100_000, 1_000_000, 10_000_000] {
            let sql = "SELECT t, v FROM events_all WHERE t < toDateTime(\(Int(Self.start) + rows))"
            let read = try #require(renderer.readingSources(Self.chart(nil, sql: sql)).reads.first)
            #expect(read.pushedDown && read.sourceRows == rows)
            returned.append(read.rowsReturned)
        }
        // At most four points per sub-column of an 800 px plot, whatever the rows.
        #expect(returned.allSatisfy { $0 <= 4 * 16 * 816 && $0 >= 4 * 700 }, "\(returned)")
    }

    @Test func theCLIDrawsADistributedTable() throws {
        guard Self.available() else { return }
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = #"{"width": 800, "height": 400, "x": {"scale": "time"}, "legend": {"visible": false}, "series": [{"type": "line", "name": "events", "#
            + #""data": {"db": "\#(try Self.cluster.get()[0].uri)", "table": "events_all", "x": "t", "y": "v"}}]}"#
        try spec.write(to: dir.appendingPathComponent("spec.json"), atomically: true, encoding: .utf8)
        let run = try GlintCommand.run(["render", "spec.json", "-o", "events.png"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try Image(pngData: Array(try Data(contentsOf: dir.appendingPathComponent("events.png"))))
        #expect(image.pixels == (try Shared.renderer(.cpu).render(Self.chart(nil)).pixels))
    }

    @Test func aStoppedShardIsNamedNotDrawnWithout() throws {
        guard Self.available() else { return }
        // A cluster of its own, as this test stops a shard.
        let servers = try ClickHouseServer.cluster(2)
        defer { servers.forEach { $0.stop() } }
        for (shard, server) in servers.enumerated() {
            try server.query("CREATE TABLE events (t DateTime, v Float64, w Float64) ENGINE = MergeTree ORDER BY t")
            try server.query("INSERT INTO events SELECT \(Self.columns) FROM numbers(100000) WHERE number % 2 = \(shard)")
        }
        try servers[0].query("CREATE TABLE events_all AS events ENGINE = Distributed(glint, default, events, rand())")
        let renderer = try Shared.renderer(.cpu)
        #expect(try renderer.render(Self.chart("events_all", connection: servers[0].uri)).notices.isEmpty)
        servers[1].stop()
        do {
            _ = try renderer.render(Self.chart("events_all", connection: servers[0].uri))
            Issue.record("drew a picture without a shard")
        } catch let GlintError.sourceUnavailable(message) {
            #expect(message.hasPrefix("series[0].data.db: cannot reach \(servers[0].uri): shard 127.0.0.1:\(servers[1].tcpPort) cannot be reached"),
                    "\(message)")
        }
        // skip_unavailable_shards draws the rows of the shards it reaches, and the image says it may.
        let skipping = try renderer.render(Self.chart("events_all", connection: servers[0].uri + "?skip_unavailable_shards=1"))
        #expect(skipping.notices.first?.hasPrefix("series[0]: \(servers[0].uri)?skip_unavailable_shards=1 skips shards it cannot reach") == true,
                "\(skipping.notices)")
    }

    @Test func connectionStringsAreReadOrRefused() throws {
        func refusal(_ connection: String) -> String {
            do { _ = try ClickHouseDatabase(connection: connection); return "" } catch { return "\(error)" }
        }
        #expect(refusal("clickhouse://") .contains("expected a host name"))
        #expect(refusal("clickhouse://h/db?max_threads") .contains("expected key=value settings"))
        #expect(refusal("clickhouse://h/db?query=DROP") .contains("query is set by Glint"))
        #expect(refusal("clickhouse://h/d-b") .contains("a database name is letters"))
        #expect(refusal("clickhouse://u:p%zz@h/db") .contains("must start an escape"))
        #expect(refusal("clickhouse://h/db?connect_timeout=0") .contains("connect_timeout must be"))
        #expect(refusal("clickhouse://u:s3cret@h/db?x y=1").contains("clickhouse://u:***@h/db") && !refusal("clickhouse://u:s3cret@h/d b").contains("s3cret"))
        #expect(refusal("clickhouse://u:p%40ss@[::1]:9/db?secure=1&max_threads=2").isEmpty)
        let endpoint = try ClickHouseEndpoint("clickhouse://u:p%40ss@[::1]:9000/db?max_threads=2&max_ast_elements=9")
        #expect(endpoint.url == "http://[::1]:9000/?database=db&wait_end_of_query=1&max_query_size=16777216&max_expanded_ast_elements=4000000"
                + "&max_threads=2&max_ast_elements=9" && endpoint.password == "p@ss", "\(endpoint.url)")
        #expect(try ClickHouseEndpoint("clickhouse://[::1]/db?secure=true").url.hasPrefix("https://[::1]:8443/?database=db&"))
        #expect(try ClickHouseEndpoint("clickhouse://h").url.hasPrefix("http://h:8123/?database=default&"))
        #expect(try ClickHouseSQL.double("c", type: "LowCardinality(Nullable(Float64))", column: "c") == "toFloat64(c)")
        #expect(throws: DatabaseError.query("column \"c\" holds text, not a number")) {
            try ClickHouseSQL.double("c", type: "LowCardinality(Nullable(String))", column: "c")
        }
        // A server that is not there is unreachable, named without its password.
        let port = try PostgresCluster.freePort()
        var chart = try Self.chart(nil)
        chart.series[0].source = DatabaseSource(database: try ClickHouseDatabase(connection: "clickhouse://glint:s3cret@127.0.0.1:\(port)/db"),
                                                rows: .table("events"), x: "t", y: "v")
        do {
            _ = try Shared.renderer(.cpu).render(chart)
            Issue.record("rendered from a closed port")
        } catch let GlintError.sourceUnavailable(message) {
            #expect(message.hasPrefix("series[0].data.db: cannot reach clickhouse://glint:***@127.0.0.1:\(port)/db: "), "\(message)")
            #expect(!message.contains("s3cret"))
        }
    }
}

extension ClickHouseClusterTests {
    /// The constants Glint writes into its queries read back as the same bits: decimal text for normal numbers
    /// (the server's parser rounds correctly), bits for subnormal ones.
    @Test func constantsReadBackExactly() throws {
        guard Self.available() else { return }
        var generator = SeededGenerator(seed: 59)
        var values: [Double] = [0, -0.0, 0.1, 1.0 / 3, .leastNonzeroMagnitude, -2.2250738585072014e-308, 2.2250738585072009e-308, .greatestFiniteMagnitude,
                                1e30, -1e-30, 1_700_000_000_000.5, Double(Float.greatestFiniteMagnitude), Double(Float.leastNonzeroMagnitude)]
        for _ in 0..<2000 {
            // Any sign and fraction, any exponent of a normal number.
            let exponent = 1 + (generator.nextBits() >> 20) % 2046
            values.append(Double(bitPattern: generator.nextBits() & ~(0x7ff << 52) | exponent << 52))
        }
        let connection = try ClickHouseConnection(ClickHouseEndpoint(try Self.cluster.get()[0].uri))
        let sql = "SELECT arrayJoin([\(values.map(ClickHouseSQL.float64).joined(separator: ", "))])"
        let read = try connection.rows(sql, fields: 1)
        let differing = values.indices.filter { read.double($0, 0).bitPattern != values[$0].bitPattern }
        #expect(read.count == values.count && differing.isEmpty, "\(differing.prefix(5).map { values[$0] })")
    }
}

extension ClickHouseClusterTests {
    /// A 3840-pixel line of negative x with a gap every 500 rows: runs between gaps split 2,000 buckets, whose gap
    /// positions (negative numbers) and bucket lists travel in the queries' text — past ClickHouse's default limits
    /// on a query's size and its syntax tree, which Glint raises for its own queries.
    @Test func aWideLineOfNegativeXWithManyGapsIsExact() throws {
        guard Self.available() else { return }
        let server = try Self.cluster.get()[0]
        let count = 1_000_000
        try server.query("CREATE TABLE IF NOT EXISTS negative (x Float64, y Nullable(Float64)) ENGINE = MergeTree ORDER BY x")
        try server.query("TRUNCATE TABLE negative")
        try server.query("INSERT INTO negative SELECT toFloat64(number) - 2000000, "
                         + "if(number % 500 = 7, NULL, ((number * 7919) % 1009) / 100) FROM numbers(\(count))")
        let x: [Double] = (0..<count).map { Double($0) - 2_000_000 }
        let y: [Double] = (0..<count).map { (i: Int) -> Double in i % 500 == 7 ? Double.nan : Double((i &* 7919) % 1009) / 100 }
        var inline = Series(kind: .line, name: "negative", x: Column(x), y: Column(y))
        var sourced = inline
        sourced.source = DatabaseSource(database: try ClickHouseDatabase(connection: server.uri), rows: .table("negative"), x: "x", y: "y")
        (sourced.x, sourced.y) = ([], [])
        inline.line.width = 1
        sourced.line.width = 1
        let chart = { (s: Series) in Chart(width: 3840, height: 600, series: [s], legend: Legend(visible: false)) }
        let renderer = try Shared.renderer(.cpu)
        let read = try #require(renderer.readingSources(chart(sourced)).reads.first)
        #expect(read.pushedDown)
        #expect(try renderer.render(chart(sourced)).pixels == renderer.render(chart(inline)).pixels)
    }
}
