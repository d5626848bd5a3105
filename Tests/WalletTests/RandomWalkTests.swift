import Foundation
@testable import Navigation
import Terminal
import Testing
import Views
@testable import Wallet

/// Seeded random walks over every key on every screen, with the network failing and retried,
/// checked after each step against `NavigationModel` and `HierarchyInvariants`. A failure names
/// the walk's seed and the shortest key script that still fails, ready for `--keys`.
///
/// `swift test` runs `defaultSteps` steps in all; `WALLET_SOAK_STEPS=1000000 swift test
/// --filter RandomWalkTests` runs a soak of that many (and `WALLET_SOAK_SEED` starts the seeds
/// elsewhere).
@MainActor
@Suite("Random walks through the wallet")
struct RandomWalkTests {
    static let defaultSteps = 30_000
    static let stepsPerWalk = 250

    @Test("Every step of a random walk leaves the user where the model says, in a consistent hierarchy, with the money adding up")
    func randomWalks() throws {
        let environment = ProcessInfo.processInfo.environment
        let total = environment["WALLET_SOAK_STEPS"].flatMap(Int.init) ?? Self.defaultSteps
        let firstSeed = environment["WALLET_SOAK_SEED"].flatMap(UInt64.init) ?? 1
        var steps = 0
        var seed = firstSeed
        var reached: Set<String> = []
        while steps < total {
            let walk = Walk(seed: seed)
            let outcome = try walk.run(maxSteps: min(Self.stepsPerWalk, total - steps))
            steps += outcome.steps
            reached.formUnion(outcome.reached)
            if let failure = outcome.failure {
                let shortest = try walk.shrink(failure)
                Issue.record("""
                    walk \(seed) (\(walk.size.width)x\(walk.size.height), failure rate \(walk.failureRate)\(walk.skipsAmountsCheck ? ", New Transfer as a show segue to Contacts" : "")): \(shortest.problem)
                    shortest keys: wallet --headless --size \(walk.size.width)x\(walk.size.height) --failure-rate \(walk.failureRate) --seed \(seed) --keys '\(Walk.notation(shortest.steps))'
                    """)
                return
            }
            seed += 1
        }
        #expect(steps >= total)
        // Random keys prove little about a place they never reach.
        let everywhere: Set<String> = ["Wallet", "Contacts", "Amount", "Sending", "Keys", "Transfer failed", "Quit?",
                                       "Transfer not recorded", "recorded a transfer", "quit"]
        #expect(reached.isSuperset(of: everywhere), "never reached: \(everywhere.subtracting(reached).sorted())")
    }
}

/// One walk: its seed decides the terminal size, the failure rate of the network and the keys.
@MainActor
struct Walk {
    let seed: UInt64
    let size: Size
    let failureRate: Double

    init(seed: UInt64) {
        self.seed = seed
        let sizes = [WalletHarness.regular, WalletHarness.narrow, Size(width: 80, height: 12)]
        size = sizes[Int(seed % UInt64(sizes.count))]
        failureRate = seed % 2 == 0 ? 0.4 : 0
        drawsEveryStep = seed % 8 == 3
        skipsAmountsCheck = seed % 5 == 4
    }

    /// Whether the walk runs `Assets/Main.storyboard` with New Transfer as a `show` segue
    /// straight to Contacts: no modal, and no balance for Amount to check against, so the
    /// wallet's own refusal is what keeps the money right.
    let skipsAmountsCheck: Bool

    static let showSegueStoryboard: URL = {
        let xml = (try? String(contentsOf: WalletApp.mainStoryboardURL, encoding: .utf8)) ?? ""
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("RandomWalk-\(UUID().uuidString).storyboard")
        try? xml.replacingOccurrences(of: #"<segue destination="Cxl-qa-ulW" kind="presentation" id="2WG-8X-iFf"/>"#,
                                      with: #"<segue destination="tdE-0b-jJ0" kind="show" id="2WG-8X-iFf"/>"#)
            .write(to: url, atomically: true, encoding: .utf8)
        return url
    }()

    /// Whether the screen is drawn after every step, as the app does. Drawing takes nine
    /// tenths of a step's time in a debug build, and what keys do depends on it only through
    /// focus (settled without drawing) and the rows a page holds; so one walk in eight draws,
    /// catching what drawing does wrong, and the rest take ten times as many steps a second.
    let drawsEveryStep: Bool

    struct Failure {
        let steps: [KeyScriptStep]
        /// Which check failed, so that shrinking keeps to the same problem.
        let check: String
        let problem: String
    }

    struct Outcome {
        var steps = 0
        var failure: Failure?
        /// The screens and alerts the walk reached, and whether it recorded a transfer and quit.
        var reached: Set<String> = []
    }

    /// Keys, weighted so that walks go deep (Enter and digits often) but still meet every key.
    static let keys: [(weight: Int, step: KeyScriptStep)] = {
        var keys: [(Int, KeyScriptStep)] = [
            (8, .press(.enter)), (6, .press(.escape)), (3, .press(.tab)), (2, .press(.backTab)),
            (3, .press(.down)), (2, .press(.up)), (1, .press(.left)), (1, .press(.right)),
            (1, .press(.pageUp)), (1, .press(.pageDown)), (1, .press(.home)), (1, .press(.end)),
            (4, .press(.character("n"))), (1, .press(.character("q"))), (1, .press(.character("?"))),
            (1, .press(.function(1))), (1, .press(.character("j"))), (1, .press(.character("k"))),
            (1, .press(.character("x"))), (1, .press(.character(" "))), (1, .press(.character("."))),
            (1, .press(.character(","))), (2, .press(.backspace)), (1, .press(.delete)),
            (1, .press(.control("c"))),
            // The inspector changes nothing of where the user is; it is drawn at every size and state.
            (1, .press(.function(2))),
            (2, .wait(0.5)), (2, .wait(1)), (3, .wait(2)), (1, .wait(3)),
        ]
        for digit in "0123456789" { keys.append((1, .press(.character(digit)))) }
        return keys
    }()

    private static let totalWeight = keys.map(\.weight).reduce(0, +)

    static func randomStep(using random: inout SeededRandom) -> KeyScriptStep {
        var pick = Int.random(in: 0..<totalWeight, using: &random)
        for key in keys {
            if pick < key.weight { return key.step }
            pick -= key.weight
        }
        return keys[0].step
    }

    /// One key, or now and then a number typed key by key, as people type amounts: random
    /// keys alone almost never type one above the balance (five digits in a row).
    static func randomSteps(using random: inout SeededRandom) -> [KeyScriptStep] {
        guard Int.random(in: 0..<12, using: &random) == 0 else { return [randomStep(using: &random)] }
        let digits = Int.random(in: 1...7, using: &random)
        var number = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        if Bool.random(using: &random) { number += "." + String(Int.random(in: 0...99, using: &random)) }
        return number.map { .press(.character($0)) }
    }

    static func notation(_ steps: [KeyScriptStep]) -> String {
        steps.map { step in
            switch step {
            case .press(let key): return KeyNotation.format(key)
            case .wait(let seconds): return "<wait \(seconds)>"
            }
        }.joined()
    }

    /// Random keys until the app quits or `maxSteps` have run.
    func run(maxSteps: Int) throws -> Outcome {
        var random = SeededRandom(seed: seed)
        let checker = try StepChecker(walk: self)
        var outcome = Outcome()
        var typing: [KeyScriptStep] = []
        while outcome.steps < maxSteps, !checker.model.hasQuit {
            if typing.isEmpty { typing = Self.randomSteps(using: &random) }
            let step = typing.removeFirst()
            outcome.steps += 1
            if let failure = checker.take(step) {
                outcome.failure = failure
                break
            }
            outcome.reached.formUnion(checker.model.places)
        }
        return outcome
    }

    /// Replays `steps`; the failure they lead to, if any.
    func replay(_ steps: [KeyScriptStep]) throws -> Failure? {
        let checker = try StepChecker(walk: self)
        for step in steps where !checker.model.hasQuit {
            if let failure = checker.take(step) { return failure }
        }
        return nil
    }

    /// The failure with as few steps as still fail the same check: chunks, then single steps,
    /// removed while the rest still fails.
    func shrink(_ failure: Failure) throws -> Failure {
        var best = failure
        var chunk = max(1, best.steps.count / 2)
        while chunk >= 1 {
            var start = 0
            while start < best.steps.count {
                var candidate = best.steps
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if let smaller = try replay(candidate), smaller.check == failure.check {
                    best = smaller
                } else {
                    start += chunk
                }
            }
            chunk /= 2
        }
        return best
    }
}

/// Runs the app and the model side by side, one step at a time, and checks them after each.
@MainActor
final class StepChecker {
    let walk: Walk
    let harness: WalletHarness
    private(set) var model = NavigationModel()
    private(set) var steps: [KeyScriptStep] = []
    private let closedScreens = ClosedScreens()

    init(walk: Walk) throws {
        self.walk = walk
        let storyboard = walk.skipsAmountsCheck ? Walk.showSegueStoryboard : nil
        harness = try WalletHarness(size: walk.size, options: WalletHarness.options(failureRate: walk.failureRate, seed: walk.seed, storyboard: storyboard))
        model.amountKnowsBalance = !walk.skipsAmountsCheck
        closedScreens.watch(harness.app)
    }

    /// Takes one step in both; the first problem found, if any.
    func take(_ step: KeyScriptStep) -> Walk.Failure? {
        steps.append(step)
        let focus = currentFocus
        let amountText = amount?.amountTextField.text ?? ""
        // Weakly, so that the check of closed screens below sees only what the app keeps.
        weak let before = harness.app.currentScreen?.controller
        let leavable = isPushedOrPresented && !model.isSending && harness.app.isRunning
        let candidates = MoneyFormat.$current.withValue(harness.moneyFormat) {
            model.next(after: step, focus: focus, amountText: amountText, failureRate: walk.failureRate)
        }

        MoneyFormat.$current.withValue(harness.moneyFormat) {
            switch step {
            case .press(let key): harness.app.handle(key)
            case .wait(let seconds): harness.scheduler.advance(by: seconds)
            }
            harness.scheduler.runDue()
            if walk.drawsEveryStep {
                harness.app.render()
            } else if let screen = harness.app.currentScreen {
                // What drawing does besides drawing: it settles focus on the new screen.
                _ = harness.app.focus.focus(on: screen)
            }
        }

        if !harness.app.reportedErrors.isEmpty {
            return fail("errors", "the app reported a programming error: \(harness.app.reportedErrors.joined(separator: "; "))")
        }
        if step == .press(.escape), leavable, harness.app.isRunning, harness.app.currentScreen?.controller === before {
            return fail("escape", "Esc left \(describe(before)) on screen; Esc must leave a pushed or presented screen")
        }
        if harness.app.isRunning {
            let problems = HierarchyInvariants.problems(in: harness.app)
            if !problems.isEmpty { return fail("hierarchy", "the hierarchy is inconsistent: \(problems.joined(separator: "; "))") }
            let survivors = closedScreens.survivors(in: harness.app)
            if !survivors.isEmpty { return fail("survivors", "what a closed screen had outlives it: \(survivors.joined(separator: "; "))") }
            closedScreens.watch(harness.app)
            let wallet = harness.wallet
            let sum = wallet.transactions.reduce(0) { $0 + $1.amount }
            if wallet.balance + sum != NavigationModel.launchBalance {
                return fail("money", "balance \(wallet.balance) + recorded \(sum) is not \(NavigationModel.launchBalance)")
            }
        }
        let seen = observed
        guard let match = candidates.first(where: { expected($0) == seen }) else {
            return fail("model", "after \(Walk.notation([step])) the app shows \(seen), the model expects \(candidates.map(expected).joined(separator: " or "))")
        }
        model = match
        return nil
    }

    private func fail(_ check: String, _ problem: String) -> Walk.Failure {
        Walk.Failure(steps: steps, check: check, problem: problem)
    }

    // MARK: Reading the app

    /// The Amount screen on top of the top stack, if it shows.
    private var amount: TransactionViewController? {
        let level = harness.window.presentationStack.last { !($0 is AlertController) }
        return (level as? NavigationController)?.topViewController as? TransactionViewController
    }

    private var isPushedOrPresented: Bool {
        guard let top = harness.window.topViewController else { return false }
        if harness.window.presentationStack.count > 1 { return true }
        return ((top as? NavigationController)?.viewControllers.count ?? 1) > 1
    }

    private var currentFocus: NavigationModel.Focus {
        switch harness.focusedObject {
        case is TableView: return .table
        case is TextField: return .textField
        case let button as Button: return .button(button.title ?? "")
        case let item as BarButtonItem: return .barItem(item.displayTitle)
        default: return .nothing
        }
    }

    private func describe(_ controller: ViewController?) -> String {
        controller.map { "\(ControllerID($0))" } ?? "nothing"
    }

    /// The state the model predicts, in words.
    private func expected(_ model: NavigationModel) -> String {
        guard !model.hasQuit else { return "the app has quit" }
        let names = NavigationModel.contactNames
        var text: String
        switch model.screen {
        case .wallet: text = "Wallet"
        case .contacts(let row): text = "Contacts with \(names[row]) selected"
        case .amount(let row): text = "Amount for \(names[row])"
        case .sending(let row, _, _): text = "Sending to \(names[row])"
        }
        if let alert = model.alert { text += " under the alert \"\(alert.title)\" (focus on button \(model.alertFocus + 1))" }
        return text + money(balance: model.balance, model.transactions)
    }

    /// The state the app is in, in the model's words.
    private var observed: String {
        guard harness.app.isRunning else { return "the app has quit" }
        let stack = harness.window.presentationStack
        let alert = stack.last as? AlertController
        let level = alert == nil ? stack.last : stack.dropLast().last
        var text: String
        switch (level as? NavigationController)?.topViewController ?? level {
        case is WalletViewController:
            text = "Wallet"
        case let contacts as ContactsViewController:
            let row = contacts.tableView.indexPathForSelectedRow?.row
            text = "Contacts with \(row.map { NavigationModel.contactNames[$0] } ?? "nobody") selected"
        case let amount as TransactionViewController:
            let name = amount.contact.map { "\($0.name) \($0.surname)" } ?? "nobody"
            text = amount.amountTextField.isEnabled ? "Amount for \(name)" : "Sending to \(name)"
        case let other:
            text = describe(other)
        }
        if let alert {
            let focused = alert.buttons.firstIndex { $0 === harness.focusedObject }.map { "\($0 + 1)" } ?? "none"
            text += " under the alert \"\(alert.title ?? "")\" (focus on button \(focused))"
        }
        let wallet = harness.wallet
        return text + money(balance: wallet.balance, wallet.transactions.map { ("\($0.contact.name) \($0.contact.surname)", $0.amount) })
    }

    private func money(balance: Int, _ transactions: [(name: String, cents: Int)]) -> String {
        ", balance \(balance), sent \(transactions.map { "\($0.cents) to \($0.name)" })"
    }
}
