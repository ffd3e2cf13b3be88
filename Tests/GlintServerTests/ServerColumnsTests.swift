import Foundation
import Glint
import GlintRenderTestSupport
import GlintServer
import GlintTestSupport
import Testing

/// `POST /render` with `multipart/form-data`: the spec and its columns as `.npy` files, raw little-endian values
/// and category names, against a real `glint serve`; the pixels those of the same arrays handed over in-process, and
/// every malformed body a 400 that says why, never a 500.
@Suite(.serialized) struct ServerColumnsTests {
    static let boundary = "glint-test-boundary-7d1f"

    /// A multipart body of `parts` (name, Content-Type, bytes).
    static func body(_ parts: [(name: String, type: String?, bytes: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"; filename=\"\(part.name)\"\r\n"
            if let type = part.type { head += "Content-Type: \(type)\r\n" }
            out += Array((head + "\r\n").utf8) + part.bytes + Array("\r\n".utf8)
        }
        return out + Array("--\(boundary)--\r\n".utf8)
    }

    /// numpy's `.npy` of little-endian doubles (format 1.0, the header padded to 64 bytes as numpy pads it).
    static func npy(_ values: [Double]) -> [UInt8] {
        var header = "{'descr': '<f8', 'fortran_order': False, 'shape': (\(values.count),), }"
        while (10 + header.utf8.count + 1) % 64 != 0 { header += " " }
        header += "\n"
        let length = UInt16(header.utf8.count)
        return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(length & 0xFF), UInt8(length >> 8)] + Array(header.utf8)
            + values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
    }

    static func raw(_ values: [Double]) -> [UInt8] { values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) } }

    /// The `error` text of a JSON error reply (the whole body when it is not one).
    static func error(_ reply: HTTPReply) -> String {
        let object = try? JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
        return object?["error"] as? String ?? String(decoding: reply.body, as: UTF8.self)
    }

    static func post(_ port: UInt16, _ body: [UInt8], path: String = "/render") -> HTTPReply? {
        HTTPClient.request(port, "POST", path, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    @Test func columnsAsNpyRawAndTextDrawWhatTheSameArraysDrawInProcess() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let x = (0..<2000).map { Double($0) / 100 }
        var y = x.map { sin($0) }
        y[1000] = .nan
        let spec = #"{"width": 320, "height": 200, "x": {"categories": true}, "series": [{"type": "bars", "data": {"x": "fruit", "y": "n"}}]}"#
        let line = #"{"width": 320, "height": 200, "series": [{"data": {"x": "x", "y": "y"}, "width": 2}]}"#
        let reply = try #require(ServerColumnsTests.post(server.port, ServerColumnsTests.body([
            ("spec", "application/json", Array(line.utf8)), ("x", "application/vnd.glint.float64", ServerColumnsTests.raw(x)),
            ("y", nil, ServerColumnsTests.npy(y)),
        ])))
        #expect(reply.status == 200 && reply.header("Content-Type") == "image/png", "\(String(decoding: reply.body, as: UTF8.self))")
        var columns = SuppliedColumns()
        try columns.add("x", .numbers(Column(x)), path: "x")
        try columns.add("y", .numbers(Column(y)), path: "y")
        let expected = try Shared.renderer(.cpu).render(ChartSpec.decode(Array(line.utf8), relativeTo: ".", columns: columns))
        #expect(try Image(pngData: reply.body).pixels == expected.pixels)

        let bars = try #require(ServerColumnsTests.post(server.port, ServerColumnsTests.body([
            ("spec", nil, Array(spec.utf8)), ("fruit", "text/plain", Array("pear\napple\n\nfig\n".utf8)),
            ("n", "application/vnd.glint.float64", ServerColumnsTests.raw([3, 5, 7, 2])),
        ])))
        #expect(bars.status == 200, "\(String(decoding: bars.body, as: UTF8.self))")
        let inline = #"{"width": 320, "height": 200, "series": [{"type": "bars", "x": ["pear", "apple", null, "fig"], "y": [3, 5, 7, 2]}]}"#
        #expect(try Image(pngData: bars.body).pixels == Shared.renderer(.cpu).render(decodeSpec(inline)).pixels)

        // /layout takes the same body.
        let layout = try #require(ServerColumnsTests.post(server.port, ServerColumnsTests.body([
            ("spec", nil, Array(line.utf8)), ("x", "application/vnd.glint.float64", ServerColumnsTests.raw(x)),
            ("y", "application/vnd.glint.float64", ServerColumnsTests.raw(y)),
        ]), path: "/layout"))
        #expect(layout.status == 200 && String(decoding: layout.body, as: UTF8.self).contains("\"plot\""))
    }

    /// Every key that names a column (`ColumnKeyCases`) reads the server's parts — numbers as `.npy` files, the
    /// categories as a text part — and draws what the same values inline draw, pixel for pixel.
    @Test func everyColumnKeyReadsTheParts() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let c = ColumnKeyCases.self
        let numbers: [(String, [Double])] = [("x", c.x), ("y", c.y), ("err", c.err), ("low", c.low), ("high", c.high)]
        let parts = numbers.map { ($0.0, Optional("application/octet-stream"), ServerColumnsTests.npy($0.1)) }
            + [("kind", "text/plain", Array((c.kind.joined(separator: "\n") + "\n").utf8))]
        for key in c.cases {
            let spec = c.spec(key, keys: key.named, data: .some(nil))
            let reply = try #require(ServerColumnsTests.post(server.port, ServerColumnsTests.body([("spec", "application/json", Array(spec.utf8))] + parts)))
            #expect(reply.status == 200, "\(key.name): \(ServerColumnsTests.error(reply))")
            let inline = try Shared.renderer(.cpu).render(decodeSpec(c.spec(key, keys: key.inline, data: nil)))
            #expect(try Image(pngData: reply.body).pixels == inline.pixels, "\(key.name): the parts draw otherwise than inline values")
        }
    }

    /// A density posted as parts — x and y as `.npy`, the categories as a text part — is counted by category as the
    /// same columns are in process.
    @Test func aDensityOfPartsCountsByCategory() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let x = (0..<3000).map { Double($0 % 101) / 10 }, y = (0..<3000).map { Double($0 % 89) / 8.9 }
        let kinds = (0..<3000).map { $0 % 3 == 0 ? "rain" : "sun" }
        let spec = #"{"width": 320, "height": 200, "series": [{"type": "density", "reduce": "count_by", "data": {"x": "x", "y": "y", "category": "kind"}}]}"#
        let reply = try #require(ServerColumnsTests.post(server.port, ServerColumnsTests.body([
            ("spec", "application/json", Array(spec.utf8)), ("x", nil, ServerColumnsTests.npy(x)), ("y", nil, ServerColumnsTests.npy(y)),
            ("kind", "text/plain", Array((kinds.joined(separator: "\n") + "\n").utf8)),
        ])))
        #expect(reply.status == 200 && reply.header("Content-Type") == "image/png", "\(String(decoding: reply.body, as: UTF8.self))")
        let inline = #"{"width": 320, "height": 200, "series": [{"type": "density", "reduce": "count_by", "x": \#(x), "y": \#(y), "category": \#(kinds)}]}"#
        let expected = try Shared.renderer(.cpu).render(decodeSpec(inline))
        #expect(try Image(pngData: reply.body).pixels == expected.pixels)
    }

    /// A text part colours, splits and filters as the same names inline do: the keys that name a column read the
    /// parts as they read a CSV file's columns.
    @Test func textPartsColourSplitAndFilter() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let kinds = ["a", "b", "a", "c", "b", "a"], y: [Double] = [3, 1, 4, 1, 5, 9]
        let keys = #""color": {"column": "kind", "palette": "tableau10"}, "filter": {"column": "kind", "!=": "c"}"#
        let spec = #"{"width": 320, "height": 200, "series": [{"type": "dots", "data": {"y": "y"}, \#(keys)}]}"#
        let reply = try #require(ServerColumnsTests.post(server.port, ServerColumnsTests.body([
            ("spec", "application/json", Array(spec.utf8)), ("y", nil, ServerColumnsTests.npy(y)),
            ("kind", "text/plain", Array((kinds.joined(separator: "\n") + "\n").utf8)),
        ])))
        #expect(reply.status == 200, "\(ServerColumnsTests.error(reply))")
        let kept = kinds.indices.filter { kinds[$0] != "c" }
        let inline = #"{"width": 320, "height": 200, "series": [{"type": "dots", "x": \#(kept.map(Double.init)), "y": \#(kept.map { y[$0] }), "#
            + #""color": {"categories": \#(kept.map { kinds[$0] }), "order": ["a", "b", "c"], "palette": "tableau10"}}]}"#
        #expect(try Image(pngData: reply.body).pixels == Shared.renderer(.cpu).render(decodeSpec(inline)).pixels)
    }

    @Test func malformedBodiesAre400sThatSayWhy() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let spec = Array(#"{"series": [{"data": {"y": "y"}}]}"#.utf8)
        let y = ServerColumnsTests.raw([1, 2, 3])
        let cases: [(body: [UInt8], says: String)] = [
            (ServerColumnsTests.body([("y", "application/vnd.glint.float64", y)]), "no part named \"spec\""),
            (ServerColumnsTests.body([("spec", nil, spec), ("y", "application/octet-stream", y)]), "application/vnd.glint.TYPE"),
            (ServerColumnsTests.body([("spec", nil, spec), ("y", "application/vnd.glint.float64", Array(y.dropLast()))]),
             "23 bytes are not a whole number of 8-byte"),
            (ServerColumnsTests.body([("spec", nil, spec), ("y", nil, Array(ServerColumnsTests.npy([1, 2]).prefix(30)))]), "runs past the file"),
            (ServerColumnsTests.body([("spec", nil, spec), ("y", "application/vnd.glint.float64", y), ("y", "text/plain", [0x61])]),
             "a second column named \"y\""),
            (ServerColumnsTests.body([("spec", nil, spec), ("z", "application/vnd.glint.float64", y)]), "no column named \"y\""),
            (Array(ServerColumnsTests.body([("spec", nil, spec)]).dropLast(20)), "is not closed by a boundary line"),
            (Array("no boundary here".utf8), "no boundary line"),
        ]
        for (body, says) in cases {
            let reply = try #require(ServerColumnsTests.post(server.port, body))
            let text = ServerColumnsTests.error(reply)
            #expect(reply.status == 400 && text.contains(says), "expected 400 saying '\(says)', got \(reply.status): \(text)")
        }
        let noBoundary = try #require(HTTPClient.request(server.port, "POST", "/render", body: spec, contentType: "multipart/form-data"))
        #expect(noBoundary.status == 400 && ServerColumnsTests.error(noBoundary).contains("needs a boundary"))
        let other = try #require(HTTPClient.request(server.port, "POST", "/render", body: spec, contentType: "text/csv"))
        #expect(other.status == 415 && ServerColumnsTests.error(other).contains("multipart/form-data"))
    }

    /// A seeded mutator over a valid body (bytes flipped, cut, repeated, boundaries moved): every answer is 200 or
    /// 400, and the server answers /healthz afterwards.
    @Test func mutatedBodiesNeverTakeTheServerDown() throws {
        let server = try TestServer.start()
        defer { server.shutdown() }
        let valid = ServerColumnsTests.body([
            ("spec", nil, Array(#"{"width": 60, "height": 40, "series": [{"type": "dots", "data": {"x": "x", "y": "y", "size": "s"}}]}"#.utf8)),
            ("x", nil, ServerColumnsTests.npy([0, 1, 2, 3])), ("y", "application/vnd.glint.float64", ServerColumnsTests.raw([1, 5, -3, 0])),
            ("s", "application/vnd.glint.float32", [0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64]),
        ])
        let unmutated = try #require(ServerColumnsTests.post(server.port, valid))
        #expect(unmutated.status == 200, "\(ServerColumnsTests.error(unmutated))")
        var random = SeededGenerator(seed: 26)
        // The high bits: an LCG's low bits repeat with short periods.
        func pick(_ n: Int) -> Int { Int((random.nextBits() >> 33) % UInt64(max(n, 1))) }
        var statuses: [Int: Int] = [:]
        for _ in 0..<300 {
            var body = valid
            for _ in 0..<(1 + pick(4)) {
                guard !body.isEmpty else { break }
                let at = pick(body.count)
                switch pick(4) {
                case 0: body[at] = UInt8(pick(256))
                case 1: body.removeSubrange(at..<min(body.count, at + pick(64)))
                case 2: body.insert(contentsOf: body[at..<min(body.count, at + pick(64))], at: at)
                default: body.insert(contentsOf: Array("\r\n--\(ServerColumnsTests.boundary)\r\n".utf8), at: at)
                }
            }
            let reply = try #require(ServerColumnsTests.post(server.port, body))
            statuses[reply.status, default: 0] += 1
            #expect([200, 400].contains(reply.status), "status \(reply.status): \(String(decoding: reply.body, as: UTF8.self))")
        }
        #expect(HTTPClient.request(server.port, "GET", "/healthz")?.status == 200)
        #expect((statuses[200] ?? 0) > 0 && (statuses[400] ?? 0) > 0, "both outcomes reached: \(statuses)")
    }
}
