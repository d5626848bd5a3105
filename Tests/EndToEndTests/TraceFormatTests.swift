import Foundation
import Testing

/// `--trace-format json` and `--trace-filter segues`: the trace for tools.
@Suite("The trace for tools: --trace-format and --trace-filter")
struct TraceFormatTests {
    static let send = "n<down><down><enter>12.34<enter><wait 3>"

    /// The trace the wallet writes to a file for `arguments` (with `--headless --trace FILE`).
    private func trace(_ arguments: [String], keys: String = send, storyboard: URL? = nil) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-trace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ProcessRunner.run(
            try WalletBinary.url(),
            ["--headless", "--trace", file.path, "--keys", keys] + arguments + (storyboard.map { ["--storyboard", $0.path] } ?? []),
            environment: WalletBinary.environment
        )
        #expect(result.status == 0, "\(result.standardError)")
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// Each line parsed as a JSON object.
    private func objects(_ trace: String) throws -> [[String: Any]] {
        try trace.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test("--trace-format json writes one JSON object a line, seq 1, 2, 3…, each with its kind and its text")
    func jsonLines() async throws {
        let trace = try await trace(["--trace-format", "json"])
        #expect(trace.hasSuffix("\n"))
        let events = try objects(trace)
        #expect(events.count > 20)
        #expect(events.map { $0["seq"] as? Int } == Array(1...events.count))
        for event in events {
            #expect(event["kind"] is String && event["text"] is String, "\(event)")
        }
    }

    @Test("A controller in the JSON trace has its instance number as id, its class, title and root title; the same controller keeps its id")
    func controllers() async throws {
        let events = try objects(try await trace(["--trace-format", "json"]))
        let asked = events.filter { $0["kind"] as? String == "unwindAsked" }
        #expect(asked.count == 3)
        let wallet = try #require(asked.last?["controller"] as? [String: Any])
        #expect(wallet["class"] as? String == "WalletViewController")
        #expect(wallet["title"] as? String == "Wallet")
        #expect(wallet["rootTitle"] is NSNull)
        let walletID = try #require(wallet["id"] as? Int)
        let navigation = try #require(asked[1]["controller"] as? [String: Any])
        #expect(navigation["class"] as? String == "NavigationController")
        #expect(navigation["title"] is NSNull)
        #expect(navigation["rootTitle"] as? String == "Contacts")
        #expect(navigation["id"] as? Int != walletID)
        let destination = try #require(events.first { $0["kind"] as? String == "unwindDestination" }?["destination"] as? [String: Any])
        #expect(destination["id"] as? Int == walletID)
        #expect(asked.map { $0["answer"] as? Bool } == [false, false, true])
        #expect(asked.map { $0["reason"] as? String } == ["noSuchAction", "noSuchAction", "implementsAction"])
        #expect(asked.last?["explanation"] as? String == "implements sendTransaction:")
        #expect(asked.allSatisfy { $0["action"] as? String == "sendTransaction:" })
        let segue = try #require(events.first { $0["kind"] as? String == "prepare" && ($0["segue"] as? [String: Any])?["kind"] as? String == "UnwindSegue" }?["segue"] as? [String: Any])
        #expect(segue["identifier"] as? String == "SendTransactionSegue")
        #expect((segue["destination"] as? [String: Any])?["id"] as? Int == walletID)
        let dismissal = try #require(events.last { $0["kind"] as? String == "transition" })
        #expect(dismissal["transition"] as? String == "dismiss")
        #expect((dismissal["controller"] as? [String: Any])?["rootTitle"] as? String == "Contacts")
    }

    @Test("Rule 9 in the JSON trace of Send: the unwind starts, the search asks, the destination, prepare, the unwind action, then the transition")
    func sendOrder() async throws {
        let events = try objects(try await trace(["--trace-format", "json"]))
        let kinds = events.map { $0["kind"] as? String ?? "" }
        let start = try #require(kinds.firstIndex(of: "unwindStarted"))
        let unwind = Array(kinds[start...])
        let destination = try #require(unwind.firstIndex(of: "unwindDestination"))
        let prepare = try #require(unwind.firstIndex(of: "prepare"))
        let action = try #require(unwind.firstIndex(of: "unwindAction"))
        let transition = try #require(unwind.firstIndex(of: "transition"))
        // Every ask comes between the start and the destination, and there is at least one.
        let asks = unwind.indices.filter { unwind[$0] == "unwindAsked" }
        #expect(!asks.isEmpty)
        #expect(asks == Array(1..<destination), "\(unwind)")
        #expect(destination < prepare && prepare < action && action < transition, "\(unwind)")
        #expect(events[start]["action"] as? String == "sendTransaction:")
        #expect(events[start + action]["action"] as? String == "sendTransaction:")
    }

    @Test("--trace-filter segues leaves out the life-cycle calls and nothing else, numbering what it writes 1, 2, 3…")
    func seguesFilter() async throws {
        let all = try objects(try await trace(["--trace-format", "json"]))
        let segues = try objects(try await trace(["--trace-format", "json", "--trace-filter", "segues"]))
        let kept = all.filter { $0["kind"] as? String != "lifeCycle" }.map { $0["text"] as? String }
        #expect(all.contains { $0["kind"] as? String == "lifeCycle" })
        #expect(segues.map { $0["text"] as? String } == kept)
        #expect(segues.map { $0["seq"] as? Int } == Array(1...segues.count))
        let text = try await trace(["--trace-filter", "segues"])
        #expect(!text.contains("viewDidAppear") && !text.contains("viewDidLoad"))
        #expect(text.contains("  ask WalletViewController \"Wallet\" canPerformUnwindSegueAction(sendTransaction:) → true (implements sendTransaction:)"))
    }

    @Test("The text format is unchanged: the same lines with or without --trace-format text, each the text of its JSON event")
    func textUnchanged() async throws {
        let plain = try await trace([])
        #expect(try await trace(["--trace-format", "text"]) == plain)
        #expect(try await trace(["--trace-format", "text", "--trace-filter", "all"]) == plain)
        let json = try objects(try await trace(["--trace-format", "json"]))
        let lines = plain.split(separator: "\n").map { String($0.drop { $0 == " " }) }
        #expect(lines == json.map { $0["text"] as? String ?? "" })
        #expect(plain.contains("""
            unwind sendTransaction: from TransactionViewController "Amount"
              ask ContactsViewController "Contacts" canPerformUnwindSegueAction(sendTransaction:) → false (no such action)
            """))
        #expect(plain.contains("\nWalletViewController \"Wallet\".sendTransaction(_:)\n"))
    }

    @Test("Titles with quotes, backslashes, tabs, line breaks, carriage returns and U+2028 come back whole from the JSON")
    func escaping() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let main = try String(contentsOf: root.appendingPathComponent("Assets/Main.storyboard"), encoding: .utf8)
        let title = #"Wa"l\l&#9;e&#10;t&#x2028;€&#13;"#
        let edited = main.replacingOccurrences(of: #"<navigationItem key="navigationItem" title="Wallet""#,
                                               with: #"<navigationItem key="navigationItem" title="\#(title.replacingOccurrences(of: "\"", with: "&quot;"))""#)
        try #require(edited != main)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-title-\(UUID().uuidString).storyboard")
        try Data(edited.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let raw = try await trace(["--trace-format", "json"], keys: "n<esc>", storyboard: file)
        // Escaped as RFC 8259 asks, and U+2028 too, so that no tool reads it as a line break.
        #expect(raw.contains(#""title":"Wa\"l\\l\te\nt\u2028€\r""#), "\(raw)")
        let events = try objects(raw)
        let titles = events.compactMap { ($0["controller"] as? [String: Any])?["title"] as? String }
        #expect(titles.contains("Wa\"l\\l\te\nt\u{2028}€\r"), "\(Set(titles))")
    }

    @Test("--trace-format and --trace-filter without --trace are refused, saying to add --trace FILE", arguments: [
        ["--trace-format", "json"], ["--trace-filter", "segues"],
    ])
    func needsTrace(arguments: [String]) async throws {
        let result = try await ProcessRunner.run(try WalletBinary.url(), ["--headless", "--keys", "n"] + arguments, environment: WalletBinary.environment)
        #expect(result.status != 0)
        #expect(result.standardError.contains("add --trace FILE"), "\(result.standardError)")
    }

    @Test("An unknown --trace-format or --trace-filter names the values allowed", arguments: [
        (["--trace-format", "xml"], "text"), (["--trace-filter", "some"], "segues"),
    ])
    func unknownValues(arguments: [String], allowed: String) async throws {
        let result = try await ProcessRunner.run(try WalletBinary.url(), ["--headless", "--trace", "/dev/null"] + arguments, environment: WalletBinary.environment)
        #expect(result.status != 0)
        #expect(result.standardError.contains(allowed), "\(result.standardError)")
    }
}
