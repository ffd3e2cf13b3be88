import Dispatch
import Foundation
import Glint
import GlintCore
@testable import GlintRaster
import Testing

/// The CPU painter's scratch for lines' and dots' arrays (`ScratchArena`): blocks aligned and apart, what a paint
/// used kept for the next, what it did not reach freed; and a renderer whose painter reuses it draws what a fresh one
/// draws, paint after paint and on several threads at once.
@Suite struct ScratchArenaTests {
    @Test func blocksAreAlignedApartAndHoldTheirValues() {
        let arena = ScratchArena()
        let sizes = [1, 0, 1000, 3, 300_000, 7, 1_200_000, 65]
        let blocks = sizes.map { arena.take(Int32.self, count: $0) }
        for (k, block) in blocks.enumerated() {
            #expect(block.count == sizes[k])
            if let base = block.baseAddress { #expect(Int(bitPattern: base) % 64 == 0, "block \(k) on a cache line") }
            for i in block.indices { block[i] = Int32(k * 10_000_000 + i) }
        }
        for (k, block) in blocks.enumerated() {
            #expect(block.indices.allSatisfy { block[$0] == Int32(k * 10_000_000 + $0) }, "block \(k) kept its values")
        }
        // A request past a slab's size gets a slab of its own.
        let large = arena.take(UInt8.self, count: ScratchArena.slabBytes * 3)
        #expect(large.count == ScratchArena.slabBytes * 3 && arena.heldBytes >= ScratchArena.slabBytes * 4)
    }

    @Test func aPoolTakesItsArenasBackReset() {
        let pool = ScratchArena.Pool(keep: 1)
        let arenas = pool.take(1)
        _ = arenas[0].take(UInt8.self, count: ScratchArena.slabBytes * 3 / 4)
        _ = arenas[0].take(UInt8.self, count: ScratchArena.slabBytes * 3 / 4)
        pool.giveBack(arenas)
        #expect(arenas[0].heldBytes == 2 * ScratchArena.slabBytes, "what the paint used is kept")
        let next = pool.take(1)
        #expect(next[0] === arenas[0])
        let block = next[0].take(UInt8.self, count: 10)
        pool.giveBack(next)
        #expect(next[0].heldBytes == ScratchArena.slabBytes, "a smaller paint: the slab it did not reach is freed")
        #expect(pool.take(1)[0].take(UInt8.self, count: 10).baseAddress == block.baseAddress, "rewound: the same block again")
    }

    @Test func aPaintKeepsWhatTheLastOneUsedAndFreesTheRest() {
        let arena = ScratchArena(), slab = ScratchArena.slabBytes
        let big = (0..<3).map { _ in arena.take(UInt8.self, count: slab * 3 / 4) }  // one slab each
        #expect(arena.heldBytes == 3 * slab)
        arena.reset()
        // The next paint reuses the first slab, at the same address.
        let again = arena.take(UInt8.self, count: slab * 3 / 4)
        #expect(again.baseAddress == big[0].baseAddress && arena.heldBytes == 3 * slab)
        arena.reset()  // the last paint reached one slab: the other two go
        #expect(arena.heldBytes == slab)
        arena.reset()  // it reached none
        #expect(arena.heldBytes == 0)
        // A slab too small for a request is made again, larger.
        _ = arena.take(UInt8.self, count: 10)
        arena.reset()
        let larger = arena.take(UInt8.self, count: slab * 2)
        #expect(larger.count == slab * 2 && arena.heldBytes == slab * 2)
    }

    @Test func aPoolLendsEachPaintItsOwnArenasAndKeepsSome() {
        let pool = ScratchArena.Pool(keep: 2)
        let first = pool.take(3)
        let ids = Set(first.map(ObjectIdentifier.init))
        #expect(ids.count == 3, "three arenas, none shared")
        pool.giveBack(first)
        let second = pool.take(3)
        #expect(Set(second.map(ObjectIdentifier.init)).intersection(ids).count == 2, "two kept, one new")
        // A paint that starts while that one holds its arenas gets others.
        let third = pool.take(2)
        #expect(Set(third.map(ObjectIdentifier.init)).isDisjoint(with: second.map(ObjectIdentifier.init)))
        pool.giveBack(second)
        pool.giveBack(third)
        #expect(Set(pool.take(4).map(ObjectIdentifier.init)).intersection(second.map(ObjectIdentifier.init)).count == 2,
                "no more than two kept")
    }

    /// Many long lines (each line's arrays several slabs), a few short ones, the long ones again, then both on
    /// four threads at once, through one renderer: each image is the one a fresh renderer draws.
    @Test func aRendererReusingItsScratchDrawsWhatAFreshOneDraws() throws {
        func lines(_ count: Int, of n: Int) -> Chart {
            Chart(width: 400, height: 300, series: (0..<count).map { k in
                let rate = 0.001 * Double(k + 1)
                let ys = (0..<n).map { (i: Int) -> Double in sin(Double(i) * rate) * 100 + Double(k) }
                return Series(kind: .line, name: "s\(k)", x: Column((0..<n).map(Double.init)), y: Column(ys))
            })
        }
        let charts = [lines(12, of: 200_000), lines(3, of: 500), lines(12, of: 200_000), lines(5, of: 40_000)]
        let options = Renderer.Options(backend: .cpu)
        let fresh = try charts.map { try Renderer(options: options).render($0).pixels }
        let reused = try Renderer(options: options)
        for (k, chart) in charts.enumerated() {
            #expect(try reused.render(chart).pixels == fresh[k] ? true : false, "chart \(k) in turn")
        }
        let results = UnsafeMutableBufferPointer<[UInt8]?>.allocate(capacity: 8)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 8) { i in results[i] = try? reused.render(charts[i % 4]).pixels }
        for i in 0..<8 { #expect(results[i] == fresh[i % 4] ? true : false, "chart \(i % 4) on thread \(i)") }
    }
}
