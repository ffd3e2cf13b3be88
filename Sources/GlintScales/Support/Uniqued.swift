extension Sequence where Element: Equatable {
    /// The elements in their order, each once (the first of equal ones kept): for the short lists of names that
    /// registries and messages gather, where keeping the order matters more than hashing.
    public func uniqued() -> [Element] {
        reduce(into: []) { kept, element in
            if !kept.contains(element) { kept.append(element) }
        }
    }
}
