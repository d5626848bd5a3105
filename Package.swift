// swift-tools-version:6.2
import PackageDescription

/// Our targets are optimized in debug builds too, so that `swift test` (debug) runs the app's
/// code as it runs: the random walks, seeded mutants and demos at every size are most of the
/// suite's time, and on the main actor they run one at a time. Optimized, the suite takes a
/// third of the time for a minute more of building (issue 19's closing note has the figures);
/// `swift build -Xswiftc -Onone` builds for a debugger. Dependencies keep SwiftPM's settings.
let optimized: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "wallet",
    // Linux needs no line here. On macOS: 14, the oldest the project promises (issue 20).
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "wallet", targets: ["WalletCLI"]),
        // The workshop over SSH (`wallet serve` starts it): a binary of its own, so that NIOSSH's
        // Foundation is not linked into `wallet` (docs/serving.md).
        .executable(name: "wallet-server", targets: ["WalletServer"]),
        // The app without its command, for Fuzz/, which drives it headlessly from other packages.
        .library(name: "WalletLibrary", targets: ["Wallet", "App", "Views", "Navigation", "Storyboards", "Terminal", "SessionProtocol"]),
        // The SSH server without its command, for Fuzz/, which feeds its door bytes.
        .library(name: "ServingLibrary", targets: ["Serving"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // ncurses, wide-character build, from the system: the only C this project touches.
        .systemLibrary(
            name: "CNcurses",
            // pkg-config is what lets SwiftPM name the apt package when ncursesw is missing. Its
            // flags for ncursesw (-D_XOPEN_SOURCE=600…) are ones SwiftPM drops with a notice;
            // shim.h defines what it needs itself.
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        // Cells, styles, keys and the backend protocol: what a terminal is, with no ncurses in it.
        .target(name: "Terminal", swiftSettings: optimized),
        // The one place ncurses is called. Linux's wide-character build is libncursesw; macOS ships
        // one libncurses with the wide functions in it, and no libncursesw (ncurses' FAQ), so the
        // library is named here, per platform, rather than in CNcurses' module map.
        .target(name: "CursesTerminal", dependencies: ["CNcurses", "Terminal"], swiftSettings: optimized,
                linkerSettings: [.linkedLibrary("ncursesw", .when(platforms: [.linux])), .linkedLibrary("ncurses", .when(platforms: [.macOS]))]),
        // Interface Builder's storyboard format: the XML read within limits, its elements, what a
        // segue's kind is, and the checks that need no class of the app. Knows no controller.
        .target(name: "Storyboards", swiftSettings: optimized),
        // libyaml's parser (YAML 1.1, the reference C implementation), as Yams carries it: Yams
        // itself imports Foundation, which would add 64 MB to the static binary (README: "What the
        // binary links").
        // Its debug information in DWARF 4, as Swift writes it: clang's default DWARF 5 stops
        // valgrind 3.19 ("Possibly corrupted debuginfo file"), and Benchmarks/instructions with it.
        .target(name: "CYaml", exclude: ["LICENSE", "LICENSE-Yams"],
                cSettings: [.define("YAML_DECLARE_STATIC"), .unsafeFlags(["-gdwarf-4"])]),
        // UIKit's view controllers, containers, segues, storyboards and unwinding. Knows no terminal.
        .target(name: "Navigation", dependencies: ["Storyboards"], swiftSettings: optimized),
        // What a storyboard's Swift side does, declared in a behaviours file or flags
        // (`storyboard run --behaviours`): read from YAML and checked, never executed.
        .target(name: "StoryboardBehaviours", dependencies: ["CYaml", "Navigation", "Storyboards"], swiftSettings: optimized),
        // Labels, buttons, tables, navigation bars and alerts drawn into terminal cells, focus and keys.
        .target(name: "Views", dependencies: ["Terminal", "Navigation"], swiftSettings: optimized),
        // The app: its run loop (a key's way to a frame), timers, transitions played between
        // frames, and the workshop inspector composed over the screens.
        .target(name: "App", dependencies: ["Views", "Navigation", "Terminal", "SessionProtocol"], swiftSettings: optimized),
        // The wallet sample: its model, money, controllers and storyboard.
        .target(name: "Wallet", dependencies: ["App", "Views", "Navigation", "Terminal", "WalletAssets"], swiftSettings: optimized),
        // Assets/: the storyboard the app runs and the segue catalog's two, embedded in the binary at
        // build time (no resource bundle, whose Bundle.module accessor would link Foundation).
        // Demos/ holds key scripts and a storyboard for presenters, run from the repository, not embedded.
        .target(
            name: "WalletAssets", path: "Assets",
            exclude: ["Demos", "Exercises", "Main.storyboard", "Catalog.storyboard", "CatalogDetail.storyboard"],
            plugins: ["EmbedStoryboards"]
        ),
        .plugin(name: "EmbedStoryboards", capability: .buildTool(), dependencies: ["EmbedStoryboardsTool"]),
        .executableTarget(name: "EmbedStoryboardsTool", path: "Tools/EmbedStoryboardsTool"),
        // The segue catalog's few classes (a custom container and its segue) and how it starts.
        .target(name: "Catalog", dependencies: ["App", "Views", "Navigation", "Terminal", "WalletAssets"], swiftSettings: optimized),
        // `wallet exercises`: the shipped exercises, their checks run headlessly on the wallet's
        // classes or on stand-ins, the attendee's working folder and its watcher, and the
        // connections `connect` makes (its options are parsed alike from a command line and
        // from the line an attendee types in a served session).
        .target(name: "Exercises", dependencies: ["Wallet", "App", "Views", "Navigation", "Storyboards", "StoryboardBehaviours", "Terminal", "WalletAssets",
                                                 .product(name: "ArgumentParser", package: "swift-argument-parser")],
                swiftSettings: optimized),
        // The `wallet` command.
        .executableTarget(
            name: "WalletCLI",
            dependencies: [
                "Wallet", "Catalog", "App", "Views", "Terminal", "CursesTerminal", "StoryboardBehaviours", "Exercises", "SessionProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release builds on Linux are one static executable: the Swift runtime, ncurses (with
            // its terminfo library) and the C library linked in, so only the pages the app touches
            // are resident, nothing is loaded or relocated at start-up, and the binary needs no
            // Swift or ncurses where it is copied (README: "What the binary links").
            // FoundationEssentials, which the argument parser imports, and what it needs are
            // named, as --static-swift-stdlib would.
            // Debug builds and tests link dynamically, as the test runner does.
            linkerSettings: [.unsafeFlags(["-static-executable", "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization", "-ltinfo"], .when(platforms: [.linux], configuration: .release))]
        ),
        // What `wallet-server` and a session's processes say to each other (issue 43): the room's
        // messages, the shared frame, the counts, the menu's choice, and the descriptor layout of
        // each role's session. Each with its encoder and decoder side by side; plain Swift.
        .target(name: "SessionProtocol", dependencies: ["Terminal"], swiftSettings: optimized),
        // The SSH server (apple/swift-nio-ssh on SwiftNIO) in front of one `wallet` process per
        // session, each on a pseudo-terminal of its own: the door (who may start a login), the
        // sessions, the room and its followers, and the reaper of every session's app.
        .target(
            name: "Serving",
            dependencies: [
                // What the server and the apps say (SessionProtocol), and the locale they run in (Terminal): plain Swift.
                "Terminal", "SessionProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `wallet-server`, which `wallet serve` starts: the command line in front of Serving.
        .executableTarget(
            name: "WalletServer",
            dependencies: [
                "Serving",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the test targets share: a seeded generator, a terminal that checks bounds, and what
        // every walk checks of a frame.
        .target(name: "TestSupport", dependencies: ["Terminal", "Views", "App"], path: "Tests/Support", swiftSettings: optimized),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: optimized),
        .testTarget(name: "SessionProtocolTests", dependencies: ["SessionProtocol", "Terminal", "TestSupport",
                                                                  .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: optimized),
        .testTarget(name: "ServingTests", dependencies: ["Serving", "SessionProtocol", "TestSupport", .product(name: "NIOCore", package: "swift-nio"),
                                                         .product(name: "NIOEmbedded", package: "swift-nio"),
                                                         .product(name: "NIOSSH", package: "swift-nio-ssh"),
                                                         .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "StoryboardsTests", dependencies: ["Storyboards"], exclude: ["XcodeEdits"], swiftSettings: optimized),
        .testTarget(name: "ViewsTests", dependencies: ["Views", "Terminal", "TestSupport"], swiftSettings: optimized),
        .testTarget(name: "AppTests", dependencies: ["App", "Views", "Navigation", "Storyboards", "StoryboardBehaviours", "Terminal", "TestSupport", "WalletAssets",
                                                  "SessionProtocol",
                                                  .product(name: "PropertyBased", package: "swift-property-based")],
                    resources: [.copy("Storyboards")], swiftSettings: optimized),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "Storyboards", "TestSupport"], resources: [.copy("Storyboards")],
                    swiftSettings: optimized),
        .testTarget(
            name: "WalletTests",
            dependencies: [
                "Wallet", "App", "Views", "Navigation", "Storyboards", "Terminal", "TestSupport", "SessionProtocol",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["__Snapshots__"],
            resources: [.copy("Fixtures")],
            swiftSettings: optimized
        ),
        .testTarget(name: "ExercisesTests", dependencies: ["Exercises", "WalletAssets", "TestSupport",
                                                           .product(name: "PropertyBased", package: "swift-property-based"),
                                                           .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["__Snapshots__"], swiftSettings: optimized),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "App", "Views", "Navigation", "Storyboards", "Terminal", "TestSupport"],
                    resources: [.copy("Storyboards")], swiftSettings: optimized),
        // Besides `wallet`, `wallet-server` (WalletServer) for `wallet serve`'s tests, reached through
        // OpenSSH's ssh and through NIOSSH's client, as a hostile client (HostileSSHClient.swift).
        .testTarget(name: "EndToEndTests", dependencies: ["WalletCLI", "Storyboards", "Views", "TestSupport", "PeakMemory", "SessionProtocol",
                                                          .product(name: "NIOCore", package: "swift-nio"),
                                                          .product(name: "NIOPosix", package: "swift-nio"),
                                                          .product(name: "NIOSSH", package: "swift-nio-ssh")], exclude: ["Fixtures"],
                    swiftSettings: optimized),
        // peak-memory COMMAND…: the peak resident memory of a command, for the end-to-end tests
        // that bound the app's (Tests/PeakMemory/main.swift says why it is a process of its own).
        .executableTarget(name: "PeakMemory", path: "Tests/PeakMemory"),
    ]
)
