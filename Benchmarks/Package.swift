// swift-tools-version:6.1
import PackageDescription

// The benchmarks (ordo-one/benchmark), kept out of the main package, as Fuzz/ is, so that
// neither `swift build` nor `swift test` nor CI builds the benchmark tooling. Run them from this
// folder with `swift package benchmark` (see the README's Benchmarks section). The plugin finds
// a benchmark target by its folder's parent being named `Benchmarks`, which this folder is.
let package = Package(
    name: "WalletBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "wallet", path: ".."),
        // MallocInterposer counts allocations; the package's other default trait (the ARC
        // runtime interposer for Swift 6.3 on Linux) needs a package this machine's list lacks.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // serve-load's SSH client: the same implementation as the server's, a real client.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "WalletBenchmarks",
            dependencies: [
                .product(name: "WalletLibrary", package: "wallet"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "WalletBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // `wallet serve` under load through a real SSH client, on loopback (ServeLoad/main.swift).
        .executableTarget(
            name: "serve-load",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "ServeLoad"
        ),
    ]
)
