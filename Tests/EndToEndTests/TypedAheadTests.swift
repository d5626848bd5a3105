import Testing

/// Keys that arrive together, as a paste or a fast typist over SSH sends them, in the real
/// binary's run loop: handled in order, each where it was meant, with transitions playing.
@Suite("Keys typed ahead, in a real terminal")
struct TypedAheadTests {
    @Test("The whole Send story sent to the terminal at once ends as typed one key at a time: one transaction, the balance down by 12.34")
    func sendStoryAtOnce() async throws {
        let session = try await TmuxSession(arguments: ["--network-delay", "0.5"])
        defer { session.kill() }

        try await session.waitFor(text: "€ 5,432.01")
        // One tmux command: the keys reach the terminal together, before the first is drawn.
        try await session.send(keys: "n", "Down", "Down", "Enter", "1", "2", ".", "3", "4", "Enter")
        let wallet = try await session.waitUntil("the balance € 5,419.67 and a row for Heather Morgan, -€ 12.34") { screen in
            screen.contains("€ 5,419.67")
                && screen.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") }
        }
        #expect(!wallet.contains("Amount"))
        #expect(wallet.lines.filter { $0.contains("-€ 12.34") }.count == 1, "\(wallet)")

        try await session.send(keys: "q")
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }
}
