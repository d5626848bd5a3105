/// What a control does when it fires: the target-actions and the segues a storyboard connected
/// to it. Buttons, bar button items and table cells each keep one.
@MainActor
public final class Connections {
    struct TargetAction {
        let selector: Selector
        weak var target: ActionTarget?
    }
    struct TriggeredSegue {
        let template: SegueTemplate
        weak var source: ViewController?
    }

    private(set) var actions: [TargetAction] = []
    /// Actions sent to the first responder: the first controller up the chain that implements them.
    private(set) var responderChainActions: [Selector] = []
    private(set) var segues: [TriggeredSegue] = []

    public init() {}

    /// Connects a target-action, as `addTarget(_:action:for:)` does.
    public func addTarget(_ target: ActionTarget, action: Selector) {
        actions.append(TargetAction(selector: action, target: target))
    }

    /// Connects an action whose target is the first responder.
    public func addResponderChainAction(_ action: Selector) {
        responderChainActions.append(action)
    }

    func addSegue(_ template: SegueTemplate, source: ViewController) {
        segues.append(TriggeredSegue(template: template, source: source))
    }

    /// Whether firing would do anything: what makes a control worth focusing.
    public var isEmpty: Bool { actions.isEmpty && segues.isEmpty && responderChainActions.isEmpty }

    /// Sends the actions, then performs the segues, with `sender` as their sender. A segue
    /// triggered this way asks its source `shouldPerformSegue(withIdentifier:sender:)` first.
    /// `origin`: where the responder chain starts for actions sent to the first responder,
    /// when the sender is not a view (a menu's command starts at its button).
    public func fire(sender: Any?, origin: View? = nil) {
        for action in actions {
            guard let target = action.target, let method = target.actions[action.selector] else { continue }
            switch method {
            case .target(let body): body(sender)
            case .unwind: continue
            }
        }
        for selector in responderChainActions {
            var responder = (origin ?? sender as? View)?.viewController
            while let controller = responder, !controller.responds(to: selector) {
                responder = controller.parent ?? controller.presentingViewController
            }
            if let controller = responder, case .target(let body)? = controller.actions[selector] { body(sender) }
        }
        for segue in segues {
            segue.source?.performSegue(segue.template, sender: sender, triggeredByControl: true)
        }
    }
}
