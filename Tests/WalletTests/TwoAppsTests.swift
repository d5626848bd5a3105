import Navigation
import Terminal
import TestSupport
import Testing
import Views
@testable import Wallet

/// Two apps in one process, as `wallet serve` will run one per attendee: whatever one does, the
/// other ends exactly as it would alone, screen and navigation steps alike. Keys are interleaved
/// at random, so that a step of one app falls between any two of the other's.
@MainActor
@Suite("Two apps side by side")
struct TwoAppsTests {
    /// What a user presses in the wallet: every screen's keys, text, waits for the network and
    /// the alert of Quit.
    static let keys = ["n", "<down>", "<up>", "<enter>", "<esc>", "<tab>", "<s-tab>", "1", "2", "3", ".", "5",
                       "<bs>", "<wait 1>", "<wait 3>", "<pgdn>", "<home>", "<f1>", "q", "<resize 60x20>", "<resize 80x24>"]

    private static func script(seed: UInt64, length: Int) -> [KeyScriptStep] {
        var generator = SplitMix(seed: seed)
        let text = (0..<length).map { _ in keys.randomElement(using: &generator)! }.joined()
        return (try? KeyNotation.parse(text)) ?? []
    }

    /// An app's screen and the navigation steps it went through, by description.
    private struct Outcome: Equatable {
        let screen: String
        let steps: [String]
    }

    private static func outcome(_ harness: WalletHarness) -> Outcome {
        Outcome(screen: harness.text, steps: harness.events.map { "\($0)" })
    }

    @Test("Two wallets, one with transactions in nl_NL, interleaved key by key, each end as alone", arguments: 0..<12)
    func interleaved(seed: UInt64) throws {
        let optionsA = WalletHarness.options(failureRate: 0.3, seed: seed)
        var optionsB = WalletHarness.options(locale: "nl_NL")
        optionsB.demoTransactions = 40
        let first = Self.script(seed: seed, length: 80)
        let second = Self.script(seed: seed &+ 1_000, length: 80)

        let aloneA = try WalletHarness(options: optionsA)
        aloneA.run(first)
        let aloneB = try WalletHarness(options: optionsB)
        aloneB.run(second)

        let a = try WalletHarness(options: optionsA)
        let b = try WalletHarness(options: optionsB)
        var generator = SplitMix(seed: seed &+ 7)
        var (nextA, nextB) = (0, 0)
        while nextA < first.count || nextB < second.count {
            let takeA = nextB == second.count || (nextA < first.count && Bool.random(using: &generator))
            if takeA {
                a.run([first[nextA]])
                nextA += 1
            } else {
                b.run([second[nextB]])
                nextB += 1
            }
        }
        #expect(Self.outcome(a) == Self.outcome(aloneA), "seed \(seed): the first app")
        #expect(Self.outcome(b) == Self.outcome(aloneB), "seed \(seed): the second app")
    }
}
