// swift-tools-version: 6.1
import PackageDescription

// Benchmarks are their own package so that the tests and CI do not build them.
// Run: swift run -c release --package-path Benchmarks tally-benchmarks
//      swift run -c release --package-path Benchmarks water-benchmark
//      swift run -c release --package-path Benchmarks recurrence-benchmark
//      swift run -c release --package-path Benchmarks skills-benchmark
//      swift run -c release --package-path Benchmarks sync-benchmark
//      swift run -c release --package-path Benchmarks servers-benchmark   (needs PostgreSQL: see its file)
//      swift run -c release --package-path Benchmarks write-benchmark     (needs `swift build -c release`)
//      Benchmarks/write-side-by-side.py OLD-TALLY NEW-TALLY                 (write-benchmark, builds alternating)
//      swift run -c release --package-path Benchmarks streams-benchmark   (needs `swift build -c release`)
//      swift run -c release --package-path Benchmarks notify-benchmark
//      swift run -c release --package-path Benchmarks import-benchmark [--megabytes 1024]
//      swift run -c release --package-path Benchmarks growth-benchmark    (needs `swift build -c release`)
let package = Package(
    name: "TallyBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Tally", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "tally-benchmarks",
            dependencies: [
                .product(name: "TallyCore", package: "Tally"),
                .product(name: "TallyStorage", package: "Tally"),
                .product(name: "TallySQLite", package: "Tally"),
                .product(name: "TallyPostgres", package: "Tally"),
                .product(name: "TallyServices", package: "Tally"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/TallyBenchmarks"
        ),
        // Foundation only: it drives release `tally` binaries, so it builds in seconds.
        .executableTarget(name: "growth-benchmark", path: "Sources/GrowthBenchmark"),
        .executableTarget(
            name: "water-benchmark",
            dependencies: [
                .product(name: "TallyCore", package: "Tally"),
                .product(name: "TallySQLite", package: "Tally"),
                .product(name: "TallyServices", package: "Tally"),
            ],
            path: "Sources/WaterBenchmark"
        ),
        .executableTarget(
            name: "recurrence-benchmark",
            dependencies: [.product(name: "Recurrence", package: "Tally")],
            path: "Sources/RecurrenceBenchmark"
        ),
        .executableTarget(
            name: "skills-benchmark",
            dependencies: [
                .product(name: "TallyCore", package: "Tally"),
                .product(name: "TallySQLite", package: "Tally"),
                .product(name: "TallyServices", package: "Tally"),
            ],
            path: "Sources/SkillsBenchmark"
        ),
        .executableTarget(
            name: "sync-benchmark",
            dependencies: [
                .product(name: "TallyCore", package: "Tally"),
                .product(name: "TallyStorage", package: "Tally"),
                .product(name: "TallySQLite", package: "Tally"),
                .product(name: "TallyPostgres", package: "Tally"),
                .product(name: "TallyServices", package: "Tally"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/SyncBenchmark"
        ),
        .executableTarget(
            name: "notify-benchmark",
            dependencies: [
                .product(name: "TallyCore", package: "Tally"),
                .product(name: "TallySQLite", package: "Tally"),
                .product(name: "TallyServices", package: "Tally"),
            ],
            path: "Sources/NotifyBenchmark"
        ),
        .executableTarget(
            name: "import-benchmark",
            dependencies: [
                .product(name: "TallyCore", package: "Tally"),
                .product(name: "TallySQLite", package: "Tally"),
                .product(name: "TallyServices", package: "Tally"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/ImportBenchmark"
        ),
        .target(name: "HTTPLoad", path: "Sources/HTTPLoad"),
        .target(
            name: "PostgresBench",
            dependencies: [
                "HTTPLoad",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/PostgresBench"
        ),
        .executableTarget(
            name: "write-benchmark",
            dependencies: ["HTTPLoad", "PostgresBench", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Sources/WriteBenchmark"
        ),
        .executableTarget(name: "streams-benchmark", path: "Sources/StreamsBenchmark"),
        .executableTarget(
            name: "servers-benchmark",
            dependencies: [
                "HTTPLoad",
                "PostgresBench",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/ServersBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
