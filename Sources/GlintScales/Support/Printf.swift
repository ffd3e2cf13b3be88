import Glibc

/// C's `printf` rendering of one number — `%g`, `%.3f`, `%.2e`, … — as Foundation's `String(format:)` gave it,
/// without Foundation. Always in the C locale: a host program that set its own (a GTK app's `setlocale(LC_ALL, "")`
/// in a German session) would otherwise get decimal commas in tick labels.
public enum Printf {
    /// The C locale, made once; `uselocale` makes it the calling thread's for the length of one call.
    nonisolated(unsafe) private static let cLocale = newlocale(Int32(1) << LC_NUMERIC, "C", nil)

    /// `value` as `format` (one `double` conversion, with any literal text around it) renders it.
    public static func double(_ format: String, _ value: Double) -> String {
        let previous = uselocale(cLocale)
        defer { uselocale(previous) }
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = Int(withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) })
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        return String(cString: buffer)
    }
}
