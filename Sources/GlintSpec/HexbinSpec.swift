import GlintCore

/// A hexbin series' keys beyond its kind's own (`HexbinKind.read`): `color`, a `scale` or continuous `palette` for
/// the hexagons' values (viridis when absent), and its values as a column where the points' are (`data.value`: of
/// its CSV file, `.npy` files, a binary file, or columns handed over with the spec).
extension ChartSpec {
    /// The values of hexbin `o`: inline (`given`, read by its kind), or the column its `data.value` names (viewed
    /// where its points were, or of its CSV `file`); nil for none.
    static func hexbinValues(_ o: SpecObject, given: Column?, sources: CSVSources, file: String?, data: SpecObject?,
                             viewed: ViewedColumns?) throws -> Column? {
        guard let data, data.has("value") else { return given }
        guard given == nil else { throw GlintError.badValue(path: o.childPath("value"), message: "give the values either inline or as data.value, not both") }
        if let values = viewed?.value { return values }
        guard let file, let name = try data.string("value") else {
            throw GlintError.badValue(path: data.childPath("value"), message: "names a column of the series' data.csv; give data.csv")
        }
        return Column(sources.column(name, of: file))
    }
}
