import Navigation

@MainActor
extension Window {
    /// Every controller of the window: from the root, each controller, its children and what it
    /// presented, depth first.
    public var allControllers: [ViewController] {
        var all: [ViewController] = []
        func visit(_ controller: ViewController) {
            all.append(controller)
            controller.children.forEach(visit)
            controller.ownPresentedViewController.map(visit)
        }
        rootViewController.map(visit)
        return all
    }
}

extension LifeCycleCall {
    /// The call a controller may have had last before this one: did-load, will-appear,
    /// did-appear, will-disappear, did-disappear, will-appear again…, never appearing twice.
    public var allowedAfter: [LifeCycleCall?] {
        switch self {
        case .viewDidLoad: [nil]
        case .viewWillAppear: [nil, .viewDidLoad, .viewDidDisappear]
        case .viewDidAppear: [.viewWillAppear]
        case .viewWillDisappear: [.viewDidAppear]
        case .viewDidDisappear: [.viewWillDisappear]
        }
    }
}
