/// A growable array of plain values whose new room can be handed out uninitialised, for several threads to fill at
/// once (an `Array` would initialise it first: for 10^7 dots, a pass over 160 MB for nothing).
final class PlainBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The values as bytes.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count * MemoryLayout<Element>.stride) }

    func append(_ value: Element) {
        reserve(1)[0] = value
    }

    func append(contentsOf values: some Collection<Element>) {
        let room = reserve(values.count)
        _ = room.initialize(from: values)
    }

    /// `n` more values at the end, uninitialised: the caller writes every one before the buffer is read.
    func reserve(_ n: Int) -> UnsafeMutableBufferPointer<Element> {
        if count + n > capacity {
            let grown = max(count + n, capacity * 2)
            let moved = UnsafeMutablePointer<Element>.allocate(capacity: grown)
            moved.moveInitialize(from: base, count: count)
            base.deallocate()
            (base, capacity) = (moved, grown)
        }
        defer { count += n }
        return UnsafeMutableBufferPointer(start: base + count, count: n)
    }
}
