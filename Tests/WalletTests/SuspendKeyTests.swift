import Terminal
import Testing
import Views

/// Ctrl-Z suspends the app as in vim and less; the terminal backend does the stopping (on a
/// memory terminal it only counts), the app draws its whole screen again when it comes back.
@MainActor
@Suite struct SuspendKeyTests {
    @Test("Ctrl-Z suspends from any screen, the amount field too, and the whole screen is drawn again afterwards")
    func controlZSuspends() throws {
        let harness = try WalletHarness(keys: "n<enter>12")
        let before = harness.text
        #expect(before.contains("€ 12"))

        try harness.run("<c-z>")
        #expect(harness.terminal.suspensions == 1)
        // Nothing typed, nothing left: the same screen, every cell of it written again (the
        // terminal showed the shell meanwhile).
        #expect(harness.text == before)
        #expect(harness.terminal.writes.last == harness.terminal.size.width * harness.terminal.size.height)
        #expect(harness.modal != nil)
        #expect(harness.app.isRunning)
    }
}
