import Foundation
import Testing
import TestSupport

/// `wallet exercises` as an attendee meets it: in a terminal, the first exercise opened, fixed in
/// an editor, and ✓ with the next one; and its verbs, as a shell script or CI runs them.
@Suite struct ExercisesCommandTests {
    /// An edit as an editor saves it: the file read, changed, truncated and written again.
    static func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(path) has \(old)")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: old, with: new).utf8))
        try handle.close()
    }

    @Test func aNewUserFixesTheFirstThreeExercises() async throws {
        let scratch = try TemporaryFolder("exercises-e2e")
        let folder = scratch.path("wallet-exercises")
        let session = try await TmuxSession(arguments: ["exercises", "--folder", folder], width: 140, height: 60, program: try WalletBinary.url())
        defer { session.kill() }
        try await session.waitFor(text: "✗ 1. Cancel goes back to the wallet: not yet")
        let first = try await session.waitFor(text: "Save a file to check it.")
        #expect(first.contains("Copied 10 exercises to \(folder)/"))
        #expect(first.contains("look at \(folder)/01-cancel/Main.storyboard:"))

        // 1: Cancel connected to the Exit icon, as Interface Builder writes it.
        try Self.edit(folder + "/01-cancel/Main.storyboard",
                      replacing: #"<barButtonItem key="leftBarButtonItem" systemItem="cancel" id="w5K-5o-1tQ"/>"#,
                      with: #"""
                        <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="w5K-5o-1tQ">
                            <connections>
                                <segue destination="uf7-cc-BuS" kind="unwind" unwindAction="cancel:" id="Xq3-aa-b1c"/>
                            </connections>
                        </barButtonItem>
                        """#)
        try await session.waitFor(text: "✓ 1. Cancel goes back to the wallet: done")
        try await session.waitFor(text: "2. Send carries the transaction back")

        // A hint, asked for with h and Enter.
        try await session.type("h")
        try await session.send(keys: "Enter")
        try await session.waitFor(text: "Hint 1 of 3 for 2. Send carries the transaction back:")
        try await session.waitFor(text: "The segue starts from the Amount scene itself")

        // 2: a half-written save first (a message, nothing lost), then the manual unwind segue.
        let send = folder + "/02-send/Main.storyboard"
        let whole = try String(contentsOfFile: send, encoding: .utf8)
        try Data(whole.utf8.prefix(whole.utf8.count / 2)).write(to: URL(fileURLWithPath: send))
        try await session.waitFor(text: "! 2. Send carries the transaction back: not checked")
        try Data(whole.utf8).write(to: URL(fileURLWithPath: send))
        try await session.waitFor(text: "✗ 2. Send carries the transaction back: not yet")
        try Self.edit(send, replacing: #"<outlet property="contactNameLabel" destination="fi1-0a-KjA" id="U94-LA-mjf"/>"#, with: #"""
            <outlet property="contactNameLabel" destination="fi1-0a-KjA" id="U94-LA-mjf"/>
                                    <segue destination="mqT-54-P2R" kind="unwind" identifier="SendTransactionSegue" unwindAction="sendTransaction:" id="Zz9-yy-x8w"/>
            """#)
        let sent = try await session.waitFor(text: "✓ 2. Send carries the transaction back: done")
        #expect(sent.contains("balance: € 5,419.67"))

        // 3: startOver: declared for the first question's scene only.
        try Self.edit(folder + "/03-nearest/Quiz.behaviours.yaml", replacing: "  QuestionViewController:", with: "  QuestionViewController#q1:")
        try await session.waitFor(text: "✓ 3. Start Over goes to the first question: done")
        try await session.waitFor(text: "4. Back to the Inbox, across a tab bar")

        try await session.type("q")
        try await session.send(keys: "Enter")
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0)
        let progress = try String(contentsOfFile: folder + "/.wallet-exercises", encoding: .utf8)
        #expect(progress.contains("done 01-cancel\n") && progress.contains("done 02-send\n") && progress.contains("done 03-nearest\n"))
    }

    @Test func verifyChecksTheShippedExercisesAndAWorkingFolder() async throws {
        let shipped = try await runWallet(["exercises", "verify", "--solutions"])
        #expect(shipped.status == 0, "\(shipped.standardOutput)\(shipped.standardError)")
        #expect(shipped.standardOutput.contains("All 10 exercises: every starting point fails, every solution passes."))

        let scratch = try TemporaryFolder("exercises-verbs")
        let folder = scratch.path("w")
        let missing = try await runWallet(["exercises", "list", "--folder", folder])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("is not a working folder of exercises yet; `wallet exercises init \(folder)` makes one"))

        let made = try await runWallet(["exercises", "init", folder])
        #expect(made.status == 0)
        #expect(made.standardOutput.contains("→  1. Cancel goes back to the wallet"))
        let verify = try await runWallet(["exercises", "verify", "--folder", folder])
        #expect(verify.status == 1)
        #expect(verify.standardOutput.hasSuffix("0 of 10 pass.\n"))

        let hint = try await runWallet(["exercises", "hint", "--folder", folder])
        #expect(hint.standardOutput.hasPrefix("Hint 1 of 3 for 1. Cancel goes back to the wallet:"))
        let wrong = try await runWallet(["exercises", "reset", "12", "--folder", folder])
        #expect(wrong.standardError.contains("no exercise \"12\": give its number, 1 to 10, or its name, as in 01-cancel"))
        let reset = try await runWallet(["exercises", "reset", "2", "--folder", folder])
        #expect(reset.status == 0)
        #expect(reset.standardOutput.contains("your files are in \(folder)/.aside/02-send-1/"))
        #expect(FileManager.default.fileExists(atPath: folder + "/.aside/02-send-1/Main.storyboard"))
    }
}
