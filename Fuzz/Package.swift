// swift-tools-version:6.0
import PackageDescription

// The storyboard loader's libFuzzer target, kept out of the main package so that neither
// `swift build` nor `swift test` builds it. Build and run it with ./run (see its header).
let package = Package(
    name: "WalletFuzz",
    dependencies: [.package(name: "wallet", path: "..")],
    targets: [
        .executableTarget(
            name: "StoryboardFuzzer",
            dependencies: [.product(name: "WalletLibrary", package: "wallet")],
            // libFuzzer's main and runtime, here only; ./run instruments every target.
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        ),
    ]
)
