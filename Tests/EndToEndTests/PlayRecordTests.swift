import Foundation
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

        try await session.waitUntil("Amount with € 12.34, paused") {
            $0.contains("Heather Morgan") && $0.contains("€ 12.34") && $0.contains("Paused: Space goes on")
        }
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

        // The app is the presenter's now: q quits as it does in the wallet.
        try await session.send(keys: "q")
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("While the script plays, q quits, even with a text field focused, instead of being typed")
    func quitWhilePlaying() async throws {
        let script = try temporaryFile("n<down><down><enter>1<wait 60>2\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let session = try await TmuxSession(arguments: ["--play-speed", "20", "--play", script.path])
        defer { session.kill() }

        try await session.waitUntil("Amount with € 1") { $0.contains("Heather Morgan") && $0.contains("€ 1") }
        try await session.send(keys: "q")
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("--record writes the keys as they are typed, a pause of more than a second as <wait S>, under a header; the file plays back")
    func record() async throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try await TmuxSession(arguments: ["--network-delay", "0.2", "--record", file.path])
        defer { session.kill() }

        try await session.waitFor(text: "€ 5,432.01")
        try await session.send(keys: "n")
        try await session.waitFor(text: "Julia Henry")
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

        // Written as typed: the keys are in the file while the app still runs.
        let whileRunning = try String(contentsOf: file, encoding: .utf8)
        let lines = whileRunning.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("# Recorded by wallet ") == true, "\(whileRunning)")
        #expect(lines.contains("#   wallet --network-delay 0.2 --record \(file.path)"), "\(whileRunning)")
        #expect(lines.contains("#   wallet --network-delay 0.2 --play \(file.path)"), "\(whileRunning)")
        let keys = lines.filter { !$0.hasPrefix("#") }
        #expect(Array(keys.prefix(2)) == ["n<down><down><enter>", "12.34"], "\(whileRunning)")
        let wait = keys.dropFirst(2).first.flatMap { line in
            line.hasPrefix("<wait ") && line.hasSuffix(">") ? Double(line.dropFirst(6).dropLast()) : nil
        }
        #expect((wait ?? 0) >= 1.5, "\(whileRunning)")
        #expect(keys.dropFirst(3).first == "<enter>", "\(whileRunning)")

        try await Task.sleep(for: .milliseconds(1500))
        try await session.send(keys: "q")
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(recorded.hasSuffix(">\nq\n"), "\(recorded)")

        // Played back headless, the recording ends where the session did: the transfer made, then quit.
        let playback = try await ProcessRunner.run(
            try WalletBinary.url(), ["--headless", "--network-delay", "0.2", "--play", file.path], environment: WalletBinary.environment
        )
        #expect(playback.status == 0, "\(playback.standardError)")
        #expect(playback.standardOutput.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") }, "\(playback.standardOutput)")
    }
}
