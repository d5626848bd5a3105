import Testing

/// A terminal that cannot show a screen is refused before anything is drawn, with the message
/// an unknown TERM gets.
@Suite("Terminal types, in a real terminal")
struct TerminalTypeTests {
    @Test("TERM=dumb is refused with the unknown-terminal message and exit 1, and nothing is drawn", arguments: ["dumb", "no-such-terminal"])
    func terminalThatCannotDraw(term: String) async throws {
        let session = try await TmuxSession(arguments: [], term: term)
        defer { session.kill() }

        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 1, "\(ending.screen)")
        #expect(ending.screen.contains("wallet: cannot drive the terminal type \"\(term)\" (TERM)"), "\(ending.screen)")
        #expect(!ending.screen.contains("Wallet"), "the app drew with TERM=\(term):\n\(ending.screen)")
        #expect(!ending.screen.contains("───"), "the app drew with TERM=\(term):\n\(ending.screen)")
        expectTerminalRestored(ending)
    }
}
