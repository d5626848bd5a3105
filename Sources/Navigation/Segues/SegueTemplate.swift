/// A segue as the storyboard describes it, before it is triggered: kind, identifier, and the
/// scene it leads to (or, for an unwind, the action it looks for).
@MainActor
final class SegueTemplate {
    enum Kind: Equatable {
        case show
        case presentation(ModalPresentationStyle?)
        case custom(className: String)
        case unwind(Selector)
    }

    let storyboardID: String
    let identifier: String?
    let kind: Kind
    /// The id of the destination controller's element; nil for unwind segues.
    let destinationID: String?
    let storyboard: Storyboard

    init(storyboardID: String, identifier: String?, kind: Kind, destinationID: String?, storyboard: Storyboard) {
        self.storyboardID = storyboardID
        self.identifier = identifier
        self.kind = kind
        self.destinationID = destinationID
        self.storyboard = storyboard
    }

    /// Makes the segue object for a forward segue, as UIKit does when it is triggered.
    func makeSegue(source: ViewController, destination: ViewController) -> StoryboardSegue {
        switch kind {
        case .show, .unwind:
            return ShowSegue(identifier: identifier, source: source, destination: destination)
        case .presentation(let style):
            let segue = PresentationSegue(identifier: identifier, source: source, destination: destination)
            segue.modalPresentationStyle = style
            return segue
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
    }
}
