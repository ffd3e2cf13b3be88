import Foundation
import Glint
import GlintVector

// What the calling thread's last successful render drew — its painter, size and notices — kept as C text for
// glint_result_painter, glint_result_size and glint_result_notices until the thread's next render call.

private let lastResultKey = "glint.lastResult"

/// One render's facts as C strings, freed when the next render of the thread replaces them.
final class LastResult {
    let width: Int32, height: Int32
    let painter: UnsafeMutablePointer<CChar>
    /// The notices, then a null pointer.
    let notices: UnsafeMutablePointer<UnsafePointer<CChar>?>
    let noticeCount: Int

    init(width: Int, height: Int, painter: String, notices: [String]) {
        (self.width, self.height) = (Int32(clamping: width), Int32(clamping: height))
        self.painter = strdup(painter)!
        noticeCount = notices.count
        self.notices = .allocate(capacity: notices.count + 1)
        for (i, notice) in notices.enumerated() { self.notices[i] = UnsafePointer(strdup(notice)!) }
        self.notices[notices.count] = nil
    }

    deinit {
        free(painter)
        for i in 0..<noticeCount { free(UnsafeMutablePointer(mutating: notices[i])) }
        notices.deallocate()
    }

    /// The calling thread's last result; nil before its first successful render, or after a failed one.
    static var current: LastResult? {
        get { Thread.current.threadDictionary[lastResultKey] as? LastResult }
        set { Thread.current.threadDictionary[lastResultKey] = newValue }
    }

    /// Records `output` as the calling thread's last result.
    static func record(_ output: RenderedOutput) {
        current = LastResult(width: output.width, height: output.height, painter: output.painter, notices: output.notices)
    }

    /// Records `image` as the calling thread's last result.
    static func record(_ image: Image) {
        current = LastResult(width: image.width, height: image.height, painter: image.backend?.rawValue ?? "-", notices: image.notices)
    }
}

private let noPainter: UnsafeMutablePointer<CChar> = strdup("")!
private let noNotices: UnsafeMutablePointer<UnsafePointer<CChar>?> = {
    let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 1)
    list[0] = nil
    return list
}()

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
    let last = LastResult.current
    count?.pointee = last?.noticeCount ?? 0
    return UnsafePointer(last?.notices ?? noNotices)
}

@_cdecl("glint_version")
public func glint_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionText)
}

private let versionText: UnsafeMutablePointer<CChar> = strdup(GlintVersion.string)!
