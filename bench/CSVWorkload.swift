import Foundation
import Glint

/// The path users take with real data files: a spec whose line reads a CSV file of `rows` rows × 2 numeric
/// columns (x = 0, 1, 2, …; y a random walk printed with 6 decimals, as data exporters print). The file is
/// written once into a temporary folder, which `remove()` deletes.
struct CSVWorkload {
    let rows: Int
    let folder: URL
    /// The spec file that names the CSV.
    let spec: String
    /// Size of the CSV file in bytes.
    let bytes: Int

    init(rows: Int) throws {
        self.rows = rows
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glint-bench-csv-\(rows)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let csv = folder.appendingPathComponent("data.csv")
        var text = [UInt8]("x,y\n".utf8)
        text.reserveCapacity(rows * 20)
        var random = SeededRandom(seed: 11)
        var level = 0.0
        for i in 0..<rows {
            level += random.next() - 0.5
            CSVWorkload.append(i, &text)
            text.append(UInt8(ascii: ","))
            CSVWorkload.append(micros: Int((level * 1_000_000).rounded()), &text)
            text.append(UInt8(ascii: "\n"))
        }
        try Data(text).write(to: csv)
        bytes = text.count
        spec = folder.appendingPathComponent("spec.json").path
        try #"{"width": 1920, "height": 1080, "series": [{"name": "walk", "width": 1, "data": {"csv": "data.csv", "x": "x", "y": "y"}}]}"#
            .write(toFile: spec, atomically: true, encoding: .utf8)
    }

    /// Deletes the temporary folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Reads the file's bytes once, as the floor: no reader can do with less.
    func readOnce() throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let data = try Data(contentsOf: folder.appendingPathComponent("data.csv"))
        if data.count != bytes { throw BenchError("the CSV file changed size") }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Appends a whole number's digits.
    private static func append(_ n: Int, _ out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        let digits = String(n.magnitude)
        out += digits.utf8
    }

    /// Appends `micros / 1e6` with exactly 6 decimals.
    private static func append(micros: Int, _ out: inout [UInt8]) {
        if micros < 0 { out.append(UInt8(ascii: "-")) }
        let m = micros.magnitude
        out += String(m / 1_000_000).utf8
        out.append(UInt8(ascii: "."))
        let fraction = String(m % 1_000_000)
        out += [UInt8](repeating: UInt8(ascii: "0"), count: 6 - fraction.count) + fraction.utf8
    }
}
