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
            prepareToAppear()
            appearance = .appearing
            hasSentViewIsAppearing = false
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

    /// What a controller needs before its `viewWillAppear`: a container takes the window's
    /// width class (a split collapses), and the view loads (`viewDidLoad`).
    func prepareToAppear() {
        if let sizeClass = (window ?? lastWindow)?.horizontalSizeClass { adaptToSizeClass(sizeClass) }
        loadViewIfNeeded()
    }

    /// Ends the transition begun by `beginAppearanceTransition(_:animated:)`, animated as it was.
    public func endAppearanceTransition() {
        endAppearanceTransition(animated: appearanceTransitionIsAnimated)
    }

    /// Ends the transition begun above: `viewDidAppear` (after `viewIsAppearing`, if the view
    /// had not been added yet) or `viewDidDisappear`.
    func endAppearanceTransition(animated: Bool) {
        switch appearance {
        case .appearing:
            viewIsAppearingIfNeeded(animated: animated)
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

    /// The view is in the hierarchy and laid out: `viewIsAppearing`, once per appearance, on
    /// this controller, then on the children appearing with it (parents first, as
    /// `viewWillAppear`; Apple's page for `viewIsAppearing(_:)` does not say the order among
    /// children).
    func viewIsAppearingIfNeeded(animated: Bool) {
        guard appearance == .appearing else { return }
        if !hasSentViewIsAppearing {
            hasSentViewIsAppearing = true
            trace(.lifeCycle(.viewIsAppearing, ControllerID(self)))
            viewIsAppearing(animated)
        }
        for child in children where child.appearance == .appearing {
            child.viewIsAppearingIfNeeded(animated: animated)
        }
        for child in children {
            child.currentContextPresentation?.viewIsAppearingIfNeeded(animated: animated)
        }
    }

    /// Whether the controller is on screen (or about to be): containers only send appearance
    /// calls to children when they are.
    var isAppearingOrAppeared: Bool { appearance == .appeared || appearance == .appearing }

    /// Replaces what is on screen in one transition: `leaving` disappears, `arriving` appears,
    /// and `change` runs between the will and the did calls. In UIKit's order:
    /// 1. the arriving controllers' views load (`viewDidLoad` before anyone's `viewWillDisappear`);
    /// 2. `viewWillDisappear` on the leaving, `viewWillAppear` on the arriving;
    /// 3. the change, which adds the arriving views to the hierarchy, then `viewIsAppearing`;
    /// 4. the did calls: the leaving first for a push or a tab (a container's own transition),
    ///    the arriving first for a presentation or a dismissal (`presentation`), whose
    ///    presented `viewDidAppear` UIKit sends before the presenter's `viewDidDisappear`.
    func transition(from leaving: [ViewController], to arriving: [ViewController], animated: Bool, presentation: Bool = false,
                    change: () -> Void) {
        for controller in arriving where controller.appearance == .disappeared || controller.appearance == .disappearing {
            controller.lastWindow = controller.window ?? controller.lastWindow ?? controller.parent?.lastWindow ?? window ?? lastWindow
            controller.prepareToAppear()
        }
        for controller in leaving { controller.beginAppearanceTransition(false, animated: animated) }
        for controller in arriving { controller.beginAppearanceTransition(true, animated: animated) }
        change()
        for controller in arriving { controller.viewIsAppearingIfNeeded(animated: animated) }
        if presentation {
            for controller in arriving { controller.endAppearanceTransition(animated: animated) }
            for controller in leaving { controller.endAppearanceTransition(animated: animated) }
        } else {
            for controller in leaving { controller.endAppearanceTransition(animated: animated) }
            for controller in arriving { controller.endAppearanceTransition(animated: animated) }
        }
    }
}
