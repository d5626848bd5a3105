@testable import App
import Foundation
import Terminal
import Testing
import TestSupport
@testable import Wallet

/// The script playing (`--play`) is first in the app's responder chain: the presenter's keys are
/// its own while it plays, before any text field's, and the script's own keys go past it.
@MainActor
@Suite("The script player in the responder chain")
struct ScriptPlayerInChainTests {
    /// The wallet on Amount, its field focused, with a script of one long wait playing.
    static func playing() throws -> (WalletHarness, PlayingBackend) {
        let harness = try WalletHarness()
        try harness.run(WalletHarness.toHeatherMorgan)
        let player = PlayingBackend(base: MemoryTerminal(size: WalletHarness.regular), script: [.wait(100)], clock: { 0 })
        let app = harness.app
        app.scriptPlayer = ScriptPlayerResponder(player: player) { [unowned app] action, key in app.perform(action, withSender: key) }
        return (harness, player)
    }

    @Test("q while the script plays stops it and quits as Ctrl-C does, though the focused field would take a q")
    func qStopsTheScriptBeforeTheField() throws {
        let (harness, player) = try Self.playing()
        harness.app.handle(.character("q"))
        #expect(player.hasEnded)
        #expect(!harness.app.isRunning)
    }

    @Test("The presenter's digit is ignored while the script plays; the script's own digit is typed")
    func presenterKeysWaitScriptKeysType() throws {
        let (harness, player) = try Self.playing()
        let before = harness.lines.dropLast()
        harness.app.handle(.character("7"))
        harness.app.render()
        #expect(harness.lines.dropLast() == before)
        #expect(player.note == .ignoredKey)
        // The app's keys do nothing while the script plays, so its footer names none (the
        // presenter's overlay writes the player's keys on that row).
        #expect(harness.lines.last?.trimmingCharacters(in: .whitespaces) == "")
        harness.app.sendEvent(.scriptKey(.character("7")))
        harness.app.render()
        #expect(harness.text.contains("€ 7 "), "\(harness.text)")
    }
}
