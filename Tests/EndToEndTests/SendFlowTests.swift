import Testing

@Suite("Send flow, in a real terminal")
struct SendFlowTests {
    @Test("New Transfer → Heather Morgan → 12.34 → Send records the transaction, q quits cleanly")
    func sendTwelveThirtyFourToHeather() async throws {
        // Long enough that "Sending…" is still there when a busy machine's next capture comes (2 s
        // was missed once, with every core busy): the wait for the transfer after it allows for it.
        let session = try await TmuxSession.wallet(arguments: ["--network-delay", "8"])
        defer { session.kill() }
        try await session.send("n", thenWaitFor: "Contacts")
        try await session.waitFor(text: "Julia Henry")
        try await session.send(keys: "Down", "Down", "Enter")
        try await session.waitUntil("Amount for Heather Morgan") {
            $0.contains("Amount") && $0.contains("Heather Morgan")
        }
        try await session.type("12.34")
        try await session.waitFor(text: "€ 12.34")
        try await session.send("Enter", thenWaitFor: "Sending…")

        let wallet = try await waitForTheSentTransfer(in: session)
        #expect(!wallet.contains("Sending…"))
        try await quitCleanly(session)
    }

    @Test("The whole story sent to the terminal at once, as a paste or a fast typist over SSH sends it, ends as typed key by key")
    func sendStoryAtOnce() async throws {
        let session = try await TmuxSession.wallet(arguments: ["--network-delay", "0.5"])
        defer { session.kill() }
        // One tmux command: the keys reach the terminal together, before the first is drawn.
        try await session.send(keys: "n", "Down", "Down", "Enter", "1", "2", ".", "3", "4", "Enter")
        try await waitForTheSentTransfer(in: session)
        try await quitCleanly(session)
    }

    /// The wallet once the transfer of € 12.34 to Heather Morgan is recorded, once.
    @discardableResult
    private func waitForTheSentTransfer(in session: TmuxSession) async throws -> String {
        let wallet = try await session.waitUntil("the balance € 5,419.67 and a row for Heather Morgan, -€ 12.34",
                                                 timeout: TmuxSession.defaultTimeout + .seconds(8)) { screen in
            screen.contains("€ 5,419.67")
                && screen.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") }
        }
        #expect(!wallet.contains("Amount"))
        // One transaction, not two.
        #expect(wallet.lines.filter { $0.contains("-€ 12.34") }.count == 1, "\(wallet)")
        return wallet
    }

    private func quitCleanly(_ session: TmuxSession) async throws {
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }
}
