// swift-tools-version: 6.1
import PackageDescription

// `scripts/fuzz` sets TALLY_FUZZING=1 (in its own build folder) to build the parsers and `tally-fuzz`
// with libFuzzer's coverage instrumentation; every other build is unaffected.
let fuzzing = Context.environment["TALLY_FUZZING"] == "1"
let fuzzed: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer"])] : []

// The release `tally` keeps less of itself in memory (docs/benchmarks.md, "Memory"). Linked by the
// toolchain's lld, it exports no symbols (`-static-stdlib` asks for all of them; nothing looks them up),
// places side by side the functions that run at start and for everyday requests and commands
// (`scripts/release-order` finds them with valgrind), and where the C library can read them (glibc 2.36
// or later: Debian 12, Ubuntu 24.04) packs its relative relocations (DT_RELR) instead of 4 MB of RELA.
var releaseLink = [
    "-use-ld=lld", "-Xlinker", "--no-export-dynamic",
    "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/release-order.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
]
#if canImport(Glibc)
    import Glibc
    var glibcName = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    _ = confstr(Int32(_CS_GNU_LIBC_VERSION), &glibcName, glibcName.count)
    let glibc = String(decoding: glibcName.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .split(separator: " ").last?.split(separator: ".").compactMap { Int($0) }
    if let glibc, !glibc.lexicographicallyPrecedes([2, 36]) {
        releaseLink += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
    }
#endif

let package = Package(
    name: "Tally",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tally", targets: ["tally"]),
        .library(name: "TallyCore", targets: ["TallyCore"]),
        .library(name: "TallyStorage", targets: ["TallyStorage"]),
        .library(name: "TallySQLite", targets: ["TallySQLite"]),
        .library(name: "TallyPostgres", targets: ["TallyPostgres"]),
        .library(name: "TallyServices", targets: ["TallyServices"]),
        .library(name: "TallyServer", targets: ["TallyServer"]),
        .library(name: "Recurrence", targets: ["Recurrence"]),
        .library(name: "TallyMCP", targets: ["TallyMCP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        // RFC 5545 recurrence rules, expanded in a time zone. Depends on nothing else in Tally.
        .target(name: "Recurrence", swiftSettings: fuzzed),
        // Pure domain: no I/O, no clock, no machine time zone. Events expand their rules with Recurrence.
        .target(name: "TallyCore", dependencies: ["Recurrence"], swiftSettings: fuzzed),
        // The storage protocols every database implements, and the sync engine they all apply.
        .target(name: "TallyStorage", dependencies: ["TallyCore"]),
        // SQLite through GRDB: the embedded default. Uploaded images are files named by their SHA-256.
        .target(
            name: "TallySQLite",
            dependencies: [
                "TallyCore", "TallyStorage", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // PostgreSQL through PostgresNIO: several server processes over one database. Images live in the database.
        .target(
            name: "TallyPostgres",
            dependencies: [
                "TallyCore", "TallyStorage", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Use cases shared by the server and the CLI: the store plus an injected clock and device.
        // Accounts hash passwords with bcrypt and keep only SHA-256 digests of session ids and tokens.
        // Imports read zips with ZIPFoundation, CSV with CSV.swift and Loop's SQLite backups with GRDB.
        .target(
            name: "TallyServices",
            dependencies: [
                "TallyCore", "TallyStorage", "Recurrence", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"), .product(name: "CSV", package: "CSV.swift"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Notifications that reach people: the scheduler `tally serve` runs, and the channels it sends
        // through (Web Push, ntfy, webhooks), over HTTP with AsyncHTTPClient.
        .target(
            name: "TallyNotify",
            dependencies: [
                "TallyCore", "TallyStorage", "TallyServices",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The Model Context Protocol server (swift-sdk's MCP): the tools and resources an assistant uses,
        // each through the services' drafts, for one person; served on stdio (`tally mcp`) and at `/mcp`.
        .target(
            name: "TallyMCP",
            dependencies: ["TallyCore", "TallyServices", .product(name: "MCP", package: "swift-sdk")]
        ),
        // The HTTP server, JSON API and web app, built by `buildApplication(...)`.
        .target(
            name: "TallyServer",
            dependencies: [
                "TallyCore", "TallyStorage", "TallyServices", "TallyNotify", "TallyMCP", "Recurrence",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources"), .copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The command-line interface as a library, so the executable stays a few lines.
        .target(
            name: "TallyCLI",
            dependencies: [
                "TallyCore", "TallyStorage", "TallySQLite", "TallyPostgres", "TallyServices", "TallyServer",
                "TallyNotify", "TallyMCP", "Recurrence",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "tally",
            dependencies: ["TallyCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: [.unsafeFlags(releaseLink, .when(platforms: [.linux], configuration: .release))]
        ),
        // The parsers of user input that `scripts/fuzz` drives with libFuzzer, and `tally-fuzz`, which
        // is libFuzzer's entry when built with -DFUZZING -sanitize=fuzzer and a replayer otherwise.
        .target(name: "TallyFuzzTargets", dependencies: ["TallyCore", "Recurrence"], swiftSettings: fuzzed),
        .executableTarget(
            name: "tally-fuzz", dependencies: ["TallyFuzzTargets"],
            swiftSettings: fuzzed + (fuzzing ? [.define("FUZZING")] : []),
            linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer"])] : []
        ),

        .testTarget(name: "RecurrenceTests", dependencies: ["Recurrence", "TallyTestSupport"]),
        .testTarget(name: "TallyCoreTests", dependencies: ["TallyCore", "Recurrence", "TallyFuzzTargets"]),
        .testTarget(
            name: "TallyStorageTests",
            dependencies: [
                "TallyCore", "TallyStorage", "TallySQLite", "TallyPostgres", "TallyServices", "TallyNotify",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TallyServerTests",
            dependencies: [
                "TallyCore", "TallyStorage", "TallySQLite", "TallyServices", "TallyServer", "TallyNotify",
                "TallyTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        // What tests of several targets share: an HTTP endpoint on loopback that records what it receives,
        // and the programs tests start (`ChildProcess`, in place of Foundation's `Process`).
        .target(
            name: "TallyTestSupport",
            dependencies: ["TallyCore", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Tests/TallyTestSupport"),
        .testTarget(
            name: "TallyCLITests",
            dependencies: [
                "TallyCore", "TallyTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "MCP", package: "swift-sdk"), .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "CSV", package: "CSV.swift"),
            ]),
        .testTarget(
            name: "TallyNotifyTests",
            dependencies: [
                "TallyCore", "TallyStorage", "TallySQLite", "TallyServices", "TallyNotify", "TallyTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Sync: the store's sync operations and the seeded simulation of replicas over a faulty network.
        .testTarget(
            name: "TallySyncTests", dependencies: ["TallyCore", "TallyStorage", "TallySQLite", "TallyServices"]),
    ],
    swiftLanguageModes: [.v6]
)
