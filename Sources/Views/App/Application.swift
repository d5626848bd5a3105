import Navigation
import Terminal

/// The app on a terminal, as `UIApplication`: it shows the window, sends keys to the screen
/// on top, runs timers, and redraws what changed.
@MainActor
public final class Application {
    public let window: Window
    public let backend: TerminalBackend
    public let scheduler: Scheduler
    public let focus = FocusEngine()
    /// Plays transitions (`--animations`); off unless turned on.
    public let animator: TransitionAnimator
    /// The workshop inspector and step-through (F2, F3).
    public let inspector: Inspector
    private let renderer: Renderer
    /// The levels under the top one, drawn once and reused while they do not change.
    public let lowerLevels = LowerLevelsCache()
    /// The screens as the last render drew them, before a transition or the status line: what
    /// a test compares with a frame drawn from scratch.
    public private(set) var lastScreenFrame: CellBuffer?
    /// The styles and glyphs drawn with (`--theme` sets its appearance).
    public var theme: Theme
    /// Where the screens are drawn when not on the whole terminal (beside an inspector): clicks
    /// are found there. nil: the whole terminal.
    public var screenArea: Rect?
    public private(set) var isRunning = true
    private var isLaunched = false
    /// What the last unwind did, on the bottom row until the next key (`wallet catalog`); an
    /// aborted unwind is said there instead of in an alert.
    public var statusLine: StatusLine?
    /// Whose keys F1 lists: the wallet's, or words that hold for any storyboard.
    public var keysHelp: KeysHelp = .wallet
    /// Mistakes the engine reported, shown to the user in alerts, kept for tests and logs.
    public private(set) var reportedErrors: [String] = []
    /// A key read while handling a run of keys that must wait for the frame (`receiveWaitingKeys`).
    var heldKey: Key?

    public init(window: Window, backend: TerminalBackend, scheduler: Scheduler) {
        self.window = window
        self.backend = backend
        self.scheduler = scheduler
        renderer = Renderer(backend: backend)
        animator = TransitionAnimator(window: window, scheduler: scheduler)
        theme = Theme(capabilities: backend.capabilities)
        inspector = Inspector(window: window)
        window.addObserver { [weak self] event in
            switch event {
            case .programmingError(let message):
                self?.showError(message)
            case .unwindAborted(let action, let source):
                // UIKit says nothing, and the user would think Send or Cancel had worked.
                guard self?.statusLine == nil else { break }
                self?.showError("\(source) unwinds with \(action), but no screen behind it accepts that action, so nothing happened: "
                    + "the storyboard's unwind segue names an action that no controller on the way back implements.")
            default:
                break
            }
        }
    }

    /// Shows the window and handles keys and timers until the user quits or the process is asked
    /// to stop. Keys typed while a transition plays wait for it (`receive`).
    public func run() {
        launch()
        while isRunning, !backend.shouldTerminate {
            let key = heldKey ?? backend.readKey(timeout: keyTimeout)
            heldKey = nil
            turn(with: key, readingWaitingKeys: true)
        }
    }

    public func quit() { isRunning = false }

    /// The alert asking whether to quit while work is under way, while it is on screen.
    private weak var quitQuestion: AlertController?

    /// Quits, unless a controller in the window has unfinished work: then asks first, with
    /// staying as the answer Enter and Esc give. Ctrl-C (`interrupting`) asked again, while
    /// the question shows, quits, as terminal programs that guard work let a second Ctrl-C do.
    public func requestQuit(interrupting: Bool = false) {
        let work = unfinishedWork
        let asking = quitQuestion.map { question in window.presentationStack.contains { $0 === question } } ?? false
        if work.isEmpty || (asking && interrupting) {
            quit()
            return
        }
        guard !asking else { return }
        let question = AlertController(title: "Quit?", message: (work + ["Quit anyway?"]).joined(separator: " "))
        question.addAction(.init(title: "Don't Quit", style: .cancel))
        question.addAction(.init(title: "Quit", style: .destructive) { [weak self] in self?.quit() })
        // The question matters more than an alert showing now (the keys), so it takes its place.
        (window.topViewController as? AlertController)?.dismiss(animated: false)
        quitQuestion = question
        presentAlert(question)
    }

    /// What the controllers in the window say quitting would cut short.
    private var unfinishedWork: [String] {
        var work: [String] = []
        func ask(_ controller: ViewController) {
            if let description = controller.unfinishedWorkDescription { work.append(description) }
            controller.children.forEach(ask)
            controller.presentedViewController.map(ask)
        }
        window.rootViewController.map(ask)
        return work
    }

    /// Shows the window, once: a second script or loop carries on where the first stopped.
    public func launch() {
        guard !isLaunched else { return }
        isLaunched = true
        updateSizeClass(width: backend.size.width)
        window.makeKeyAndVisible()
        render()
    }

    /// Draws the window, writing only the cells that changed.
    public func render() { render(showing: true) }

    /// Lays the window out as drawing it would, without writing to the terminal: what a table
    /// shows, and so where Page Down goes, is decided by drawing, so that keys handled between
    /// two frames (`receiveWaitingKeys`) meet the state each would have met one frame each.
    func layOut() { render(showing: false) }

    private func render(showing: Bool) {
        // Drawing asks data sources for cells, and a mistake found there presents an alert; the
        // frame is then drawn once more so that the alert shows now, not after the next key.
        for _ in 0..<2 {
            let alerts = reportedErrors.count
            lastScreenFrame = nil
            inspector.endTurn()
            drawnSize = backend.size
            let frame = inspector.compose(size: backend.size, theme: theme) { size in
                // Transitions move the app's own frame, before the inspector is drawn beside it.
                updateSizeClass(width: size.width)
                var app = ScreenRenderer(theme: theme, lowerLevels: lowerLevels).render(window, size: size, focus: focus)
                lastScreenFrame = app.buffer
                statusLine?.draw(on: &app.buffer, theme: theme)
                app.buffer = animator.frame(for: app.buffer)
                return app
            }
            if showing { renderer.show(frame.buffer, cursor: animator.isAnimating ? nil : frame.cursor) }
            if reportedErrors.count == alerts { return }
        }
    }

    /// The terminal's size when the last frame was drawn: a click names a place on that frame,
    /// even when it is handled after a resize it waited behind.
    public private(set) var drawnSize: Size?

    /// The screens of the last render drawn again with no level kept: equal to `lastScreenFrame`
    /// unless the kept lower levels missed a change. nil when the last render drew no screens.
    public func screenFrameDrawnFromScratch() -> CellBuffer? {
        guard let shown = lastScreenFrame else { return nil }
        return ScreenRenderer(theme: theme).render(window, size: shown.size, focus: focus).buffer
    }

    /// Cells written by the last render.
    public var lastRenderChangeCount: Int { renderer.lastChangeCount }

    private var isTooSmall: Bool {
        backend.size.width < ScreenRenderer.minimumSize.width || backend.size.height < ScreenRenderer.minimumSize.height
    }

    /// The screen that takes keys: the top of the presentation stack.
    public var currentScreen: Screen? { window.topViewController.map(Screen.init(level:)) }

    // MARK: Keys

    /// Routes a key through the binding table (`KeyBindings`), scope by scope, to what it does.
    public func handle(_ key: Key) {
        if key != .resize { statusLine?.clear() }
        switch key {
        case .resize:
            renderer.invalidate()
            return
        case .click(let point):
            click(at: point)
            return
        default:
            break
        }
        switch KeyBindings.command(for: key, in: .anywhere) {
        case .interrupt?:
            requestQuit(interrupting: true)
            return
        case .suspend?:
            // As in vim and less; the screen comes back whole, at the size the terminal has then.
            backend.suspend()
            renderer.invalidate()
            return
        default:
            break
        }
        if inspector.handle(key, alertShows: currentScreen?.alert != nil, quit: { requestQuit() }) { return }
        // While the terminal is too small the screens cannot be seen, so keys must not act on
        // them: only quitting works until the terminal grows again.
        guard let screen = currentScreen, !isTooSmall else {
            if KeyBindings.command(for: key, in: .screen) == .quit { requestQuit() }
            return
        }
        if let alert = screen.alert {
            KeyBindings.command(for: key, in: .alert).map { handleAlert($0, alert: alert, screen: screen) }
            return
        }
        let focused = focus.focus(on: screen)
        if let command = KeyBindings.command(for: key, in: .containers), handleContainerCommand(command, key: key, screen: screen, focused: focused) {
            return
        }
        if let view = focused?.object as? Focusable, handleFocused(key, view: view, screen: screen) { return }
        switch KeyBindings.command(for: key, in: .screen) {
        case .cancel?:
            screen.pane(for: focused).leftItem?.sendActions()
        case .nextFocus?:
            focus.move(on: screen, forward: true)
        case .previousFocus?:
            focus.move(on: screen, forward: false)
        case .press?:
            if case .barItem(let item)? = focused { item.sendActions() }
        case .help?:
            showHelp()
        case .quit?:
            requestQuit()
        case .mnemonic?:
            guard case .character(let letter) = key else { return }
            if let mnemonic = screen.mnemonics.first(where: { String($0.key) == letter.lowercased() }) {
                focus.setFocus(.view(mnemonic.button), on: screen)
                mnemonic.button.sendActions()
            }
        default:
            break
        }
    }

    /// Keys the focused view takes first; a text field keeps printable keys (so `q` types a q),
    /// and Enter in it presses the screen's right bar button, as Return does on iOS forms.
    private func handleFocused(_ key: Key, view: Focusable, screen: Screen) -> Bool {
        if view is TextField, KeyBindings.command(for: key, in: .textField) == .rightBarButton {
            screen.pane(containing: view).rightItem?.sendActions()
            return true
        }
        return view.handle(key)
    }

    private func handleAlert(_ command: KeyCommand, alert: AlertController, screen: Screen) {
        let focused = focus.focus(on: screen)
        switch command {
        case .cancel:
            alert.chooseCancel()
        // A message longer than the alert scrolls; Left, Right and Tab still move between buttons.
        case .lineUp where alert.messageScrolls: alert.scrollMessage(by: -1)
        case .lineDown where alert.messageScrolls: alert.scrollMessage(by: 1)
        case .pageUp: alert.scrollMessage(by: -alert.messagePageLines)
        case .pageDown: alert.scrollMessage(by: alert.messagePageLines)
        case .top: alert.scrollMessage(by: -alert.messageLineCount)
        case .bottom: alert.scrollMessage(by: alert.messageLineCount)
        case .nextFocus, .lineDown:
            focus.move(on: screen, forward: true)
        case .previousFocus, .lineUp:
            focus.move(on: screen, forward: false)
        case .press:
            (focused?.object as? Button)?.sendActions()
        default:
            // Not even q: an alert asks something, and a stray q must not end the app instead.
            break
        }
    }

    // MARK: Alerts

    /// The controller new alerts are presented from: the top of the top level.
    private var presenter: ViewController? {
        guard let top = window.topViewController else { return nil }
        return (top as? NavigationController)?.topViewController ?? top
    }

    private func showError(_ message: String) {
        reportedErrors.append(message)
        let alert = AlertController(title: "Something went wrong", message: message)
        alert.addAction(.init(title: "OK", style: .cancel))
        presentAlert(alert)
    }

    private func showHelp() {
        let alert = AlertController(title: "Keys", message: KeyHints.reference(for: window, help: keysHelp))
        alert.addAction(.init(title: "OK", style: .cancel))
        presentAlert(alert)
    }

    /// Presents an alert over whatever is on top, unless an alert is already showing.
    public func presentAlert(_ alert: AlertController) {
        guard let presenter, !(presenter is AlertController), presenter.presentedViewController == nil else { return }
        presenter.present(alert, animated: true)
    }

    // MARK: Scripts

    /// Runs a key script as `--keys` gives it: each key handled, each wait advancing the clock,
    /// due timers run after every step, and the screen drawn as a person would see it. A key
    /// ends a transition still playing before it is handled, and so does the end of a script
    /// that ends on a key: only a wait shows a transition part of the way.
    public func run(script steps: [KeyScriptStep]) {
        launch()
        for step in steps where isRunning {
            switch step {
            case .press(let key):
                finishTransitionForScript()
                handle(key)
            case .wait(let seconds): scheduler.advance(by: seconds)
            case .resize(let size):
                finishTransitionForScript()
                (backend as? ResizableTerminal)?.resize(to: size)
                handle(.resize)
            }
            scheduler.runDue()
            render()
        }
        if case .press? = steps.last, animator.isAnimating {
            finishTransitionForScript()
            render()
        }
    }
}
