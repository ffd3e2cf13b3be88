/// A long-format table as one series per group (`"split": "symbol"`): the rows of each distinct key, in their
/// order, as a series of their own.
extension Series {
    /// The name of the group of rows whose key is empty (an empty CSV cell, a null).
    public static let blankGroup = "(blank)"

    /// One series per distinct value of `keys` (one key per point), in ascending order of the keys (the blank
    /// group, if any, last): each with the points whose key it is (`gathered(rows:)`), named by its key and with no
    /// colour of its own, so each takes the next palette colour and its own legend entry. Keys beyond the points
    /// are ignored; points beyond the keys are in the blank group.
    public func split(by keys: [String?]) -> [Series] {
        Series.groups(of: keys, count: min(x.count, y.count)).map { group in
            var s = gathered(rows: group.rows)
            (s.name, s.color) = (group.key, nil)
            return s
        }
    }

    /// The rows 0..<count grouped by their key, the groups in ascending order of the keys (the blank group, of empty
    /// and missing keys, last), each group's rows in order.
    public static func groups(of keys: [String?], count: Int) -> [(key: String, rows: [Int])] {
        var groups: [String: [Int]] = [:]
        for i in 0..<count {
            let key = i < keys.count ? keys[i] ?? "" : ""
            groups[key.isEmpty ? Series.blankGroup : key, default: []].append(i)
        }
        let names = groups.keys.filter { $0 != Series.blankGroup }.sorted() + (groups[Series.blankGroup] == nil ? [] : [Series.blankGroup])
        return names.map { ($0, groups[$0] ?? []) }
    }
}
