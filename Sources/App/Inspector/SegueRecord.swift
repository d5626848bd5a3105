import Navigation
import Views

/// What happened in one segue or unwind, in order, as the window's navigation events told it:
/// the inspector's "Last segue". A value built only from `NavigationEvent`s, so that it can be
/// tested without a screen and replayed from a trace.
public struct SegueRecord: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A forward segue; its identifier and source, once an event has named them.
        case forward(identifier: String?, source: ControllerID?)
        case unwind(action: Selector, source: ControllerID)
        /// A navigation stack that moved with no segue: Back popping, or a push or pop in code
        /// (rule 27: Back on Amount is a pop, with no prepare and no unwind action).
        case withoutSegue
        /// The user pulled a sheet down (rule 29): no segue at all, only the presentation
        /// controller's delegate.
        case pullDown(ControllerID)
    }

    /// One thing the segue did, in the order it happened. Life-cycle calls are left out: the
    /// tree shows where controllers are, and the trace has every call.
    public enum Entry: Hashable, Sendable {
        case shouldPerform(identifier: String, source: ControllerID, answer: Bool)
        case instantiated(ControllerID, scene: String)
        case asked(ControllerID, answer: Bool, reason: UnwindAnswerReason)
        case destination(ControllerID, executor: ControllerID)
        case aborted
        case segueCreated(SegueID)
        case prepare(SegueID)
        case action(Selector, destination: ControllerID)
        case perform(SegueID)
        case transition(TransitionStep)
        case error(String)
        case pullDown(PullDownStep)
        case presentationController(PresentationControllerCall, delegate: String?)
    }

    public private(set) var kind: Kind
    public private(set) var entries: [Entry] = []

    public init(kind: Kind) { self.kind = kind }

    mutating func append(_ entry: Entry) {
        entries.append(entry)
        if case .forward(let identifier, let source) = kind {
            switch entry {
            case .shouldPerform(let id, let from, _):
                kind = .forward(identifier: identifier ?? id, source: source ?? from)
            case .segueCreated(let segue):
                kind = .forward(identifier: identifier ?? segue.identifier, source: source ?? segue.source)
            default:
                break
            }
        }
    }

    // MARK: What the entries say

    public var isUnwind: Bool {
        if case .unwind = kind { return true }
        return false
    }

    /// Every controller the unwind's search asked, in order, with its answer and why.
    public var asked: [(controller: ControllerID, answer: Bool, reason: UnwindAnswerReason)] {
        entries.compactMap { entry in
            if case .asked(let controller, let answer, let reason) = entry { return (controller, answer, reason) }
            return nil
        }
    }

    public var destination: ControllerID? {
        for case .destination(let controller, _) in entries { return controller }
        return nil
    }

    public var executor: ControllerID? {
        for case .destination(_, let executor) in entries { return executor }
        return nil
    }

    /// The segue object the engine made (after the destination was found, for an unwind).
    public var segue: SegueID? {
        for case .segueCreated(let segue) in entries { return segue }
        return nil
    }

    public var wasAborted: Bool { entries.contains(.aborted) }

    /// The forward segue's `shouldPerformSegue` answered no: nothing else happened.
    public var wasCancelled: Bool {
        entries.contains { if case .shouldPerform(_, _, false) = $0 { return true } else { return false } }
    }

    public var wasPerformed: Bool {
        entries.contains { if case .perform = $0 { return true } else { return false } }
    }

    public var transitions: [TransitionStep] {
        entries.compactMap { if case .transition(let step) = $0 { return step } else { return nil } }
    }
}

/// Follows the window's navigation events and keeps the last segue or unwind: the model of the
/// inspector's "Last segue". A segue starts with `shouldPerformSegue`, `unwindStarted`, or,
/// for one performed from code, the instantiation or creation of its segue; it takes the
/// transitions that follow until it is closed, by an abort, a refusal, a programming error, or
/// `close()` once the app has finished handling what started it (a key, a timer), so that an
/// alert or a Back press later is not taken for part of it. A push or pop outside any segue (Back)
/// is recorded on its own, as not a segue.
public struct SegueLog: Hashable, Sendable {
    /// The last segue, or the one under way.
    public private(set) var last: SegueRecord?
    /// Whether events still go to `last`.
    public private(set) var isOpen = false
    /// A split view collapsed or expanded outside any segue (the width changed: a resize, the
    /// inspector opening beside the app): the push or pop that moves its secondary is part of
    /// that adaptation, not a Back to show in place of the last segue.
    private var isAdaptingSplitView = false
    /// A pull-down begun and not let go of: its dismissal, which a later input ends, is its own.
    private var isPullingDown = false

    public init() {}

    public mutating func record(_ event: NavigationEvent) {
        switch event {
        case .lifeCycle, .caption, .standInDidNothing:
            return
        case .shouldPerformSegue(let identifier, let source, let answer):
            // The first event of a segue `begin` named: it is that segue's (maybe an unwind's).
            if !isOpen || last?.entries.isEmpty != true {
                start(.forward(identifier: identifier, source: source))
            }
            append(.shouldPerform(identifier: identifier, source: source, answer: answer))
            if !answer { isOpen = false }
        case .unwindStarted(let action, let source):
            // A bar button's unwind asks should-perform first: that answer is the unwind's.
            let asked = isOpen ? (last?.entries ?? []) : []
            let carried = asked.allSatisfy { if case .shouldPerform = $0 { return true } else { return false } } ? asked : []
            start(.unwind(action: action, source: source))
            carried.forEach { append($0) }
        case .instantiated(let controller, let scene):
            // Another segue, unless this is the open forward segue's destination being made.
            if !isOpen || last?.isUnwind != false || last?.segue != nil {
                start(.forward(identifier: nil, source: nil))
            }
            append(.instantiated(controller, scene: scene))
        case .segueCreated(let segue):
            if !isOpen || last?.segue != nil {
                start(.forward(identifier: segue.identifier, source: segue.source))
            }
            append(.segueCreated(segue))
        case .unwindAsked(let controller, _, let answer, let reason):
            appendIfOpen(.asked(controller, answer: answer, reason: reason))
        case .unwindDestination(let controller, let executor):
            appendIfOpen(.destination(controller, executor: executor))
        case .unwindAborted:
            appendIfOpen(.aborted)
            isOpen = false
        case .prepare(let segue):
            appendIfOpen(.prepare(segue))
        case .unwindAction(let action, let destination):
            appendIfOpen(.action(action, destination: destination))
        case .perform(let segue):
            appendIfOpen(.perform(segue))
        case .pullDown(let sheet, let step):
            if case .refused(byModalInPresentation: true) = step { start(.pullDown(sheet)) }
            append(.pullDown(step))
            isPullingDown = step == .began
        case .presentationController(let call, let sheet, let delegate):
            if case .shouldDismiss = call { start(.pullDown(sheet)) }
            append(.presentationController(call, delegate: delegate))
        case .transition(let step):
            if isPullingDown || last.map({ if case .pullDown = $0.kind { true } else { false } }) == true && isOpen {
                append(.transition(step))
            } else if isOpen {
                append(.transition(step))
            } else if case .collapse = step {
                isAdaptingSplitView = true
            } else if case .expand = step {
                isAdaptingSplitView = true
            } else if isAdaptingSplitView {
                return
            } else if case .push = step {
                recordWithoutSegue(step)
            } else if case .pop = step {
                recordWithoutSegue(step)
            }
        case .programmingError(let message):
            appendIfOpen(.error(message))
            isOpen = false
        }
    }

    /// A segue of `kind` is about to start, before any of its events: a paused segue's record
    /// says which segue waits. Its first event starts the record again, with the same kind.
    public mutating func begin(_ kind: SegueRecord.Kind) { start(kind) }

    /// Ends the segue under way: later events (an alert presented, a Back press) are not part of it.
    public mutating func close() {
        isOpen = false
        isAdaptingSplitView = false
    }

    private mutating func start(_ kind: SegueRecord.Kind) {
        last = SegueRecord(kind: kind)
        isOpen = true
    }

    private mutating func append(_ entry: SegueRecord.Entry) { last?.append(entry) }

    /// A push or pop outside any segue is the last thing that moved: shown as such, so that Back
    /// reads as what it is. Presentations outside segues (alerts) leave the last segue shown.
    private mutating func recordWithoutSegue(_ step: TransitionStep) {
        start(.withoutSegue)
        append(.transition(step))
        isOpen = false
    }

    private mutating func appendIfOpen(_ entry: SegueRecord.Entry) {
        guard isOpen else { return }
        append(entry)
    }
}
