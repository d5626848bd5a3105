import Storyboards

/// A segue's process as a sequence of real steps (`SegueStep`), which can be run one at a time.
///
/// Every segue the engine performs, forward or unwind, is one of these: `performSegue` makes it
/// and either runs it to the end at once (no runner: what the app always did) or hands it to
/// the window's `segueProcessRunner` (the app's step-through mode), which runs its steps when
/// it likes. Between two steps the hierarchy is the real intermediate one: after the unwind
/// action the destination's action has run while the modal is still presented; after a
/// `reveal` the stack under the modal is popped; after `dismiss` the modal is gone. Each step
/// emits exactly the events the whole process emitted at that point before it was split, so
/// the events of a segue, and their order, are the same with and without stepping.
///
/// - Segues that begin while a step runs (from `prepare`, an unwind action, a life-cycle call,
///   an observer) run inline, to the end, inside that step, as they would without stepping.
/// - A segue that begins while another is handed over and unfinished (paused between steps)
///   waits, in order, behind it; the runner is given it when the ones before it finish.
/// - When the runner is set to nil, the process it was given and those waiting run to the end
///   at once, in order. When the runner is released without that, the next segue to begin in
///   the window first runs them to the end.
/// - If, while the process was paused, its source or its found destination left the window,
///   the process stops before its next step that comes before the transition (a
///   `programmingError` event says which controller left and which step was not run, and
///   `wasAborted` is true). Once the transition has begun (`reveal`, `dismiss`), its remaining
///   parts still run: each is safe on whatever hierarchy it finds, and doing nothing where its
///   controller is gone. Without pauses nothing can move between steps, so this never happens
///   without a runner.
@MainActor
public final class SegueProcess {
    public enum Kind: Hashable, Sendable {
        case forward(identifier: String?, source: ControllerID)
        case unwind(action: Selector, source: ControllerID)
    }

    public let kind: Kind

    /// What the next step will do; nil once the process finished (or was aborted).
    public var nextStep: SegueStep? { state == .running ? pending?.step : nil }

    /// The steps run so far, in order.
    public private(set) var completedSteps: [SegueStep] = []

    public var isFinished: Bool { state == .finished }

    /// Whether the segue stopped short: an unwind nobody accepted, should-perform said no, a
    /// scene that cannot be made, or a source or destination that left the window while paused.
    public private(set) var wasAborted = false

    /// The window the process belongs to: its source's when it began. Its runner runs it.
    public private(set) weak var window: Window?

    // MARK: State

    private enum State { case waiting, running, finished }
    private var state = State.waiting

    private struct Pending {
        let step: SegueStep
        /// Whether the step comes before the transition, and so is not run on a hierarchy
        /// that lost the source or destination while the process was paused.
        let beforeTransition: Bool
        let run: @MainActor () -> Void
    }
    private var pending: Pending?
    /// Whether a step of this process is running now.
    private var inStep = false

    private var source: ViewController?
    private let template: SegueTemplate
    private let sender: Any?
    private let triggeredByControl: Bool
    /// The unwind's destination, once found.
    private weak var destination: ViewController?
    private var sourceWasInWindow: Bool
    private var destinationWasInWindow = false
    /// Where an unwind's events go: the source's window when its search began.
    private weak var unwindWindow: Window?
    private var search: DestinationSearch?

    init(template: SegueTemplate, source: ViewController, sender: Any?, triggeredByControl: Bool) {
        self.template = template
        self.source = source
        self.sender = sender
        self.triggeredByControl = triggeredByControl
        if case .unwind(let action) = template.kind {
            kind = .unwind(action: action, source: ControllerID(source))
        } else {
            kind = .forward(identifier: template.identifier, source: ControllerID(source))
        }
        window = source.window ?? source.lastWindow
        sourceWasInWindow = source.window != nil
    }

    // MARK: Running

    /// Runs the next step and emits its events. Does nothing on a finished process, or when
    /// called from inside one of its own steps.
    public func step() {
        step(afterPause: !isRunningToEnd)
    }

    /// Whether `runToEnd()` is running the steps: nothing but the steps (and what they run
    /// inline) happens until the last one.
    private var isRunningToEnd = false

    /// `afterPause`: whether anything outside the process may have run since its last step,
    /// so that the source or the destination may have left the window. Within `runToEnd()`
    /// nothing can, and not looking saves walking up from both to their window on every step
    /// (an unwind asks one level a step: 10,000 levels made it quadratic).
    private func step(afterPause: Bool) {
        guard state == .running, !inStep else { return }
        inStep = true
        let window = self.window
        window?.runningSegueSteps += 1
        if let pending {
            if afterPause, pending.beforeTransition, let change = hierarchyChange(before: pending.step) {
                trace(.programmingError(change))
                wasAborted = true
            } else {
                self.pending = nil
                pending.run()
                completedSteps.append(pending.step)
            }
        }
        window?.runningSegueSteps -= 1
        inStep = false
        if pending == nil || wasAborted { finish() }
        if afterPause { notePlaces() }
        window?.segueProcessStepDidEnd(self)
    }

    /// Runs every remaining step, in order: the first as after a pause, the others at once.
    public func runToEnd() {
        guard !inStep, state == .running else { return }
        let first = !isRunningToEnd
        isRunningToEnd = true
        step(afterPause: first)
        while state == .running { step(afterPause: false) }
        if first { isRunningToEnd = false }
    }

    /// Makes the first step ready (or, for an unwind with no level to ask and no
    /// should-perform, emits its start and abort and finishes).
    func start() {
        guard state == .waiting else { return }
        state = .running
        // What it emits is part of the process: segues begun from observers then run inline.
        let window = self.window
        window?.runningSegueSteps += 1
        defer { window?.runningSegueSteps -= 1 }
        if triggeredByControl, let source {
            let identifier = template.identifier ?? ""
            schedule(.shouldPerform(identifier: identifier, source: ControllerID(source))) { [unowned self] in
                let answer = source.shouldPerformSegue(withIdentifier: identifier, sender: sender)
                trace(.shouldPerformSegue(identifier: identifier, source: ControllerID(source), answer: answer))
                if answer { afterShouldPerform() } else { wasAborted = true }
            }
        } else {
            afterShouldPerform()
        }
        if pending == nil { finish() }
    }

    /// Starts the process and runs it to the end, as a segue without a runner does.
    func runInline() {
        start()
        runToEnd()
    }

    private func schedule(_ step: SegueStep, beforeTransition: Bool = true, _ run: @escaping @MainActor () -> Void) {
        pending = Pending(step: step, beforeTransition: beforeTransition, run: run)
    }

    private func finish() {
        state = .finished
        pending = nil
        source = nil
        search = nil
    }

    private func trace(_ event: NavigationEvent) {
        if case .unwind = kind, let unwindWindow {
            unwindWindow.emit(event)
        } else if let source {
            source.trace(event)
        } else {
            window?.emit(event)
        }
    }

    // MARK: Hierarchy checks

    private func notePlaces() {
        if let source { sourceWasInWindow = source.window != nil }
        if let destination { destinationWasInWindow = destination.window != nil }
    }

    /// Why the next step must not run: the source or the destination left the window (or
    /// went) while the process was paused. Nil when the hierarchy is still the one left.
    private func hierarchyChange(before step: SegueStep) -> String? {
        guard let source else { return "the source of a segue is gone; the segue stops before: \(step)" }
        if sourceWasInWindow, source.window == nil {
            return "\(ControllerID(source)) left the window while its segue was paused; the segue stops before: \(step)"
        }
        if destinationWasInWindow {
            guard let destination else {
                return "the destination of \(ControllerID(source))'s unwind is gone; the segue stops before: \(step)"
            }
            if destination.window == nil {
                return "\(ControllerID(destination)), the destination of \(ControllerID(source))'s unwind, left the window while it was paused; the "
                    + "segue stops before: \(step)"
            }
        }
        return nil
    }

    // MARK: Steps

    private func afterShouldPerform() {
        if case .unwind(let action) = template.kind {
            beginSearch(for: action)
        } else {
            scheduleInstantiation()
        }
    }

    // MARK: Forward

    private func scheduleInstantiation() {
        guard let source, let destinationID = template.destinationID(performedBy: source) else {
            wasAborted = true
            return
        }
        schedule(.instantiate(scene: destinationID, described: template.storyboard.describedScene(withControllerID: destinationID))) { [unowned self] in
            // Loading refuses segues to scenes it cannot make; should one remain, it does nothing.
            guard let destination = template.storyboard.instantiateScene(withControllerID: destinationID) else {
                trace(.programmingError("the storyboard cannot make the scene \"\(destinationID.escapedForMessage)\" that a segue of "
                    + "\(ControllerID(source)) leads to"))
                wasAborted = true
                return
            }
            trace(.instantiated(ControllerID(destination), scene: destinationID))
            let segue = template.makeSegue(source: source, destination: destination, sender: sender)
            let segueID = SegueID(segue)
            trace(.segueCreated(segueID))
            schedule(.prepare(segueID)) { [unowned self] in
                trace(.prepare(segueID))
                source.prepare(for: segue, sender: sender)
                schedule(.perform(segueID)) { [unowned self] in
                    trace(.perform(segueID))
                    segue.perform()
                }
            }
        }
    }

    // MARK: Unwind

    /// Rule 1: the search starts at the source's next responder.
    private func beginSearch(for action: Selector) {
        guard let source else { return }
        let sourceWindow = source.window
        unwindWindow = sourceWindow ?? source.lastWindow
        let search = DestinationSearch(source: source, action: action, sender: sender, window: sourceWindow)
        self.search = search
        guard let level = source.nextResponderForUnwinding else {
            trace(.unwindStarted(action: action, source: ControllerID(source)))
            trace(.unwindAborted(action: action, source: ControllerID(source)))
            wasAborted = true
            return
        }
        schedule(.ask(ControllerID(level))) { [unowned self] in
            trace(.unwindStarted(action: action, source: ControllerID(source)))
            ask(level, action: action)
        }
    }

    /// Rule 2: one level of the search; the next level, the destination, or the abort (rule 7).
    private func ask(_ level: ViewController, action: Selector) {
        guard let search, let source else { return }
        if let destination = search.ask(level: level) {
            found(destination, action: action, search: search, source: source)
        } else if let next = level.nextResponderForUnwinding {
            schedule(.ask(ControllerID(next))) { [unowned self] in ask(next, action: action) }
        } else {
            trace(.unwindAborted(action: action, source: ControllerID(source)))
            wasAborted = true
        }
    }

    private func found(_ destination: ViewController, action: Selector, search: DestinationSearch, source: ViewController) {
        self.destination = destination
        let executor = search.overridingLevel ?? destination.defaultUnwindExecutor
        trace(.unwindDestination(ControllerID(destination), executor: ControllerID(executor)))
        let segue = customUnwindSegue(executor.segueForUnwinding(to: destination, from: source, identifier: template.identifier),
                                      search: search)
        let segueID = SegueID(segue)
        trace(.segueCreated(segueID))
        schedule(.prepare(segueID)) { [unowned self] in
            trace(.prepare(segueID))
            source.prepare(for: segue, sender: sender)
            schedule(.unwindAction(action, destination: ControllerID(destination))) { [unowned self] in
                trace(.unwindAction(action, destination: ControllerID(destination)))
                if case .unwind(let body)? = destination.actions[action] { body(segue) }
                scheduleTransition(of: segue, segueID: segueID)
            }
        }
    }

    /// An unwind segue with a `customClass` in the storyboard is an instance of that class,
    /// whose `super.perform()` runs the executor's segue; a legacy executor's own segue is kept.
    private func customUnwindSegue(_ segue: StoryboardSegue, search: DestinationSearch) -> StoryboardSegue {
        guard search.overridingLevel == nil, let name = template.customClassName,
              let type = template.storyboard.classes.segueClass(named: name) else { return segue }
        let custom = type.init(identifier: segue.identifier, source: segue.source, destination: segue.destination)
        custom.performHandler = { segue.perform() }
        return custom
    }

    /// The engine's own `UnwindSegue` is split into its parts: a `reveal` for each container on
    /// the path, then one `dismiss`. Any other segue is one `perform`.
    private func scheduleTransition(of segue: StoryboardSegue, segueID: SegueID) {
        if let unwind = segue as? UnwindSegue {
            // Planned where perform() would begin, before any container moves.
            let plan = unwind.transitionPlan()
            var parts: [(step: SegueStep, run: @MainActor () -> Void)] = plan.reveals.map { reveal in
                (.reveal(ControllerID(reveal.child), in: ControllerID(reveal.container)), { unwind.reveal(reveal) })
            }
            if let presented = plan.presented {
                if !parts.isEmpty {
                    // Shown until it is dismissed, should a reveal pop its presenter under it.
                    parts[0].run = { [weak self, run = parts[0].run] in
                        self?.window?.presentationBeingUnwound = presented
                        run()
                    }
                }
                parts.append((.dismiss(ControllerID(presented)), { [weak self] in
                    unwind.dismissPresentation(presented)
                    if self?.window?.presentationBeingUnwound === presented { self?.window?.presentationBeingUnwound = nil }
                }))
            }
            if !parts.isEmpty {
                scheduleParts(parts[...], segueID: segueID, first: true)
                return
            }
        }
        schedule(.perform(segueID)) { [unowned self] in
            trace(.perform(segueID))
            segue.perform()
        }
    }

    private func scheduleParts(_ parts: ArraySlice<(step: SegueStep, run: @MainActor () -> Void)>, segueID: SegueID, first: Bool) {
        guard let part = parts.first else { return }
        schedule(part.step, beforeTransition: first) { [unowned self] in
            if first { trace(.perform(segueID)) }
            part.run()
            scheduleParts(parts.dropFirst(), segueID: segueID, first: false)
        }
    }
}

/// Runs the segues of a window one step at a time, when it likes: the app's step-through mode.
@MainActor
public protocol SegueProcessRunner: AnyObject {
    /// A segue began. The runner runs its steps, all of them in order, now or later
    /// (step() / runToEnd()); the engine does nothing more until it does.
    func segueProcessDidBegin(_ process: SegueProcess)
}
