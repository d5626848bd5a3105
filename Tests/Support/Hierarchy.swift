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
    /// is-appearing, did-appear, will-disappear, did-disappear, will-appear again…, never
    /// appearing twice. A pull-down the user lets go of turns a will-disappear back into a
    /// will-appear, as UIKit's cancelled interactive transitions do.
    public var allowedAfter: [LifeCycleCall?] {
        switch self {
        case .viewDidLoad: [nil]
        case .viewWillAppear: [nil, .viewDidLoad, .viewDidDisappear, .viewWillDisappear]
        case .viewIsAppearing: [.viewWillAppear]
        case .viewDidAppear: [.viewIsAppearing]
        case .viewWillDisappear: [.viewDidAppear]
        case .viewDidDisappear: [.viewWillDisappear]
        }
    }
}
