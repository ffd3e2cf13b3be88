import FoundationEssentials
import Glibc

/// The id of a request: the client's `X-Request-Id` when it is a sane one (1 to 128 characters of letters, digits
/// and `-_.:`), else 16 random hex digits. It is sent back in `X-Request-Id`, named in the log and in a 500's body.
enum RequestID {
    static func of(_ given: String?) -> String {
        if let given, (1...128).contains(given.utf8.count),
           given.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || "-_.:".utf8.contains($0) }) {
            return given
        }
        let hex = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
