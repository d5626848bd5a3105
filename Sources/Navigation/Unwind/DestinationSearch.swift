/// One search for an unwind destination (TN2298, "How an Unwind Segue Determines its Destination
/// View Controller"). It remembers which level answered through an override of
/// `viewControllerForUnwindSegueAction`, because that level becomes the unwind executor.
@MainActor
final class DestinationSearch {
    let source: ViewController
    let action: Selector
    let sender: Any?
    private(set) var overridingLevel: ViewController?
    /// The levels whose default implementation just answered, so an override can be told apart;
    /// held, not keyed by address, so that no answer can be mistaken for another controller's.
    fileprivate var defaultAnswers: [ViewController] = []

    /// Where the search's events go: the source's window when the search began. Every
    /// controller asked is on the source's way up or below it, so in that window; asking each
    /// for its window would walk up the whole hierarchy once per controller.
    private weak var window: Window?
    /// The source's way up, found once for all the levels asked.
    private(set) lazy var path = UnwindPath(source: source)

    init(source: ViewController, action: Selector, sender: Any?, window: Window? = nil) {
        self.source = source
        self.action = action
        self.sender = sender
        self.window = window
    }

    /// Reports a step of the search from `controller`: to the search's window, or where the
    /// controller reports when the source was in none.
    func trace(_ event: NavigationEvent, from controller: ViewController) {
        if let window { window.emit(event) } else { controller.trace(event) }
    }

    /// Asks one level of the search (rule 2): its allowed children, depth first, then itself.
    /// The caller walks the levels outwards from the source's next responder (rule 1), and
    /// stops at the first destination; when no level has one, nobody accepts (rule 7).
    func ask(level: ViewController) -> ViewController? {
        let outer = source.destinationSearch
        source.destinationSearch = self
        defer { source.destinationSearch = outer }
        return ask(level)
    }

    /// Asks one controller for a destination in its subtree, noting whether it answered
    /// through its own override.
    fileprivate func ask(_ controller: ViewController) -> ViewController? {
        defaultAnswers.removeAll { $0 === controller }
        let answer = controller.viewControllerForUnwindSegueAction(action, from: source, withSender: sender)
        if answer != nil, !defaultAnswers.contains(where: { $0 === controller }), overridingLevel == nil {
            overridingLevel = controller
        }
        return answer
    }
}

extension ViewController {
    /// Its parent; for a controller presented modally, the controller that asked for the
    /// presentation, whatever container made it on its behalf (rule 1): UIKit's log for a
    /// presentation a tab's child asks for asks that child first, then the tab bar controller.
    /// When the asker has left the presenter's hierarchy since, the presenter.
    var nextResponderForUnwinding: ViewController? {
        if let parent { return parent }
        guard let presenter = presentingViewController else { return nil }
        if let asker = presentationAskedBy, sequence(first: asker, next: \.parent).contains(where: { $0 === presenter }) {
            return asker
        }
        return presenter
    }

    /// The child of this controller on the way from the source up to here, if the source is
    /// below it, through parents and presentations alike.
    public final func childContaining(_ source: UnwindSegueSource) -> ViewController? {
        if let path = source.path { return path.child(containingSourceIn: self) }
        var current: ViewController? = source.sourceViewController
        while let controller = current {
            if controller.parent === self { return controller }
            current = controller.nextResponderForUnwinding
        }
        return nil
    }

    /// The default search step: the allowed children, each searched depth first, then this
    /// controller itself.
    func defaultViewControllerForUnwindSegueAction(_ action: Selector, from source: ViewController, withSender sender: Any?) -> ViewController? {
        let search = source.destinationSearch
        let path = search?.path
        let segueSource = UnwindSegueSource(sourceViewController: source, unwindAction: action, sender: sender, path: path)
        for child in allowedChildrenForUnwinding(from: segueSource) {
            let found: ViewController?
            if let search {
                found = search.ask(child)
            } else {
                found = child.viewControllerForUnwindSegueAction(action, from: source, withSender: sender)
            }
            if let found {
                search?.defaultAnswers.append(self)
                return found
            }
        }
        defaultUnwindAnswer = nil
        let accepts = canPerformUnwindSegueAction(action, from: source, sender: sender)
        let reason: UnwindAnswerReason
        // An override answered: it did not ask the default, or answered otherwise.
        if defaultUnwindAnswer.map({ $0 != accepts }) ?? true {
            reason = .overridden
        } else if !responds(to: action) {
            reason = .noSuchAction
        } else {
            reason = source === self ? .isSource : .implementsAction
        }
        let asked = NavigationEvent.unwindAsked(ControllerID(self), action: action, answer: accepts, reason: reason)
        if let search { search.trace(asked, from: self) } else { trace(asked) }
        if accepts { search?.defaultAnswers.append(self) }
        return accepts ? self : nil
    }
}

/// The controllers an unwind's search from a source can ask, nearest the source first, and the
/// one the default search would stop at: what a question to the room offers as choices (issue 47:
/// listing every controller of the window offered 17 choices, tabs not on screen among them).
public struct UnwindCandidates {
    /// In the order the default search asks them (rules 1 and 2): each level outwards from the
    /// source's next responder, its allowed children depth first, then the level itself.
    public let controllers: [ViewController]
    /// The first of them that accepts the action, as `canPerformUnwindSegueAction` answers
    /// now; nil when none does (the unwind would be aborted, rule 7).
    public let destination: ViewController?
}

extension ViewController {
    /// The controllers an unwind from this controller with `action` can ask, found without a
    /// search: nothing is traced, and no `viewControllerForUnwindSegueAction` override runs (a
    /// container that overrides it may answer otherwise: the search itself says).
    public final func unwindCandidates(for action: Selector, sender: Any? = nil) -> UnwindCandidates {
        let segueSource = UnwindSegueSource(sourceViewController: self, unwindAction: action, sender: sender, path: UnwindPath(source: self))
        var controllers: [ViewController] = []
        var seen: Set<ObjectIdentifier> = []
        func visit(_ controller: ViewController) {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { return }
            for child in controller.allowedChildrenForUnwinding(from: segueSource) { visit(child) }
            controllers.append(controller)
        }
        var level = nextResponderForUnwinding
        while let current = level {
            visit(current)
            level = current.nextResponderForUnwinding
        }
        let destination = controllers.first { controller in
            let kept = controller.defaultUnwindAnswer
            defer { controller.defaultUnwindAnswer = kept }
            return controller.canPerformUnwindSegueAction(action, from: self, sender: sender)
        }
        return UnwindCandidates(controllers: controllers, destination: destination)
    }
}
