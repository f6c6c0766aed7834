// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "formgen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "formgen", targets: ["formgen"]),
        .library(name: "FormgenRuntime", targets: ["FormgenRuntime"]),
        .library(name: "FormgenCore", targets: ["FormgenCore"]),
        .library(name: "FormgenServer", targets: ["FormgenServer"]),
        .library(name: "FormgenCollect", targets: ["FormgenCollect"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/vapor/multipart-kit", exact: "4.7.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", exact: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .target(
            name: "FormgenTemplates",
            path: "templates",
            exclude: ["README.md"],
            sources: ["BuiltinTemplates.swift"],
            resources: [.copy("layouts"), .copy("partials"), .copy("assets"), .copy("i18n"), .copy("starters")]
        ),
        // The Swift twin of the browser runtime (templates/assets/runtime/): the page's spec and everything that judges a
        // submission. Nothing of formgen; MultipartKit only for reading multipart bodies.
        .target(
            name: "FormgenRuntime",
            dependencies: [
                .product(name: "MultipartKit", package: "multipart-kit"),
            ]
        ),
        .target(
            name: "FormgenCore",
            dependencies: [
                "FormgenRuntime",
                "CCmarkGFM",
                "FormgenTemplates",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .target(
            name: "FormgenServer",
            dependencies: [
                "FormgenCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "FormgenCollect",
            dependencies: [
                "FormgenCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "formgen",
            dependencies: [
                "FormgenCore",
                "FormgenServer",
                "FormgenCollect",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // jemalloc (Debian's libjemalloc-dev) is the binary's allocator on Linux, for every library in it: a build's
            // many small allocations on every core cost less processor time than with glibc's (bench/README.md).
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
        ),
        .target(
            name: "FormgenTestSupport",
            path: "Tests/FormgenTestSupport"
        ),
        .testTarget(
            name: "FormgenCoreTests",
            dependencies: ["FormgenCore", "FormgenTestSupport", .product(name: "Mustache", package: "swift-mustache"), .product(name: "Yams", package: "Yams")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FormgenCLITests",
            dependencies: ["FormgenCore", "FormgenTestSupport"]
        ),
        .testTarget(
            name: "FormgenServerTests",
            dependencies: [
                "FormgenServer",
                "FormgenCore",
                "FormgenTemplates",
                "FormgenTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "FormgenCollectTests",
            dependencies: [
                "FormgenCollect",
                "FormgenCore",
                "FormgenTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Fixtures"]
        ),
    ]
)
