import Navigation
import Testing

/// Rules 17–20 and 22 of the brief: segues that go forward, to a new controller.
@MainActor
@Suite("Forward segues")
struct ForwardSegueTests {
    /// Stack.storyboard's initial navigation controller, on screen, with First at its root.
    private func stack() throws -> (recorder: Recorder, window: Window, nav1: NavigationController, first: FirstViewController) {
        let recorder = Recorder()
        let storyboard = try Fixtures.load("Stack")
        let nav1 = try #require(storyboard.instantiateInitialViewController() as? NavigationController)
        nav1.title = "nav1"
        let first = try #require(nav1.topViewController as? FirstViewController)
        first.recorder = recorder
        let window = window(showing: nav1, recorder: recorder)
        recorder.reset()
        return (recorder, window, nav1, first)
    }

    @Test("Rule 17: destination instantiated → segue created → prepare(for:sender:) on the source → perform() → segue released")
    func forwardLifeCycle() throws {
        let (recorder, _, _, first) = try stack()
        first.keepsPreparedSegues = false

        first.performSegue(withIdentifier: "present", sender: nil)

        let segue = "PresentationSegue present First→NavigationController"
        #expect(recorder.steps == [
            "instantiated NavigationController",
            "segueCreated \(segue)",
            "prepare \(segue)",
            "call prepare on First",
            "perform \(segue)",
            "transition present NavigationController by First",
        ])
        #expect(first.destinationViewLoadedAtPrepare == [false], "in prepare the destination's view is not loaded yet, as in UIKit")
        #expect(first.preparedWeakly.count == 1)
        #expect(first.preparedWeakly.first?.object == nil, "the segue is released once performed")
        let presented = try #require(first.presentedViewController as? NavigationController)
        #expect(presented.topViewController is ThirdViewController)
    }

    @Test("Rule 18: shouldPerformSegue returning false stops a control-triggered segue quietly; the control's other actions still happen")
    func shouldPerformFalseStopsAForwardSegue() throws {
        let recorder = Recorder()
        let source = try Fixtures.source("S", recorder: recorder)
        let nav = navigation("nav", [source])
        _ = window(showing: nav, recorder: recorder)
        recorder.reset()
        source.shouldPerformAnswer = false

        try button("Select", in: source).sendActions()

        #expect(recorder.steps == [
            "call select: on S",
            "call shouldPerformSegue selectShow on S",
            "shouldPerformSegue selectShow on S → false",
        ])
        #expect(source.selections == 1)
        #expect(source.prepared.isEmpty)
        #expect(nav.viewControllers.count == 1)

        // Answering true, the same tap pushes.
        source.shouldPerformAnswer = true
        try button("Select", in: source).sendActions()
        #expect(source.selections == 2)
        #expect(nav.viewControllers.count == 2 && nav.topViewController is DetailViewController)
    }

    @Test("Rule 19: Show pushes when the source is inside a navigation controller, and presents modally otherwise; Show Detail presents modally outside a split view")
    func showPushesOrPresents() throws {
        // Inside: Stack.storyboard's First, Next button (a show segue without identifier).
        let (recorder, _, nav1, first) = try stack()
        try button("Next", in: first).sendActions()
        #expect(recorder.transitions == ["transition push Second onto nav1"])
        #expect(nav1.viewControllers.count == 2 && nav1.topViewController is SecondViewController)
        #expect(first.presentedViewController == nil)

        // Outside: the source is the window's root.
        let other = Recorder()
        let source = try Fixtures.source("S", recorder: other)
        let screen = window(showing: source, recorder: other)
        other.reset()
        source.performSegue(withIdentifier: "show", sender: nil)
        #expect(other.transitions == ["transition present Detail by S"])
        #expect(source.presentedViewController is DetailViewController)
        #expect(screen.topViewController is DetailViewController)

        // Show Detail, with no split view controller, presents even inside a navigation controller.
        let third = Recorder()
        let inNavigation = try Fixtures.source("T", recorder: third)
        let nav = navigation("nav", [inNavigation])
        _ = window(showing: nav, recorder: third)
        third.reset()
        try button("Show Detail", in: inNavigation).sendActions()
        #expect(third.transitions == ["transition present Detail by T"])
        #expect(nav.viewControllers.count == 1)
        #expect(inNavigation.presentedViewController is DetailViewController)
    }

    @Test("Rule 20: Present Modally presents over the current context; the presenting controller stays underneath")
    func presentKeepsThePresenterUnderneath() throws {
        let recorder = Recorder()
        let source = try Fixtures.source("S", recorder: recorder)
        let nav = navigation("nav", [source])
        let window = window(showing: nav, recorder: recorder)
        recorder.reset()

        try button("Present", in: source).sendActions()

        let detail = try #require(source.presentedViewController as? DetailViewController)
        #expect(recorder.transitions == ["transition present Detail by S"])
        #expect(detail.presentingViewController === source)
        #expect(window.presentationStack.count == 2)
        #expect(window.presentationStack.first === nav && window.presentationStack.last === detail)
        #expect(nav.viewControllers.count == 1 && nav.topViewController === source && source.parent === nav)

        detail.dismiss(animated: false)

        #expect(window.presentationStack.count == 1 && window.topViewController === nav)
        #expect(source.presentedViewController == nil)
        #expect(source.lifeCycle.suffix(4) == ["viewWillDisappear", "viewDidDisappear", "viewWillAppear", "viewDidAppear"])

        // Over full screen, as the storyboard's segue asks: the presenter stays visible, with no disappearance.
        recorder.reset()
        try button("Present Over", in: source).sendActions()
        let over = try #require(source.presentedViewController as? DetailViewController)
        #expect(over.modalPresentationStyle == .overFullScreen)
        #expect(window.presentationStack.count == 2 && window.topViewController === over)
        #expect(recorder.log.filter { $0.hasPrefix("life ") }
            == ["life viewDidLoad Detail", "life viewWillAppear Detail", "life viewDidAppear Detail"])
        over.dismiss(animated: false)
        #expect(window.presentationStack.count == 1)
        #expect(recorder.log.filter { $0.hasPrefix("life ") }.suffix(2) == ["life viewWillDisappear Detail", "life viewDidDisappear Detail"])
        #expect(!recorder.log.contains { $0.hasPrefix("life ") && ($0.hasSuffix(" S") || $0.hasSuffix(" nav")) },
                "the presenter never left the screen")
        #expect(recorder.lifeCycleCalls.isEmpty)
    }

    @Test("Rule 22: a relationship segue sets the root of a navigation controller from the storyboard")
    func relationshipSegueSetsTheRoot() throws {
        let storyboard = try Fixtures.load("Stack")
        let nav1 = try #require(storyboard.instantiateInitialViewController() as? NavigationController)
        #expect(nav1.viewControllers.count == 1)
        let first = try #require(nav1.viewControllers.first as? FirstViewController)
        #expect(first.parent === nav1 && first.navigationController === nav1)
        #expect(nav1.children.count == 1 && nav1.children.first === first)
        #expect(first.storyboard === storyboard)
        #expect(first.navigationItem.title == "First")

        // The presented navigation controller of the "present" segue has its own root, made anew.
        let window = Window()
        window.rootViewController = nav1
        window.makeKeyAndVisible()
        first.performSegue(withIdentifier: "present", sender: nil)
        let nav2 = try #require(first.presentedViewController as? NavigationController)
        #expect(nav2.viewControllers.count == 1 && nav2.topViewController is ThirdViewController)
        #expect(nav2.topViewController?.parent === nav2)
        #expect(window.presentationStack.count == 2)
    }
}
