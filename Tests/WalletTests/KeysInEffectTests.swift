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
        try Soak(defaultSteps: 400).walk(stepsPerWalk: 80) { seed, maxSteps in
            var walk = KeysInEffectWalk(harness: try WalletHarness(), help: .wallet, seed: seed)
            let outcome = walk.run(steps: maxSteps)
            if let problem = outcome.problem {
                Issue.record("wallet, seed \(seed): \(problem)")
                return nil
            }
            return outcome.steps
        }
    }
}
