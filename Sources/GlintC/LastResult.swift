import FoundationEssentials
import Glibc
import Glint
import GlintVector

// What the calling thread's last successful render drew — its painter, size, notices and information — kept as C
// text for glint_result_painter, glint_result_size, glint_result_notices and glint_result_information until the
// thread's next render call.

private let lastResult = ThreadLocal<LastResult>()

/// One render's facts as C strings, freed when the next render of the thread replaces them.
final class LastResult {
    let width: Int32, height: Int32
    let painter: UnsafeMutablePointer<CChar>
    let notices: CStringList
    let information: CStringList

    init(width: Int, height: Int, painter: String, notices: [String], information: [String]) {
        (self.width, self.height) = (Int32(clamping: width), Int32(clamping: height))
        self.painter = strdup(painter)!
        self.notices = CStringList(notices)
        self.information = CStringList(information)
    }

    deinit { free(painter) }

    /// The calling thread's last result; nil before its first successful render, or after a failed one.
    static var current: LastResult? {
        get { lastResult.value }
        set { lastResult.value = newValue }
    }

    /// Records `output` as the calling thread's last result.
    static func record(_ output: RenderedOutput) {
        current = LastResult(width: output.width, height: output.height, painter: output.painter, notices: output.notices,
                             information: output.information)
    }

    /// Records `image` as the calling thread's last result.
    static func record(_ image: Image) {
        current = LastResult(width: image.width, height: image.height, painter: image.backend?.rawValue ?? "-", notices: image.notices,
                             information: image.information)
    }
}

/// Lines of text as a C array of UTF-8 strings ending with a null pointer, freed with the list.
final class CStringList {
    let count: Int
    let strings: UnsafeMutablePointer<UnsafePointer<CChar>?>

    init(_ lines: [String]) {
        count = lines.count
        strings = .allocate(capacity: lines.count + 1)
        for (i, line) in lines.enumerated() { strings[i] = UnsafePointer(strdup(line)!) }
        strings[lines.count] = nil
    }

    deinit {
        for i in 0..<count { free(UnsafeMutablePointer(mutating: strings[i])) }
        strings.deallocate()
    }

    /// An empty list, for a thread without a result.
    static let none = CStringList([])
}

private let noPainter: UnsafeMutablePointer<CChar> = strdup("")!

@_cdecl("glint_result_painter")
public func glint_result_painter() -> UnsafePointer<CChar> {
    UnsafePointer(LastResult.current?.painter ?? noPainter)
}

@_cdecl("glint_result_size")
public func glint_result_size(_ width: UnsafeMutablePointer<Int32>?, _ height: UnsafeMutablePointer<Int32>?) -> Int32 {
    guard let width, let height else { return 1 }
    guard let last = LastResult.current else {
        (width.pointee, height.pointee) = (0, 0)
        return 1
    }
    (width.pointee, height.pointee) = (last.width, last.height)
    return 0
}

@_cdecl("glint_result_notices")
public func glint_result_notices(_ count: UnsafeMutablePointer<Int>?) -> UnsafePointer<UnsafePointer<CChar>?> {
    let list = LastResult.current?.notices ?? .none
    count?.pointee = list.count
    return UnsafePointer(list.strings)
}

@_cdecl("glint_result_information")
public func glint_result_information(_ count: UnsafeMutablePointer<Int>?) -> UnsafePointer<UnsafePointer<CChar>?> {
    let list = LastResult.current?.information ?? .none
    count?.pointee = list.count
    return UnsafePointer(list.strings)
}

@_cdecl("glint_version")
public func glint_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionText)
}

private let versionText: UnsafeMutablePointer<CChar> = strdup(GlintVersion.string)!
