import Foundation
import GlintTestSupport
@testable import GlintData
import Testing

/// The mapped, chunked CSV reader: what it reads, where it says a bad cell is, and that any split of the file
/// into chunks gives the same columns.
@Suite struct CSVFileTests {
    /// Writes `text` to a temporary file and opens it; the file is removed when the test's scratch folder goes.
    func file(_ text: String, _ name: String = "d.csv") throws -> (CSVFile, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return (try CSVFile(path: url.path, displayPath: name), dir)
    }

    func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
    }

    @Test func readsColumnsWithGapsQuotesCRLFAndABOM() throws {
        let (csv, dir) = try file("\u{FEFF}\r\n x ,\"y, quoted\",label\r\n1,10,a\r\n2,,\"b, \"\"c\"\"\"\r\n3,NaN,\"multi\r\nline\"\r\n 4 ,\" 40 \",d\r\n5\r\n\r\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(csv.header == ["x", "y, quoted", "label"])
        let columns = try csv.columns(["x", "y, quoted", "x"], threads: 2)
        #expect(columns[0] == [1, 2, 3, 4, 5] && columns[2] == columns[0])
        #expect(same(columns[1], [10, .nan, .nan, 40, .nan]), "\(columns[1])")
    }

    @Test func everySplitGivesTheSameColumns() throws {
        // Text cells with commas, doubled quotes and line breaks inside quotes, so chunk edges fall inside them.
        var generator = SeededGenerator(seed: 7)
        var text = "t,note,v\n"
        var expected: ([Double], [Double]) = ([], [])
        for i in 0..<3000 {
            let v = (generator.next() * 2000 - 1000).rounded() / 8
            let note: String
            switch generator.nextBits() >> 60 {
            case 0..<4: note = "\"line one,\nline \"\"two\"\"\n,\""
            case 4..<8: note = "plain"
            case 8..<10: note = ""
            default: note = "\"\(String(repeating: ",", count: Int(generator.nextBits() >> 58)))\""
            }
            text += "\(i),\(note),\(v)\(i % 7 == 0 ? "\r\n" : "\n")"
            expected.0.append(Double(i))
            expected.1.append(v)
        }
        let (csv, dir) = try file(text)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (threads, chunk) in [(1, 1 << 30), (2, 1), (3, 17), (8, 1), (16, 1000)] {
            let columns = try csv.columns(["t", "v"], threads: threads, minimumChunk: chunk)
            #expect(same(columns[0], expected.0) && same(columns[1], expected.1), "\(threads) threads, \(chunk)-byte chunks")
        }
    }

    @Test func aBadCellNamesItsLineAndColumn() throws {
        // Line 4 holds a quoted line break, so the bad cell's row starts on line 6.
        let (csv, dir) = try file("a,b,c\n1,2,z\n3,4,z\n5,6,\"x\ny\"\n6,0x10,z\n7,abc,z\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: CSVError.badCell(file: "d.csv", line: 6, column: "b", text: "0x10", overflow: false)) {
            try csv.columns(["a", "b"], threads: 4, minimumChunk: 1)
        }
        #expect(try csv.columns(["a"], threads: 2) == [[1, 3, 5, 6, 7]], "columns not asked for are not parsed")
        let (big, dir2) = try file("a\n1\n1e999\n")
        defer { try? FileManager.default.removeItem(at: dir2) }
        #expect(throws: CSVError.badCell(file: "d.csv", line: 3, column: "a", text: "1e999", overflow: true)) {
            try big.columns(["a"], threads: 2)
        }
        #expect(throws: CSVError.missingColumn(name: "d", file: "d.csv", columns: ["a", "b", "c"])) { try csv.columns(["d"], threads: 2) }
    }

    @Test func emptyAndHeaderOnlyFiles() throws {
        #expect(throws: CSVError.empty(file: "d.csv")) { _ = try file("\n\r\n") }
        let (header, dir) = try file("a,b\r\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try header.columns(["b", "a"], threads: 2) == [[], []])
    }
}
