extension ViewController {
    /// The top of this controller's container hierarchy: the window's root, or a presented
    /// controller. Presentations hang from controllers; this is the level they cover.
    var presentationLevelRoot: ViewController {
        var current = self
        while let parent = current.parent { current = parent }
        return current
    }

    /// The controller presented from this level (by this controller or one of its
    /// descendants), if any.
    ///
    /// Only the children on screen (`childrenForAppearance`: a stack's top, the selected tab)
    /// are walked. A presentation that covers the screen hangs from the level's root (or the
    /// controller that covers the screen), never from a child below; a child below holds only
    /// a current-context presentation, which is not on screen while the child is not (a tab not
    /// selected, a controller under the top of a stack). Walking every child made each key cost
    /// as much as the stack was deep (issue 46).
    var presentedInLevel: ViewController? {
        if let ownPresentedViewController { return ownPresentedViewController }
        for child in childrenForAppearance {
            if let presented = child.presentedInLevel { return presented }
        }
        return nil
    }

    /// The controller that presents a current-context presentation asked of this one: the
    /// nearest controller, from this one up, that defines the presentation context, or the top
    /// of the level when none does (UIKit's rule).
    var presentationContextProvider: ViewController {
        var current: ViewController? = self
        while let controller = current {
            if controller.definesPresentationContext { return controller }
            current = controller.parent
        }
        return presentationLevelRoot
    }

    /// Every controller presented above this one's level, lowest first.
    var presentationsAbove: [ViewController] {
        var chain: [ViewController] = []
        var level = presentationLevelRoot
        while let presented = level.presentedInLevel {
            chain.append(presented)
            level = presented
        }
        return chain
    }

    /// `askedBy`: the controller whose `present` call this was, when another makes it.
    func performPresentation(of controller: ViewController, animated: Bool, askedBy: ViewController? = nil) {
        controller.lastWindow = window ?? lastWindow
        // Who makes the presentation (rule 1 of UIKit's present(_:animated:completion:)): a
        // current-context one, the controller that defines the context, covering its area only
        // (rules 16 and 20); any other, a controller that covers the screen, "if the current
        // view controller is unable to fulfill a request, it forwards the request up the view
        // controller hierarchy to its nearest parent": the top of this level.
        let maker = controller.modalPresentationStyle.isCurrentContext ? presentationContextProvider : presentationLevelRoot
        if maker !== self {
            maker.performPresentation(of: controller, animated: animated, askedBy: askedBy ?? self)
            return
        }
        guard ownPresentedViewController == nil else {
            trace(.programmingError("\(ControllerID(self)) is already presenting \(ControllerID(ownPresentedViewController!)); present "
                + "\(ControllerID(controller)) from the top controller instead"))
            return
        }
        guard controller.parent == nil, controller.presentingViewController == nil else {
            trace(.programmingError("\(ControllerID(controller)) is already in the hierarchy and cannot be presented"))
            return
        }
        let currentContext = controller.modalPresentationStyle.isCurrentContext && parent != nil
        // What the presentation covers: the context's area, or the whole level.
        let level = currentContext ? self : presentationLevelRoot
        // Resolved for the window it is presented in (`lastWindow`, set above).
        let style = controller.adaptivePresentationStyle
        trace(.transition(.present(ControllerID(controller), by: ControllerID(self), askedBy: askedBy.map(ControllerID.init), style: style)))
        let covered = style.removesPresenter && level.isAppearingOrAppeared ? [level] : []
        let shown = level.isAppearingOrAppeared
        controller.presentationContext = currentContext ? self : nil
        controller.presentationAskedBy = askedBy
        controller.presentedInStyle = style
        controller.styleWhenPresented = style
        transition(from: covered, to: shown ? [controller] : [], animated: animated, presentation: true) {
            ownPresentedViewController = controller
            controller.presentingViewController = self
        }
    }

    func performDismissal(animated: Bool) {
        if let ownPresentedViewController {
            dismissPresentation(of: ownPresentedViewController, animated: animated)
            return
        }
        // A presentation this controller asked for was made by an ancestor (rule 1): as UIKit's
        // presentedViewController is "presented by this view controller, or one of its
        // ancestors", dismissing here dismisses it.
        if let presented = sequence(first: self, next: \.parent).dropFirst().lazy.compactMap(\.ownPresentedViewController).first,
           let presenter = presented.presentingViewController {
            presenter.dismissPresentation(of: presented, animated: animated)
            return
        }
        let level = presentationLevelRoot
        guard let presenter = level.presentingViewController else { return }
        presenter.dismissPresentation(of: level, animated: animated)
    }

    /// Dismisses `presented` and everything presented above it in one step, revealing this
    /// controller's level, or `revealing` when an unwind has moved this controller off it.
    func dismissPresentation(of presented: ViewController, animated: Bool, revealing: ViewController? = nil) {
        let chain = [presented] + presented.presentationsAbove
        let topmost = chain.last!
        let window = self.window ?? lastWindow
        window?.emit(.transition(.dismiss(ControllerID(presented), topmost: ControllerID(topmost))))
        // A sheet the user is pulling has begun disappearing already (its `viewWillDisappear`).
        let leaving = chain.filter { $0.appearance != .disappeared }
        // A current-context presentation reveals its context's area, and only when that area is
        // on screen (its tab selected).
        let level = presented.presentationContext.map { $0.isAreaOnScreen ? $0 : presented } ?? revealing ?? presentationLevelRoot
        // As presenting shows nothing off screen, dismissing reveals only a level in a window.
        let revealed = level.isAppearingOrAppeared || level.window == nil ? [] : [level]
        transition(from: leaving, to: revealed, animated: animated, presentation: true) {
            for controller in chain.reversed() {
                controller.presentingViewController?.ownPresentedViewController = nil
                controller.presentingViewController = nil
                controller.presentationContext = nil
                controller.presentationAskedBy = nil
                controller.presentedInStyle = nil
                controller.styleWhenPresented = nil
            }
        }
    }
}
