import CRaster
import Glint
import GlintCore
import GlintRenderTestSupport
@testable import GlintRaster
import GlintTestSupport
import Testing

/// The CPU kernels' instruction-set variants draw the same bytes: every golden scene, and random scenes with
/// every cap, join, outline, gap and aliased strokes, rendered with each variant this CPU runs in turn.
@Suite(.serialized) struct KernelVariantTests {
    /// The scenes compared: the goldens, then random scenes, anti-aliased and aliased.
    static var scenes: [(String, Chart)] {
        var scenes = GoldenCharts.cases
        for seed in 1...4 {
            scenes.append(("random \(seed)", GoldenCharts.randomChart(seed: UInt64(seed))))
            var aliased = GoldenCharts.randomChart(seed: UInt64(seed + 10))
            for i in aliased.series.indices { aliased.series[i].line.antialias = false }
            scenes.append(("random aliased \(seed + 10)", aliased))
        }
        return scenes
    }

    @Test func everyVariantDrawsTheSameBytes() throws {
        let best = CPUKernels.variant
        defer { CPUKernels.use(nil) }
        let renderer = try Renderer(options: Renderer.Options(backend: .cpu))
        let runnable = CPUKernels.variants.filter { CPUKernels.runs($0) }
        #expect(runnable.contains("baseline") && runnable.contains(best), "runnable: \(runnable), chosen: \(best)")
        if runnable.count < 2 { print("KernelVariantTests: this CPU runs only \(runnable); nothing to compare against") }
        for (name, chart) in KernelVariantTests.scenes {
            var first: (variant: String, pixels: [UInt8])?
            for variant in runnable {
                #expect(CPUKernels.use(variant) && CPUKernels.variant == variant)
                let pixels = try renderer.render(chart).pixels
                guard let first else {
                    first = (variant, pixels)
                    continue
                }
                let differing = pixels.count == first.pixels.count ? zip(pixels, first.pixels).filter { $0 != $1 }.count : -1
                #expect(differing == 0, "\(name): \(variant) differs from \(first.variant) in \(differing) bytes")
            }
        }
    }

    /// A round-joined, anti-aliased line's segments are drawn a vector's lanes at a time (eight, or sixteen with
    /// AVX-512) where both its ends are round (`capsule_lanes`), and one at a time otherwise. Dense walks of every width whose ends lie outside the plot
    /// (so caps cannot show) draw the same bytes with round and with butt caps, with each variant: windows at band
    /// edges and the plot's edges, wider than the lanes take, and bands whose segments are not consecutive.
    @Test func segmentsDrawnAVectorAtATimeMatchOneAtATime() throws {
        defer { CPUKernels.use(nil) }
        let renderer = try Renderer(options: Renderer.Options(backend: .cpu))
        var generator = SeededGenerator(seed: 27)
        let n = 60_000
        var series: [Series] = []
        for (k, width) in [0.5, 1, 1.5, 2.5, 3.5, 6].enumerated() {
            var level = 0.0
            let steps = [0.02, 0.2, 2, 0.05, 0.5, 0.1][k]
            let y = (0..<n).map { _ in
                level += (generator.next() - 0.5) * steps
                return level
            }
            let x = (0..<n).map { Double($0) - Double(n) * 0.05 }
            var line = Series.line(name: "walk \(k)", x: Column(x), y: Column(y), color: Color(rgb: 0x1F77B4, alpha: 0.7), width: width)
            line.line.join = .round
            series.append(line)
        }
        var chart = Chart(width: 700, height: 300, series: series)
        chart.x.range = 0...Double(n) * 0.9
        chart.y.range = -8...8
        for variant in CPUKernels.variants.filter({ CPUKernels.runs($0) }) {
            #expect(CPUKernels.use(variant))
            for i in chart.series.indices { chart.series[i].line.cap = .round }
            let round = try renderer.render(chart).pixels
            for i in chart.series.indices { chart.series[i].line.cap = .butt }
            let butt = try renderer.render(chart).pixels
            let inked = stride(from: 0, to: round.count, by: 4).filter { round[$0] < 200 }.count
            #expect(inked > 20_000, "\(variant): the walks cover \(inked) pixels")
            let differing = zip(round, butt).filter { $0 != $1 }.count
            #expect(differing == 0, "\(variant): round and butt caps differ in \(differing) bytes")
        }
    }

    /// Dots drawn straight through `raster_dots`, each variant in turn over the same background: radii from a
    /// fifth of a pixel to 30 (windows wider than sixteen lanes), centres past every side of a 37 × 29 image (rows
    /// that end inside a vector), a limit short of every side, bands of 8 rows; fill only, outlined, and each dot
    /// in its own fill. Every variant writes the same bytes, and none outside the limit.
    @Test func dotsAtEveryEdgeMatchInEveryVariant() throws {
        defer { CPUKernels.use(nil) }
        let (width, height) = (37, 29)
        let limit = (x0: 2, x1: 35, y0: 1, y1: 28)
        var generator = SeededGenerator(seed: 41)
        let dots = (0..<300).map { _ in
            raster_disc(x: Float(generator.next() * 57 - 10), y: Float(generator.next() * 49 - 10), r: Float(0.2 + generator.next() * 29.8),
                        fill: UInt32(generator.next() * 0x7F) * 0x0101_0101 | 0x8000_0000)
        }
        let background = (0..<width * height * 4).map { _ in UInt8(generator.next() * 255) }
        let fill = raster_color(r: 0.1, g: 0.3, b: 0.2, a: 0.45), stroke = raster_color(r: 0.5, g: 0.1, b: 0.05, a: 0.6)
        func draw(strokeWidth: Float, perDot: Bool) -> [UInt8] {
            var pixels = background
            pixels.withUnsafeMutableBufferPointer { image in
                for top in stride(from: 0, to: height, by: 8) {
                    let band = raster_band(pixels: image.baseAddress, width: width, top: top, bottom: min(top + 8, height))
                    let window = raster_window(x0: limit.x0, x1: limit.x1, y0: max(top, limit.y0), y1: min(top + 8, limit.y1))
                    dots.withUnsafeBufferPointer { raster_dots(band, window, $0.baseAddress, $0.count, strokeWidth, fill, stroke, perDot) }
                }
            }
            return pixels
        }
        for (strokeWidth, perDot) in [(Float(0), false), (1.5, false), (0, true)] {
            var first: (variant: String, pixels: [UInt8])?
            for variant in CPUKernels.variants.filter({ CPUKernels.runs($0) }) {
                #expect(CPUKernels.use(variant))
                let pixels = draw(strokeWidth: strokeWidth, perDot: perDot)
                var outside = 0, changed = 0
                for y in 0..<height {
                    for x in 0..<width where pixels[(y * width + x) * 4..<(y * width + x + 1) * 4] != background[(y * width + x) * 4..<(y * width + x + 1) * 4] {
                        changed += 1
                        if x < limit.x0 || x >= limit.x1 || y < limit.y0 || y >= limit.y1 { outside += 1 }
                    }
                }
                #expect(outside == 0 && changed > 800, "\(variant), outline \(strokeWidth), own fills \(perDot): \(changed) pixels changed, \(outside) outside the limit")
                guard let first else {
                    first = (variant, pixels)
                    continue
                }
                let differing = zip(pixels, first.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "\(variant) differs from \(first.variant) in \(differing) bytes (outline \(strokeWidth), own fills \(perDot))")
            }
        }
    }

    /// `raster_map_points`, each variant in turn, gives every point the bits `PixelMapping.point` gives it on
    /// linear axes: values and origins at the extremes (±1e308, the largest Double, subnormals, ±0), scales from
    /// 1e-300 to 1e300 (offsets past the ±1e30 clamp, and NaN from ∞ × 0), gaps of NaN and ±infinity in either
    /// coordinate; counts that end inside a vector.
    @Test func pointsMappedInEveryVariantMatchPixelMapping() throws {
        defer { CPUKernels.use(nil) }
        let extremes: [Double] = [0, -0.0, 1, -1, 0.5, 1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                  .leastNonzeroMagnitude, -.leastNormalMagnitude, 1.7e12, -3.25e-7, .nan, .infinity, -.infinity]
        var generator = SeededGenerator(seed: 53)
        let values = extremes + (0..<997).map { _ in
            generator.next() < 0.2 ? extremes[Int(generator.next() * Double(extremes.count))] : (generator.next() - 0.3) * 1e4
        }
        let ys = values.map { _ in generator.next() < 0.1 ? extremes[Int(generator.next() * Double(extremes.count))] : generator.next() * 50 - 7 }
        let transforms = [
            DataTransform(originX: 0, originY: 0, scaleX: 1, scaleY: -1, pixelX: 10.25, pixelY: 300),
            DataTransform(originX: 1e308, originY: -1e308, scaleX: 1e300, scaleY: 1e-300, pixelX: -3, pixelY: 1e7),
            DataTransform(originX: 1.7e12, originY: 0.5, scaleX: 2.5e-9, scaleY: -3.7, pixelX: 64.5, pixelY: 0.125),
            DataTransform(originX: -.greatestFiniteMagnitude, originY: 1, scaleX: 0, scaleY: 1e-30, pixelX: 0, pixelY: -1),
        ]
        for transform in transforms {
            let mapping = PixelMapping(transform)
            #expect(mapping.isLinear)
            let expected = zip(values, ys).map { mapping.point($0, $1) ?? (PixelGap.marker, PixelGap.marker) }
            for variant in CPUKernels.variants.filter({ CPUKernels.runs($0) }) {
                #expect(CPUKernels.use(variant))
                for count in [values.count, 13, 0] {
                    var xs = [Float](repeating: 7, count: values.count + 1), mapped = xs
                    values.withUnsafeBufferPointer { x in
                        ys.withUnsafeBufferPointer { y in
                            raster_map_points(x.baseAddress, y.baseAddress, count, raster_linear_map(mapping), PixelGap.marker,
                                              &xs, &mapped)
                        }
                    }
                    let wrong = (0..<count).filter {
                        xs[$0].bitPattern != expected[$0].x.bitPattern || mapped[$0].bitPattern != expected[$0].y.bitPattern
                    }
                    #expect(wrong.isEmpty, "\(variant), \(transform): \(wrong.count) of \(count) differ, first \(wrong.first ?? -1)")
                    #expect(xs[count...].allSatisfy { $0 == 7 } && mapped[count...].allSatisfy { $0 == 7 }, "nothing past \(count)")
                }
            }
        }
    }

    /// `raster_bin_dots`, each variant in turn, finds for every dot the disc `DotRaster.binned` finds and the bands
    /// `DotBins` puts it in: positions and sizes at the extremes (±1e308, subnormals, NaN, ±infinity, sizes
    /// outside the size range), linear and area radii, a size range of one value, rows above and below every
    /// band, bands of 32 and of 24 rows (a shift and a division); without sizes too, and with each dot's own colour
    /// (gaps in the colour values, and fewer values than dots).
    @Test func dotsBinnedInEveryVariantMatchTheSwiftBinning() throws {
        defer { CPUKernels.use(nil) }
        let extremes: [Double] = [0, -0.0, 1e308, -1e308, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .nan, .infinity,
                                  -.infinity, -40, 3.5, 1e-300]
        var generator = SeededGenerator(seed: 59)
        func values(_ count: Int, _ spread: Double, _ shift: Double) -> [Double] {
            (0..<count).map { _ in
                generator.next() < 0.15 ? extremes[Int(generator.next() * Double(extremes.count))] : generator.next() * spread - shift
            }
        }
        let n = 2003
        let (x, y, size) = (values(n, 900, 50), values(n, 700, 60), values(n, 500, 100))
        let shapes = [
            (DotShape(x: Column(x), y: Column(y), size: Column(size), transform: DataTransform(originX: 0, originY: 0, scaleX: 1,
             scaleY: -1, pixelX: 3, pixelY: 600), radius: 1...8, sizeRange: 0...300, fill: .black), "linear radii"),
            (DotShape(x: Column(x), y: Column(y), size: Column(size), transform: DataTransform(originX: 5, originY: -1e308, scaleX: 0.5,
             scaleY: 1e-306, pixelX: 0, pixelY: 10), radius: 0.5...30, sizeRange: -50...1e300, fill: .black), "wide ranges"),
            (DotShape(x: Column(x), y: Column(y), size: nil, transform: DataTransform(originX: 0, originY: 0, scaleX: 1, scaleY: 1,
             pixelX: 0, pixelY: 0), radius: 2...6, sizeRange: 0...1, fill: .black), "no sizes"),
            (DotShape(x: Column(x), y: Column(y), size: Column(size), transform: DataTransform(originX: 0, originY: 0, scaleX: 2,
             scaleY: 1, pixelX: 0, pixelY: 0), radius: 3...3, sizeRange: 7...7, fill: .black), "one size, one radius"),
        ]
        let areas = shapes.map { shape, name in
            var area = shape
            area.radiusScale = .area
            return (area, name + ", area")
        }
        // Each dot in its own colour: values through a viridis table, gaps among them (NaN) and past their end.
        var coloured = shapes[0].0
        let colourValues = values(n - 40, 10, 0)
        coloured.colors = (colourValues, ColorLookup(ColorScale(palette: .viridis, range: 0...10)))
        for (shape, name) in shapes + areas + [(coloured, "own colours")] {
            let geometry = DotRaster.Geometry(shape)
            #expect(geometry.binsInKernel(count: n))
            for (bandHeight, bands) in [(32, 20), (24, 27)] {
                let expected = (0..<n).map { i -> (disc: raster_disc, first: Int32, last: Int32)? in
                    guard let (disc, top, bottom) = DotRaster.binned(shape, geometry, i) else { return nil }
                    let first = max(0, top / bandHeight), last = min(bands - 1, bottom / bandHeight)
                    return first <= last ? (disc, Int32(first), Int32(last)) : nil
                }
                #expect(expected.compactMap { $0 }.count > n / 2, "\(name): most dots are in a band")
                for variant in CPUKernels.variants.filter({ CPUKernels.runs($0) }) {
                    #expect(CPUKernels.use(variant))
                    var discs = [raster_disc](repeating: raster_disc(), count: n)
                    var spans = [raster_dot_span](repeating: raster_dot_span(first: -7, last: -7), count: n)
                    geometry.bin(shape, 0, count: n, bandHeight: bandHeight, bands: bands, discs: &discs, spans: &spans)
                    let wrong = (0..<n).filter { i in
                        guard let e = expected[i] else { return spans[i].first <= spans[i].last }
                        let d = discs[i]
                        return spans[i].first != e.first || spans[i].last != e.last || d.x.bitPattern != e.disc.x.bitPattern
                            || d.y.bitPattern != e.disc.y.bitPattern || d.r.bitPattern != e.disc.r.bitPattern || d.fill != e.disc.fill
                    }
                    #expect(wrong.isEmpty, "\(variant), \(name), \(bandHeight)-row bands: \(wrong.count) dots differ, first \(wrong.first ?? -1)")
                }
            }
        }
    }

    @Test func anUnknownOrUnrunnableVariantIsRefusedAndChangesNothing() throws {
        let before = CPUKernels.variant
        #expect(!CPUKernels.runs("sse9") && !CPUKernels.use("sse9") && CPUKernels.variant == before)
        let problem = #expect(throws: GlintError.self) {
            try Renderer(options: .fromEnvironment(["GLINT_CPU_KERNELS": "sse9"], backend: .cpu))
        }
        #expect("\(problem.map { "\($0)" } ?? "")".contains("GLINT_CPU_KERNELS=sse9 is not valid"))
        #expect(CPUKernels.variant == before)
    }
}
