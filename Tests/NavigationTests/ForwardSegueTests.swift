import Navigation
import Testing

/// Rules 19 and 22 of the brief: segues that go forward, to a new controller (rules 17, 18
/// and 20 are in Conformance/).
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
        // Made by the controller covering the screen, the navigation controller (rule 1 of
        // UIKit's present(_:animated:completion:)), at T's request.
        #expect(third.transitions == ["transition present Detail by nav asked by T"])
        #expect(nav.viewControllers.count == 1)
        #expect(nav.presentedViewController is DetailViewController && nav.presentedViewController?.presentationAskedBy === inNavigation)
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
        let nav2 = try #require(nav1.presentedViewController as? NavigationController)
        #expect(nav2.presentingViewController === nav1 && nav2.presentationAskedBy === first)
        #expect(nav2.viewControllers.count == 1 && nav2.topViewController is ThirdViewController)
        #expect(nav2.topViewController?.parent === nav2)
        #expect(window.presentationStack.count == 2)
    }
}
