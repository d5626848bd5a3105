import App
import Terminal
import TestSupport
import Testing
import Views

/// The footer, F1 and dispatch are one list (the responder chain's commands in effect), checked
/// by random walks through the wallet: its table, Contacts, Amount's text field, the refusal
/// alerts, the Quit? question, the inspector and stepping. A soak: `Soak`.
@MainActor
@Suite("Keys in effect: the wallet")
struct WalletKeysInEffectTests {
    @Test("On any screen and focus of the wallet, every key that acts is in F1, and every key the footer names acts as it says")
    func footerAndHelpAreWhatKeysDo() throws {
        if let problem = try KeysInEffectWalk.firstProblem(defaultSteps: 400, help: .wallet, make: { try WalletHarness() }) {
            Issue.record("wallet, \(problem)")
        }
    }
}
