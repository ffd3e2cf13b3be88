import Foundation
import Glint
import GlintTestSupport

/// The bench's SQL section: a line of each size in SQLite (the first size only: an embedded file), in a PostgreSQL
/// cluster and in a ClickHouse server started for the run, read with M4 pushed down and by pulling every row; then
/// a density of each of `densityRows` points in PostgreSQL and ClickHouse, counted per pixel in the engine and by
/// pulling every row.
enum SQLBench {
    static func run(rows sizes: [Int], densityRows: [Int], renderer: Renderer, runs: Int) throws -> [[String: Any]] {
        print("\nSQL sources (\(renderer.diagnostics.backend.rawValue) painter, 1920×1080 line, best of \(runs) runs; 1 run from 1e8 rows): "
              + "database = reading the series (queries, transfer, M4 assembly), draw + PNG = rendering what came back\n")
        print("| source | rows | mode | database ms | rows scanned | rows returned | bytes received | draw + PNG ms | total ms | × GROUP BY floor |")
        print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
        var records: [[String: Any]] = []
        var workloads: [() throws -> SQLWorkload] = sizes.prefix(1).map { n in { try SQLWorkload.sqlite(rows: n) } }
        /// A server engine's workloads — a line per size, a density per density size — on a server started for
        /// the run, or none and a row saying why it cannot start here.
        func served<Server>(_ engine: String, unavailable reason: String?, start: () throws -> Server,
                            line: @escaping (Int, Server) throws -> SQLWorkload,
                            points: @escaping (Int, Server) throws -> SQLWorkload) throws -> [() throws -> SQLWorkload] {
            if let reason {
                print("| \(engine) | | skipped: \(reason) | | | | | | | |")
                return []
            }
            let server = try start()
            return sizes.map { n in { try line(n, server) } } + densityRows.map { n in { try points(n, server) } }
        }
        workloads += try served("PostgreSQL", unavailable: PostgresCluster.unavailableReason, start: { try PostgresCluster() },
                                line: { try SQLWorkload.postgres(rows: $0, in: $1) },
                                points: { try SQLWorkload.postgresPoints(rows: $0, in: $1, renderer: renderer) })
        workloads += try served("ClickHouse", unavailable: ClickHouseServer.unavailableReason, start: { try ClickHouseServer() },
                                line: { try SQLWorkload.clickhouse(rows: $0, in: $1) },
                                points: { try SQLWorkload.clickhousePoints(rows: $0, in: $1, renderer: renderer) })
        for make in workloads {
            let workload = try make()
            defer { workload.remove() }
            let rows = count(workload.rows), engine = workload.engine + (workload.density ? " density" : "")
            print("| \(engine) | \(rows) | GROUP BY floor (\(workload.floor.buckets) \(workload.density ? "cells" : "buckets")) | "
                  + "\(ms(workload.floor.seconds)) | \(rows) | | | | | 1.0 |")
            for pushdown in [true, false] {
                let m = try SQLMeasurement(workload, pushdown: pushdown, on: renderer, runs: workload.rows >= 100_000_000 ? 1 : runs)
                let mode = pushdown ? (workload.density ? "count pushed down" : "M4 pushed down") : "pull every row"
                print("| \(engine) | \(rows) | \(mode) | \(ms(m.read)) | \(m.scanned.map(count) ?? "–") | \(m.returned) | "
                      + "\(m.bytes) | \(ms(m.render)) | \(ms(m.total)) | \(String(format: "%.2f", m.read / workload.floor.seconds)) |")
                records.append(["workload": workload.density ? "sql density" : "sql", "engine": workload.engine, "rows": workload.rows, "mode": mode,
                                "database_s": m.read, "rows_returned": m.returned, "bytes_received": m.bytes, "render_png_s": m.render,
                                "total_s": m.total, "group_by_floor_s": workload.floor.seconds])
            }
        }
        return records
    }
}
