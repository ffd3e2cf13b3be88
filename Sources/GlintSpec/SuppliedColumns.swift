import GlintCore

/// Columns handed over with a spec instead of written into it — numpy arrays from Python, C arrays through
/// `glint_render`, the parts of a `multipart/form-data` request to `glint serve` — named as the spec's `data`
/// objects refer to them (`"data": {"x": "t", "y": "price"}`, with no file).
///
/// Numbers are viewed where they lie when the caller lends them (`Column(ColumnBuffer)`): contiguous `float64` is
/// read in place, never copied; other numbers are converted to contiguous doubles once, when the spec takes them.
/// Datetimes are held as epoch milliseconds, the unit of a time axis; categories as their names, which become the
/// axis's categories in the dictionary's order.
public struct SuppliedColumns: Sendable {
    /// One column's values.
    public enum Values: Sendable {
        /// Numbers (NaN a gap).
        case numbers(Column)
        /// Instants as milliseconds since 1970-01-01 UTC (NaN a gap); a column of them on x makes the x axis a
        /// time axis unless the spec says otherwise.
        case datetimes(Column)
        /// A category per row: `codes[i]` indexes `names`; a negative code is a gap. A column of them on x (or on
        /// y, for horizontal bars) makes that axis a category axis listing `names` in order.
        case categories(codes: [Int32], names: [String])

        /// A category per name, the categories named in the order they first appear (pandas' factorize); an empty
        /// name is a gap.
        public init<S: Sequence>(categoriesOf names: S) where S.Element: StringProtocol {
            var slots: [String: Int32] = [:], categories: [String] = []
            let codes = names.map { name -> Int32 in
                guard !name.isEmpty else { return -1 }
                if let code = slots[String(name)] { return code }
                slots[String(name)] = Int32(categories.count)
                categories.append(String(name))
                return Int32(categories.count - 1)
            }
            self = .categories(codes: codes, names: categories)
        }

        /// Numbers, or datetimes when `isDatetime` (as `NpyHeader.ValueType.column` reads them).
        public init(_ column: Column, isDatetime: Bool) {
            self = isDatetime ? .datetimes(column) : .numbers(column)
        }

        /// How many rows.
        public var count: Int {
            switch self {
            case let .numbers(column), let .datetimes(column): return column.count
            case let .categories(codes, _): return codes.count
            }
        }
    }

    private var byName: [String: Values] = [:]
    /// The names in the order they were added, for messages.
    public private(set) var names: [String] = []

    /// No columns.
    public init() {}

    /// Adds the column `name`; `GlintError.badValue` at `path` when a column of that name was already given, or
    /// when a category code lies past the names.
    public mutating func add(_ name: String, _ values: Values, path: String) throws {
        guard byName[name] == nil else {
            throw GlintError.badValue(path: path, message: "a second column named \"\(BoundedText.line(name, limit: 64))\"; names must be unique")
        }
        if case let .categories(codes, categoryNames) = values, let bad = codes.firstIndex(where: { Int($0) >= categoryNames.count }) {
            throw GlintError.badValue(path: path, message: "row \(bad): category code \(codes[bad]) is past the \(categoryNames.count) category names")
        }
        byName[name] = values
        names.append(name)
    }

    /// Whether no column was given.
    public var isEmpty: Bool { names.isEmpty }

    /// The column named `name`, if given.
    public subscript(name: String) -> Values? { byName[name] }

    /// The column `name` that the spec path `path` refers to; `GlintError.badValue` there when none was given.
    func values(_ name: String, path: String) throws -> Values {
        guard let values = byName[name] else {
            guard !names.isEmpty else {
                throw GlintError.badValue(path: path, message: "no column named \"\(BoundedText.line(name, limit: 64))\": no columns were given with "
                                          + "the spec (name a CSV file with data.csv to read one from a file)")
            }
            throw SuppliedColumns.missing(name, among: names, path: path, listed: "the columns given are")
        }
        return values
    }

    /// The error for a key at `path` naming the column `name`, which is not among `names`: the nearest name (a typo
    /// in a DataFrame's column name is the usual cause), then the names, after `listed` ("the columns given are").
    static func missing(_ name: String, among names: [String], path: String, listed: String) -> GlintError {
        let hint = SpecObject.closest(name, in: names, maxDistance: max(2, name.count / 3)).map { " (did you mean \"\($0)\"?)" } ?? ""
        let list = names.prefix(20).map { "\"\(BoundedText.line($0, limit: 64))\"" }.joined(separator: ", ") + (names.count > 20 ? ", …" : "")
        return GlintError.badValue(path: path, message: "no column named \"\(BoundedText.line(name, limit: 64))\"\(hint): \(listed) \(list)")
    }

    /// The column `name` (at `path`) as numbers: numbers as given, datetimes as epoch milliseconds; categories are
    /// refused (`what` names what the key wants: "error bars", "colour values").
    func numbers(_ name: String, path: String, what: String) throws -> Column {
        switch try values(name, path: path) {
        case let .numbers(column), let .datetimes(column): return column.isContiguousDoubles ? column : Column(column.doubles)
        case .categories:
            throw GlintError.badValue(path: path, message: "\"\(BoundedText.line(name, limit: 64))\" holds categories; \(what) are numbers")
        }
    }

    /// The column `name` (at `path`) as a name per row: categories by their names, numbers written as whole numbers
    /// where they are ("3", as a CSV cell would read), NaN and a negative code none; datetimes are refused.
    func texts(_ name: String, path: String) throws -> [String?] {
        switch try values(name, path: path) {
        case let .categories(codes, names): return codes.map { $0 < 0 ? nil : names[Int($0)] }
        case let .numbers(column): return ViewedColumns.categoryNames(column)
        case .datetimes:
            throw GlintError.badValue(path: path, message: "\"\(BoundedText.line(name, limit: 64))\" holds datetimes; a category is a name or a code")
        }
    }

    /// Whether `name` is a column of datetimes.
    func holdsDatetimes(_ name: String) -> Bool {
        if case .datetimes? = byName[name] { return true }
        return false
    }
}
