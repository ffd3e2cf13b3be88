/// Deterministic test data: the same numbers on every machine and every run.
public struct SeededGenerator {
    private var state: UInt64

    /// A generator; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits (a PCG-style linear congruential step).
    public mutating func nextBits() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }

    /// A uniform value in [0, 1).
    public mutating func next() -> Double {
        Double(nextBits() >> 11) / Double(1 << 53)
    }

    /// A random walk of `count` steps, each uniform in [-0.5, 0.5).
    public static func walk(_ count: Int, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        var level = 0.0
        return (0..<count).map { _ in
            level += generator.next() - 0.5
            return level
        }
    }
}
