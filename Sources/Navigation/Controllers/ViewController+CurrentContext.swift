extension ViewController {
    /// Whether a current-context presentation hides this controller: it presented one whose
    /// style takes the presenter off screen.
    var isCoveredByCurrentContext: Bool {
        guard let presented = ownPresentedViewController, presented.presentationContext === self else { return false }
        return presented.adaptivePresentationStyle.removesPresenter
    }

    /// The current-context presentation over this controller's area, if any: drawn in that area,
    /// in place of the controller, as a part of the level (the rest of it stays in use).
    public var currentContextPresentation: ViewController? {
        guard let presented = ownPresentedViewController, presented.presentationContext === self else { return nil }
        return presented
    }

    /// Whether this controller's area is on screen: every container above it shows it, up to a
    /// level that is on screen.
    var isAreaOnScreen: Bool {
        var current = self
        while let parent = current.parent {
            guard parent.childrenForAppearance.contains(where: { $0 === current }) else { return false }
            current = parent
        }
        return current.isAppearingOrAppeared || current.window != nil && current === current.window?.rootViewController
    }

    /// Begins the appearance transition of a child's area as its container shows or hides it:
    /// the child unless a current-context presentation covers it, and that presentation.
    func beginAreaAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if !isCoveredByCurrentContext { beginAppearanceTransition(isAppearing, animated: animated) }
        currentContextPresentation?.beginAppearanceTransition(isAppearing, animated: animated)
    }

    /// Ends what `beginAreaAppearanceTransition` began.
    func endAreaAppearanceTransition(animated: Bool) {
        endAppearanceTransition(animated: animated)
        currentContextPresentation?.endAppearanceTransition(animated: animated)
    }
}
