import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// Density counts pushed into real databases (a SQLite file, a PostgreSQL cluster and a ClickHouse server started
/// for the run): the cells, and so the picture, are those every row gives; the database returns a row per
/// non-empty cell at most.
@Suite struct DensityPushdownTests {
    /// The readings (10^6 rows, gaps, NaN and +Inf) as a density of counts with its colour bar outside, read from
    /// `engine` (or from the arrays with `engine` nil).
    static func chart(_ engine: SensorReadings.Engine?, pushdown: Bool = true, ranged: Bool = false) throws -> Chart {
        var series = Series.density(name: "readings", x: Column(SensorReadings.x), y: Column(SensorReadings.y))
        if let engine {
            series.source = DatabaseSource(database: try SensorReadings.database(engine), rows: .table("readings"), x: "t", y: "v")
            series.source?.pushdown = pushdown
            (series.x, series.y) = ([], [])
        }
        var chart = Chart(width: 640, height: 360, series: [series], legend: Legend(visible: false))
        var bar = Legend(id: "counts", kind: .colorBar(ColorBarLegend(series: 0)), position: .right)
        bar.placement = .outside
        chart.legends = [bar]
        if ranged {
            chart.x.range = (SensorReadings.start + 1e8)...(SensorReadings.start + 9e8)
            chart.y.range = -300...300
        }
        return chart
    }

    @Test(arguments: SensorReadings.Engine.allCases, [false, true])
    func countsInTheDatabaseAreTheCountsOfEveryRow(engine: SensorReadings.Engine, ranged: Bool) throws {
        if let reason = engine.unavailableReason {
            print("skipped on \(engine): \(reason)")
            return
        }
        let renderer = try Shared.renderer(.cpu)
        let everyRow = try renderer.densityGrid(Self.chart(nil, ranged: ranged), series: 0)
        let chart = try Self.chart(engine, ranged: ranged)
        let (_, reads) = try renderer.readingSources(chart)
        let read = try #require(reads.first)
        let nonEmpty = everyRow.counts.filter { $0 > 0 }.count
        #expect(read.pushedDown && read.askedExtent == !ranged)
        // One row per non-empty cell for each count asked (a second when the colour bar's labels moved the plot).
        #expect(read.rowsReturned >= nonEmpty && read.rowsReturned <= 3 * nonEmpty && nonEmpty < everyRow.counts.count,
                "\(read.rowsReturned) rows for \(nonEmpty) non-empty cells")
        let counted = try renderer.densityGrid(chart, series: 0)
        #expect(counted.plot == everyRow.plot)
        let differing = zip(counted.counts, everyRow.counts).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) cells differ between \(engine) and every row")
        #expect(try renderer.render(chart).pixels == renderer.render(Self.chart(nil, ranged: ranged)).pixels)
        // Pulling the rows draws the same.
        let (_, pulled) = try renderer.readingSources(Self.chart(engine, pushdown: false, ranged: ranged))
        #expect(pulled.first?.pushedDown == false && pulled.first?.rowsReturned == SensorReadings.count)
    }
}

extension DensityPushdownTests {
    /// A named density (a legend entry) whose points fill the plot is counted once: a density covers its whole plot
    /// for the legend's placement, so the legend is placed alike before the counts come (no points yet) and after
    /// (points everywhere), and the plot does not move. The picture is every row's.
    @Test(arguments: SensorReadings.Engine.allCases, [false, true])
    func aNamedDensityIsCountedOnce(engine: SensorReadings.Engine, ranged: Bool) throws {
        if let reason = engine.unavailableReason {
            print("skipped on \(engine): \(reason)")
            return
        }
        let renderer = try Shared.renderer(.cpu)
        // The readings' times against a hash of them: points all over the plot.
        let scattered = SensorReadings.x.map { Double(Int64($0) * 7919 % 1_000_003) }
        func chart(_ engine: SensorReadings.Engine?) throws -> Chart {
            var series = Series.density(name: "scattered", x: Column(SensorReadings.x), y: Column(scattered))
            if let engine {
                series.source = DatabaseSource(database: try SensorReadings.database(engine),
                                               rows: .sql("SELECT t, t * 7919 % 1000003 AS v FROM readings"), x: "t", y: "v")
                (series.x, series.y) = ([], [])
            }
            var chart = Chart(width: 640, height: 360, series: [series])
            if ranged { (chart.x.range, chart.y.range) = ((SensorReadings.start + 1e8)...(SensorReadings.start + 9e8), 1e5...9e5) }
            return chart
        }
        let (_, reads) = try renderer.readingSources(chart(engine))
        let nonEmpty = try renderer.densityGrid(chart(nil), series: 0).counts.filter { $0 > 0 }.count
        #expect(reads.first?.rowsReturned == nonEmpty, "\(reads.first?.rowsReturned ?? 0) rows for \(nonEmpty) non-empty cells")
        #expect(try renderer.render(chart(engine)).pixels == renderer.render(chart(nil)).pixels)
    }
}
