/// How a series is drawn: the name of one kind of series (`"type"` in the spec), each defined in its own folder
/// under the chart's `Marks/` (`Marks/Stem/StemKind.swift` declares `SeriesKind.stem`) and listed once in its
/// `MarkRegistry`, which makes it `RawRepresentable` and `CaseIterable`: only the registered names exist.
public struct SeriesKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name in the spec and in messages.
    public let rawValue: String

    /// A kind's name, as its definition declares it.
    package init(named name: String) { rawValue = name }

    public var description: String { rawValue }
}
