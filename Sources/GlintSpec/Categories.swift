import GlintCore
/// The categories of a spec's x or y axis: the axis's own `categories` list (fixed order), or the names series give as
/// that axis's values (in order of first appearance; `"categories": true` asks for that with CSV data). A y axis has
/// categories for horizontal bars.
struct Categories {
    /// The axis key, "x" or "y", for messages.
    private let axisName: String
    /// Whether the axis's values are category names.
    private(set) var isActive: Bool
    private var fixed: Bool
    private var list: [String] = []
    /// Each name's slot in `list` (its first, for a fixed list that repeats a name): a lookup per value.
    private var slots: [String: Int] = [:]

    /// The names found, for `Axis.categories`; nil when the axis is numeric.
    var names: [String]? { isActive ? list : nil }

    /// Reads the axis's `categories` key (an array of names, or `true`); `axisName` is "x" or "y".
    init(_ axis: SpecObject?, axisName: String) throws {
        self.axisName = axisName
        let path = axis?.childPath("categories") ?? "\(axisName).categories"
        switch axis?.raw("categories") {
        case nil, .bool(false)?:
            (isActive, fixed) = (false, false)
        case .bool(true)?:
            (isActive, fixed) = (true, false)
        case let .array(items)?:
            let names = try items.enumerated().map { i, item in
                guard case let .string(name) = item else {
                    throw SpecObject.mismatch("\(path)[\(i)]", expected: "a category name", found: item)
                }
                return name
            }
            (isActive, fixed, list) = (true, true, names)
            for (i, name) in names.enumerated() where slots[name] == nil { slots[name] = i }
        case let other?:
            throw SpecObject.mismatch(path, expected: "an array of category names, or true", found: other)
        }
    }

    /// The slot indices of inline values that are names; nil when `value` is not an array whose first value is a
    /// string (numbers are read as usual, and a stray name among them is refused where it stands).
    mutating func indices(of value: JSONValue?, path: String) throws -> [Double]? {
        guard case let .array(items)? = value, case .string? = items.first(where: { $0 != .null }) else {
            return nil
        }
        let names = try items.enumerated().map { i, item -> String? in
            switch item {
            case let .string(name): return name
            case .null: return nil
            default: throw SpecObject.mismatch("\(path)[\(i)]", expected: "a category name (or null for a gap)", found: item)
            }
        }
        return try indices(of: names, path: path)
    }

    /// The slot index of each name (NaN for none), adding new names unless the axis fixed its list.
    mutating func indices(of names: [String?], path: String) throws -> [Double] {
        isActive = true
        return try names.enumerated().map { i, name in
            guard let name else { return .nan }
            if let index = slots[name] { return Double(index) }
            guard !fixed else {
                let listed = BoundedText.line(list.prefix(64).joined(separator: ", ") + (list.count > 64 ? ", … (\(list.count) in all)" : ""))
                throw GlintError.badValue(path: "\(path)[\(i)]", message: "\"\(BoundedText.line(name, limit: 64))\" is not one of \(axisName).categories: \(listed)")
            }
            slots[name] = list.count
            list.append(name)
            return Double(list.count - 1)
        }
    }
}

/// The categories of both axes of a spec.
struct AxisCategories {
    var x: Categories
    var y: Categories
}
