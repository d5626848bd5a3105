import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 24")
struct Rule24LifeCycleAroundTransitionsTests {
    private func scenario() throws -> Scenario {
        try Scenario("Rule24-LifeCycleAroundTransitions", classes: [
            "AViewController": ["unwindToA:"], "BViewController": [], "PViewController": [],
        ])
    }

    /// The appearance calls since the last reset, as the engine traced them; checks that the
    /// test controllers' overrides received the same, in the same order.
    private func appearance(_ s: Scenario) -> [String] {
        let traced = s.recorder.log.filter { $0.hasPrefix("life ") }.map { String($0.dropFirst("life ".count)) }
        let probes = Set(s.controllers.compactMap { ($0 as? Probe)?.name } + ["A", "B", "P"])
        #expect(traced.filter { probes.contains(String($0.split(separator: " ").last!)) } == s.recorder.lifeCycleCalls,
                "the overrides are called as the trace says")
        return traced.filter { !$0.hasPrefix("viewDidLoad") }
    }

    /// Apple's page for `viewIsAppearing(_:)`: called "once each time a view controller's view
    /// appears after the viewWillAppear(_:) call", after the system "adds the view controller's
    /// view to the view hierarchy". Apple is silent on the order of the did calls; UIKit's logs
    /// have the presented controller's viewDidAppear before the presenter's viewDidDisappear.
    @Test("Rule 24: viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear and viewDidDisappear are called on the controllers that appear and disappear, for pushes, pops, full-screen presentations and their dismissals")
    func appearanceCallsForEveryTransition() throws {
        let s = try scenario()
        #expect(s.recorder.lifeCycleCalls == [
            "viewDidLoad A",
            "viewWillAppear A",
            "viewIsAppearing A",
            "viewDidAppear A",
        ])

        // Push.
        s.recorder.reset()
        try s.tap("Next", in: "A")
        #expect(appearance(s) == [
            "viewWillDisappear A",
            "viewWillAppear B",
            "viewIsAppearing B",
            "viewDidDisappear A",
            "viewDidAppear B",
        ])

        // Pop, by the Back button.
        s.recorder.reset()
        let nav = try #require(try s.controller("nav") as? NavigationController)
        try #require(nav.backBarButtonItem(for: try s.controller("B"))).sendActions()
        #expect(appearance(s) == [
            "viewWillDisappear B",
            "viewWillAppear A",
            "viewIsAppearing A",
            "viewDidDisappear B",
            "viewDidAppear A",
        ])
        #expect(s.hierarchy == "nav [A]")

        // A full-screen presentation: the whole level under it disappears, the navigation
        // controller too, after the presented controller has appeared.
        try s.tap("Next", in: "A")
        s.recorder.reset()
        try s.tap("Compose", in: "B")
        #expect(appearance(s) == [
            "viewWillDisappear nav",
            "viewWillDisappear B",
            "viewWillAppear P",
            "viewIsAppearing P",
            "viewDidAppear P",
            "viewDidDisappear nav",
            "viewDidDisappear B",
        ])

        // Dismissal.
        s.recorder.reset()
        try s.controller("P").dismiss(animated: true)
        #expect(appearance(s) == [
            "viewWillDisappear P",
            "viewWillAppear nav",
            "viewWillAppear B",
            "viewIsAppearing nav",
            "viewIsAppearing B",
            "viewDidAppear nav",
            "viewDidAppear B",
            "viewDidDisappear P",
        ])
        #expect(s.hierarchy == "nav [A, B]")
    }

    @Test("Rule 24: an unwind that pops under a full-screen modal and dismisses it calls the appearance methods once, on the modal and on the destination, after the unwind action")
    func unwindAcrossAModal() throws {
        let s = try scenario()
        try s.tap("Next", in: "A")
        try s.tap("Compose", in: "B")
        s.recorder.reset()

        try s.tap("Done", in: "P")

        // B, popped out of sight, never shows again; A appears once, after its action ran.
        #expect(s.recorder.log.filter { $0.hasPrefix("call ") } == [
            "call shouldPerformSegue done on P",
            "call prepare on P",
            "call unwindToA: on A",
            "call viewWillDisappear P",
            "call viewWillAppear A",
            "call viewIsAppearing A",
            "call viewDidAppear A",
            "call viewDidDisappear P",
        ])
        #expect(appearance(s) == [
            "viewWillDisappear P",
            "viewWillAppear nav",
            "viewWillAppear A",
            "viewIsAppearing nav",
            "viewIsAppearing A",
            "viewDidAppear nav",
            "viewDidAppear A",
            "viewDidDisappear P",
        ])
        #expect(s.hierarchy == "nav [A]")
    }

    @Test("Rule 24: a hierarchy in no window gets no appearance calls, whether it presents or dismisses")
    func noAppearanceOffScreen() {
        let root = Probe("Root")
        let presented = Probe("Presented")
        let stack = navigation("stack", [root])
        root.present(presented, animated: false)
        root.dismiss(animated: false)
        #expect(root.lifeCycle.isEmpty)
        #expect(presented.lifeCycle.isEmpty)
        #expect(root.presentedViewController == nil)
        #expect(stack.topViewController === root)
    }
}
