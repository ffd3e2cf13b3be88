@testable import GlintCore
import Testing

/// Hexbins against their judge (Tests/References/hexbin_reference.py writes HexbinReference.swift): matplotlib's
/// `hexbin` on the same points — its hexagons' centres exactly and their counts exactly, means and medians to 1e-12.
@Suite struct HexbinTests {
    /// The points the reference script makes, in the same arithmetic.
    static let points: (x: [Double], y: [Double], c: [Double]) = {
        let n = 0..<500
        return (n.map { Double(($0 * 7919) % 1009) / 100 }, n.map { Double(($0 * 104729) % 997) / 50 + ($0 % 3 == 0 ? 5 : 0) },
                n.map { Double(($0 * 31) % 17) - 8 })
    }()

    /// The series binned as `configure` sets it up.
    static func binned(_ configure: (inout HexbinStyle) -> Void, values: Bool = false) -> Series {
        var s = Series.hexbin(x: Column(points.x), y: Column(points.y), values: values ? Column(points.c) : nil)
        configure(&s.hexbin)
        return HexbinKind.prepared(s)
    }

    static func check(_ s: Series, x: [Double], y: [Double], values: [Double], tolerance: Double = 0) {
        #expect(s.x.doubles == x, "centres across")
        #expect(s.y.doubles == y, "centres up")
        let got = s.pointColors?.values ?? []
        #expect(got.count == values.count)
        let worst = zip(got, values).map { abs($0 - $1) / max(abs($1), 1) }.max() ?? 0
        #expect(worst <= tolerance, "\(worst)")
    }

    @Test func countsOverTheDataMatchMatplotlib() {
        Self.check(Self.binned { $0.columns = 10 }, x: HexbinReference.countsX, y: HexbinReference.countsY, values: HexbinReference.countsValues)
    }

    @Test func aGivenExtentAndGridLeaveOutThePointsOutsideAsMatplotlibDoes() {
        let s = Self.binned { ($0.columns, $0.rows, $0.extent) = (8, 5, (2...8, 3...20)) }
        Self.check(s, x: HexbinReference.extentX, y: HexbinReference.extentY, values: HexbinReference.extentValues)
    }

    @Test func meansAndMediansOfValuesMatchMatplotlib() {
        Self.check(Self.binned({ $0.columns = 6 }, values: true), x: HexbinReference.meansX, y: HexbinReference.meansY,
                   values: HexbinReference.meansValues, tolerance: 1e-12)
        let medians = Self.binned({ ($0.columns, $0.reduction, $0.minimumCount) = (7, .median, 2) }, values: true)
        Self.check(medians, x: HexbinReference.mediansX, y: HexbinReference.mediansY, values: HexbinReference.mediansValues, tolerance: 1e-12)
    }

    @Test func aRangeWithoutWidthIsWidenedAsMatplotlibWidensIt() {
        #expect(HexGrid.nonsingular(5, 5) == 4.5...5.5)
        #expect(HexGrid.nonsingular(0, 0) == -0.1...0.1)
        #expect(HexGrid.nonsingular(.nan, 1) == -0.1...0.1)
        #expect(HexGrid.nonsingular(3, 1) == 1...3)
        // Points that are not finite count nowhere; no points draw nothing.
        let s = HexbinKind.prepared(.hexbin(x: Column([1.0, .nan, .infinity]), y: Column([1.0, 2, 3])))
        #expect(s.x.count == 1 && s.pointColors?.values == [1])
        #expect(HexbinKind.prepared(.hexbin(x: Column([Double]()), y: Column([Double]()))).x.isEmpty)
    }
}
