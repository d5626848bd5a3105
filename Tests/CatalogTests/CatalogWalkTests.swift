@testable import App
import Catalog
import Foundation
@testable import Navigation
import Terminal
import TestSupport
import Testing
@testable import Views

/// Seeded random walks over the catalog: random keys (every button's letter, tabs by number and
/// by Ctrl-N/Ctrl-P, Tab, Enter, Esc, F1, F2, F3 and Space while a segue is paused), waits and
/// resizes across the 100 columns where the width turns regular. After every step: no
/// programming error, no cell outside the terminal, focus on something drawn (a focused table's
/// selected row on screen), appearance
/// callbacks in order; every unwind lands where `CatalogUnwindSearch` says; and at the end of
/// each walk Ctrl-C quits.
/// A soak: `Soak`.
@MainActor
@Suite("Random walks through the catalog")
struct CatalogWalkTests {
    @Test("Every step of a random walk through the catalog keeps the screen, focus, appearance and unwinds right, and Ctrl-C always quits")
    func randomWalks() throws {
        var unwinds = 0
        var failed = false
        try Soak(defaultSteps: 600).walk(stepsPerWalk: 150) { seed, maxSteps in
            let walk = try CatalogWalk(seed: seed)
            let outcome = walk.run(maxSteps: maxSteps)
            unwinds += walk.unwindsChecked
            if let problem = outcome.problem {
                Issue.record("catalog walk \(seed): \(problem)\n  keys: \(outcome.keys.joined())\n\(walk.terminal.text)")
                failed = true
                return nil
            }
            return outcome.steps
        }
        guard !failed else { return }
        #expect(unwinds > 0, "random keys never unwound: the walk proves nothing about unwinds")
    }
}

/// One walk: its seed decides the keys, waits and resizes.
@MainActor
final class CatalogWalk {
    static let keys = ["<tab>", "<s-tab>", "<enter>", "<esc>", "<up>", "<down>", "<c-n>", "<c-p>", "<c-o>",
                       "1", "2", "3", "4", "5", "6", "7", "<f1>", "<f2>", "<f3>", " ", "<wait 1>"]
        + "abcdefghijklmnoprstuvwxyz".map(String.init)
    /// Across the regular threshold (100 columns) and down to small terminals.
    static let sizes = [Size(width: 120, height: 30), Size(width: 99, height: 30), Size(width: 100, height: 24),
                        Size(width: 80, height: 24), Size(width: 60, height: 16), Size(width: 160, height: 40),
                        Size(width: 30, height: 9), Size(width: 24, height: 8)]

    let seed: UInt64
    let terminal: MemoryTerminal
    let checked: BoundsCheckedTerminal
    let app: Application
    private var generator: SplitMix
    private(set) var problems: [String] = []
    private(set) var unwindsChecked = 0
    /// The reference's destination for the unwind under way, computed when it started.
    private var expected: (action: Selector, destination: ControllerID?)?
    /// Every controller the walk met, held weakly.
    private var seen: [WeakController] = []
    /// Each controller instance's appearance as its callbacks say.
    private var appearance: [ControllerInstance: LifeCycleCall] = [:]

    init(seed: UInt64, size: Size? = nil) throws {
        self.seed = seed
        generator = SplitMix(seed: seed)
        let size = size ?? Self.sizes[Int(seed % UInt64(Self.sizes.count))]
        terminal = MemoryTerminal(size: size, capabilities: TerminalCapabilities(unicode: true, color: false))
        checked = BoundsCheckedTerminal(terminal)
        app = Application(window: try CatalogApp.makeWindow(), backend: checked, scheduler: Scheduler(clock: .manual))
        CatalogApp.configure(app)
        app.window.addObserver { [weak self] event in self?.observe(event) }
        app.launch()
    }

    func run(maxSteps: Int) -> (steps: Int, problem: String?, keys: [String]) {
        var keys: [String] = []
        for step in 0..<maxSteps {
            let choice = Int(generator.next() % UInt64(Self.keys.count + 2))
            if choice >= Self.keys.count {
                let size = Self.sizes[Int(generator.next() % UInt64(Self.sizes.count))]
                keys.append(KeyNotation.format(.resize(size)))
                resize(to: size)
            } else {
                keys.append(Self.keys[choice])
                press(Self.keys[choice])
            }
            if let problem = check() { return (step + 1, problem, keys) }
            for controller in app.window.allControllers where !seen.contains(where: { $0.controller === controller }) {
                seen.append(WeakController(controller))
            }
        }
        // What left the hierarchy is gone from memory, once no segue waits (F3 runs what remains).
        if app.inspector.isStepping { press("<f3>") }
        if app.currentScreen?.alert != nil { press("<esc>") }
        // Wide, so that a collapsed split view's secondary, kept to show again, is back on screen.
        if app.inspector.isShown { press("<f2>") }
        resize(to: Size(width: 160, height: 40))
        press("<wait 5>")
        do {
            let live = app.window.allControllers
            let leaked = seen.compactMap(\.controller).filter { controller in !live.contains { $0 === controller } }
            if !leaked.isEmpty {
                let splits = live.compactMap { $0 as? SplitViewController }.map { "split collapsed \($0.isCollapsed), appearance \($0.appearance)" }
                return (maxSteps, "controllers off the hierarchy still alive: \(Set(leaked.map { String(describing: ControllerID($0)) }).sorted()) (window \(app.window.horizontalSizeClass), \(splits))", keys)
            }
        }
        // Quitting is always possible: Ctrl-C, and a second one if it asked.
        app.run(script: (try? KeyNotation.parse("<c-c>")) ?? [])
        if app.isRunning { app.run(script: (try? KeyNotation.parse("<c-c>")) ?? []) }
        if app.isRunning { return (maxSteps, "Ctrl-C twice did not quit", keys + ["<c-c><c-c>"]) }
        return (maxSteps, nil, keys)
    }

    func press(_ keys: String) { app.run(script: (try? KeyNotation.parse(keys)) ?? []) }

    /// As a user drags the terminal's corner: the app hears `.resize` and draws again.
    func resize(to size: Size) {
        terminal.size = size
        app.turn(with: .resize)
    }

    /// The first thing wrong after the last step, if any.
    func check() -> String? {
        if let problem = problems.first { return problem }
        if let problem = checked.problems.first { return problem }
        if let error = app.reportedErrors.first { return "a programming error: \(error)" }
        if let problem = FocusedSelectionInvariant.problem(in: app) { return problem }
        if let problem = LayoutThenDrawInvariant.problem(in: app) { return problem }
        if let fresh = app.screenFrameDrawnFromScratch(), fresh != app.lastScreenFrame {
            return "the frame drawn with the lower levels kept differs from one drawn from scratch:\n\(app.lastScreenFrame?.text ?? "")\n---\n\(fresh.text)"
        }
        let size = terminal.size
        guard size.width >= ScreenRenderer.minimumSize.width, size.height >= ScreenRenderer.minimumSize.height else { return nil }
        let frame = ScreenRenderer(theme: app.theme).render(app.window, size: size, focus: app.focus)
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for rect in frame.levelRects + frame.clickTargets.map(\.rect) where rect.intersection(screen) != rect {
            return "\(rect) drawn outside the \(size.width)x\(size.height) screen"
        }
        // Plain views do not scroll: below 24 rows the catalog's longer scenes lose their last
        // views, which may hold focus (walk 2 at 60x16: the Split list's buttons), so only the
        // bounds count there.
        guard size.height >= 24, app.currentScreen?.alert == nil,
              let screenNow = app.currentScreen, let focused = app.focus.focus(on: screenNow)?.object else { return nil }
        return frame.hasClickTarget(for: focused) ? nil : "focus on \(focused) is not drawn"
    }

    private func observe(_ event: NavigationEvent) {
        switch event {
        case .unwindStarted(let action, let source):
            guard let controller = app.window.allControllers.first(where: { ObjectIdentifier($0) == source.id }) else {
                problems.append("the unwind's source \(source) is not in the hierarchy")
                return
            }
            expected = (action, CatalogUnwindSearch.destination(of: action, from: controller).map(ControllerID.init))
        case .unwindDestination(let destination, _):
            check(destination: destination)
        case .unwindAborted:
            check(destination: nil)
        case .programmingError(let message):
            problems.append("a programming error: \(message)")
        case .lifeCycle(let call, let controller):
            let previous = appearance[controller.instance]
            if !call.allowedAfter.contains(previous) {
                problems.append("\(call) on \(controller) after \(previous.map(\.rawValue) ?? "nothing")")
            }
            appearance[controller.instance] = call
        default:
            break
        }
    }

    private func check(destination: ControllerID?) {
        guard let expected else {
            problems.append("an unwind ended that never started")
            return
        }
        unwindsChecked += 1
        self.expected = nil
        if expected.destination?.instance != destination?.instance {
            problems.append("unwind \(expected.action) landed on \(destination.map(String.init(describing:)) ?? "nobody (aborted)"), the rules say \(expected.destination.map(String.init(describing:)) ?? "nobody")")
        }
    }
}

/// `ReferenceUnwindSearch` in the catalog, whose custom container allows its own children.
@MainActor
enum CatalogUnwindSearch {
    /// The reference search, with the fade container's pages from the top down, the legacy way
    /// (its own override, rules 6 and 13).
    static func destination(of action: Selector, from source: ViewController) -> ViewController? {
        ReferenceUnwindSearch.destination(of: action, from: source) { level in
            (level as? FadeContainerViewController).map { Array($0.pages.reversed()) } ?? ReferenceUnwindSearch.children(of: level)
        }
    }
}


