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
        #expect(s.hierarchy == "nav1 [A, B] presenting nav2 [C] presenting D")
        s.recorder.reset()

        try s.tap("Done", in: "D")

        // The pop happens out of sight, under the modals; then nav2 and D go in one step,
        // D (the topmost) animating. Nothing between shows again on the way.
        #expect(s.callbacks == Scenario.unwind("done", action: "unwindToA:", from: "D",
                                               search: ["asked C false", "asked nav2 false", "asked B false", "asked A true"], to: "A", executor: "nav1") + [
            "transition pop to A in nav1",
            "transition dismiss nav2 topmost D",
        ] + Scenario.appearance(disappearing: ["D"], appearing: ["nav1", "A"], presentation: true))
        #expect(s.hierarchy == "nav1 [A]")
        #expect(s.window.presentationStack.map(Scenario.name(of:)) == ["nav1"])
    }

    @Test("Rule 12: a modal presented by a controller that the unwind pops off the stack is dismissed too, after the pop")
    func modalOfAPoppedPresenter() throws {
        let s = try scenario()
        try s.tap("Next", in: "A")
        try s.tap("Sketch", in: "B")
        #expect(s.hierarchy == "nav1 [A, B] presenting D")
        s.recorder.reset()

        try s.tap("Done", in: "D")

        #expect(s.recorder.transitions == ["transition pop to A in nav1", "transition dismiss D topmost D"])
        #expect(s.callbacks.filter { $0.hasPrefix("life ") } == Scenario.appearance(disappearing: ["D"], appearing: ["nav1", "A"], presentation: true))
        #expect(s.hierarchy == "nav1 [A]")
    }

    @Test("Rule 12: every container on the path to the destination, a custom one too, is asked to reveal the next controller towards it, from the outside in")
    func containersRevealTheDestination() throws {
        let s = try Scenario("Rule12-ContainersOnThePath", classes: [
            "AViewController": ["unwindToA:"], "BViewController": [], "CViewController": [], "SViewController": [],
        ], register: { classes, recorder in
            classes.registerSegue(AddChildSegue.self)
            classes.register(TabsContainer.self, as: "TabsViewController") { TabsContainer(recorder: recorder) }
        })
        let tabs = try #require(try s.controller("Tabs") as? TabsContainer)
        try s.tap("Next", in: "A")
        tabs.selectedIndex = 1
        try s.tap("Next", in: "C")
        #expect(s.hierarchy == "Tabs [nav1 [A, B], nav2 [C, S]]")
        s.recorder.reset()

        try s.tap("Done", in: "S")

        #expect(s.callbacks.filter { !$0.hasPrefix("life ") } == Scenario.unwind("done", action: "unwindToA:", from: "S",
                                                                                 search: ["asked C false", "asked nav2 false", "asked B false", "asked A true"], to: "A", executor: "nav1") + [
            "call reveal nav1 in Tabs",
            "transition pop to A in nav1",
        ])
        #expect(tabs.selectedIndex == 0)
        // The tab the source is in is left as it is.
        #expect(s.hierarchy == "Tabs [nav1 [A], nav2 [C, S]]")
    }
}

/// A tab-bar-like custom container: it selects the child that leads to an unwind's destination.
final class TabsContainer: StoryboardContainer {
    var selectedIndex = 0
    private(set) var revealed: [ViewController] = []

    init(recorder: Recorder) {
        super.init(storyboardClass: "Tabs", childSegues: ["child1", "child2"], recorder: recorder)
    }

    override var childrenForAppearance: [ViewController] {
        children.indices.contains(selectedIndex) ? [children[selectedIndex]] : []
    }

    override func unwind(for unwindSegue: StoryboardSegue, towards subsequentViewController: ViewController) {
        revealed.append(subsequentViewController)
        recorder?.call("reveal \(subsequentViewController.title ?? "?") in \(name)")
        if let index = children.firstIndex(where: { $0 === subsequentViewController }) { selectedIndex = index }
    }
}
