/// The stored members of a ZIP archive (what `numpy.savez` writes: a `.npy` member per array, uncompressed), found
/// through its central directory, ZIP64 included, so each member's bytes can be viewed where they lie in the mapped
/// file. Compressed members are listed with their method and not read.
struct ZipDirectory {
    /// One member: its name, how it is stored (0 stored, 8 deflated) and where its bytes lie in the archive.
    struct Member {
        let name: String
        let method: UInt16
        let offset: Int, size: Int
    }

    /// The members, in the directory's order.
    let members: [Member]

    /// The directory of the archive in `bytes`; `NpyHeader.Problem` saying what is wrong when it is not a ZIP
    /// archive, or a member lies outside it.
    init(_ bytes: UnsafeRawBufferPointer) throws {
        let end = try ZipDirectory.endRecord(bytes)
        var count = Int(ZipDirectory.read(UInt16.self, bytes, end + 10))
        var offset = Int(ZipDirectory.read(UInt32.self, bytes, end + 16))
        // ZIP64: the counts and offset that do not fit 16 and 32 bits are in the ZIP64 end record, found through its
        // locator just before the end record.
        if (count == 0xFFFF || offset == 0xFFFF_FFFF), end >= 20, ZipDirectory.read(UInt32.self, bytes, end - 20) == 0x0706_4b50 {
            let record = ZipDirectory.offset(ZipDirectory.read(UInt64.self, bytes, end - 12))
            guard record <= bytes.count - 56, ZipDirectory.read(UInt32.self, bytes, record) == 0x0606_4b50 else {
                throw NpyHeader.Problem("the ZIP64 end record lies outside the archive")
            }
            count = ZipDirectory.offset(ZipDirectory.read(UInt64.self, bytes, record + 32))
            offset = ZipDirectory.offset(ZipDirectory.read(UInt64.self, bytes, record + 48))
        }
        var members: [Member] = []
        for _ in 0..<min(count, bytes.count / 46) {
            guard offset <= bytes.count - 46, ZipDirectory.read(UInt32.self, bytes, offset) == 0x0201_4b50 else {
                throw NpyHeader.Problem("its ZIP directory is cut short (\(members.count) of \(count) members)")
            }
            let method = ZipDirectory.read(UInt16.self, bytes, offset + 10)
            var size = Int(ZipDirectory.read(UInt32.self, bytes, offset + 20))
            let nameLength = Int(ZipDirectory.read(UInt16.self, bytes, offset + 28)), extraLength = Int(ZipDirectory.read(UInt16.self, bytes, offset + 30))
            let commentLength = Int(ZipDirectory.read(UInt16.self, bytes, offset + 32))
            var local = Int(ZipDirectory.read(UInt32.self, bytes, offset + 42))
            let nameStart = offset + 46, extraStart = nameStart + nameLength
            guard extraStart <= bytes.count - extraLength else { throw NpyHeader.Problem("a ZIP directory entry runs past the archive") }
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<extraStart]), as: UTF8.self)
            // The ZIP64 extra field holds, in order, the sizes and the offset that are 0xFFFFFFFF above.
            var field = extraStart
            while field + 4 <= extraStart + extraLength {
                let id = ZipDirectory.read(UInt16.self, bytes, field), length = Int(ZipDirectory.read(UInt16.self, bytes, field + 2))
                if id == 0x0001 {
                    var at = field + 4
                    let end = min(field + 4 + length, extraStart + extraLength)
                    if Int(ZipDirectory.read(UInt32.self, bytes, offset + 24)) == 0xFFFF_FFFF, at + 8 <= end { at += 8 }
                    if size == 0xFFFF_FFFF, at + 8 <= end { size = ZipDirectory.offset(ZipDirectory.read(UInt64.self, bytes, at)); at += 8 }
                    if local == 0xFFFF_FFFF, at + 8 <= end { local = ZipDirectory.offset(ZipDirectory.read(UInt64.self, bytes, at)) }
                }
                field += 4 + length
            }
            guard local <= bytes.count - 30, ZipDirectory.read(UInt32.self, bytes, local) == 0x0403_4b50 else {
                throw NpyHeader.Problem("the member \(name.prefix(64)) has no local header where the directory says")
            }
            let start = local + 30 + Int(ZipDirectory.read(UInt16.self, bytes, local + 26)) + Int(ZipDirectory.read(UInt16.self, bytes, local + 28))
            guard start <= bytes.count, size <= bytes.count - start else {
                throw NpyHeader.Problem("the member \(name.prefix(64)) runs past the archive")
            }
            members.append(Member(name: name, method: method, offset: start, size: size))
            offset = extraStart + extraLength + commentLength
        }
        // A member named twice, or bytes two members share, is no archive numpy wrote: refused before anything is
        // read (20,000 entries over one 1 MB member would otherwise convert it 20,000 times).
        var names = Set<String>()
        for member in members where !names.insert(member.name).inserted {
            throw NpyHeader.Problem("the member \(member.name.prefix(64)) is listed twice")
        }
        let byOffset = members.sorted { $0.offset < $1.offset }
        for (a, b) in zip(byOffset, byOffset.dropFirst()) where b.offset < a.offset + a.size {
            throw NpyHeader.Problem("the members \(a.name.prefix(64)) and \(b.name.prefix(64)) share bytes")
        }
        self.members = members
    }

    /// The offset of the end-of-central-directory record: the last of its signature within the 64 KiB comment room
    /// before the end.
    private static func endRecord(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        guard bytes.count >= 22 else { throw NpyHeader.Problem("not a ZIP archive (numpy.savez writes one)") }
        var at = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while at >= lowest {
            if read(UInt32.self, bytes, at) == 0x0605_4b50 { return at }
            at -= 1
        }
        throw NpyHeader.Problem("not a ZIP archive (numpy.savez writes one)")
    }

    /// A 64-bit count or offset as an `Int`; past `Int.max` (no archive is that long) it is `Int.max`, which every
    /// bound check refuses.
    private static func offset(_ value: UInt64) -> Int { Int(exactly: value) ?? .max }

    /// The little-endian integer at `offset` (which the caller keeps inside `bytes`).
    private static func read<T: FixedWidthInteger>(_ type: T.Type, _ bytes: UnsafeRawBufferPointer, _ offset: Int) -> T {
        guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else { return 0 }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
