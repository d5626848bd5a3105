/// The window that shows a root controller and everything presented over it. Observers see
/// every step of navigation in it.
@MainActor
public final class Window {
    public typealias Observer = @MainActor (NavigationEvent) -> Void

    private var observers: [Int: Observer] = [:]
    private var nextObserver = 0

    public init() {}

    /// Changes each time a parent or a presenter of a controller in this window changes: what
    /// an unwind's path (`UnwindPath`) depends on, so it knows when to find the path again.
    var hierarchyGeneration = 0
    /// Changes each time a controller may have left this window: a parent or a presenter
    /// changed or went away, or the root changed. Controllers remember the window they found
    /// (`ViewController.window`) with the generation it had then.
    var windowGeneration = 0

    public var rootViewController: ViewController? {
        didSet {
            oldValue?.installedWindow = nil
            rootViewController?.installedWindow = self
            rootViewController?.lastWindow = self
        }
    }

    /// The window's width class, which the app sets from the terminal's columns. Setting it
    /// collapses or expands split views and adapts popovers, in every controller on screen.
    public var horizontalSizeClass = UserInterfaceSizeClass.compact {
        didSet {
            if horizontalSizeClass != oldValue { sizeClassDidChange() }
        }
    }

    /// The window's height class, which the app sets from the terminal's rows: regular is an
    /// iPhone held upright. In a compact height, sheets and popovers are full screen.
    public var verticalSizeClass = UserInterfaceSizeClass.regular {
        didSet {
            if verticalSizeClass != oldValue { sizeClassDidChange() }
        }
    }

    /// The iOS whose rules the window follows (what Automatic means, how popovers adapt): the
    /// room's, iOS 18, unless the app chose another (`--ios`).
    public var systemVersion = SystemVersion.iOS18 {
        didSet {
            if systemVersion != oldValue { sizeClassDidChange() }
        }
    }

    /// Shows the root controller: it and its visible children appear.
    public func makeKeyAndVisible() {
        guard let root = rootViewController else { return }
        root.beginAppearanceTransition(true, animated: false)
        root.endAppearanceTransition(animated: false)
    }

    /// The controllers on screen from the bottom up: the root, then each presentation.
    public var presentationStack: [ViewController] {
        guard let root = rootViewController else { return [] }
        let stack = [root] + root.presentationsAbove
        // An unwind between its reveals and its dismissal may have popped the presenter of the
        // modal it is about to dismiss off its stack: the modal is on screen until it goes.
        if let held = presentationBeingUnwound, held.presentingViewController != nil,
           !stack.contains(where: { $0 === held }) {
            return stack + [held] + held.presentationsAbove
        }
        return stack
    }

    /// The levels a screen shows one above another: the presentation stack without the
    /// current-context presentations, which cover their context's area inside the level below
    /// (`ViewController.currentContextPresentation`), so that the rest of that level stays in
    /// use: "only that area is modal".
    public var screenLevels: [ViewController] {
        let levels = presentationStack.filter { level in
            guard let context = level.presentationContext else { return true }
            return context.currentContextPresentation !== level
        }
        return menuLevel.map { levels + [$0] } ?? levels
    }

    /// An open menu (a button's or a bar button item's): a level above every other, which takes
    /// the keys, but no presentation. UIKit shows a menu outside the presentation chain:
    /// `presentedViewController` does not change, and nobody's view disappears.
    public var menuLevel: ViewController?

    /// The sheet the user is pulling down (`beginPullDown()`), until let go of.
    var sheetBeingPulled: ViewController?

    /// The presentation an unwind's transition will dismiss once its containers revealed the
    /// destination (set from its first reveal to its dismissal).
    weak var presentationBeingUnwound: ViewController?

    /// The controller at the top of the presentation stack, which receives the keys.
    public var topViewController: ViewController? { presentationStack.last }

    /// Registers an observer of every navigation event; returns a token for `removeObserver`.
    @discardableResult
    public func addObserver(_ observer: @escaping Observer) -> Int {
        nextObserver += 1
        observers[nextObserver] = observer
        return nextObserver
    }

    public func removeObserver(_ token: Int) { observers[token] = nil }

    /// Events emitted while observers are being told of another (an observer that presents an
    /// alert for an error), told once every observer has seen the one before: each observer
    /// sees every event in the order they happened, whatever order observers were added in.
    private var pendingEvents: [NavigationEvent] = []
    private var isEmitting = false

    func emit(_ event: NavigationEvent) {
        pendingEvents.append(event)
        guard !isEmitting else { return }
        isEmitting = true
        defer { isEmitting = false }
        var next = 0
        while next < pendingEvents.count {
            let event = pendingEvents[next]
            next += 1
            for key in observers.keys.sorted() { observers[key]?(event) }
        }
        pendingEvents.removeAll(keepingCapacity: true)
    }

    /// Reports a mistake of the app's or its storyboard's, for the app to show.
    public func report(_ message: String) { emit(.programmingError(message)) }

    /// Tells the observers of a caption a presenter's script shows the room, so that a trace
    /// has it where it was said.
    public func say(caption text: String) { emit(.caption(text)) }

    // MARK: Segue processes

    /// When set (the app's step-through mode), segues are handed to it instead of running at
    /// once. Held weakly. Set to nil, the process it was given and any waiting behind it run
    /// to the end at once, in order. Replaced by another runner, the active process stays with
    /// the runner it was given (`activeSegueProcess` finds it); the next ones go to the new one.
    public weak var segueProcessRunner: SegueProcessRunner? {
        didSet {
            if segueProcessRunner == nil { finishSegueProcesses() }
        }
    }

    /// The process handed to the runner and not finished yet (paused between steps, or
    /// running one); nil when none is.
    public private(set) var activeSegueProcess: SegueProcess?

    /// Segues that began while the active one was unfinished, in order.
    private var waitingSegueProcesses: [SegueProcess] = []

    /// Steps of this window's segues running now: a segue that begins during one runs inline.
    var runningSegueSteps = 0

    /// Whether a step of a segue (or a segue's start) is running now: what the window reports
    /// then belongs to a segue. While one is paused, anything reported outside its steps (an
    /// alert presented or dismissed meanwhile) does not.
    public var isRunningSegueStep: Bool { runningSegueSteps > 0 }

    /// How many segues wait behind the active one.
    public var waitingSegueProcessCount: Int { waitingSegueProcesses.count }

    /// A segue of this window began: run it now, or hand it to the runner, or queue it.
    func begin(_ process: SegueProcess) {
        // Begun from inside a running step: inline, as without stepping, so the order holds.
        guard runningSegueSteps == 0 else {
            process.runInline()
            return
        }
        guard segueProcessRunner != nil else {
            // A runner that went away may have left processes: they come first.
            finishSegueProcesses()
            process.runInline()
            return
        }
        waitingSegueProcesses.append(process)
        startNextSegueProcess()
    }

    /// Hands the next waiting process to the runner, when none is active.
    private func startNextSegueProcess() {
        while activeSegueProcess == nil, !waitingSegueProcesses.isEmpty {
            guard let runner = segueProcessRunner else {
                finishSegueProcesses()
                return
            }
            let next = waitingSegueProcesses.removeFirst()
            next.start()
            guard !next.isFinished else { continue }
            activeSegueProcess = next
            runner.segueProcessDidBegin(next)
        }
    }

    /// A step of a process ended. When the active process finished, the next one, if any,
    /// begins; when the runner was set to nil during the step, the rest run to the end now.
    func segueProcessStepDidEnd(_ process: SegueProcess) {
        guard activeSegueProcess === process else { return }
        if process.isFinished {
            activeSegueProcess = nil
            startNextSegueProcess()
        } else if segueProcessRunner == nil {
            finishSegueProcesses()
        }
    }

    /// Runs the active process and the waiting ones to the end, in order.
    private func finishSegueProcesses() {
        guard runningSegueSteps == 0 else { return }
        if let active = activeSegueProcess {
            activeSegueProcess = nil
            active.runToEnd()
        }
        while !waitingSegueProcesses.isEmpty {
            waitingSegueProcesses.removeFirst().runInline()
        }
    }
}
