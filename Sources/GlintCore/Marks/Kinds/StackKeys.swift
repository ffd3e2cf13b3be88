extension MarkKeys {
    /// `normalize`: whether a stack (of bars or areas) shows each value as its share of the stack's total; refused
    /// without a `stack` to normalise. False when absent.
    func normalizesStack() throws -> Bool {
        guard let normalize = try bool("normalize") else { return false }
        guard !normalize || has("stack") else {
            throw GlintError.badValue(path: childPath("normalize"), message: "normalizes a stack: give the series a \"stack\" name")
        }
        return normalize
    }
}
