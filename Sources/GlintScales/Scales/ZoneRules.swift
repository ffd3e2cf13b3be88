import FoundationEssentials
import Glibc

/// A time zone's offsets from UTC: read from the system's zone data (a TZif file, RFC 8536, under
/// /usr/share/zoneinfo or `$TZDIR`: Debian's tzdata), or fixed (UTC needs no data). Glint reads zones itself because
/// FoundationEssentials, all Glint loads of Foundation, has no zone data of its own (Foundation took ICU's).
public struct ZoneRules: Sendable, Equatable {
    /// The zone's name, as the spec gives it.
    public let name: String
    /// UTC seconds at which `offsets[i]` takes effect, ascending.
    let transitions: [Int64]
    /// Seconds east of UTC from each transition on.
    let offsets: [Int32]
    /// Seconds east of UTC before the first transition (the file's first local time type).
    let initial: Int32
    /// The rule for instants after the last transition (the file's footer); nil: the last offset stays.
    let rule: PosixZoneRule?

    /// UTC.
    public static let utc = ZoneRules(name: "UTC", transitions: [], offsets: [], initial: 0, rule: nil)

    /// The offset when it never changes (UTC, a zone without transitions whose rule, if any, has no daylight time);
    /// nil for a zone with rules.
    public var fixedOffset: Int? {
        guard transitions.isEmpty else { return nil }
        guard let rule else { return Int(initial) }
        return rule.daylight == nil ? rule.standard : nil
    }

    /// Seconds east of UTC at the instant `seconds` after the epoch.
    public func offset(atUTC seconds: Int64) -> Int {
        // Without transitions the footer's rule, where there is one, governs every instant (RFC 8536, 3.2).
        guard let first = transitions.first else { return rule?.offset(atUTC: seconds) ?? Int(initial) }
        guard seconds >= first else { return Int(initial) }
        if seconds >= transitions[transitions.count - 1], let rule { return rule.offset(atUTC: seconds) }
        // The last transition at or before `seconds`.
        var (low, high) = (0, transitions.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        return Int(offsets[low])
    }

    /// The UTC instant of the wall time `local` (seconds after the epoch as if the zone were UTC). A wall time that
    /// comes twice (clocks set back) is its first instant; one that never comes (clocks set forward) is read with
    /// the offset before the change, so it lands as far after the change as it lies in the gap — as Foundation's
    /// calendar reads both.
    public func utc(forLocal local: Int64) -> Int64 {
        // Transitions lie days apart: the offsets well before and after `local` are the only candidates.
        let before = Int64(offset(atUTC: local - 2 * 86_400)), after = Int64(offset(atUTC: local + 86_400))
        guard before != after else { return local - before }
        let former = local - before
        if Int64(offset(atUTC: former)) == before { return former }
        let latter = local - after
        return Int64(offset(atUTC: latter)) == after ? latter : former
    }

    /// The zone `name` names: UTC by any of its names, else the system's zone data; nil when there is no such zone
    /// (or no zone data). A zone found is read once; a name not found is looked up again next time (tzdata may
    /// have been installed since), and only names shaped as IANA's (`Area/Location`, letters, digits and `_+-`)
    /// are looked up at all.
    public static func named(_ name: String) -> ZoneRules? {
        if utcNames.contains(name) { return ZoneRules(name: name, transitions: [], offsets: [], initial: 0, rule: nil) }
        guard isZoneName(name) else { return nil }
        cacheLock.lock()
        let known = cache[name]
        cacheLock.unlock()
        if let known { return known }
        guard let rules = read(name) else { return nil }
        cacheLock.lock()
        if cache.count < 1024 { cache[name] = rules }
        cacheLock.unlock()
        return rules
    }

    /// Whether `name` has the shape of an IANA zone name: components of letters, digits and `_+-`, the first a
    /// letter, joined by single slashes (no `.` or `..`, no leading slash).
    static func isZoneName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return name.utf8.count < 128 && !parts.isEmpty && parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
            return part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_+-".unicodeScalars.contains($0)) }
        }
    }

    /// Why `name` is no zone, for an error message: a name the system does not know, or a system without zone data.
    public static func unknown(_ name: String) -> String {
        "\"\(name)\" is not a known IANA time zone (such as \"UTC\" or \"Europe/Berlin\")"
            + (System.isFolder(folder) ? "" : "; this system has no zone data but UTC's (Debian: apt-get install tzdata)")
    }

    /// The names of UTC, which need no zone data.
    static let utcNames: Set<String> = ["UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich", "Universal", "Zulu",
                                        "Etc/UTC", "Etc/UCT", "Etc/GMT", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "Etc/Greenwich",
                                        "Etc/Universal", "Etc/Zulu"]

    /// Where the zone files are.
    static var folder: String {
        if let given = getenv("TZDIR"), let text = String(validatingCString: given), !text.isEmpty { return text }
        return "/usr/share/zoneinfo"
    }

    nonisolated(unsafe) private static var cache: [String: ZoneRules] = [:]
    private static let cacheLock = Lock()

    /// The zone file of `name` (a regular file under 1 MiB in the zone folder), parsed; nil when there is none.
    static func read(_ name: String) -> ZoneRules? {
        let path = folder + "/" + name
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size < 1 << 20,
              let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return TZif.rules(Array(bytes), name: name)
    }
}

/// The TZif format (RFC 8536): a version 1 block of 32-bit times, then (versions 2 and later) a block of 64-bit
/// times and a footer holding a POSIX TZ rule for the instants after the last transition. Files that count leap
/// seconds (`right/…`) are refused: their times are not POSIX times.
enum TZif {
    static func rules(_ b: [UInt8], name: String) -> ZoneRules? {
        func isHeader(_ i: Int) -> Bool { i + 44 <= b.count && b[i] == 0x54 && b[i + 1] == 0x5A && b[i + 2] == 0x69 && b[i + 3] == 0x66 }  // "TZif"
        guard isHeader(0) else { return nil }
        let version = b[4]
        guard var block = Block(b, at: 0, wide: false) else { return nil }
        var end = block.end
        if version >= 0x32 {  // '2': the 64-bit block follows, with its own header
            guard isHeader(block.end), let wide = Block(b, at: block.end, wide: true) else { return nil }
            (block, end) = (wide, wide.end)
        }
        var rule: PosixZoneRule?
        if version >= 0x32 {
            // The footer: a rule between newlines; an empty one (or one this reader cannot read) keeps the last offset.
            guard end < b.count, b[end] == 0x0A, let close = b[(end + 1)...].firstIndex(of: 0x0A) else { return nil }
            if close > end + 1 { rule = PosixZoneRule(String(decoding: b[(end + 1)..<close], as: UTF8.self)) }
        }
        guard !block.offsets.isEmpty, block.leapSeconds == 0 else { return nil }
        let offsets = block.types.map { block.offsets[Int($0)] }
        return ZoneRules(name: name, transitions: block.times, offsets: offsets, initial: block.offsets[0], rule: rule)
    }

    /// One data block: its transitions, their local time types, and the types' offsets.
    struct Block {
        var times: [Int64] = [], types: [UInt8] = [], offsets: [Int32] = []
        var leapSeconds = 0, end = 0

        init?(_ b: [UInt8], at start: Int, wide: Bool) {
            func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
            guard start + 44 <= b.count else { return nil }
            let (isUT, isStd, leaps, count, typeCount, chars) = (u32(start + 20), u32(start + 24), u32(start + 28),
                                                                 u32(start + 32), u32(start + 36), u32(start + 40))
            guard typeCount > 0, typeCount <= 256, count <= 100_000, leaps <= 10_000 else { return nil }
            leapSeconds = leaps
            let timeSize = wide ? 8 : 4
            var i = start + 44
            end = i + count * timeSize + count + typeCount * 6 + chars + leaps * (timeSize + 4) + isStd + isUT
            guard end <= b.count else { return nil }
            for _ in 0..<count {
                if wide {
                    times.append(Int64(bitPattern: UInt64(u32(i)) << 32 | UInt64(u32(i + 4))))
                } else {
                    times.append(Int64(Int32(bitPattern: UInt32(u32(i)))))
                }
                i += timeSize
            }
            for _ in 0..<count {
                guard Int(b[i]) < typeCount else { return nil }
                types.append(b[i])
                i += 1
            }
            for _ in 0..<typeCount {
                offsets.append(Int32(bitPattern: UInt32(u32(i))))
                i += 6
            }
        }
    }
}
