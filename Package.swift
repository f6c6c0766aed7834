// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "formgen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "formgen", targets: ["formgen"]),
        .library(name: "FormgenCore", targets: ["FormgenCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
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
            resources: [.copy("layouts"), .copy("partials"), .copy("assets")]
        ),
        .target(
            name: "FormgenCore",
            dependencies: [
                "CCmarkGFM",
                "FormgenTemplates",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .executableTarget(
            name: "formgen",
            dependencies: [
                "FormgenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "FormgenCoreTests",
            dependencies: ["FormgenCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FormgenCLITests",
            dependencies: ["FormgenCore"]
        ),
    ]
)
