import Foundation
import GlintTestSupport
@testable import GlintData
import Testing

/// Seeded random corpora: random bytes, NUL bytes, invalid UTF-8, unclosed quotes, megabyte fields, ten
/// thousand columns. The reader never crashes or hangs: it returns columns or a `CSVError` naming a line, and
/// one chunk or many give the same answer.
@Suite struct CSVFuzzTests {
    /// Total cases run, printed for the closing note.
    static let cases = 1500

    /// Case `n`'s file: every 150th a megabyte field or ten thousand columns, every 10th an unclosed quote,
    /// the rest byte soup.
    static func corpus(_ n: Int, _ generator: inout SeededGenerator) -> [UInt8] {
        func pick(_ n: UInt64) -> Int { Int((generator.nextBits() >> 33) % n) }
        let alphabet: [[UInt8]] = [Array("0123456789".utf8), Array(",\n\r\"".utf8), Array(" .-+eE".utf8),
                                   Array("naNulInf".utf8), [0, 0xFF, 0xC3, 0x80, 0xE2, 0x82]]
        var bytes: [UInt8] = Array("a,b,c\n".utf8)
        switch n % 150 == 0 ? 0 : n % 150 == 1 ? 1 : n % 10 == 2 ? 2 : n % 2 == 0 ? 4 : 3 {
        case 0:  // a field of about a megabyte
            bytes += Array("1,".utf8) + [UInt8](repeating: UInt8(ascii: "7"), count: 1_000_000 + pick(1000)) + Array(",3\n".utf8)
        case 1:  // ten thousand columns
            bytes = Array((0..<10_000).map { "c\($0)" }.joined(separator: ",").utf8) + [10]
            bytes += Array((0..<10_000).map { String($0 % 97) }.joined(separator: ",").utf8) + [10]
        case 2:  // an unclosed quote somewhere
            bytes += Array("1,2,3\n4,\"5,6\n7,8,9\n".utf8)
        case 4:  // well-formed rows: numbers in every spelling, gaps, quoted text with separators inside
            let numbers = ["1", "-2.5", " +3 ", ".5", "5.", "1e3", "\"7\"", "", "NaN", "NA", "-0", "123456.000001"]
            let notes = ["x", "\"a,b\"", "\"line\nbreak\"", "\"say \"\"hi\"\"\"", "", "\"\r\n\""]
            for _ in 0..<pick(200) {
                let row = [numbers[pick(12)], numbers[pick(12)], notes[pick(6)]]
                bytes += Array(row.joined(separator: ",").utf8) + (pick(4) == 0 ? [13, 10] : [10])
            }
        default:  // byte soup weighted towards CSV's own characters
            for _ in 0..<pick(400) {
                // Mostly digits and separators, so that many files parse and the splits are compared.
                let set = alphabet[[0, 0, 0, 1, 1, 2, 3, 4][pick(8)]]
                bytes.append(set[pick(UInt64(set.count))])
            }
        }
        return bytes
    }

    @Test func randomFilesNeverCrashAndAnySplitAgrees() throws {
        var generator = SeededGenerator(seed: 99)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var outcomes = (columns: 0, errors: 0)
        for n in 0..<CSVFuzzTests.cases {
            let url = dir.appendingPathComponent("f\(n % 8).csv")
            try Data(CSVFuzzTests.corpus(n, &generator)).write(to: url)
            let single: Result<[[Double]], Error>, split: Result<[[Double]], Error>
            do {
                let csv = try CSVFile(path: url.path, displayPath: "f.csv")
                let names = Array(csv.header.prefix(2))
                single = Result { try csv.columns(names, threads: 1, minimumChunk: 1 << 30) }
                split = Result { try csv.columns(names, threads: 7, minimumChunk: 1 + n % 13) }
            } catch let error as CSVError {
                #expect(error == .empty(file: "f.csv"), "case \(n): \(error)")
                outcomes.errors += 1
                continue
            }
            switch (single, split) {
            case let (.success(a), .success(b)):
                #expect(a.count == b.count && zip(a, b).allSatisfy { x, y in
                    x.count == y.count && zip(x, y).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
                }, "case \(n): one chunk and many disagree")
                outcomes.columns += 1
            case let (.failure(a as CSVError), .failure(b as CSVError)):
                #expect(a == b, "case \(n): \(a) vs \(b)")
                if case .inconsistentRows = a { Issue.record("case \(n): \(a)") }
                outcomes.errors += 1
            default:
                Issue.record("case \(n): one chunk and many disagree: \(single) vs \(split)")
            }
        }
        print("CSV fuzz: \(CSVFuzzTests.cases) cases, \(outcomes.columns) read, \(outcomes.errors) refused with a CSVError")
    }
}
