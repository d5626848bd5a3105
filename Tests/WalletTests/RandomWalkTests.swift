import App
import Foundation
@testable import Navigation
import Terminal
import TestSupport
import Testing
@testable import Views
@testable import Wallet

/// Seeded random walks over every key on every screen, with the network failing and retried
/// and, in half of them, a history longer than the screen, checked after each step against
/// `NavigationModel` and `HierarchyInvariants`, and for a focused table's selection on screen.
/// A failure names the walk's seed and the shortest key script that still fails, ready for
/// `--keys`.
/// A soak: `Soak`.
@MainActor
@Suite("Random walks through the wallet")
struct RandomWalkTests {
    @Test("Every step of a random walk leaves the user where the model says, in a consistent hierarchy, with the money adding up")
    func randomWalks() throws {
        let soak = Soak(defaultSteps: 30_000)
        var reached: Set<String> = []
        var failed = false
        let steps = try soak.walk(stepsPerWalk: 250) { seed, maxSteps in
            let walk = Walk(seed: seed)
            let outcome = try walk.run(maxSteps: maxSteps)
            reached.formUnion(outcome.reached)
            if let failure = outcome.failure {
                let shortest = try walk.shrink(failure)
                Issue.record("""
                    walk \(seed) (\(walk.size.width)x\(walk.size.height), failure rate \(walk.failureRate)\(walk.skipsAmountsCheck ? ", New Transfer as a show segue to Contacts" : "")\(walk.hasOddTitles ? ", Wallet and Amount with odd titles" : "")): \(shortest.problem)
                    shortest keys: wallet --headless --size \(walk.size.width)x\(walk.size.height) --failure-rate \(walk.failureRate) --seed \(seed)\(walk.history > 0 ? " --demo-transactions \(walk.history)" : "") --keys '\(Walk.notation(shortest.steps))'
                    """)
                failed = true
                return nil
            }
            return outcome.steps
        }
        guard !failed else { return }
        #expect(steps >= soak.totalSteps)
        // Random keys prove little about a place they never reach.
        let everywhere: Set<String> = ["Wallet", "Contacts", "Amount", "Sending", "Keys", "Transfer failed", "Quit?",
                                       "Transfer not recorded", "recorded a transfer", "quit",
                                       "a segue paused", "a key while paused", "a click that acted", "the inspector checked",
                                       "a focused table scrolled"]
        #expect(reached.isSuperset(of: everywhere), "never reached: \(everywhere.subtracting(reached).sorted())")
    }
}

extension RandomWalkTests {
    /// Shortest scripts of failures the walks met, replayed as their walk ran them.
    @Test("Regression walks: each replays without a failure", arguments: [
        // Stepping on, Quit? asked while Send's request ran, the request ends: the unwind waits
        // under the alert, which takes the keys (the model once sent them to the wallet).
        (5265, "<click 40 22><enter>6<enter><wait 1.0><f3>q<wait 1.0>n<f1><esc><enter>"),
        // With a history, the wallet's table has focus and its first row selected; a send
        // scrolls to the newest row, and Shift-Tab back to the table left the selection off
        // screen (focus now selects the first row shown).
        (67, "n<click 23 4><esc><click 22 7>8<enter><wait 2.0><s-tab>"),
        // With a history, a terminal resized to 30x9 leaves the wallet's table one line: it
        // showed only "↓ 40 more", and the focused selection nowhere (now the row, cut).
        (19, "<resize 30x9>"),
    ] as [(UInt64, String)])
    func regressionWalks(seed: UInt64, keys: String) throws {
        let walk = Walk(seed: seed)
        let failure = try walk.replay(try KeyNotation.parse(keys))
        #expect(failure == nil, "\(failure?.problem ?? "")")
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
        var size = sizes[Int(seed % UInt64(sizes.count))]
        failureRate = seed % 2 == 0 ? 0.4 : 0
        drawsEveryStep = seed % 8 == 3
        skipsAmountsCheck = seed % 5 == 4
        hasOddTitles = !skipsAmountsCheck && seed % 3 == 2
        checksInspector = hasOddTitles || seed % 9 == 1
        history = (seed / 3) % 2 == 0 ? 40 : 0
        // Wide enough for the inspector beside the app, odd titles in both, every frame checked.
        if hasOddTitles && drawsEveryStep { size = Size(width: 120, height: 30) }
        self.size = size
    }

    /// Whether the walk runs `Assets/Main.storyboard` with the titles of Wallet and Amount made
    /// of what breaks drawing and traces: quotes, a backslash, a tab, wide characters, an emoji,
    /// a combining accent.
    let hasOddTitles: Bool

    /// Transactions the wallet starts with (`--demo-transactions`), in half the walks: more
    /// than any of the walk's screens shows, so that the wallet's table scrolls and a send
    /// scrolls it away from its selection.
    let history: Int

    /// Whether, after each step, the inspector is drawn at a random size and theme and checked.
    let checksInspector: Bool

    /// As the storyboard's XML writes them (`&quot;`, `&#9;`), and as the app reads them.
    static let oddTitles = (wallet: "Wa&quot;llet\\ 財布&#9;💰", amount: "A&lt;mount&gt; e\u{301} 金額 &quot;")

    static let oddTitleStoryboard: URL = {
        let xml = (try? String(contentsOf: WalletApp.mainStoryboardURL, encoding: .utf8)) ?? ""
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("RandomWalkOdd-\(UUID().uuidString).storyboard")
        try? xml.replacingOccurrences(of: #"title="Wallet" id="FFU-AR-oIK""#, with: #"title="\#(oddTitles.wallet)" id="FFU-AR-oIK""#)
            .replacingOccurrences(of: #"title="Amount" id="IdP-k0-IVO""#, with: #"title="\#(oddTitles.amount)" id="IdP-k0-IVO""#)
            .write(to: url, atomically: true, encoding: .utf8)
        return url
    }()

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
            // The pull-down (rule 30): back to the wallet with no unwind, the ledger unchanged.
            (1, .press(.control("d"))),
            // The inspector changes nothing of where the user is; it is drawn at every size and state.
            (1, .press(.function(2))),
            // Stepping (F3): segues pause before each step, and Space or Enter moves them on.
            (1, .press(.function(3))),
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

    /// Sizes a walk's terminal is resized to: each shows the screens (the app's minimum is
    /// 24x8), with presented screens boxed or full width, lists scrolling or not.
    static let resizes = [WalletHarness.regular, WalletHarness.narrow, Size(width: 80, height: 12),
                          Size(width: 120, height: 30), Size(width: 30, height: 9), Size(width: 200, height: 50)]

    static func notation(_ steps: [KeyScriptStep]) -> String {
        steps.map(KeyNotation.format).joined()
    }

    /// Random keys until the app quits or `maxSteps` have run.
    func run(maxSteps: Int) throws -> Outcome {
        var random = SeededRandom(seed: seed)
        var resizing = SeededRandom(seed: ~seed)
        let checker = try StepChecker(walk: self)
        var outcome = Outcome()
        var typing: [KeyScriptStep] = []
        while outcome.steps < maxSteps, !checker.model.hasQuit {
            if typing.isEmpty {
                // Now and then a click: on something the screen drew, or anywhere.
                typing = Int.random(in: 0..<16, using: &random) == 0 ? [.press(.click(checker.randomClickPoint(using: &random)))]
                    : Self.randomSteps(using: &random)
                // More rarely, the terminal resized first: drawn from a stream of its own, so
                // that the keys of a seed stay those it always had.
                if Int.random(in: 0..<40, using: &resizing) == 0 {
                    typing.insert(.resize(Self.resizes.randomElement(using: &resizing)!), at: 0)
                }
            }
            let step = typing.removeFirst()
            outcome.steps += 1
            if let failure = checker.take(step) {
                outcome.failure = failure
                break
            }
            outcome.reached.formUnion(checker.model.places)
            outcome.reached.formUnion(checker.workshopPlaces)
            outcome.reached.formUnion(checker.tablePlaces)
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
        let storyboard = walk.skipsAmountsCheck ? Walk.showSegueStoryboard : walk.hasOddTitles ? Walk.oddTitleStoryboard : nil
        var options = WalletHarness.options(failureRate: walk.failureRate, seed: walk.seed, storyboard: storyboard)
        options.demoTransactions = walk.history
        harness = try WalletHarness(size: walk.size, options: options)
        model.amountKnowsBalance = !walk.skipsAmountsCheck
        closedScreens.watch(harness.app)
    }

    /// What the model may be in while a segue is paused between steps (F3): where the user will
    /// be once it has run, as the model cannot tell the steps apart. Checked once it has run.
    private var possible: [NavigationModel] = []

    private var isPaused: Bool { harness.app.inspector.pausedProcess != nil }

    /// What of the workshop the walk has met: a paused segue, a key other than Space or Enter
    /// pressed while one was, a click that did something, an inspector checked.
    private(set) var workshopPlaces: Set<String> = []

    /// Whether a table with focus was met scrolled past its first row: where a selection can be
    /// off screen at all.
    private(set) var tablePlaces: Set<String> = []

    /// Takes one step in both; the first problem found, if any.
    func take(_ step: KeyScriptStep) -> Walk.Failure? {
        steps.append(step)
        let focus = currentFocus
        let amountText = amount?.amountTextField.text ?? ""
        // Weakly, so that the check of closed screens below sees only what the app keeps.
        weak let before = harness.app.currentScreen?.controller
        let leavable = isPushedOrPresented && !model.isSending && harness.app.isRunning
        let pausedBefore = isPaused
        let eventsBefore = harness.events.count
        let candidates = MoneyFormat.$current.withValue(harness.moneyFormat) {
            pausedBefore ? possible.flatMap { nextWhilePaused($0, after: step, focus: focus, amountText: amountText) }
                : next(after: step, focus: focus, amountText: amountText)
        }
        let inert: Bool
        if pausedBefore, case .press(let key) = step, harness.app.currentScreen?.alert == nil {
            inert = ![.character(" "), .enter, .function(2), .function(3), .character("q"), .control("c")].contains(key)
        } else {
            inert = false
        }

        MoneyFormat.$current.withValue(harness.moneyFormat) {
            switch step {
            case .press(let key): harness.app.handle(key)
            case .wait(let seconds): harness.scheduler.advance(by: seconds)
            case .resize(let size):
                harness.terminal.resize(to: size)
                harness.app.handle(.resize)
            case .caption(let text): harness.app.show(caption: text)
            case .pause, .ask: break
            }
            harness.scheduler.runDue()
            if walk.drawsEveryStep {
                harness.app.render()
            } else if let screen = harness.app.currentScreen {
                // What drawing does besides drawing: it settles focus on the new screen.
                _ = harness.app.focus.focus(on: screen)
            }
        }

        // What the terminal shows, the inspector and a paused segue's footer included: no half of
        // a wide character (the odd titles hold some).
        if walk.drawsEveryStep, let half = WorkshopRig.halfWideCharacter(in: harness.terminal.screen) {
            return fail("wide", "the screen shows \(half)")
        }
        if walk.drawsEveryStep, let fresh = harness.app.screenFrameDrawnFromScratch(), fresh != harness.app.lastScreenFrame {
            return fail("kept levels", "the frame drawn with the lower levels kept differs from one drawn from scratch:\n\(harness.app.lastScreenFrame?.text ?? "")\n---\n\(fresh.text)")
        }
        if !harness.app.reportedErrors.isEmpty {
            return fail("errors", "the app reported a programming error: \(harness.app.reportedErrors.joined(separator: "; "))")
        }
        if inert, harness.events.count != eventsBefore {
            return fail("paused", "\(Walk.notation([step])) acted while a segue was paused: only Space, Enter, F2, F3, q and Ctrl-C do")
        }
        if inert { workshopPlaces.insert("a key while paused") }
        if case .press(.click) = step, harness.events.count != eventsBefore { workshopPlaces.insert("a click that acted") }
        if let problem = inspectorProblem() { return fail("inspector", problem) }
        let pausedAfter = isPaused
        if step == .press(.escape), leavable, !pausedBefore, !pausedAfter, harness.app.isRunning, harness.app.currentScreen?.controller === before {
            return fail("escape", "Esc left \(describe(before)) on screen; Esc must leave a pushed or presented screen")
        }
        if harness.app.isRunning {
            let problems = HierarchyInvariants.problems(in: harness.app)
            if !problems.isEmpty { return fail("hierarchy", "the hierarchy is inconsistent: \(problems.joined(separator: "; "))") }
            // A paused segue still holds what it is closing.
            if !pausedAfter {
                let survivors = closedScreens.survivors(in: harness.app)
                if !survivors.isEmpty { return fail("survivors", "what a closed screen had outlives it: \(survivors.joined(separator: "; "))") }
                closedScreens.watch(harness.app)
            }
            let wallet = harness.wallet
            // The history was paid before launch: the balance counts only what the walk sent.
            let sum = wallet.transactions.recorded.reduce(0) { $0 + $1.amount }
            if wallet.balance + sum != NavigationModel.launchBalance {
                return fail("money", "balance \(wallet.balance) + recorded \(sum) is not \(NavigationModel.launchBalance)")
            }
            if let problem = focusedSelectionProblem() { return fail("selection on screen", problem) }
        }
        if pausedAfter {
            workshopPlaces.insert("a segue paused")
            // The screen between two steps is no place of the model's: it is checked once the segue has run.
            // Without repeats: keys in an alert while paused double them.
            possible = candidates.reduce(into: []) { kept, model in if !kept.contains(model) { kept.append(model) } }
            return nil
        }
        possible = []
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

    /// `FocusedSelectionInvariant` and `LayoutThenDrawInvariant`, in the walks that draw at
    /// every step: only they know what shows.
    private func focusedSelectionProblem() -> String? {
        guard walk.drawsEveryStep else { return nil }
        if let table = harness.focusedObject as? TableView, table.firstVisibleRow > 0 { tablePlaces.insert("a focused table scrolled") }
        let problem = FocusedSelectionInvariant.problem(in: harness.app) ?? LayoutThenDrawInvariant.problem(in: harness.app)
        return problem.map { "\($0):\n\(harness.text)" }
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
        return text + money(balance: wallet.balance, wallet.transactions.recorded.map { ("\($0.contact.name) \($0.contact.surname)", $0.amount) })
    }

    private func money(balance: Int, _ transactions: [(name: String, cents: Int)]) -> String {
        ", balance \(balance), sent \(transactions.map { "\($0.cents) to \($0.name)" })"
    }
}

// MARK: - Stepping, clicks and the inspector

extension StepChecker {
    /// What the model says a step does when no segue is paused. A click does what the key
    /// does that presses what it lands on (found as the app finds it, on the frame the user
    /// sees): Enter on a bar button or button with focus there, on an alert's button with
    /// focus there, Enter on a contact's row once selected; on a text field or on nothing, it
    /// changes nothing the model knows.
    fileprivate func next(after step: KeyScriptStep, focus: NavigationModel.Focus, amountText: String,
                          from model: NavigationModel? = nil) -> [NavigationModel] {
        let model = model ?? self.model
        // While stepping, Space only steps: with nothing paused it does nothing, but type in a
        // text field (issue 32).
        if step == .press(.character(" ")), harness.app.inspector.isStepping, model.alert == nil, focus != .textField {
            return [model]
        }
        guard case .press(.click(let point)) = step else {
            return model.next(after: step, focus: focus, amountText: amountText, failureRate: walk.failureRate,
                              sheetPullable: harness.terminal.size.height >= Application.regularHeightMinimum && !walk.skipsAmountsCheck)
        }
        guard let target = clickTarget(at: point) else { return [model] }
        var clicked = model
        switch target.kind {
        case .barItem(let item):
            guard item.isEnabled else { return [model] }
            return clicked.next(after: .press(.enter), focus: .barItem(item.displayTitle), amountText: amountText, failureRate: walk.failureRate)
        case .button(let button):
            guard button.isEnabled else { return [model] }
            if let alert = harness.app.currentScreen?.alert, let index = alert.buttons.firstIndex(where: { $0 === button }) {
                clicked.alertFocus = index
                return clicked.next(after: .press(.enter), focus: .nothing, amountText: amountText, failureRate: walk.failureRate)
            }
            return clicked.next(after: .press(.enter), focus: .button(button.title ?? ""), amountText: amountText, failureRate: walk.failureRate)
        case .row(let table, let indexPath):
            guard case .contacts = model.screen, table.selectingRowActs else { return [model] }
            clicked.screen = .contacts(row: indexPath.row)
            return clicked.next(after: .press(.enter), focus: .table, amountText: amountText, failureRate: walk.failureRate)
        case .textField, .tab:
            // The wallet has no tab bar: a tab is never a target.
            return [model]
        }
    }

    /// What a step does to `model` while a segue is paused: Space, Enter, F2 and F3 move the
    /// segue on or change what is shown, not where the user ends up; q and Ctrl-C quit (nothing
    /// is being sent while a segue runs); a click and every other key do nothing, unless an
    /// alert shows, which takes the keys and clicks as always (one the model no longer has, as
    /// the segue will close it, can only quit or do nothing); time passes.
    fileprivate func nextWhilePaused(_ model: NavigationModel, after step: KeyScriptStep, focus: NavigationModel.Focus,
                                     amountText: String) -> [NavigationModel] {
        guard case .press(let key) = step else {
            return model.next(after: step, focus: focus, amountText: amountText, failureRate: walk.failureRate)
        }
        switch key {
        case .function(2), .function(3):
            return [model]
        case .control("c"):
            var quit = model
            quit.hasQuit = true
            return [quit]
        default:
            break
        }
        if let shown = harness.app.currentScreen?.alert {
            if shown.title == model.alert?.title {
                // A click too: the alert takes it as it takes keys.
                return self.next(after: step, focus: focus, amountText: amountText, from: model)
            }
            // An alert the segue will close (Quit?, asked while the request ran, which the
            // unwind dismisses): it takes the key, and choosing Quit quits; nothing else changes
            // where the user ends up.
            var quit = model
            quit.hasQuit = true
            return [model, quit]
        }
        // Clicks and every other key do nothing.
        guard key == .character("q") else { return [model] }
        var quit = model
        quit.hasQuit = true
        return [quit]
    }

    /// What a click at `point` lands on, found as `Application.click(at:)` finds it.
    private func clickTarget(at point: Point) -> ClickTarget? {
        let app = harness.app
        let size = app.drawnSize ?? harness.terminal.size
        guard let (inspectorArea, covered) = app.inspector.clickableArea(in: size), covered?.contains(point) != true else { return nil }
        let area = app.screenArea ?? inspectorArea
        guard app.currentScreen != nil, area.contains(point),
              area.width >= ScreenRenderer.minimumSize.width, area.height >= ScreenRenderer.minimumSize.height else { return nil }
        let frame = MoneyFormat.$current.withValue(harness.moneyFormat) {
            ScreenRenderer(theme: app.theme).render(app.window, size: area.size, focus: app.focus)
        }
        let inside = Point(x: point.x - area.x, y: point.y - area.y)
        return frame.clickTargets.last { $0.rect.contains(inside) }
    }

    /// Half the time the middle of something the screen drew to click, else any point of the terminal.
    func randomClickPoint(using random: inout SeededRandom) -> Point {
        let size = harness.terminal.size
        if Bool.random(using: &random), let target = clickTargetsNow().randomElement(using: &random) {
            return target
        }
        return Point(x: Int.random(in: 0..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random))
    }

    /// The middle of each click target of the frame the user sees, on the terminal.
    private func clickTargetsNow() -> [Point] {
        let app = harness.app
        guard let (area, _) = app.inspector.clickableArea(in: app.drawnSize ?? harness.terminal.size) else { return [] }
        let origin = (app.screenArea ?? area).origin
        let size = (app.screenArea ?? area).size
        guard size.width >= ScreenRenderer.minimumSize.width, size.height >= ScreenRenderer.minimumSize.height else { return [] }
        let frame = MoneyFormat.$current.withValue(harness.moneyFormat) {
            ScreenRenderer(theme: app.theme).render(app.window, size: size, focus: app.focus)
        }
        return frame.clickTargets.map { Point(x: origin.x + $0.rect.x + $0.rect.width / 2, y: origin.y + $0.rect.y + $0.rect.height / 2) }
    }

    /// The inspector drawn at a random size from the app's minimum to 250x80, with a random
    /// theme, over a frame of the app that is a pattern (words of one letter, two blanks apart):
    /// what is wrong with it, if anything.
    /// Nothing may change outside its panel but the paused footer in the app's bottom row, and
    /// no wide character may be cut in half.
    fileprivate func inspectorProblem() -> String? {
        // One step in eight: drawing up to 250x80 and checking each cell is slow in a debug build.
        guard walk.checksInspector, harness.app.isRunning, steps.count % 8 == 0 else { return nil }
        var random = SeededRandom(seed: walk.seed &* 1_000_003 &+ UInt64(steps.count))
        let size = Size(width: Int.random(in: ScreenRenderer.minimumSize.width...250, using: &random),
                        height: Int.random(in: ScreenRenderer.minimumSize.height...80, using: &random))
        let appearance = Theme.Appearance.allCases.randomElement(using: &random) ?? .default
        let theme = Theme(capabilities: TerminalCapabilities(unicode: Bool.random(using: &random), color: Bool.random(using: &random)),
                          appearance: appearance)
        let inspector = harness.app.inspector
        let wasShown = inspector.isShown
        inspector.isShown = Int.random(in: 0..<4, using: &random) != 0
        defer { inspector.isShown = wasShown }
        let pattern = Cell("x")
        let frame = inspector.compose(size: size, theme: theme) { appSize in
            var buffer = CellBuffer(size: appSize)
            for y in 0..<appSize.height { for x in stride(from: 0, to: appSize.width, by: 3) { buffer[x, y] = pattern } }
            return ScreenRenderer.Frame(buffer: buffer, cursor: nil)
        }
        let buffer = frame.buffer
        let at = "at \(size.width)x\(size.height), theme \(appearance.rawValue)\(theme.glyphs == Glyphs.forTerminal(TerminalCapabilities(unicode: true, color: false)) ? "" : " ASCII"), \(inspector.isShown ? "shown" : "hidden")\(isPaused ? ", paused" : "")"
        guard buffer.size == size else { return "the inspector's frame is \(buffer.size.width)x\(buffer.size.height) \(at)" }
        let layout = InspectorLayout(size: size)
        let panel = inspector.isShown ? layout.panel : Rect(x: 0, y: 0, width: 0, height: 0)
        if inspector.isShown {
            guard buffer.bounds.intersection(panel) == panel else { return "the panel \(panel) is not inside the terminal \(at)" }
            if layout.placement == .side, layout.appSize.width + panel.width != size.width {
                return "the app (\(layout.appSize.width) columns) and the panel (\(panel.width)) do not share the terminal \(at)"
            }
        }
        let appWidth = inspector.isShown ? layout.appSize.width : size.width
        for y in 0..<size.height {
            for x in 0..<size.width where !panel.contains(Point(x: x, y: y)) {
                let footer = isPaused && y == size.height - 1 && x < appWidth
                if footer { continue }
                let expected = x < appWidth ? (x % 3 == 0 ? pattern : Cell.blank) : Cell.blank
                // Over the app, a word the panel's box touches is blanked: here, one x of the pattern.
                let touched = layout.placement == .overlay && y < panel.maxY && x >= panel.x - 2 && buffer[x, y].character == " "
                if buffer[x, y].character != expected.character, !touched {
                    return "the inspector drew \"\(buffer[x, y].character)\" at \(x),\(y), outside its panel \(panel) \(at):\n\(buffer.text)"
                }
            }
        }
        if let half = WorkshopRig.halfWideCharacter(in: buffer) { return "\(half) \(at)" }
        workshopPlaces.insert("the inspector checked")
        return nil
    }
}
