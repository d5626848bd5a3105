import Foundation
import Testing
@testable import WalletCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The demos shipped in `Assets/Demos/`, each run headless by the command its own header gives,
/// with a trace: they parse, reach their end without an error alert, and end where their story
/// means to.
@Suite("The shipped demo scripts")
struct DemoScriptTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demos = repository.appendingPathComponent("Assets/Demos")

    /// What a demo's story means: lines its final screen shows (each a set of texts on one
    /// line), texts it does not show, and lines its trace holds how many times. The texts are
    /// the app's own, not names the inspector (opened by F2) shows too.
    struct Story: Sendable, CustomTestStringConvertible {
        let file: String
        let screenLines: [[String]]
        let notOnScreen: [String]
        let traceCounts: [(String, Int)]
        /// Whether the final screen is checked only once the app has step-through (`--step`):
        /// without it, the keys that step through the unwind act on the wallet instead.
        var screenNeedsStepping = false
        var testDescription: String { file }

        /// Checks a run's trace (`events`) and final screen against the story; `context` names
        /// the run in failures.
        func expectEnding(events: [Substring], screen: String, context: String, sourceLocation: SourceLocation = #_sourceLocation) {
            for (line, count) in traceCounts {
                #expect(events.filter { $0.hasPrefix(line) }.count == count, "\(context): \(line)", sourceLocation: sourceLocation)
            }
            for texts in screenLines {
                #expect(screen.lines.contains { line in texts.allSatisfy { line.contains($0) } },
                        "\(context): no line with \(texts) in:\n\(screen)", sourceLocation: sourceLocation)
            }
        }
    }

    static let stories: [Story] = [
        Story(file: "send.keys",
              screenLines: [["€ 5,419.67"], ["Heather Morgan", "-€ 12.34"]],
              notOnScreen: ["Sent to:", "Sending…"],
              traceCounts: [("unwind sendTransaction: from TransactionViewController \"Amount\"", 1),
                            ("destination WalletViewController \"Wallet\"", 1),
                            ("WalletViewController \"Wallet\".sendTransaction(_:)", 1)],
              screenNeedsStepping: true),
        Story(file: "pull-down.keys",
              screenLines: [["€ 5,419.67"], ["Heather Morgan", "-€ 12.34"]],
              notOnScreen: ["Sent to:"],
              traceCounts: [("pull-down dismissed NavigationController (root \"Contacts\"): no unwind ran; cancel: was not called", 1),
                            ("unwind cancel:", 0),
                            ("WalletViewController \"Wallet\".sendTransaction(_:)", 1)]),
        // The sample's 2019 code (the script's need `code as-written`): the row, and the label
        // stale, since the wallet appeared only at launch.
        Story(file: "stale-balance.keys",
              screenLines: [["€ 5,432.01"], ["Heather Morgan", "-€ 12.34"]],
              notOnScreen: ["€ 5,419.67", "Sent to:"],
              traceCounts: [("WalletViewController \"Wallet\".sendTransaction(_:)", 1),
                            ("viewWillAppear WalletViewController \"Wallet\"", 1),
                            ("viewDidAppear WalletViewController \"Wallet\"", 1)]),
        Story(file: "cancel.keys",
              screenLines: [["€ 5,432.01"], ["New Transfer"]],
              notOnScreen: ["Sent to:", "-€"],
              traceCounts: [("unwind cancel: from ContactsViewController \"Contacts\"", 1),
                            ("destination WalletViewController \"Wallet\"", 1),
                            ("WalletViewController \"Wallet\".cancel(_:)", 1)]),
        Story(file: "failure.keys",
              screenLines: [["€ 5,419.67"], ["Heather Morgan", "-€ 12.34"]],
              notOnScreen: ["Sent to:", "Transfer failed"],
              traceCounts: [("unwind sendTransaction: from TransactionViewController \"Amount\"", 1),
                            ("WalletViewController \"Wallet\".sendTransaction(_:)", 1),
                            ("transition: present AlertController \"Transfer failed\"", 1)]),
        Story(file: "abort.keys",
              screenLines: [["Sent to: Heather Morgan"], ["€ 12.34"]],
              notOnScreen: ["Something went wrong", "Saldo"],
              traceCounts: [("unwind sendTransaction: from TransactionViewController \"Amount\" aborted: no controller accepts it", 1),
                            ("transition: present AlertController \"Something went wrong\"", 1)]),
        Story(file: "catalog-push.keys",
              screenLines: [["[2 Push]"], ["Two levels back in one unwind"]],
              notOnScreen: ["Three levels deep"],
              traceCounts: [("unwind unwindToPush: from UIViewController \"Level 3\"", 1),
                            ("destination UIViewController \"Push\"", 1)]),
        Story(file: "catalog-split.keys",
              screenLines: [["[4 Split]"], ["This list implements"], ["U unwinds to unwindToSplit:"]],
              notOnScreen: ["Something went wrong"],
              traceCounts: [("unwind unwindToSplit: from UIViewController \"Another Storyboard\"", 1),
                            ("destination UIViewController \"Split\"", 1)]),
    ]

    /// The arguments of the header's `swift run wallet [catalog] --headless …` line, paths made
    /// absolute.
    static func checkCommand(of script: String) throws -> [String] {
        let prefixes = ["#   swift run wallet --headless", "#   swift run wallet catalog --headless"]
        guard let line = script.split(separator: "\n").first(where: { line in prefixes.contains { line.hasPrefix($0) } }) else {
            throw EndToEndError("no \"\(prefixes[0]) …\" line in the header")
        }
        return line.dropFirst("#   swift run wallet ".count).split(separator: " ").map { word in
            word.hasPrefix("Assets/") ? repository.appendingPathComponent(String(word)).path : String(word)
        }
    }

    @Test("Every script in Assets/Demos has its story here")
    func everyDemoIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.demos.path).filter { $0.hasSuffix(".keys") }
        #expect(Set(files) == Set(Self.stories.map(\.file)))
    }

    @Test("A demo starts with comment lines: what it shows, the command that plays it, the one that checks it; and each part has its narration", arguments: stories)
    func header(story: Story) throws {
        let script = try String(contentsOf: Self.demos.appendingPathComponent(story.file), encoding: .utf8)
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("# \(story.file): ") == true, "\(lines.first ?? "")")
        let header = lines.prefix { $0.hasPrefix("#") }
        #expect(header.contains { $0.hasPrefix("# What it shows: ") })
        #expect(header.contains { $0.hasPrefix("#   swift run wallet ") && $0.contains("--play Assets/Demos/\(story.file)") && !$0.contains("--headless") })
        #expect(header.contains { ($0.hasPrefix("#   swift run wallet --headless ") || $0.hasPrefix("#   swift run wallet catalog --headless "))
            && $0.contains("--play Assets/Demos/\(story.file)") })
        // Every <pause> follows narration: after the header's (which ends with the first part's),
        // a comment line between it and the pause before.
        var narrated = true
        for line in lines.dropFirst(header.count) {
            if line.hasPrefix("# ") { narrated = true }
            if line.contains("<pause>") { #expect(narrated, "a <pause> with no narration before it in \(story.file)"); narrated = false }
        }
    }

    @Test("A demo run headless by its header's command ends on the screen its story means, without an error alert", arguments: stories)
    func runsHeadless(story: Story) async throws {
        let script = try String(contentsOf: Self.demos.appendingPathComponent(story.file), encoding: .utf8)
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-demo-\(UUID().uuidString).trace")
        defer { try? FileManager.default.removeItem(at: trace) }
        let wallet = try WalletBinary.url()
        let result = try await ProcessRunner.run(wallet, try Self.checkCommand(of: script) + ["--trace", trace.path], environment: WalletBinary.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let events = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        // A mistake the engine found would have been an alert ("Something went wrong").
        #expect(!events.contains { $0.hasPrefix("error: ") }, "\(events.filter { $0.hasPrefix("error: ") })")
        if story.file != "abort.keys" {
            #expect(!events.contains { $0.hasSuffix("aborted: no controller accepts it") })
        }
        for (line, count) in story.traceCounts {
            #expect(events.filter { $0.hasPrefix(line) }.count == count, "\(line)")
        }
        let help = try await ProcessRunner.run(wallet, ["--help"], environment: WalletBinary.environment)
        guard !story.screenNeedsStepping || help.standardOutput.contains("--step") else { return }
        let screen = result.standardOutput
        for texts in story.screenLines {
            #expect(screen.lines.contains { line in texts.allSatisfy { line.contains($0) } }, "no line with \(texts) in:\n\(screen)")
        }
        for text in story.notOnScreen {
            #expect(!screen.contains(text), "\"\(text)\" in:\n\(screen)")
        }
    }

    @Test("A demo plays its story whatever the presenter adds: --inspector and --step are set aside as its needs say, with a note",
          arguments: stories)
    func playsWhateverTheFlags(story: Story) async throws {
        let script = try String(contentsOf: Self.demos.appendingPathComponent(story.file), encoding: .utf8)
        let wallet = try WalletBinary.url()
        for flags in [["--inspector"], ["--step"], ["--inspector", "--step"]] {
            let trace = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-demo-\(UUID().uuidString).trace")
            defer { try? FileManager.default.removeItem(at: trace) }
            let result = try await ProcessRunner.run(wallet, try Self.checkCommand(of: script) + flags + ["--trace", trace.path],
                                                     environment: WalletBinary.environment)
            #expect(result.status == 0, "\(flags): \(result.standardError)")
            for flag in flags {
                #expect(result.standardError.contains("\(flag) is set aside"), "\(flags): \(result.standardError)")
            }
            let events = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            story.expectEnding(events: events, screen: result.standardOutput, context: "\(flags)")
        }
    }

    @Test("Without --size a headless demo takes the size its script needs, and without --storyboard the storyboard it needs")
    func scriptSizeAndStoryboard() async throws {
        let wallet = try WalletBinary.url()
        let send = try await ProcessRunner.run(wallet, ["--headless", "--play", Self.demos.appendingPathComponent("send.keys").path],
                                               environment: WalletBinary.environment)
        #expect(send.standardOutput.lines.map(\.count).max() == 120, "\(send.standardOutput)")
        #expect(send.standardError.isEmpty, "\(send.standardError)")
        let abort = try await ProcessRunner.run(wallet, ["--headless", "--play", Self.demos.appendingPathComponent("abort.keys").path],
                                                environment: WalletBinary.environment)
        #expect(abort.standardError.isEmpty, "\(abort.standardError)")
        #expect(abort.standardOutput.contains("Sent to: Heather Morgan"), "played on Main.storyboard:\n\(abort.standardOutput)")
        // Given another storyboard, the script plays on it, and a note names the one it needs.
        let main = Self.repository.appendingPathComponent("Assets/Main.storyboard").path
        let other = try await ProcessRunner.run(wallet, ["--headless", "--storyboard", main, "--play", Self.demos.appendingPathComponent("abort.keys").path],
                                                environment: WalletBinary.environment)
        #expect(other.standardError.contains("abort.keys is written for") && other.standardError.contains("Abort.storyboard; run it with --storyboard"),
                "\(other.standardError)")
    }

    @Test("A script written for the catalog is refused by the wallet, and one for the wallet by the catalog, naming the command that plays it")
    func scriptOnTheWrongApp() async throws {
        let wallet = try WalletBinary.url()
        let push = Self.demos.appendingPathComponent("catalog-push.keys").path
        let onWallet = try await ProcessRunner.run(wallet, ["--headless", "--play", push], environment: WalletBinary.environment)
        #expect(onWallet.status != 0)
        #expect(onWallet.standardError.contains("catalog-push.keys is written for wallet catalog, not wallet: run it with wallet catalog --play \(push)"),
                "\(onWallet.standardError)")
        let send = Self.demos.appendingPathComponent("send.keys").path
        let onCatalog = try await ProcessRunner.run(wallet, ["catalog", "--headless", "--play", send], environment: WalletBinary.environment)
        #expect(onCatalog.status != 0)
        #expect(onCatalog.standardError.contains("send.keys is written for wallet, not wallet catalog"), "\(onCatalog.standardError)")
    }

    /// Issue 32, defect 1: "Play catalog-push" in the serve menu ran the wallet, and "Play abort"
    /// Main.storyboard: the menu ignored the scripts' needs.
    @Test("The serve menu plays every shipped script on the app and storyboard its needs name, and each ends where its story says",
          arguments: stories)
    func serveMenuPlaysOnTheNeededApp(story: Story) async throws {
        let out = open("/dev/null", O_WRONLY)
        defer { close(out) }
        let menu = try LaunchCommand.parse(["--storyboards", Self.demos.path, "--choice-out", "\(out)"])
        let title = "Play " + story.file.dropLast(".keys".count)
        let choice = try #require(menu.choices().first { $0.item.title == title }, "no \(title) in the menu")
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-menu-\(UUID().uuidString).trace")
        defer { try? FileManager.default.removeItem(at: trace) }
        // As the server runs it, but headless and stepping (the send story steps its unwind).
        let arguments = choice.arguments.filter { $0 != "--served" } + ["--headless", "--step", "--trace", trace.path]
        let result = try await ProcessRunner.run(try WalletBinary.url(), arguments, environment: WalletBinary.environment)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        #expect(!result.standardError.contains("is written for"), "\(result.standardError)")
        let events = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        story.expectEnding(events: events, screen: result.standardOutput, context: "\(arguments)")
    }
}
