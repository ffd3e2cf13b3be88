import Synchronization

/// Memory for one paint's arrays (a line's points in pixels and segments by band, the dots' discs and band lists),
/// cut from slabs that are kept from one paint to the next. A chart of many long lines needs a hundred megabytes or
/// more of them each paint, and glibc hands blocks that large back to the system when they are freed: taken afresh,
/// every page of them is faulted in and cleared again on every paint, about a fifth of the draw of 100 lines of 1e5
/// points.
///
/// What an arena hands out is uninitialised and lives until `reset`, which a paint's end calls: it keeps the slabs
/// that paint used and frees the rest, so what is held between paints is what the last one needed. An arena serves
/// one thread at a time; `Pool` lends them out.
package final class ScratchArena: @unchecked Sendable {
    /// Bytes of a slab, unless one request needs more.
    static let slabBytes = 4 << 20
    /// Every block starts on a cache line.
    private static let alignment = 64

    private var slabs: [UnsafeMutableRawBufferPointer] = []
    /// The slab blocks are cut from now, and how many of its bytes are taken (nothing is cut yet when `slab` is
    /// `slabs.count`).
    private var slab = 0, used = 0

    /// Bytes the arena holds now, in all its slabs.
    var heldBytes: Int { slabs.reduce(0) { $0 + $1.count } }

    deinit {
        for slab in slabs { slab.deallocate() }
    }

    /// `count` uninitialised values of `T`, valid until the next `reset`.
    func take<T>(_: T.Type, count: Int) -> UnsafeMutableBufferPointer<T> {
        let count = max(0, count)
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        precondition(!overflow && bytes <= Int.max - ScratchArena.alignment, "scratch of \(count) values")
        let start = block((bytes + ScratchArena.alignment - 1) / ScratchArena.alignment * ScratchArena.alignment)
        return UnsafeMutableBufferPointer(start: start.bindMemory(to: T.self, capacity: count), count: count)
    }

    /// Ends a paint: every block handed out is given up, and the slabs the paint did not reach are freed.
    func reset() {
        let reached = slab < slabs.count && used > 0 ? slab + 1 : slab
        for unused in slabs[reached...] { unused.deallocate() }
        slabs.removeSubrange(reached...)
        (slab, used) = (0, 0)
    }

    /// `bytes` (a multiple of the alignment) from the current slab, or from the next one, which is made (or made
    /// again, larger) where it cannot hold them.
    private func block(_ bytes: Int) -> UnsafeMutableRawPointer {
        if slab < slabs.count, used + bytes <= slabs[slab].count {
            defer { used += bytes }
            return slabs[slab].baseAddress! + used
        }
        let next = slab < slabs.count && used > 0 ? slab + 1 : slab
        let size = max(ScratchArena.slabBytes, bytes)
        if next < slabs.count, slabs[next].count < bytes {
            slabs[next].deallocate()
            slabs[next] = .allocate(byteCount: size, alignment: ScratchArena.alignment)
        } else if next == slabs.count {
            slabs.append(.allocate(byteCount: size, alignment: ScratchArena.alignment))
        }
        (slab, used) = (next, bytes)
        return slabs[slab].baseAddress!
    }

    /// Arenas lent to paints and kept between them: a paint takes one per thread it bins lines on and gives them
    /// back, reset, when its pixels are done. Paints on several threads at once each take their own; no more than
    /// `keep` are kept when they are given back.
    package final class Pool: Sendable {
        /// The most arenas kept between paints.
        let keep: Int
        private let idle = Mutex<[ScratchArena]>([])

        /// A pool that keeps up to `keep` arenas.
        package init(keep: Int) { self.keep = max(1, keep) }

        /// `count` arenas for one paint.
        package func take(_ count: Int) -> [ScratchArena] {
            let reused = idle.withLock { idle in
                let taken = Array(idle.suffix(count))
                idle.removeLast(taken.count)
                return taken
            }
            return reused + (reused.count..<max(0, count)).map { _ in ScratchArena() }
        }

        /// Takes back the arenas a paint took (it no longer reads anything they handed out), reset.
        package func giveBack(_ arenas: [ScratchArena]) {
            for arena in arenas { arena.reset() }
            idle.withLock { idle in idle.append(contentsOf: arenas.prefix(max(0, keep - idle.count))) }
        }
    }
}
