import Navigation
import Testing

/// The Back item a navigation controller makes for a pushed controller belongs to that
/// controller: it pops it, and nothing of it outlives it.
@MainActor
@Suite("The Back button")
struct BackButtonTests {
    @Test("Every controller pushed after another was popped and released gets a Back item that pops it")
    func backAfterReleasedControllers() {
        let window = Window()
        let navigation = NavigationController(rootViewController: ViewController())
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        // A freed controller's memory is soon handed to the next one made: what was kept for
        // the first must not act for the second.
        for push in 1...50 {
            navigation.pushViewController(ViewController(), animated: true)
            let back = navigation.barItems
            #expect(back.isBack, "push \(push)")
            back.left?.sendActions()
            #expect(navigation.viewControllers.count == 1, "push \(push): Back did not pop")
            if navigation.viewControllers.count != 1 { return }
        }
    }

    @Test("A controller's Back item goes with the controller")
    func backItemGoesWithItsController() {
        let navigation = NavigationController(rootViewController: ViewController())
        weak var pushed: ViewController?
        weak var item: BarButtonItem?
        do {
            let controller = ViewController()
            pushed = controller
            navigation.pushViewController(controller, animated: false)
            item = navigation.backBarButtonItem(for: controller)
            #expect(item != nil)
            navigation.popViewController(animated: false)
        }
        #expect(pushed == nil)
        #expect(item == nil)
    }
}

@MainActor
@Suite("Trace identities")
struct TraceIdentityTests {
    @Test("Two controllers made one after the other at one address read apart in a trace")
    func controllersReadApartInTraces() {
        let window = Window()
        var events: [NavigationEvent] = []
        window.addObserver { events.append($0) }
        let navigation = NavigationController(rootViewController: ViewController())
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        for _ in 1...20 {
            navigation.pushViewController(ViewController(), animated: true)
            navigation.popViewController(animated: true)
        }
        let pushed = events.compactMap { event -> ControllerID? in
            if case .transition(.push(let controller, _)) = event { return controller } else { return nil }
        }
        #expect(pushed.count == 20)
        #expect(Set(pushed).count == 20, "each pushed controller has its own identity in the trace")
    }
}
