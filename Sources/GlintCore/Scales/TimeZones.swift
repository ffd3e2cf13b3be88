import FoundationEssentials
import Glibc

/// Time zones by IANA name. UTC (and its other names) needs no zone data; every other zone is read from the system's
/// (Debian's tzdata, /usr/share/zoneinfo), which FoundationEssentials reads where Foundation used ICU's copy.
public enum TimeZones {
    /// The names of UTC, which every system has.
    static let utcNames: Set<String> = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Etc/Zulu", "Universal", "Zulu"]

    /// The zone `name` names, or nil when the system knows no such zone.
    public static func named(_ name: String) -> TimeZone? {
        utcNames.contains(name) ? TimeZone(secondsFromGMT: 0) : TimeZone(identifier: name)
    }

    /// Why `name` is no zone, for an error message: a name the system does not know, or a system without zone data.
    public static func unknown(_ name: String) -> String {
        var status = stat()
        let hasZoneData = stat("/usr/share/zoneinfo", &status) == 0
        return "\"\(name)\" is not a known IANA time zone (such as \"UTC\" or \"Europe/Berlin\")"
            + (hasZoneData ? "" : "; this system has no zone data but UTC's (Debian: apt-get install tzdata)")
    }
}
