import App
import Navigation
import Terminal
import Views

/// A seeded random walk that checks the one list of what keys do now (issue 34): at every step,
/// on whatever screen, focus, alert or inspector state the walk reached,
/// - every key that dispatch would act on is listed by F1 (its label, with words of its own);
/// - every key the footer names acts: some key of the hint changes what the user has (the
///   screen, the focus, the inspector, the navigation, whether the app runs), or sends a
///   control's actions to the app's code;
/// - and does what its title says, for the titles that say one thing: `quit` quits or asks,
///   `keys` shows the keys, `inspector` opens or closes it, `tab` changes the tab, `focus` and
///   `next` move the focus.
/// Half the steps press a footer hint (checked as above), the others a random key.
@MainActor
public struct KeysInEffectWalk {
    /// Keys tried for dispatch, and pressed at random.
    public static let keys: [Key] = [.tab, .backTab, .enter, .escape, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
                                     .backspace, .delete, .character(" "), .character("?")]
        + (1...6).map { .function($0) } + "abcdefghijklmnoprstuvwxyz123456789+".map { .character($0) }
        + "nopaeu".map { .control($0) }

    public let harness: AppHarness
    public let help: KeysHelp
    private var generator: SplitMix

    public init(harness: AppHarness, help: KeysHelp, seed: UInt64) {
        self.harness = harness
        self.help = help
        generator = SplitMix(seed: seed)
    }

    /// Walks at most `steps` steps; the problem found, with the keys that led to it.
    public mutating func run(steps: Int) -> (steps: Int, problem: String?) {
        var pressed: [String] = []
        for step in 0..<steps {
            guard harness.app.isRunning else { return (step, nil) }
            if let problem = checkHelpListsEveryKey() {
                return (step, problem + "\n  after: \(pressed.joined())\n\(harness.text)")
            }
            let hints = KeyHints.hints(for: harness.app.responderChain())
            if Bool.random(using: &generator), let hint = hints.randomElement(using: &generator) {
                switch pressHint(hint) {
                case .failure(let problem): return (step, "\(problem)\n  after: \(pressed.joined())\n\(harness.text)")
                case .success(let key): pressed.append(KeyNotation.format(key))
                }
            } else {
                var key = Self.keys.randomElement(using: &generator)!
                // Quitting ends the walk too soon: q is pressed through its hint now and then.
                if key == .character("q") { key = .character("w") }
                harness.run([.press(key)])
                pressed.append(KeyNotation.format(key))
            }
        }
        return (steps, nil)
    }

    /// Walks seed after seed, `Soak(defaultSteps:)` steps in all, each walk on a harness `make`
    /// makes: the first problem found, with its seed, or nil.
    public static func firstProblem(defaultSteps: Int, help: KeysHelp, make: () throws -> AppHarness) throws -> String? {
        var problem: String?
        try Soak(defaultSteps: defaultSteps).walk(stepsPerWalk: 80) { seed, maxSteps in
            var walk = KeysInEffectWalk(harness: try make(), help: help, seed: seed)
            let outcome = walk.run(steps: maxSteps)
            if let found = outcome.problem {
                problem = "seed \(seed): \(found)"
                return nil
            }
            return outcome.steps
        }
        return problem
    }

    /// Every key dispatch acts on now has its label among F1's entries, where F1 can be shown.
    private func checkHelpListsEveryKey() -> String? {
        let chain = harness.app.responderChain()
        guard chain.responders.contains(where: { ($0 as? ScreenResponder).map { $0.screen.alert == nil } ?? false }) else { return nil }
        let listed = Set(KeyBindings.lines(for: help, labels: Set(chain.activeCommands().map(\.label))).map(\.label))
        for key in Self.keys {
            guard let (command, _) = chain.command(for: key) else { continue }
            if !listed.contains(command.label) {
                return "\(KeyNotation.format(key)) does \(command.action) (\"\(command.label)\"), but F1 does not list it: \(listed.sorted())"
            }
        }
        return nil
    }

    /// The selected tab of the tab bar the keys switch, if any.
    private var selectedTab: Int? {
        guard let screen = harness.app.currentScreen else { return nil }
        return screen.tabBarController(for: harness.app.focus.focus(on: screen))?.selectedIndex
    }

    /// Actions that send a control's actions to the app's code.
    private static let sendsActions: Set<KeyAction> = [.press, .cancel, .rightBarButton, .mnemonic]

    /// What the user has: a key that changes none of it did nothing.
    private var state: [String] {
        let app = harness.app
        let focused = harness.focusedObject
        let selected = (focused as? TableView)?.indexPathForSelectedRow.map { "\($0)" } ?? "-"
        // The cells with their styles: a moved selection or focus may change only colours.
        let cells = "\(harness.terminal.screen.hashValue) \(harness.terminal.cursor.map { "\($0)" } ?? "-")"
        return [harness.text, cells, focused.map { "\(ObjectIdentifier($0))" } ?? "none", selected, "\(app.isRunning)", "\(harness.events.count)",
                "\(app.inspector.isShown)", "\(app.inspector.isZoomed)", "\(app.inspector.isStepping)"]
    }

    /// Presses the keys of `hint`'s commands in effect until one changes the state, and checks
    /// it did what the title says.
    private func pressHint(_ hint: String) -> Result<Key, HintFailure> {
        let chain = harness.app.responderChain()
        let commands = chain.activeCommands { $0.hint == hint }
        let keys = commands.flatMap(\.input.samples).filter { key in
            chain.command(for: key).map { found in commands.contains { $0.action == found.command.action } } ?? false
        }
        let title = commands.first?.title ?? ""
        let tab = selectedTab
        let focused = harness.focusedObject
        let shown = harness.app.inspector.isShown
        let before = state
        for key in keys {
            harness.run([.press(key)])
            guard state != before else { continue }
            let app = harness.app
            let alertTitle = harness.alert?.title
            switch title {
            case "quit" where app.isRunning && alertTitle != "Quit?":
                return .failure(HintFailure("\(hint): neither quit nor asked"))
            case "keys" where alertTitle != "Keys":
                return .failure(HintFailure("\(hint): no list of keys"))
            case "inspector" where app.inspector.isShown == shown:
                return .failure(HintFailure("\(hint): the inspector neither opened nor closed"))
            case "tab" where selectedTab == tab:
                return .failure(HintFailure("\(hint): the same tab"))
            case "focus", "next":
                if harness.focusedObject === focused { return .failure(HintFailure("\(hint): focus did not move")) }
            default: break
            }
            return .success(key)
        }
        // A button's or bar button's actions are the app's code, which may change nothing the
        // user sees this time (Send refusing the same amount again): sent, they acted.
        if let key = keys.first, commands.allSatisfy({ Self.sendsActions.contains($0.action) }) { return .success(key) }
        return .failure(HintFailure("the footer names \"\(hint)\", but none of its keys (\(keys.map(KeyNotation.format))) does anything"))
    }
}

/// A footer hint that did nothing, or not what it says.
public struct HintFailure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
