import Foundation
import TestSupport
import Testing

/// `--play` and `--record` in a real terminal.
@Suite("Playing and recording demos, in a real terminal")
struct PlayRecordTests {
    private func temporaryFile(_ text: String? = nil) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-demo-\(UUID().uuidString).keys")
        if let text { try Data(text.utf8).write(to: file) }
        return file
    }

    @Test("--play types the script; a <pause> waits for Space, ignoring other keys; at the end a note says so and the keys are the presenter's")
    func playWithPause() async throws {
        let script = try temporaryFile("# to Heather\nn<down><down><enter>12.34\n<pause>\n<enter><wait 1>\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let session = try await TmuxSession(arguments: ["--network-delay", "0.2", "--play-speed", "20", "--play", script.path])
        defer { session.kill() }

        let paused = try await session.waitUntil("Amount with € 12.34, paused") {
            $0.contains("Heather Morgan") && $0.contains("€ 12.34") && $0.contains("Paused: Space goes on")
        }
        // The keys' row says what the presenter's keys do while the script plays, not the
        // app's keys, which are ignored then.
        let keysRow = paused.lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        #expect(keysRow.contains("F4 back a pause") && !keysRow.contains("Tab focus"), "\(paused)")
        // Keys other than Space neither go on nor reach the app: a 7 in the field would make
        // Send refuse 12.347, and Enter would send before the Space.
        try await session.type("7")
        try await session.send(keys: "Enter")
        try await session.send(keys: "Space")
        let wallet = try await session.waitUntil("the wallet with the transfer, and the note that the script ended") { screen in
            screen.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") }
                && screen.contains("Script ended: the keys are yours")
        }
        #expect(wallet.contains("€ 5,419.67"), "\(wallet)")
        #expect(wallet.lines.filter { $0.contains("-€ 12.34") }.count == 1, "\(wallet)")
        #expect(wallet.contains("New Transfer") && !wallet.contains("F4 back a pause"), "the app's keys are back:\n\(wallet)")

        // The app is the presenter's now: q quits as it does in the wallet.
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    /// Issue 32, defect 12: `--play send.keys` at 100x28 said it was written for 120x30 on
    /// standard error, before the screen was taken: seen only after quitting.
    @Test("A script's unmet needs are said on the screen, where the presenter looks, not only under it")
    func unmetNeedsOnScreen() async throws {
        let script = DemoScriptTests.demos.appendingPathComponent("send.keys").path
        let session = try await TmuxSession(arguments: ["--play", script], width: 100, height: 28)
        defer { session.kill() }
        let screen = try await session.waitFor(text: "Note: send.keys is written for a terminal of at least 120x30")
        #expect(screen.lines.first?.contains("Note: send.keys") == true, "\(screen)")
    }

    @Test("F4 goes back to the previous pause, paused there, with the transfer sent after it undone; Space plays on from there; F5 starts over")
    func rewindAndRestart() async throws {
        let script = try temporaryFile("#> To Heather\nn<down><down>\n<pause>\n<enter>12.34\n<pause>\n<enter><wait 1>\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let session = try await TmuxSession(arguments: ["--network-delay", "0.2", "--play-speed", "20", "--play", script.path])
        defer { session.kill() }

        try await session.waitUntil("Contacts, paused") { $0.contains("Alan Johnson") && $0.contains("Paused: Space goes on") }
        try await session.send(keys: "Space")
        try await session.waitUntil("Amount, paused") { $0.contains("€ 12.34") && $0.contains("Paused: Space goes on") }
        try await session.send(keys: "Space")
        try await session.waitUntil("the transfer sent") { $0.contains("-€ 12.34") && $0.contains("Script ended") }
        // Back from the end: to the last pause, on Amount, the transfer not sent; the caption
        // the script showed before it is on screen again.
        try await session.send(keys: "F4")
        let amount = try await session.waitUntil("Amount again, paused") { $0.contains("Sent to:") && $0.contains("Paused: Space goes on") }
        #expect(!amount.contains("-€ 12.34"), "\(amount)")
        #expect(amount.contains("To Heather"), "\(amount)")
        // Back from a pause: to the one before, on Contacts.
        try await session.send(keys: "F4")
        try await session.waitUntil("Contacts again, paused") { $0.contains("Alan Johnson") && !$0.contains("€ 12.34") && $0.contains("Paused") }
        try await session.send(keys: "Space")
        try await session.waitUntil("Amount, played on from the first pause") { $0.contains("€ 12.34") && $0.contains("Paused: Space goes on") }
        // F5: the wallet as launched, and the script from its beginning.
        try await session.send(keys: "F5")
        try await session.waitUntil("Contacts, paused, after playing from the start") { $0.contains("Alan Johnson") && $0.contains("Paused") }
        try await session.send(keys: "Space")
        try await session.waitUntil("Amount, paused, once more") { $0.contains("€ 12.34") && $0.contains("Paused: Space goes on") }
        try await session.send(keys: "Space")
        let sent = try await session.waitUntil("one transfer sent") { $0.contains("-€ 12.34") && $0.contains("Script ended") }
        #expect(sent.lines.filter { $0.contains("-€ 12.34") }.count == 1, "\(sent)")
        #expect(sent.contains("€ 5,419.67"), "\(sent)")
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("F5 reads --storyboard's file again: an edit made while the wallet runs shows; an edit that breaks it leaves the app as it was, saying why")
    func restartReadsTheStoryboardAgain() async throws {
        let folder = try TemporaryFolder("wallet-restart")
        let original = try String(contentsOf: DemoScriptTests.repository.appendingPathComponent("Assets/Main.storyboard"), encoding: .utf8)
        try folder.write("Main.storyboard", original)
        let session = try await TmuxSession(arguments: ["--storyboard", folder.path("Main.storyboard")])
        defer { session.kill() }
        try await session.waitUntil("the wallet") { $0.contains("Saldo") }
        try folder.write("Main.storyboard", original.replacingOccurrences(of: #"title="Wallet""#, with: #"title="Purse""#))
        try await session.send(keys: "F5")
        try await session.waitUntil("the edited title") { $0.lines.first?.contains("Purse") == true }
        try folder.write("Main.storyboard", "<document")
        try await session.send(keys: "F5")
        let broken = try await session.waitUntil("an alert saying why") { $0.contains("could not be started again") }
        #expect(broken.contains("Purse"), "the app it had goes on:\n\(broken)")
        try await session.send(keys: "Enter")
        try await session.quitExpectingSuccess()
    }

    /// Issue 32, defect 14: F5, next to F6, restarted a live demo with no way back.
    @Test("In a demo under way with no script, the first F5 asks and any other key goes on; F5 again starts over")
    func restartAsksFirst() async throws {
        let session = try await TmuxSession.wallet()
        defer { session.kill() }
        _ = try await session.send("n", thenWaitFor: "Contacts")
        try await session.send(keys: "F5")
        _ = try await session.waitFor(text: "F5 again starts over")
        // Another key goes on, and the demo is as it was.
        try await session.send(keys: "Down")
        let kept = try await session.waitUntil("the question gone, Contacts kept") { !$0.contains("F5 again") && $0.contains("Contacts") }
        #expect(kept.contains("Alan Johnson"), "\(kept)")
        try await session.send(keys: "F5")
        _ = try await session.waitFor(text: "F5 again starts over")
        try await session.send(keys: "F5")
        _ = try await session.waitUntil("the wallet as launched") { $0.contains("New Transfer") && !$0.contains("Alan Johnson") }
        try await session.quitExpectingSuccess()
    }

    @Test("While the script plays, q stops it and quits, even with a text field focused, instead of being typed")
    func quitWhilePlaying() async throws {
        // At speed 20 the wait lasts 300 s: the script is still playing when q comes.
        let script = try temporaryFile("n<down><down><enter>1<wait 6000>2\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let session = try await TmuxSession(arguments: ["--play-speed", "20", "--play", script.path])
        defer { session.kill() }

        try await session.waitUntil("Amount with € 1") { $0.contains("Heather Morgan") && $0.contains("€ 1") }
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("--record writes the keys as they are typed, a pause of more than a second as <wait S>, under a header; the file plays back")
    func record() async throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        // --animations off given here (TmuxSession would add it at the end), so the header's command lines are known.
        let session = try await TmuxSession.wallet(arguments: ["--network-delay", "0.2", "--animations", "off", "--record", file.path])
        defer { session.kill() }
        try await session.send("n", thenWaitFor: "Julia Henry")
        try await session.send(keys: "Down", "Down", "Enter")
        try await session.waitUntil("Amount for Heather Morgan") { $0.contains("Amount") && $0.contains("Heather Morgan") }
        try await session.type("12.34")
        try await session.waitFor(text: "€ 12.34")
        // A pause longer than a second, written down as a wait when the next key comes.
        try await Task.sleep(for: .milliseconds(1500))
        try await session.send(keys: "Enter")
        try await session.waitUntil("the wallet with the transfer") { screen in
            screen.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") }
        }

        // Written as typed: the keys are in the file while the app still runs, all but the last,
        // which waits for the next key: it may be the one that quits.
        let whileRunning = try String(contentsOf: file, encoding: .utf8)
        let lines = whileRunning.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("# Recorded by wallet ") == true, "\(whileRunning)")
        #expect(lines.contains("#   wallet --network-delay 0.2 --animations off --record \(file.path)"), "\(whileRunning)")
        #expect(lines.contains("#   wallet --network-delay 0.2 --animations off --play \(file.path)"), "\(whileRunning)")
        // Its size, as a need: a headless playback takes it, a smaller terminal is told.
        #expect(lines.contains("# needs: size 80x24"), "\(whileRunning)")
        // The keys in order; however slow the machine, the 1.5 s between 12.34 and Enter is a wait.
        let typed = ["n", "<down>", "<down>", "<enter>", "1", "2", ".", "3", "4", "<enter>"]
        #expect(Self.keys(in: whileRunning) == typed.dropLast(), "\(whileRunning)")

        try await Task.sleep(for: .milliseconds(1500))
        try await session.quitExpectingSuccess()
        // The q that quit is left out: played, the recording ends on the screen, not the shell.
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(Self.keys(in: recorded) == typed, "\(recorded)")
        #expect(Self.waitBefore(keyAt: 9, in: recorded) >= 1.5, "\(recorded)")
        // The 1.5 s the wallet showed before q is kept, as a last wait.
        let lastLines = recorded.split(separator: "\n").suffix(2).map(String.init)
        let lastWait = lastLines.last.flatMap { Double($0.dropFirst("<wait ".count).dropLast()) } ?? 0
        #expect(lastLines.first == "<enter>" && lastWait >= 1.5, "\(recorded)")

        // Played back headless, the recording ends where the session did: the transfer made.
        let playback = try await ProcessRunner.run(
            try WalletBinary.url(), ["--headless", "--network-delay", "0.2", "--play", file.path], environment: WalletBinary.environment
        )
        #expect(playback.status == 0, "\(playback.standardError)")
        #expect(playback.standardOutput.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") }, "\(playback.standardOutput)")
    }

    /// The tokens of a recording's key lines: `<…>` names and characters, waits left out.
    static func tokens(in script: String) -> [String] {
        var tokens: [String] = []
        for line in script.split(separator: "\n") where !line.hasPrefix("#") {
            var rest = Substring(line)
            while let first = rest.first {
                if first == "<", let close = rest.firstIndex(of: ">") {
                    tokens.append(String(rest[...close]))
                    rest = rest[rest.index(after: close)...]
                } else {
                    tokens.append(String(first))
                    rest = rest.dropFirst()
                }
            }
        }
        return tokens
    }

    static func keys(in script: String) -> [String] {
        tokens(in: script).filter { !$0.hasPrefix("<wait ") }
    }

    /// The seconds of the waits written between key `index - 1` and key `index`.
    static func waitBefore(keyAt index: Int, in script: String) -> Double {
        var key = 0
        var waited = 0.0
        for token in tokens(in: script) {
            if token.hasPrefix("<wait ") {
                waited += Double(token.dropFirst(6).dropLast()) ?? 0
            } else {
                if key == index { return waited }
                key += 1
                waited = 0
            }
        }
        return waited
    }
}

/// `--play`, `--play-speed` and `--record` with the other options: what goes together.
@Suite("Demo options on the command line")
struct DemoOptionTests {
    @Test("Options that do not go together are refused with what to do", arguments: [
        (["--headless", "--record", "x.keys"], "--record writes what is typed in a terminal"),
        (["--play-speed", "2"], "--play-speed is for --play"),
        (["--headless", "--play", "x.keys", "--keys", "n"], "give the keys with --play, --keys or --keys-file, not two of them"),
        (["--play", "x.keys", "--play-speed", "0"], "--play-speed must be from 0.1 to 100"),
        (["--play", "x.keys", "--play-speed", "-1"], "--play-speed must be from 0.1 to 100"),
        (["--play", "-"], "give a file"),
    ])
    func refusals(arguments: [String], message: String) async throws {
        try await expectRefused(arguments, saying: message)
    }

    @Test("--headless --play runs the script as --keys-file does, a <pause> doing nothing; a mistake names the file and line")
    func headlessPlay() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-demo-\(UUID().uuidString).keys")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("# to Heather\nn<down><down><pause><enter>\n12.34<pause><enter><wait 3>\n".utf8).write(to: file)
        let played = try await runWallet(["--headless", "--play", file.path])
        let keysFile = try await runWallet(["--headless", "--keys-file", file.path])
        #expect(played.status == 0, "\(played.standardError)")
        #expect(played.standardOutput == keysFile.standardOutput)
        #expect(played.standardOutput.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") }, "\(played.standardOutput)")

        try Data("n\n<paus>\n".utf8).write(to: file)
        let mistake = try await runWallet(["--headless", "--play", file.path])
        #expect(mistake.status != 0)
        #expect(mistake.standardError.contains("--play \"\(file.path)\", line 2: unknown key <paus>"), "\(mistake.standardError)")
    }
}
