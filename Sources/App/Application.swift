import Navigation
import Terminal
import Views

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
    /// What the app composes over its screens, in order, the first outermost (`AppLayer`): what
    /// the presenter shows the room, then the workshop inspector.
    public private(set) var layers: [any AppLayer] = []
    /// The workshop inspector and step-through (F2, F3), the first layer.
    public let inspector: Inspector
    let renderer: Renderer
    /// The levels under the top one, drawn once and reused while they do not change.
    public let lowerLevels = LowerLevelsCache()
    /// The screens as the last render drew them, before a transition or the status line: what
    /// a test compares with a frame drawn from scratch.
    public internal(set) var lastScreenFrame: CellBuffer?
    /// Where the focused control was drawn in the last frame, in the screens' frame (at the
    /// origin of the terminal, where the layers leave the screens): what a smaller follower
    /// keeps in view.
    public internal(set) var focusRect: Rect?
    /// The responder chain the last frame's footer was made from: the chain of the next key, as
    /// long as nothing has run since (`responderChain()`), so that a key and its frame make one
    /// chain, not two. Whatever can change what the chain is drops it: a key handled, a
    /// script's step, a layout pass between keys, an alert.
    var frameChain: ResponderChain?
    /// The one run loop (`run()`), and the queue of the events that wait in it.
    public private(set) lazy var eventLoop = EventLoop(backend: backend)
    /// The script playing (`wallet --play`), first in the chain: the presenter's keys are its
    /// own while it plays.
    public var scriptPlayer: ScriptPlayerResponder? {
        didSet { frameChain = nil }
    }
    /// What reads each descriptor the loop wakes on besides the keys: in a `wallet serve`
    /// session, the room's messages and the presenter's counts.
    var readers = DescriptorReaders()

    /// `read` runs each time the loop wakes because `descriptor` has something to read.
    public func read(_ descriptor: Int32, with read: @escaping () -> Void) {
        readers.read(descriptor, with: read)
    }

    /// The room of a `wallet serve` session (`RoomLayer`): questions put to everyone
    /// connected, over the app, under the captions and over the inspector.
    public var room: RoomLayer? {
        didSet {
            layers = [overlay] + (room.map { [$0] } ?? []) + [inspector]
            frameChain = nil
            room?.changed = { [unowned self] in frameChain = nil }
            room?.onExercises = { [unowned self] in overlay.exercises = $0 }
            room?.appArea = { [unowned self] size in Rect(origin: .zero, size: inspector.appSize(in: size)) }
            room?.explain = { [unowned self] text in
                if statusLine == nil { statusLine = StatusLine(window: window, observesNavigation: false) }
                statusLine?.say(text)
            }
            room?.pausedUnwind = { [unowned self] in
                guard let process = inspector.pausedProcess, case .unwind(let action, let source) = process.kind,
                      case .ask? = process.nextStep else { return nil }
                return (action, source)
            }
        }
    }
    /// The app as the chain's last responder (`ApplicationResponder`).
    lazy var asResponder = ApplicationResponder(self)
    /// The terminal's size when the last frame was drawn: a click names a place on that frame,
    /// even when it is handled after a resize it waited behind.
    public internal(set) var drawnSize: Size?
    /// The styles and glyphs drawn with (`--theme` sets its appearance).
    public var theme: Theme
    /// Where the screens are drawn when not on the whole terminal (beside an inspector): clicks
    /// are found there. nil: the whole terminal.
    public var screenArea: Rect?
    public private(set) var isRunning = true
    var isLaunched = false
    /// What the last unwind did, on the bottom row until the next key (`wallet catalog`); an
    /// aborted unwind is said there as well as in the alert every app shows.
    public var statusLine: StatusLine?
    /// What the presenter shows the room over the app: captions, the keys pressed, the keys a
    /// playing script leaves the presenter. The outermost layer.
    public let overlay = PresenterOverlay()
    /// The last keys pressed, shown to the audience (`--show-keys`); nil when they are not shown.
    public var shownKeys: ShownKeys? {
        get { overlay.shownKeys }
        set { overlay.shownKeys = newValue }
    }

    /// The caption a script shows the room (`#> text`), until the next one.
    public var caption: String? { overlay.caption }

    /// Shows a caption to the room, at the bottom over the keys' row, and says it in the trace;
    /// an empty one takes the caption away.
    public func show(caption text: String) {
        overlay.caption = text.isEmpty ? nil : text
        if !text.isEmpty { window.say(caption: text) }
    }
    /// How long a notice (`show(notice:)`) stays on screen.
    public static let noticeSeconds = 8.0

    /// Shows the presenter a notice across the top row: what the options could not give a
    /// script, which standard error, under the screen, would say only after the app has quit
    /// (issue 32). It stays while `holds` says so of the terminal's size (a terminal smaller than
    /// the script needs, until it is enlarged), else for `noticeSeconds`; or until the next one.
    public func show(notice text: String, while holds: ((Size) -> Bool)? = nil) {
        overlay.notice = text
        overlay.noticeHolds = holds
        noticeTimer?.invalidate()
        noticeTimer = nil
        guard holds == nil else { return }
        noticeTimer = scheduler.schedule(after: Self.noticeSeconds) { [weak self] in self?.overlay.notice = nil }
    }

    private var noticeTimer: ScheduledTimer?

    /// Whose keys F1 lists: the wallet's, or words that hold for any storyboard.
    public var keysHelp: KeysHelp = .wallet
    /// Mistakes the engine reported, shown to the user in alerts, kept for tests and logs.
    public private(set) var reportedErrors: [String] = []
    /// The events handled in this turn of the event loop so far.
    var eventsThisTurn = 0

    public init(window: Window, backend: TerminalBackend, scheduler: Scheduler) {
        self.window = window
        self.backend = backend
        self.scheduler = scheduler
        renderer = Renderer(backend: backend)
        animator = TransitionAnimator(window: window, scheduler: scheduler)
        theme = Theme(capabilities: backend.capabilities)
        inspector = Inspector(window: window)
        layers = [overlay, inspector]
        // Asked while a frame is drawn: the chain its footer was made from.
        inspector.chain = { [unowned self] in frameChain ?? responderChain() }
        window.addObserver { [weak self] event in
            switch event {
            case .perform, .unwindAction, .transition:
                self?.hasNavigated = true
            case .programmingError(let message):
                self?.showError(message)
            case .unwindAborted(let action, let source):
                // UIKit says nothing, and the user would think Send or Cancel had worked. The
                // catalog's status line says it too, but an alert is what every app shows.
                self?.showError("\(source) unwinds with \(action), but no screen behind it accepts that action, so nothing happened: "
                    + "the storyboard's unwind segue names an action that no controller on the way back implements.")
            default:
                break
            }
        }
    }

    public func quit() {
        isRunning = false
        hasQuit = true
    }

    /// Starts with the inspector and stepping as the script played needs them, whatever the
    /// options said: a script that presses F2 itself would close an inspector `--inspector` opened.
    public func apply(_ needs: ScriptNeeds) {
        if let shown = needs.inspector { inspector.isShown = shown || (needs.step ?? false) }
        if let step = needs.step { inspector.setStepping(step) }
    }

    /// Ends the run so that the app is launched again (F5, F4): `Stage` does it.
    func requestRelaunch() {
        isRunning = false
        wantsRelaunch = true
    }

    /// Whether F5 asks before it starts over once the app has moved since launch: in a terminal
    /// with no script playing, where a live demo would be lost.
    public var asksBeforeRestart = false
    /// Whether a segue or a presentation has moved the app since launch.
    var hasNavigated = false
    /// The F4 or F5 that asked, when it was the last key.
    var restartAsked: Key?
    /// A sheet's grabber pressed and not let go of yet: the row pressed and the card's height
    /// then, which the release's row is measured against.
    var pull: (from: Int, cardHeight: Int)?
    /// The F4 or F5 that asked before the key being handled.
    var askedRestart: Key?

    /// Whether the run ended for the app to be launched again.
    public private(set) var wantsRelaunch = false

    /// Goes on after all when the app could not be launched again (its storyboard no longer
    /// loads), saying why.
    public func stay(becauseRelaunchFailed message: String) {
        wantsRelaunch = false
        isRunning = true
        showError(message)
    }

    /// Whether the app ended because it was told to quit (a key, the Quit? question's Quit), not
    /// because the terminal went away or a signal came.
    public private(set) var hasQuit = false

    /// Whether the Quit? question is on screen.
    public var isAskingToQuit: Bool {
        quitQuestion.map { question in window.presentationStack.contains { $0 === question } } ?? false
    }

    /// The alert asking whether to quit while work is under way, while it is on screen.
    private weak var quitQuestion: AlertController?

    /// Quits, unless a controller in the window has unfinished work: then asks first, with
    /// staying as the answer Enter and Esc give. Ctrl-C (`interrupting`) asked again, while
    /// the question shows, quits, as terminal programs that guard work let a second Ctrl-C do.
    public func requestQuit(interrupting: Bool = false) {
        let work = unfinishedWork
        let asking = isAskingToQuit
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
            controller.ownPresentedViewController.map(ask)
        }
        window.rootViewController.map(ask)
        return work
    }

    /// The screens of the last render drawn again with no level kept: equal to `lastScreenFrame`
    /// unless the kept lower levels missed a change. nil when the last render drew no screens.
    public func screenFrameDrawnFromScratch() -> CellBuffer? {
        guard let shown = lastScreenFrame else { return nil }
        return ScreenRenderer(theme: theme, responderChain: { [unowned self] _ in responderChain() }).render(window, size: shown.size, focus: focus).buffer
    }

    /// Cells written by the last render.
    package var lastRenderChangeCount: Int { renderer.lastChangeCount }

    var isTooSmall: Bool {
        backend.size.width < ScreenRenderer.minimumSize.width || backend.size.height < ScreenRenderer.minimumSize.height
    }

    /// The most the app lays out at, when smaller than the terminal: under `wallet serve`
    /// with the presenter's `--window-size smallest`, the smallest follower's terminal, as tmux's
    /// `window-size smallest` does, so that every follower sees the whole app (issue 47: a
    /// watcher at 80x24 following a 120x30 presenter saw rows 7 to 29). The rest of the
    /// terminal stays blank. nil: the terminal's size.
    public var layoutLimit: Size? {
        didSet {
            guard layoutLimit != oldValue else { return }
            drawnSize = nil
            updateSizeClass(layoutSize)
            renderer.invalidate()
        }
    }

    /// The screen that takes keys: the top of the presentation stack.
    /// The level on top, whose panes take keys: a current-context presentation is one of them.
    public var currentScreen: Screen? { window.screenLevels.last.map(Screen.init(level:)) }

    // MARK: Alerts

    /// The controller new alerts are presented from: the top of the top level.
    private var presenter: ViewController? {
        guard let top = window.topViewController else { return nil }
        return (top as? NavigationController)?.topViewController ?? top
    }

    func showError(_ message: String) {
        reportedErrors.append(message)
        let alert = AlertController(title: "Something went wrong", message: message)
        alert.addAction(.init(title: "OK", style: .cancel))
        presentAlert(alert)
    }

    func showHelp() {
        // The keys in effect here, as iPad's discoverability overlay lists them.
        let alert = AlertController(title: "Keys", message: KeyHints.reference(for: responderChain(), help: keysHelp))
        alert.addAction(.init(title: "OK", style: .cancel))
        presentAlert(alert)
    }

    /// Presents an alert over whatever is on top, unless an alert is already showing.
    public func presentAlert(_ alert: AlertController) {
        frameChain = nil
        guard let presenter, !(presenter is AlertController), presenter.presentedViewController == nil else { return }
        presenter.present(alert, animated: true)
    }
}
