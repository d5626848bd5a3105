/// Show Detail: the source's split view controller replaces its secondary (pushes it onto the
/// primary's stack when collapsed); without a split view, presents modally (rule 19).
public final class ShowDetailSegue: StoryboardSegue {
    public override func perform() {
        source.showDetailViewController(destination, sender: nil)
    }
}

/// Present as Popover: a popover anchored at a view or a bar button item in a regular width; in
/// a compact one a form sheet from iOS 13, full screen before (rule 21).
public final class PopoverSegue: StoryboardSegue {
    /// What the popover points at.
    public enum Anchor {
        case view(View)
        case barButtonItem(BarButtonItem)

        /// The sender of a control-triggered segue, when it can anchor a popover.
        init?(sender: Any) {
            if let view = sender as? View {
                self = .view(view)
            } else if let item = sender as? BarButtonItem {
                self = .barButtonItem(item)
            } else {
                return nil
            }
        }
    }

    /// The storyboard's `popoverAnchorView` or `popoverAnchorBarButtonItem`, or the control
    /// that triggered the segue.
    public var anchor: Anchor?

    public override func perform() {
        destination.modalPresentationStyle = .popover
        if let popover = destination.popoverPresentationController {
            switch anchor {
            case .view(let view): popover.sourceView = view
            case .barButtonItem(let item): popover.barButtonItem = item
            case nil: break
            }
        }
        source.present(destination, animated: true)
    }
}

/// Embed: the destination becomes a child of the source, inside one of its container views
/// (rule 22). Performed by the storyboard when the source's view loads.
public final class EmbedSegue: StoryboardSegue {
    /// The container view the child's view goes in.
    public internal(set) weak var containerView: ContainerView?

    public override func perform() {
        source.trace(.transition(.embed(ControllerID(destination), in: ControllerID(source))))
        source.addChild(destination)
        containerView?.embeddedViewController = destination
        destination.lastWindow = source.window ?? source.lastWindow
        destination.loadViewIfNeeded()
        // The child follows its parent's appearance: a parent already on screen shows it now.
        if source.isAppearingOrAppeared { destination.beginAppearanceTransition(true, animated: false) }
        if source.appearance == .appeared { destination.endAppearanceTransition(animated: false) }
    }
}
