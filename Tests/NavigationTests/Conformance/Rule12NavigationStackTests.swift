import Navigation
import Testing

/// The navigation-stack part of rule 12; the tab bar's part has its own file.
@MainActor
@Suite("Conformance: rule 12 (navigation stacks and presentations)")
struct Rule12NavigationStackTests {
    private func scenario() throws -> Scenario {
        try Scenario("Rule12-NavigationStack", classes: [
            "AViewController": ["unwindToA:"], "BViewController": [], "CViewController": [], "DViewController": [],
        ])
    }

    @Test("Rule 12: the transition walks the path from source to destination: a navigation controller pops to the next controller; presentations above the destination are dismissed in one step, and only the topmost presented controller animates")
    func popThenOneDismissal() throws {
        let s = try scenario()
        try s.tap("Next", in: "A")
        try s.tap("Compose", in: "B")
        try s.tap("Sketch", in: "C")
        #expect(s.hierarchy == "nav1 [A, B presenting nav2 [C presenting D]]")
        s.recorder.reset()

        try s.tap("Done", in: "D")

        // The pop happens out of sight, under the modals; then nav2 and D go in one step,
        // D (the topmost) animating. Nothing between shows again on the way.
        #expect(s.callbacks == [
            "call shouldPerformSegue done on D",
            "shouldPerformSegue done on D → true",
            "unwindStarted unwindToA: from D",
            "asked C false",
            "asked nav2 false",
            "asked B false",
            "asked A true",
            "destination A executor nav1",
            "segueCreated UnwindSegue done D→A",
            "prepare UnwindSegue done D→A",
            "call prepare on D",
            "action unwindToA: on A",
            "call unwindToA: on A",
            "perform UnwindSegue done D→A",
            "transition pop to A in nav1",
            "transition dismiss nav2 topmost D",
            "life viewWillDisappear D",
            "life viewWillAppear nav1",
            "life viewWillAppear A",
            "life viewDidDisappear D",
            "life viewDidAppear nav1",
            "life viewDidAppear A",
        ])
        #expect(s.hierarchy == "nav1 [A]")
        #expect(s.window.presentationStack.map(Scenario.name(of:)) == ["nav1"])
    }

    @Test("Rule 12: a modal presented by a controller that the unwind pops off the stack is dismissed too, after the pop")
    func modalOfAPoppedPresenter() throws {
        let s = try scenario()
        try s.tap("Next", in: "A")
        try s.tap("Sketch", in: "B")
        #expect(s.hierarchy == "nav1 [A, B presenting D]")
        s.recorder.reset()

        try s.tap("Done", in: "D")

        #expect(s.recorder.transitions == ["transition pop to A in nav1", "transition dismiss D topmost D"])
        #expect(s.callbacks.filter { $0.hasPrefix("life ") } == [
            "life viewWillDisappear D",
            "life viewWillAppear nav1",
            "life viewWillAppear A",
            "life viewDidDisappear D",
            "life viewDidAppear nav1",
            "life viewDidAppear A",
        ])
        #expect(s.hierarchy == "nav1 [A]")
    }

    @Test("Rule 12: every container (here a custom one) on the path to the destination is asked to reveal the next controller towards it")
    func containersRevealTheDestination() throws {
        // Tabs [nav1 [A, B], nav2 [C, S]], the second tab selected; unwinding to A.
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let b = Probe("B", recorder: recorder)
        let c = Probe("C", recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav1 = navigation("nav1", [a, b])
        let nav2 = navigation("nav2", [c, source])
        let tabs = TabsContainer("Tabs", children: [nav1, nav2], recorder: recorder)
        tabs.selectedIndex = 1
        _ = window(showing: tabs, recorder: recorder)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(a.received.count == 1)
        #expect(tabs.revealed.count == 1 && tabs.revealed.first === nav1)
        #expect(tabs.selectedIndex == 0)
        #expect(nav1.viewControllers.count == 1 && nav1.topViewController === a)
        #expect(nav2.viewControllers.count == 2, "the tab the source is in is left as it is")
        let reveal = try #require(recorder.log.firstIndex(of: "call reveal nav1 in Tabs"))
        let pop = try #require(recorder.log.firstIndex(of: "transition pop to A in nav1"))
        #expect(reveal < pop, "containers are asked from the outside in")
    }
}

/// A tab-bar-like custom container: it selects the child that leads to an unwind's destination.
final class TabsContainer: Container {
    var selectedIndex = 0
    private(set) var revealed: [ViewController] = []

    override var childrenForAppearance: [ViewController] {
        children.indices.contains(selectedIndex) ? [children[selectedIndex]] : []
    }

    override func unwind(for unwindSegue: StoryboardSegue, towards subsequentViewController: ViewController) {
        revealed.append(subsequentViewController)
        recorder?.call("reveal \(subsequentViewController.title ?? "?") in \(name)")
        if let index = children.firstIndex(where: { $0 === subsequentViewController }) { selectedIndex = index }
    }
}
