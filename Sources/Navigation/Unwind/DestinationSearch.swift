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

    /// The search asking a level now; searches do not overlap, since a level is asked
    /// synchronously, within one step of a segue's process.
    fileprivate static var current: DestinationSearch?

    init(source: ViewController, action: Selector, sender: Any?) {
        self.source = source
        self.action = action
        self.sender = sender
    }

    /// Asks one level of the search (rule 2): its allowed children, depth first, then itself.
    /// The caller walks the levels outwards from the source's next responder (rule 1), and
    /// stops at the first destination; when no level has one, nobody accepts (rule 7).
    func ask(level: ViewController) -> ViewController? {
        let outer = Self.current
        Self.current = self
        defer { Self.current = outer }
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
    /// For a controller presented modally, the controller that presented it; otherwise its parent.
    var nextResponderForUnwinding: ViewController? {
        parent ?? presentingViewController
    }

    /// The child of this controller on the way from the source up to here, if the source is
    /// below it, through parents and presentations alike.
    public final func childContaining(_ source: UnwindSegueSource) -> ViewController? {
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
        let segueSource = UnwindSegueSource(sourceViewController: source, unwindAction: action, sender: sender)
        let search = DestinationSearch.current
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
        let accepts = canPerformUnwindSegueAction(action, from: source, sender: sender)
        let reason: UnwindAnswerReason
        if accepts != (responds(to: action) && source !== self) {
            reason = .overridden
        } else if !responds(to: action) {
            reason = .noSuchAction
        } else {
            reason = source === self ? .isSource : .implementsAction
        }
        trace(.unwindAsked(ControllerID(self), action: action, answer: accepts, reason: reason))
        if accepts { search?.defaultAnswers.append(self) }
        return accepts ? self : nil
    }
}
