// swift-tools-version:6.0
import PackageDescription

/// Coverage-guided fuzzing of Glint with libFuzzer, as its own package so that a plain `swift build` of Glint
/// never links a target without `main`. Build and run (from this folder):
///
///     swift build -c release --sanitize=fuzzer
///     .build/release/spec-fuzz corpus -max_total_time=60
///
/// `.ci/run` does this for a bounded time; docs/internals.md, "Tests" (its fuzzing paragraph), says more.
let package = Package(
    name: "GlintFuzz",
    dependencies: [.package(name: "Glint", path: "..")],
    targets: [
        // Spec decoding, validation, layout, a small CPU paint and an SVG of the bytes libFuzzer makes.
        .executableTarget(name: "spec-fuzz", dependencies: [.product(name: "Glint", package: "Glint"),
                                                            .product(name: "GlintVector", package: "Glint")], path: "SpecFuzz",
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v5]
)
