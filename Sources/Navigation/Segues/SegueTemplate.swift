/// A segue as the storyboard describes it, before it is triggered: kind, identifier, and the
/// scene it leads to (or, for an unwind, the action it looks for).
@MainActor
final class SegueTemplate {
    enum Kind: Equatable {
        case show
        case showDetail
        case presentation(ModalPresentationStyle?)
        /// Present as Popover, anchored at the element `anchorID` names, or at the sender.
        case popover(anchorID: String?)
        /// Puts the destination in a container view; performed when the parent's view loads.
        case embed
        case custom(className: String)
        case unwind(Selector)
    }

    let storyboardID: String
    let identifier: String?
    let kind: Kind
    /// The segue class the storyboard names with `customClass` on a segue of any other kind
    /// than `custom`: an instance of it is made, with the kind's transition as what its
    /// `perform()` runs when it calls `super.perform()`.
    let customClassName: String?
    /// The id of the destination controller's element; nil for unwind segues.
    let destinationID: String?
    let storyboard: Storyboard

    init(storyboardID: String, identifier: String?, kind: Kind, customClassName: String? = nil, destinationID: String?,
         storyboard: Storyboard) {
        self.storyboardID = storyboardID
        self.identifier = identifier
        self.kind = kind
        self.customClassName = customClassName
        self.destinationID = destinationID
        self.storyboard = storyboard
    }

    /// The scene the segue makes when `source` performs it: its destination, or in a compact width
    /// the substitute declared for its identifier (`wallet storyboard run`, `segues: … compact:`),
    /// as a presentation controller's delegate substitutes a controller for the adapted style.
    func destinationID(performedBy source: ViewController) -> String? {
        guard let identifier, let substitute = storyboard.classes.standIns?.behaviours.compactSubstitutes[identifier],
              (source.window ?? source.lastWindow)?.horizontalSizeClass == .compact,
              let id = storyboard.document.controllerID(forStoryboardIdentifier: substitute.value) else { return destinationID }
        return id
    }

    /// Makes the segue object for a forward segue, as UIKit does when it is triggered.
    func makeSegue(source: ViewController, destination: ViewController, sender: Any? = nil) -> StoryboardSegue {
        let segue: StoryboardSegue
        switch kind {
        case .show, .unwind:
            segue = ShowSegue(identifier: identifier, source: source, destination: destination)
        case .showDetail:
            segue = ShowDetailSegue(identifier: identifier, source: source, destination: destination)
        case .presentation(let style):
            let presentation = PresentationSegue(identifier: identifier, source: source, destination: destination)
            presentation.modalPresentationStyle = style
            segue = presentation
        case .popover(let anchorID):
            let popover = PopoverSegue(identifier: identifier, source: source, destination: destination)
            popover.anchor = anchor(anchorID, source: source) ?? sender.flatMap(PopoverSegue.Anchor.init(sender:))
            segue = popover
        case .embed:
            segue = EmbedSegue(identifier: identifier, source: source, destination: destination)
        case .custom(let className):
            guard let type = storyboard.classes.segueClass(named: className) else {
                // A stand-in for a segue class the app does not have presents modally, as most
                // custom segues do once their animation is done (`wallet storyboard run`).
                if storyboard.classes.standIns != nil {
                    return PresentationSegue(identifier: identifier, source: source, destination: destination)
                }
                return StoryboardSegue(identifier: identifier, source: source, destination: destination)
            }
            return type.init(identifier: identifier, source: source, destination: destination)
        }
        guard let customClassName, let type = storyboard.classes.segueClass(named: customClassName) else { return segue }
        // UIKit's model: the storyboard's class, whose perform() may call super.perform() for
        // the kind's own transition.
        let custom = type.init(identifier: identifier, source: source, destination: destination)
        custom.performHandler = { segue.perform() }
        return custom
    }

    /// The object an anchor id names in the source's scene: a view of its loaded view, or one
    /// of its bar button items.
    private func anchor(_ id: String?, source: ViewController) -> PopoverSegue.Anchor? {
        guard let id else { return nil }
        if let view = source.view.allViews.first(where: { $0.storyboardID == id }) { return .view(view) }
        if let item = source.barButtonItem(withStoryboardID: id) { return .barButtonItem(item) }
        return nil
    }
}
