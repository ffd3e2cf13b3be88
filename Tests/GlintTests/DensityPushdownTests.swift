import Foundation
import Glint
import GlintCore
import GlintTestSupport
import Testing

/// Density counts pushed into real databases (a SQLite file, a PostgreSQL cluster started for the run): the cells,
/// and so the picture, are those every row gives; the database returns a row per non-empty cell at most.
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
        if engine == .postgres, let reason = PostgresCluster.unavailableReason {
            print("skipped on PostgreSQL: \(reason)")
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
