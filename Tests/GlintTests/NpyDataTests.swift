import Foundation
import Glint
import GlintData
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// `"data": {"x": {"npy": ...}, "y": {"npy": ...}}`: files numpy itself wrote (`numpy.save`) drawn as the same
/// numbers inline draw, float64 viewed in the mapping without a copy, and every file that is not a column refused
/// with its key.
@Suite struct NpyDataTests {
    /// Writes `arrays` (name → a numpy expression) with numpy.save into `folder`.
    static func save(_ arrays: [String: String], in folder: URL) throws {
        let script = "import numpy as np\n" + arrays.map { "np.save(\(String(reflecting: folder.appendingPathComponent($0.key).path)), \($0.value))" }
            .joined(separator: "\n")
        let run = try ExternalTool.run(try ExternalTool.pythonWithNumpy(), ["-c", script])
        try #require(run.status == 0, "numpy.save: \(run.output)")
    }

    static func render(_ spec: String, in folder: URL) throws -> Image {
        var chart = try ChartSpec.decode(Array(spec.utf8), relativeTo: folder.path)
        chart.scale = 1
        return try Shared.renderer(.cpu).render(chart)
    }

    @Test func numpysFilesDrawWhatTheSameNumbersInlineDraw() throws {
        try ExternalTool.inScratch { folder in
            try NpyDataTests.save(["x.npy": "np.arange(200, dtype='<f8') / 10", "y.npy": "np.sin(np.arange(200) / 10)",
                                   "y32.npy": "np.sin(np.arange(200) / 10).astype('<f4')", "xi.npy": "np.arange(200, dtype='<i8')",
                                   "s.npy": "(np.arange(200) % 5 + 1).astype('u1')",
                                   "t.npy": "np.arange('2024-01-01', 200, dtype='datetime64[D]').astype('datetime64[ns]')"], in: folder)
            let size = #""width": 320, "height": 200"#
            let x = (0..<200).map { Double($0) / 10 }, y = (0..<200).map { sin(Double($0) / 10) }
            let viewed = try NpyDataTests.render(#"{\#(size), "series": [{"data": {"x": {"npy": "x.npy"}, "y": {"npy": "y.npy"}}}]}"#, in: folder)
            let inline = try NpyDataTests.render(#"{\#(size), "series": [{"x": \#(x), "y": \#(y)}]}"#, in: folder)
            #expect(viewed.pixels == inline.pixels)
            // float64 is viewed where the file is mapped: the series' columns are buffers, not arrays.
            let chart = try ChartSpec.decode(Array(#"{"series": [{"data": {"x": {"npy": "x.npy"}, "y": {"npy": "y.npy"}}}]}"#.utf8), relativeTo: folder.path)
            #expect(chart.series[0].x.storageKind == "buffer" && chart.series[0].y.storageKind == "buffer")
            // float32, int64 and uint8 sizes read as their values.
            let y32 = (0..<200).map { Double(Float(sin(Double($0) / 10))) }
            let dots = try NpyDataTests.render(#"{\#(size), "series": [{"type": "dots", "data": {"x": {"npy": "xi.npy"}, "y": {"npy": "y32.npy"}, "size": {"npy": "s.npy"}}}]}"#, in: folder)
            let sizes = (0..<200).map { Double($0 % 5 + 1) }
            let dotsInline = try NpyDataTests.render(#"{\#(size), "series": [{"type": "dots", "x": \#((0..<200).map(Double.init)), "y": \#(y32), "size": \#(sizes)}]}"#, in: folder)
            #expect(dots.pixels == dotsInline.pixels)
            // datetime64 on a time axis: epoch milliseconds.
            let days = (0..<200).map { 1_704_067_200_000 + Double($0) * 86_400_000 }
            let dated = try NpyDataTests.render(#"{\#(size), "x": {"type": "time"}, "series": [{"data": {"x": {"npy": "t.npy"}, "y": {"npy": "y.npy"}}}]}"#, in: folder)
            let datedInline = try NpyDataTests.render(#"{\#(size), "x": {"type": "time"}, "series": [{"x": \#(days), "y": \#(y)}]}"#, in: folder)
            #expect(dated.pixels == datedInline.pixels)
        }
    }

    @Test func filesThatAreNotAColumnAreRefusedWithTheirKey() throws {
        try ExternalTool.inScratch { folder in
            try NpyDataTests.save(["m.npy": "np.zeros((3, 3))", "b.npy": "np.arange(4, dtype='>f8')", "c.npy": "np.zeros(3, dtype=complex)",
                                   "y.npy": "np.arange(4.0)", "y5.npy": "np.arange(5.0)", "t.npy": "np.arange(4).astype('datetime64[ms]')",
                                   "col.npy": "np.arange(4.0).reshape(4, 1)"], in: folder)
            let cut = try Data(contentsOf: folder.appendingPathComponent("y.npy")).dropLast(9)
            try cut.write(to: folder.appendingPathComponent("cut.npy"))
            try Data("x,y\n1,2\n".utf8).write(to: folder.appendingPathComponent("not.npy"))
            func problem(_ data: String) -> String {
                do {
                    _ = try ChartSpec.decode(Array(#"{"series": [{"data": \#(data)}]}"#.utf8), relativeTo: folder.path)
                    return "accepted"
                } catch { return "\(error)" }
            }
            let cases: [(String, String)] = [
                (#"{"y": {"npy": "m.npy"}}"#, "series[0].data.y.npy: m.npy: the array's shape is (3, 3); a column is one-dimensional"),
                (#"{"y": {"npy": "b.npy"}}"#, "arrays of '>f8' cannot be read"),
                (#"{"y": {"npy": "c.npy"}}"#, "arrays of '<c16' cannot be read"),
                (#"{"y": {"npy": "cut.npy"}}"#, "cut.npy: the .npy file holds 23 bytes of values; its shape needs 4 × 8"),
                (#"{"y": {"npy": "not.npy"}}"#, "not a .npy file"),
                (#"{"y": {"npy": "none.npy"}}"#, "series[0].data.y.npy: none.npy: binary file not found"),
                (#"{"x": {"npy": "y.npy"}, "y": {"npy": "y5.npy"}}"#, "series[0].data: the .npy files hold different numbers of values (x 4, y 5)"),
                (#"{"x": {"npy": "t.npy"}, "y": {"npy": "y.npy"}}"#, "t.npy holds datetimes, which only a time x axis takes"),
                (#"{"y": {"npy": "y.npy"}, "labels": "a"}"#, "series[0].data.labels: .npy columns are named by x, y, size, value and category only"),
                (#"{"x": {"npy": "y.npy"}}"#, "series[0].data.y: missing; name the .npy file of y values"),
                (#"{"y": {"file": "y.npy"}}"#, "series[0].data.y.file: unknown key"),
            ]
            for (data, expected) in cases {
                #expect(problem(data).contains(expected), "\(data): \(problem(data))")
            }
            #expect(problem(#"{"y": {"npy": "col.npy"}}"#) == "accepted", "an (n, 1) array is a column")
            // A server that reads no files refuses the path before opening anything.
            #expect(throws: GlintError.self) {
                try ChartSpec.decode(Array(#"{"series": [{"data": {"y": {"npy": "y.npy"}}}]}"#.utf8), files: .none)
            }
        }
    }

    /// Format versions 2 and 3 carry a four-byte header length.
    @Test func version2HeadersAreRead() throws {
        let text = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }\n"
        let length = UInt32(text.utf8.count)
        let bytes: [UInt8] = [0x93] + Array("NUMPY".utf8) + [2, 0] + withUnsafeBytes(of: length.littleEndian, Array.init) + Array(text.utf8)
            + withUnsafeBytes(of: Float(1.5).bitPattern.littleEndian, Array.init) + withUnsafeBytes(of: Float(-2).bitPattern.littleEndian, Array.init)
        let header = try bytes.withUnsafeBytes { try NpyHeader($0) }
        #expect(header.type == .float32 && header.count == 2 && header.dataOffset == 12 + text.utf8.count)
    }
}

/// `"data": {"npz": "t.npz", "x": ..., "y": ...}`: a table numpy.savez wrote, its arrays columns by name, its text
/// arrays categories; archives Glint does not read refused at `data.npz`, naming the array.
@Suite struct NpzTableTests {
    static func savez(_ script: String, in folder: URL) throws {
        let run = try ExternalTool.run(try ExternalTool.pythonWithNumpy(), ["-c", "import numpy as np, os\nos.chdir(\(String(reflecting: folder.path)))\n" + script])
        try #require(run.status == 0, "numpy: \(run.output)")
    }

    static func error(_ spec: String, in folder: URL) -> String {
        do {
            _ = try ChartSpec.decode(Array(spec.utf8), relativeTo: folder.path)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test func arraysAreColumnsByNameAndTextIsCategories() throws {
        try ExternalTool.inScratch { folder in
            try NpzTableTests.savez("np.savez('t.npz', t=np.arange(5.0), v=np.arange(5.0) ** 2, g=np.array(['b', 'a', 'b', '', 'a']))", in: folder)
            let chart = try ChartSpec.decode(Array(#"{"x": {"categories": ["a", "b"]}, "series": [{"type": "bars", "data": {"npz": "t.npz", "x": "g", "y": "v"}}, {"data": {"npz": "t.npz", "y": "t"}}]}"#.utf8),
                                             relativeTo: folder.path)
            #expect(chart.series[1].y.doubles == [0, 1, 2, 3, 4])
            // "b" is category 1, "a" 0; the empty text is a gap.
            #expect(Array(chart.series[0].x.doubles.prefix(3)) == [1, 0, 1] && chart.series[0].x[3].isNaN)
        }
    }

    @Test func archivesThatAreNotTablesAreRefusedAtTheirKey() throws {
        try ExternalTool.inScratch { folder in
            try NpzTableTests.savez("""
                np.savez_compressed('c.npz', y=np.arange(3.0))
                np.savez('m.npz', y=np.ones((3, 3)))
                np.savez('e.npz')
                np.save('y.npy', np.arange(3.0))
                open('junk.npz', 'w').write('not a zip')
                """, in: folder)
            let spec = { (data: String) in #"{"series": [{"data": {\#(data)}}]}"# }
            #expect(NpzTableTests.error(spec(#""npz": "c.npz", "y": "y""#), in: folder)
                    .hasPrefix(#"series[0].data.npz: c.npz: the array "y" is compressed (numpy.savez_compressed); save the table with numpy.savez"#))
            #expect(NpzTableTests.error(spec(#""npz": "m.npz", "y": "y""#), in: folder)
                    == #"series[0].data.npz: m.npz, array "y": the array's shape is (3, 3); a column is one-dimensional"#)
            #expect(NpzTableTests.error(spec(#""npz": "e.npz", "y": "y""#), in: folder).hasPrefix("series[0].data.npz: e.npz holds no arrays"))
            #expect(NpzTableTests.error(spec(#""npz": "junk.npz", "y": "y""#), in: folder)
                    == "series[0].data.npz: junk.npz: not a ZIP archive (numpy.savez writes one)")
            #expect(NpzTableTests.error(spec(#""npz": "y.npy", "y": "y""#), in: folder).contains("not a ZIP archive"))
            #expect(NpzTableTests.error(spec(#""npz": "none.npz", "y": "y""#), in: folder).hasPrefix("series[0].data.npz: none.npz"))
            try NpzTableTests.savez("""
                import zipfile, warnings, io
                warnings.simplefilter('ignore')
                with zipfile.ZipFile('twice.npz', 'w') as z:
                    for _ in range(2):
                        b = io.BytesIO(); np.save(b, np.arange(3.0)); z.writestr('y.npy', b.getvalue())
                """, in: folder)
            #expect(NpzTableTests.error(spec(#""npz": "twice.npz", "y": "y""#), in: folder) == "series[0].data.npz: twice.npz: the member y.npy is listed twice")
            try NpzTableTests.savez("np.savez('t.npz', y=np.arange(3.0))", in: folder)
            #expect(NpzTableTests.error(spec(#""npz": "t.npz", "y": "z""#), in: folder)
                    == #"series[0].data.y: no column named "z" (did you mean "y"?): the columns given are "y""#)
            #expect(NpzTableTests.error(spec(#""npz": "t.npz", "csv": "t.csv", "y": "y""#), in: folder)
                    == "series[0].data.csv: a series reads one table: give either npz or csv, not both")
        }
    }
}

extension NpzTableTests {
    /// Archives with bytes overwritten anywhere — the directory, the ZIP64 records, the headers, the values — are read
    /// or refused with an error, never a trap: 4,000 mutations of a real numpy.savez archive, seeded.
    @Test func brokenArchivesAreRefusedNeverTrapped() throws {
        try ExternalTool.inScratch { folder in
            try NpzTableTests.savez("np.savez('t.npz', t=np.arange(40.0), g=np.array(['ab', 'c'] * 20), i=np.arange(40, dtype='<i4'))", in: folder)
            let original = try [UInt8](Data(contentsOf: folder.appendingPathComponent("t.npz")))
            var random = SeededGenerator(seed: 53)
            var read = 0, refused = 0
            for round in 0..<4_000 {
                var bytes = original
                for _ in 0..<(1 + round % 4) {
                    let at = Int(random.nextBits() % UInt64(bytes.count))
                    // 0xFF runs reach the 0xFFFF/0xFFFFFFFF markers that send the reader to the ZIP64 fields.
                    bytes[at] = round % 3 == 0 ? 0xFF : UInt8(truncatingIfNeeded: random.nextBits())
                }
                let file = folder.appendingPathComponent("m.npz")
                try Data(bytes).write(to: file)
                do {
                    _ = try BinaryColumns(path: file.path, displayPath: "m.npz", specPath: "data.npz").npzColumns(specPath: "data.npz")
                    read += 1
                } catch is GlintError {
                    refused += 1
                }
            }
            #expect(read + refused == 4_000 && refused > 100, "read \(read), refused \(refused)")
        }
    }
}
