extension ViewController {
    /// Starts an appearance transition: `viewWillAppear` or `viewWillDisappear` on this
    /// controller and on the children that appear with it. Calls that would repeat the current
    /// state are skipped, so every controller sees will/did pairs in order. Public, as in UIKit,
    /// for custom containers that swap the children they show.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        appearanceTransitionIsAnimated = animated
        // A presented controller's children appear before the presentation is linked into the
        // window, so each takes the window from the controller appearing with it.
        lastWindow = window ?? lastWindow ?? parent?.lastWindow
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            // A container takes the window's width class before it shows (a split collapses).
            if let sizeClass = (window ?? lastWindow)?.horizontalSizeClass { adaptToSizeClass(sizeClass) }
            loadViewIfNeeded()
            appearance = .appearing
            trace(.lifeCycle(.viewWillAppear, ControllerID(self)))
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            trace(.lifeCycle(.viewWillDisappear, ControllerID(self)))
            viewWillDisappear(animated)
        }
        for child in childrenForAppearance {
            child.beginAreaAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Ends the transition begun by `beginAppearanceTransition(_:animated:)`, animated as it was.
    public func endAppearanceTransition() {
        endAppearanceTransition(animated: appearanceTransitionIsAnimated)
    }

    /// Ends the transition begun above: `viewDidAppear` or `viewDidDisappear`.
    func endAppearanceTransition(animated: Bool) {
        switch appearance {
        case .appearing:
            appearance = .appeared
            trace(.lifeCycle(.viewDidAppear, ControllerID(self)))
            viewDidAppear(animated)
        case .disappearing:
            appearance = .disappeared
            trace(.lifeCycle(.viewDidDisappear, ControllerID(self)))
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return
        }
        for child in children where child.appearance == .appearing || child.appearance == .disappearing {
            child.endAppearanceTransition(animated: animated)
        }
        for child in children {
            child.currentContextPresentation?.endAppearanceTransition(animated: animated)
        }
    }

    /// Whether the controller is on screen (or about to be): containers only send appearance
    /// calls to children when they are.
    var isAppearingOrAppeared: Bool { appearance == .appeared || appearance == .appearing }

    /// Replaces what is on screen in one transition: `leaving` disappears, `arriving` appears,
    /// and `change` runs between the will and the did calls.
    func transition(from leaving: [ViewController], to arriving: [ViewController], animated: Bool, change: () -> Void) {
        for controller in leaving { controller.beginAppearanceTransition(false, animated: animated) }
        for controller in arriving { controller.beginAppearanceTransition(true, animated: animated) }
        change()
        for controller in leaving { controller.endAppearanceTransition(animated: animated) }
        for controller in arriving { controller.endAppearanceTransition(animated: animated) }
    }
}
