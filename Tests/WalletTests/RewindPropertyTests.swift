import App
import Navigation
import Storyboards
import Terminal
import TestSupport
import Testing
@testable import Wallet

/// F4 and F5 launch the app again and replay what leads to where they go (`Stage`): right only
/// if the engine is deterministic and a replay, laid out but not drawn step by step, ends where
/// the steps drawn one by one ended. Checked on random walks of the wallet, with a network that
/// fails at random from a seed, and the inspector and step-through among the keys.
@MainActor
@Suite("Restart and rewind, on random walks")
struct RewindPropertyTests {
    /// The screen and transfers where `steps` leave the wallet, run as `--headless` runs them.
    static func run(_ steps: [KeyScriptStep], options: WalletOptions) throws -> (screen: String, transfers: [Int]) {
        let terminal = MemoryTerminal(size: Size(width: 120, height: 30), capabilities: TerminalCapabilities(unicode: true, color: false))
        let scheduler = Scheduler(clock: .manual)
        let stage = try Stage(scheduler: scheduler) { () throws(StoryboardErrors) in
            try WalletApp.makeApplication(options: options, backend: terminal, scheduler: scheduler)
        }
        MoneyFormat.$current.withValue(options.moneyFormat) { stage.run(script: steps) }
        let wallet = (stage.app.window.rootViewController as? NavigationController)?.viewControllers.first as? WalletViewController
        return (terminal.text, wallet?.transactions.map(\.amount) ?? [])
    }

    /// Random steps of the wallet's walks with pauses among them, but no quitting: a walk that
    /// quits is over before it can rewind.
    static func randomSteps(seed: UInt64, count: Int) -> [KeyScriptStep] {
        var random = SeededRandom(seed: seed)
        var steps: [KeyScriptStep] = []
        while steps.count < count {
            if Int.random(in: 0..<8, using: &random) == 0 { steps.append(.pause) }
            steps += Walk.randomSteps(using: &random).filter { $0 != .press(.character("q")) && $0 != .press(.control("c")) }
        }
        return steps
    }

    @Test("F4 at the end of a random walk ends where the walk up to its last pause ended: same screen, same transfers", arguments: 0..<24)
    func rewindEndsAtTheLastPause(seed: UInt64) throws {
        let steps = Self.randomSteps(seed: seed, count: 60)
        let options = WalletHarness.options(failureRate: seed % 2 == 0 ? 0.4 : 0, seed: seed)
        let toPause = steps.lastIndex(of: .pause).map { Array(steps[...$0]) } ?? []
        let rewound = try Self.run(steps + [.press(ScriptHistory.rewindKey)], options: options)
        let reference = try Self.run(toPause, options: options)
        #expect(rewound.screen == reference.screen, "seed \(seed): \(Walk.notation(steps))")
        #expect(rewound.transfers == reference.transfers, "seed \(seed)")
    }

    @Test("F5 anywhere in a random walk, then the same steps again, ends as those steps alone from launch", arguments: 0..<12)
    func restartIsALaunch(seed: UInt64) throws {
        let before = Self.randomSteps(seed: seed, count: 30)
        let after = Self.randomSteps(seed: seed + 1000, count: 30)
        let options = WalletHarness.options(failureRate: 0.4, seed: seed)
        let restarted = try Self.run(before + [.press(ScriptHistory.restartKey)] + after, options: options)
        let fresh = try Self.run(after, options: options)
        #expect(restarted.screen == fresh.screen, "seed \(seed): \(Walk.notation(before)) then \(Walk.notation(after))")
        #expect(restarted.transfers == fresh.transfers, "seed \(seed)")
    }
}
