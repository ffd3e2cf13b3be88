import GlintCore

/// Columns read straight from a binary file — numpy's `tofile`, a C array written out, interleaved records — with
/// no parsing and no copy: the file is mapped into memory and each column is a `ColumnBuffer` over it (offset,
/// stride, `float64` or `float32` in the machine's byte order), which keeps the mapping alive for as long as a
/// chart holds the column.
public final class BinaryColumns: @unchecked Sendable {
    /// The name the spec gave the file, for messages.
    public let displayPath: String
    private let mapped: MappedBytes

    /// Maps the file at `path`; `GlintError.badValue` at `specPath` when it cannot be opened or read.
    public init(path: String, displayPath: String, specPath: String) throws {
        self.displayPath = displayPath
        do {
            mapped = try MappedBytes(path: path, displayPath: displayPath)
        } catch let error as CSVError {
            guard case let .unreadable(_, reason) = error else { throw error }
            throw GlintError.badValue(path: specPath, message: "\(displayPath): binary file not found or not readable (\(reason))")
        }
    }

    /// The file's size in bytes.
    public var byteCount: Int { mapped.bytes.count }

    /// How many values of `element`, `stride` bytes apart from byte `offset`, the file holds (0 when not even one).
    public func capacity(offset: Int, stride: Int, element: ColumnBuffer.Element) -> Int {
        guard offset >= 0, stride > 0, offset <= byteCount - element.size else { return 0 }
        return (byteCount - element.size - offset) / stride + 1
    }

    /// `count` values of `element`, `stride` bytes apart from byte `offset`. `GlintError.badValue` at `specPath`
    /// when the stride is smaller than a value or the values do not all lie inside the file.
    public func column(offset: Int, stride: Int, count: Int, element: ColumnBuffer.Element, specPath: String) throws -> Column {
        guard stride >= element.size else {
            throw GlintError.badValue(path: specPath, message: "a stride of \(stride) bytes is smaller than one \(element.rawValue) value (\(element.size) bytes)")
        }
        guard count <= capacity(offset: offset, stride: stride, element: element) else {
            throw GlintError.badValue(path: specPath, message: "\(count) \(element.rawValue) values \(stride) bytes apart from byte \(offset) "
                                      + "do not fit in \(displayPath) (\(byteCount) bytes)")
        }
        guard count > 0, let base = mapped.bytes.baseAddress,
              let buffer = ColumnBuffer(base: UnsafeRawPointer(base) + offset, count: count, stride: stride, element: element, owner: mapped) else {
            return Column([Double]())
        }
        return Column(buffer)
    }

    /// The file read as a numpy `.npz` archive (`numpy.savez`): a column per `.npy` member, named by the member without
    /// its `.npy`, in the archive's order, each read as `npyColumn` reads a file (viewed in place where it is floating
    /// point), or as text (numpy's fixed-width `'<U…'` strings). `GlintError.badValue` at `specPath` for a file that is not such an archive, a compressed member
    /// (`numpy.savez_compressed`), or a member that is not a column Glint reads, naming it.
    public func npzColumns(specPath: String) throws -> [(name: String, values: NpzArray)] {
        let bytes = UnsafeRawBufferPointer(mapped.bytes)
        let directory: ZipDirectory
        do {
            directory = try ZipDirectory(bytes)
        } catch let problem as NpyHeader.Problem {
            throw GlintError.badValue(path: specPath, message: "\(displayPath): \(problem)")
        }
        return try directory.members.filter { $0.name.hasSuffix(".npy") }.map { member in
            let name = String(member.name.dropLast(4))
            guard member.method == 0 else {
                throw GlintError.badValue(path: specPath, message: "\(displayPath): the array \"\(BoundedText.line(name, limit: 64))\" is compressed "
                                          + "(numpy.savez_compressed); save the table with numpy.savez, which stores its arrays uncompressed")
            }
            let member = UnsafeRawBufferPointer(rebasing: bytes[member.offset..<(member.offset + member.size)])
            do {
                return (name, try array(member))
            } catch let problem as NpyHeader.Problem {
                throw GlintError.badValue(path: specPath, message: "\(displayPath), array \"\(BoundedText.line(name, limit: 64))\": \(problem)")
            }
        }
    }

    /// The file read as a numpy `.npy` array of numbers or text, as `npzColumns` reads each member.
    /// `GlintError.badValue` at `specPath` for a file that is not a one-dimensional `.npy` array of a type Glint reads.
    public func npyArray(specPath: String) throws -> NpzArray {
        do {
            return try array(UnsafeRawBufferPointer(mapped.bytes))
        } catch let problem as NpyHeader.Problem {
            throw GlintError.badValue(path: specPath, message: "\(displayPath): \(problem)")
        }
    }

    /// The `.npy` array in `bytes` (a part of the mapping): text as strings, numbers viewed in place where they are
    /// floating point.
    private func array(_ bytes: UnsafeRawBufferPointer) throws -> NpzArray {
        if let texts = try NpyHeader.texts(bytes) { return .texts(texts) }
        let header = try NpyHeader(bytes)
        guard header.count > 0, let base = bytes.baseAddress else { return .numbers(Column([Double]()), isDatetime: header.type.isDatetime) }
        let read = header.type.column(at: base + header.dataOffset, count: header.count, stride: header.type.size, owner: mapped)
        return .numbers(read.column, isDatetime: read.isDatetime)
    }

    /// The file read as a numpy `.npy` array (`NpyHeader`): floating point viewed in place in the mapping, integers
    /// converted to doubles, datetimes to epoch milliseconds (`isDatetime`). `GlintError.badValue` at `specPath`
    /// for a file that is not a one-dimensional `.npy` array of a type Glint reads.
    public func npyColumn(specPath: String) throws -> (column: Column, isDatetime: Bool) {
        let header: NpyHeader
        do {
            header = try NpyHeader(UnsafeRawBufferPointer(mapped.bytes))
        } catch let problem as NpyHeader.Problem {
            throw GlintError.badValue(path: specPath, message: "\(displayPath): \(problem)")
        }
        guard header.count > 0, let base = mapped.bytes.baseAddress else { return (Column([Double]()), header.type.isDatetime) }
        return header.type.column(at: UnsafeRawPointer(base) + header.dataOffset, count: header.count, stride: header.type.size, owner: mapped)
    }
}

/// One array of a `.npz` archive, as `BinaryColumns.npzColumns` reads it.
public enum NpzArray {
    /// Numbers (viewed in place, or converted once), or datetimes as epoch milliseconds.
    case numbers(Column, isDatetime: Bool)
    /// A string per value (numpy's fixed-width text).
    case texts([String])
}
