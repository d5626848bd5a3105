// swift-tools-version:6.0
import PackageDescription

// The libFuzzer targets (the storyboard loader; wallet serve's door), kept out of the main package
// so that neither `swift build` nor `swift test` builds them. Build and run one with ./run (see its header).
let package = Package(
    name: "WalletFuzz",
    dependencies: [
        .package(name: "wallet", path: ".."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // libFuzzer's driver, started from a SwiftPM executable's own main.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "StoryboardFuzzer",
            dependencies: ["FuzzDriver", .product(name: "WalletLibrary", package: "wallet")],
            // libFuzzer's main and runtime, here only; ./run instruments every target.
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        ),
        // wallet serve's door: the bytes of a connection before it logs in (issue 31).
        .executableTarget(
            name: "SSHDoorFuzzer",
            dependencies: ["FuzzDriver", .product(name: "ServingLibrary", package: "wallet"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio")],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        ),
        // What the server and a session's processes say to each other (issue 43): every decoder.
        .executableTarget(
            name: "SessionProtocolFuzzer",
            dependencies: ["FuzzDriver", .product(name: "WalletLibrary", package: "wallet")],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        ),
    ]
)
