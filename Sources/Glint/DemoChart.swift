import FoundationEssentials
import Glibc

extension Chart {
    /// The built-in showcase `glint demo` renders: three line series (one with markers),
    /// radius-scaled dots, a legend, axis titles and a chart title. Deterministic.
    public static var demo: Chart {
        let days = (0...120).map { Double($0) / 4 }
        let latency = days.map { d in 42 + 9 * sin(d / 3.1) + 4 * sin(d * 1.7) + d * 0.35 }
        let p95 = days.map { d in 61 + 12 * sin(d / 3.1 + 0.4) + 5 * cos(d * 1.3) + d * 0.5 }
        let weekly = stride(from: 0.0, through: 30, by: 3).map { $0 }
        let budget = weekly.map { 95 - $0 * 0.6 }
        let incidentDays: [Double] = [2.5, 6, 9.25, 13, 16.5, 20, 23.75, 27.5]
        let incidentLevel: [Double] = [72, 88, 79, 95, 84, 101, 90, 108]
        let incidentMinutes: [Double] = [4, 18, 7, 42, 11, 60, 25, 33]
        var budgetSeries = Series.line(name: "Error budget", x: Column(weekly), y: Column(budget), width: 2, markers: true)
        budgetSeries.dots.radius = 3.5...3.5
        budgetSeries.line.join = .miter
        return Chart(
            width: 960, height: 540, title: "Checkout service, last 30 days",
            x: Axis(title: "Day"), y: Axis(title: "Latency (ms)", range: 30...130),
            series: [
                .line(name: "Median latency", x: Column(days), y: Column(latency), width: 2.5),
                .line(name: "p95 latency", x: Column(days), y: Column(p95), width: 2.5),
                budgetSeries,
                .dots(name: "Incidents (radius = minutes)", x: Column(incidentDays), y: Column(incidentLevel),
                      size: Column(incidentMinutes), radius: 3...12, color: Color(rgb: 0xD62728, alpha: 0.75)),
            ],
            legend: Legend(position: .topLeft))
    }
}
