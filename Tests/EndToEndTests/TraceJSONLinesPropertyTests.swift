import App
import Foundation
import Navigation
import Terminal
import TestSupport
import Testing
import Views
import Wallet
@testable import WalletCLI

/// `--trace FILE --trace-format json` over seeded random walks: whatever the keys (stepping,
/// the inspector, clicks, animations, failed requests), and whatever the titles hold (quotes, a
/// backslash, a tab, a newline, wide characters, U+2028), the file is JSON Lines: each line one
/// object that JSONSerialization reads, `seq` 1, 2, 3… with no gap under either filter, a
/// `kind` and a `text` on every line, and the titles read back as the storyboard wrote them.
/// A soak: `Soak`.
@MainActor
@Suite("The JSON trace of any walk")
struct TraceJSONLinesPropertyTests {
    /// Titles as the app reads them, and as the storyboard's XML writes them.
    static let walletTitle = "Wa\"llet\\ 財布\t💰"
    static let amountTitle = "A<mount>\n e\u{301} 金額 \u{2028}\""
    static func xml(_ title: String) -> String {
        title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;")
    }

    /// `Assets/Main.storyboard` with Wallet and Amount given the odd titles.
    static let oddTitles: URL = {
        let xml = (try? String(contentsOf: packageRoot.appendingPathComponent("Assets/Main.storyboard"), encoding: .utf8)) ?? ""
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("TraceJSONOdd-\(UUID().uuidString).storyboard")
        try? xml.replacingOccurrences(of: #"title="Wallet" id="FFU-AR-oIK""#, with: #"title="\#(Self.xml(walletTitle))" id="FFU-AR-oIK""#)
            .replacingOccurrences(of: #"title="Amount" id="IdP-k0-IVO""#, with: #"title="\#(Self.xml(amountTitle))" id="IdP-k0-IVO""#)
            .write(to: url, atomically: true, encoding: .utf8)
        return url
    }()

    /// Pieces of a walk, in `--keys` notation: whole sends, stepping, the inspector, clicks, waits
    /// (not q or Ctrl-C, which would end most walks early).
    static let pieces = [
        "n<down><down><enter>12.34<enter>", "n<enter>0.29<enter>", "n<enter>99999<enter>", "<wait 3>", "<wait 0.1>", "<wait 1>",
        "<enter>", "<esc>", "<tab>", "<down>", "<up>", " ", "<f1>", "<f2>", "<f3>", "x", "5", "<bs>",
        "<click 3 0>", "<click 40 10>", "<click 70 0>", "<click 10 3>", "<click 20 22>",
    ]

    @Test("Every line of the JSON trace of a random walk is a JSON object, numbered 1 to n without a gap, with odd titles read back whole")
    func randomWalksWriteJSONLines() throws {
        var titlesSeen: Set<String> = []
        var kinds: Set<String> = []
        var failed = false
        // Each walk is `stepsPerWalk` keys long; the soak counts the keys.
        let stepsPerWalk = 150
        try Soak(defaultSteps: 1_000).walk(stepsPerWalk: stepsPerWalk) { seed, _ in
            var random = SplitMix(seed: seed)
            let keys = (0..<stepsPerWalk).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            let script = try KeyNotation.parse(keys)
            let filter: TraceFilter = seed % 2 == 0 ? .all : .segues
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("TraceJSONLines-\(UUID().uuidString).jsonl")
            defer { try? FileManager.default.removeItem(at: url) }
            var options = WalletOptions()
            options.storyboardPath = seed % 3 == 0 ? nil : Self.oddTitles.path
            options.failureRate = seed % 2 == 0 ? 0.4 : 0
            options.seed = seed
            try MoneyFormat.$current.withValue(options.moneyFormat) {
                let writer = TraceWriter(file: try OutputFile.open(path: url.path), format: .json, filter: filter)
                let app = try WalletApp.makeApplication(options: options, backend: MemoryTerminal(size: Size(width: 80, height: 24)),
                                                        scheduler: Scheduler(clock: .manual))
                writer.observe(app.window)
                app.animator.speed = seed % 4 == 1 ? .normal : .off
                app.run(script: script)
            }
            let text = try String(contentsOf: url, encoding: .utf8)
            // Empty when the walk quits at once under --trace-filter segues: launching is life cycle only.
            #expect(text.isEmpty || text.hasSuffix("\n"), "seed \(seed): the last line is not ended")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for (index, line) in lines.enumerated() {
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                guard let object else {
                    Issue.record("seed \(seed), line \(index + 1) is not a JSON object: \(line)\nkeys: \(keys)")
                    failed = true
                    return nil
                }
                guard object["seq"] as? Int == index + 1, let kind = object["kind"] as? String, object["text"] is String else {
                    Issue.record("seed \(seed), line \(index + 1): seq, kind or text wrong: \(line)\nkeys: \(keys)")
                    failed = true
                    return nil
                }
                if filter == .segues, kind == "lifeCycle" {
                    Issue.record("seed \(seed), line \(index + 1): --trace-filter segues wrote a life-cycle call: \(line)")
                    failed = true
                    return nil
                }
                kinds.insert(kind)
                Self.collectTitles(object, into: &titlesSeen)
            }
            return script.count
        }
        guard !failed else { return }
        #expect(titlesSeen.isSuperset(of: [Self.walletTitle, Self.amountTitle, "Contacts"]), "titles read back: \(titlesSeen.sorted())")
        #expect(kinds.isSuperset(of: ["lifeCycle", "prepare", "unwindAsked", "unwindAction", "transition", "shouldPerformSegue"]),
                "kinds: \(kinds.sorted())")
    }

    @Test("The text trace keeps one line per event when a title holds a newline, a tab or a C1 control")
    func textTraceOneLinePerEvent() throws {
        // Found by this suite's odd titles: `--trace FILE` wrote the title's newline as it was,
        // so one event read as two lines, and U+0085 or U+009B went raw to the terminal of `--trace -`.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("TraceText-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: url) }
        var options = WalletOptions()
        options.storyboardPath = Self.oddTitles.path
        var events = 0
        try MoneyFormat.$current.withValue(options.moneyFormat) {
            let writer = TraceWriter(file: try OutputFile.open(path: url.path), format: .text, filter: .all)
            let app = try WalletApp.makeApplication(options: options, backend: MemoryTerminal(size: Size(width: 80, height: 24)),
                                                    scheduler: Scheduler(clock: .manual))
            writer.observe(app.window)
            app.window.addObserver { _ in events += 1 }
            app.run(script: try KeyNotation.parse("n<down><down><enter>12.34<enter><wait 3>"))
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(events > 20)
        #expect(lines.count == events)
        #expect(text.contains(#"WalletViewController "Wa"llet\ 財布^I💰""#), "\(text)")
        #expect(text.contains(#"A<mount>^J e\#u{301} 金額 <U+2028>""#), "\(text)")
        #expect(TraceWriter.oneLine("a\u{85}b\u{9B}31m") == "a<U+0085>b<U+009B>31m")
    }

    private static func collectTitles(_ value: Any, into titles: inout Set<String>) {
        if let object = value as? [String: Any] {
            for (key, field) in object {
                if key == "title" || key == "rootTitle", let title = field as? String { titles.insert(title) }
                collectTitles(field, into: &titles)
            }
        }
    }
}

