import Foundation
import Testing
import TestSupport

/// `wallet storyboard connect` and `disconnect` as an attendee without Xcode uses them: the
/// exercises whose answer is a connection solved from a terminal, and every doubt refused with
/// the file as it was.
@Suite("wallet storyboard connect and disconnect")
struct StoryboardConnectTests {
    private static func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// `text` with the ids of Interface Builder's shape made alike, for comparing an edit's file
    /// with Xcode's but for the new id.
    private static func withoutNewIDs(_ text: String, _ ids: [String]) -> String {
        ids.reduce(text) { $0.replacingOccurrences(of: "id=\"\($1)\"", with: "id=\"NEW\"") }
    }

    /// The ids on the `+` lines of what connect printed.
    private static func newIDs(_ printed: String) -> [String] {
        printed.split(separator: "\n").filter { $0.hasPrefix("+") }.compactMap { line in
            line.firstMatch(of: /id="([A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3})"\/>/).map { String($0.1) }
        }
    }

    @Test("Exercises 1, 2 and 5 solved with connect: each file is the solution but for the new id, and the exercises' own checks pass")
    func solvesExercises() async throws {
        let scratch = try TemporaryFolder("connect-exercises")
        let folder = scratch.path("w")
        #expect(try await runWallet(["exercises", "init", folder]).status == 0)
        let solutions = packageRoot.appendingPathComponent("Assets/Exercises").path
        let edits: [(file: String, solution: String, arguments: [String])] = [
            ("01-cancel/Main.storyboard", "01-cancel/solution/Main.storyboard", ["--from", "Contacts/Cancel", "--unwind", "cancel:"]),
            ("02-send/Main.storyboard", "02-send/solution/Main.storyboard",
             ["--from", "Amount", "--unwind", "sendTransaction:", "--identifier", "SendTransactionSegue"]),
            ("05-current-context/Library.storyboard", "05-current-context/solution/Library.storyboard",
             ["--from", "Filter/Done", "--unwind", "doneFiltering:", "--behaviours", folder + "/05-current-context/Library.behaviours.yaml"]),
        ]
        for edit in edits {
            let file = folder + "/" + edit.file
            let connected = try await runWallet(["storyboard", "connect", file] + edit.arguments)
            #expect(connected.status == 0, "\(edit.file): \(connected.standardError)")
            #expect(connected.standardOutput.hasPrefix("@@ \(file):"), "\(connected.standardOutput)")
            #expect(connected.standardError.contains("\(file): connected "), "\(connected.standardError)")
            let ids = Self.newIDs(connected.standardOutput)
            #expect(ids.count == 1, "\(connected.standardOutput)")
            let solution = try Self.contents(solutions + "/" + edit.solution)
            let solutionIDs = Set(solution.matches(of: /id="([^"]+)"/).map { String($0.1) })
            let written = try Self.contents(file)
            let writtenIDs = Set(written.matches(of: /id="([^"]+)"/).map { String($0.1) })
            // The one id that differs, either way.
            let differing = Array(writtenIDs.subtracting(solutionIDs)) + Array(solutionIDs.subtracting(writtenIDs))
            #expect(differing.count == 2 && differing.contains(ids.first ?? ""), "\(differing)")
            #expect(Self.withoutNewIDs(written, differing) == Self.withoutNewIDs(solution, differing), "\(edit.file)")
        }
        let verify = try await runWallet(["exercises", "verify", "--folder", folder])
        for done in ["✓ 1. Cancel goes back to the wallet: done", "✓ 2. Send carries the transaction back: done",
                     "✓ 5. Done on a screen presented in a context: done"] {
            #expect(verify.standardOutput.contains(done), "\(verify.standardOutput)")
        }
        #expect(verify.standardOutput.hasSuffix("3 of 10 pass.\n"), "\(verify.standardOutput)")
    }

    @Test("disconnect undoes connect byte for byte, a bar button item closing itself again as Xcode writes it; --backup keeps the file as it was")
    func disconnectUndoes() async throws {
        let scratch = try TemporaryFolder("connect-undo")
        let file = scratch.path("Main.storyboard")
        let start = packageRoot.appendingPathComponent("Assets/Exercises/01-cancel/start/Main.storyboard").path
        try FileManager.default.copyItem(atPath: start, toPath: file)
        let connected = try await runWallet(["storyboard", "connect", file, "--from", "Contacts/Cancel", "--unwind", "cancel:", "--backup"])
        #expect(connected.status == 0, "\(connected.standardError)")
        #expect(try Self.contents(file + ".bak") == Self.contents(start))
        let removed = try await runWallet(["storyboard", "disconnect", file, "--from", "Contacts/Cancel", "--unwind", "cancel:"])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(removed.standardOutput.contains(#"+                        <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="w5K-5o-1tQ"/>"#),
                "\(removed.standardOutput)")
        #expect(try Self.contents(file) == Self.contents(start))
    }

    @Test("A segue between scenes, then its identifier: Xcode's attribute order, and the storyboard runs it")
    func segueAndIdentifier() async throws {
        let scratch = try TemporaryFolder("connect-segue")
        let file = scratch.path("Main.storyboard")
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Assets/Main.storyboard").path, toPath: file)
        let connected = try await runWallet(["storyboard", "connect", file, "--from", "Wallet", "--to", "Amount", "--kind", "present"])
        #expect(connected.status == 0, "\(connected.standardError)")
        let id = try #require(Self.newIDs(connected.standardOutput).first, "\(connected.standardOutput)")
        #expect(try Self.contents(file).contains(#"<segue destination="aJI-K8-QRF" kind="presentation" id="\#(id)"/>"#))
        let named = try await runWallet(["storyboard", "connect", file, "--segue", id, "--identifier", "ShowAmount"])
        #expect(named.status == 0, "\(named.standardError)")
        #expect(try Self.contents(file).contains(#"<segue destination="aJI-K8-QRF" kind="presentation" identifier="ShowAmount" id="\#(id)"/>"#))
        let lint = try await runWallet(["storyboard", "lint", file])
        #expect(!lint.standardOutput.contains("error:"), "\(lint.standardOutput)")
        let graph = try await runWallet(["storyboard", "graph", file])
        #expect(graph.standardOutput.contains(#""Fjf-Ka-8NT" -> "aJI-K8-QRF" [label="present\n\"ShowAmount\""];"#), "\(graph.standardOutput)")
    }

    @Test("Each doubt is refused with what was wrong and what to do, status 1, and the file as it was")
    func refusals() async throws {
        let scratch = try TemporaryFolder("connect-refusals")
        let file = scratch.path("Main.storyboard")
        let main = packageRoot.appendingPathComponent("Assets/Main.storyboard").path
        try FileManager.default.copyItem(atPath: main, toPath: file)
        let cases: [(arguments: [String], says: String)] = [
            (["--from", "Contacts/Cancel", "--unwind", "startOver:"], "implements startOver:, so the unwind would find nowhere to land"),
            (["--from", "Wallet", "--unwind", "cancel:", "--identifier", "Back"],
             "no scene that leads to scene \"Wallet\" (WalletViewController) implements cancel:"),
            (["--from", "Contcts/Cancel", "--unwind", "cancel:"], "(did you mean \"Contacts\"?)"),
            (["--from", "Contacts/Cancl", "--unwind", "cancel:"], "has no control named \"Cancl\" (did you mean \"Cancel\"?)"),
            (["--from", "Amount", "--unwind", "sendTransaction:", "--identifier", "SendTransactionSegue"],
             "has a segue with the identifier \"SendTransactionSegue\" already"),
            (["--from", "Amount", "--unwind", "sendTransaction:"], "performed from code by its identifier: add --identifier"),
            (["--from", "Wallet", "--to", "Nowhere"], "no scene of"),
        ]
        for (arguments, says) in cases {
            let refused = try await runWallet(["storyboard", "connect", file] + arguments)
            #expect(refused.status == 1 || refused.status == 64, "\(arguments)")
            #expect(refused.standardError.contains(says), "\(arguments): \(refused.standardError)")
            #expect(try Self.contents(file) == Self.contents(main), "\(arguments)")
        }
        let broken = scratch.path("Broken.storyboard")
        try Data("<document><scenes>".utf8).write(to: URL(fileURLWithPath: broken))
        let notLoading = try await runWallet(["storyboard", "connect", broken, "--from", "A", "--to", "B"])
        #expect(notLoading.status == 1 && notLoading.standardError.contains("the storyboard must load before it is edited"), "\(notLoading.standardError)")
        let dry = try await runWallet(["storyboard", "connect", file, "--from", "Wallet", "--to", "Amount", "--dry-run"])
        #expect(dry.status == 0 && dry.standardOutput.contains("+") && dry.standardError.contains("nothing was written"))
        #expect(try Self.contents(file) == Self.contents(main))
    }
}
