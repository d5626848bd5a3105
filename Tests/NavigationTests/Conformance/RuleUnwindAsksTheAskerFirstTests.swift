import Navigation
import Testing

/// Issue 33, defect 1: an unwind from a presented controller starts its search at the
/// controller that asked for the presentation, whatever container made it on its behalf.
///
/// UIKit's own log for a tab bar controller whose second tab's controller presents full screen
/// (iOS 9 to 11, `allowedChildrenForUnwinding(from:)` and `canPerformUnwindSegueAction` logged on
/// every controller) "asks Second first (its allowedChildrenForUnwinding and
/// canPerformUnwindSegueAction), then the presented controller, then the tab bar controller's
/// other child and its stack. With Second implementing the action, UIKit stops there and only
/// dismisses." The presented controller is the source, which never accepts (rule 4), so the
/// engine's trace leaves it out. One rule for every container that presents on a child's behalf:
/// a tab bar controller, a split view, a custom parent of an embedded child.
@MainActor
@Suite("Conformance: an unwind from a presentation asks the controller that asked for it first")
struct RuleUnwindAsksTheAskerFirstTests {
    /// Tab 1: nav1 [First, Pushed]; tab 2: Second, selected, which asks for a full-screen
    /// presentation of the source; the tab bar controller makes it.
    private func tabs(secondImplements: Bool, recorder: Recorder) throws -> (TabBarController, NavigationController, Probe, Probe, SourceViewController) {
        let first = Probe("First", implements: ["x:"], recorder: recorder)
        let pushed = Probe("Pushed", recorder: recorder)
        let second = Probe("Second", implements: secondImplements ? ["x:"] : [], recorder: recorder)
        let nav1 = navigation("nav1", [first, pushed])
        let tabs = TabBarController()
        tabs.title = "tabs"
        tabs.setViewControllers([nav1, second], animated: false)
        tabs.selectedIndex = 1
        _ = window(showing: tabs, recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        second.present(source, animated: false)
        #expect(source.presentingViewController === tabs && source.presentationAskedBy === second)
        recorder.reset()
        return (tabs, nav1, first, second, source)
    }

    @Test("Issue 33, defect 1: presented at a tab's child's request, the unwind asks that child first and, when it accepts, only dismisses")
    func tabChildThatAskedAcceptsFirst() throws {
        let recorder = Recorder()
        let (tabs, nav1, first, second, source) = try tabs(secondImplements: true, recorder: recorder)

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.asked == ["asked Second true"])
        #expect(second.received.count == 1 && first.received.isEmpty, "\(recorder.log)")
        // No tab switch, no pop: the presentation goes, and Second is what it reveals.
        #expect(recorder.transitions == ["transition dismiss S topmost S"])
        #expect(tabs.selectedIndex == 1 && nav1.viewControllers.count == 2)
        // A sheet: Second never went, so nothing appears again (rule 29).
        #expect(tabs.presentedViewController == nil && !recorder.lifeCycleCalls.contains("viewDidAppear Second"))
    }

    @Test("Issue 33, defect 1: when the tab's child that asked declines, the tab bar controller's other child and its stack are asked next, from the top down")
    func thenTheOtherTabsStack() throws {
        let recorder = Recorder()
        let (tabs, nav1, first, _, source) = try tabs(secondImplements: false, recorder: recorder)

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.asked == ["asked Second false", "asked Pushed false", "asked First true"])
        #expect(first.received.count == 1)
        #expect(tabs.selectedIndex == 0 && nav1.topViewController === first && tabs.presentedViewController == nil)
    }

    @Test("A presentation an embedded child asks for is made by the controller that covers the screen; its unwind asks the child first, then the parent's other children")
    func embeddedChildAsksFirst() throws {
        let recorder = Recorder()
        let parent = Probe("Parent", implements: ["x:"], recorder: recorder)
        let sibling = Probe("Sibling", implements: ["x:"], recorder: recorder)
        let child = Probe("Child", implements: ["x:"], recorder: recorder)
        parent.addChild(sibling)
        parent.addChild(child)
        _ = window(showing: navigation("nav", [parent]), recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        child.present(source, animated: false)
        #expect(source.presentationAskedBy === child)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.asked == ["asked Child true"])
        #expect(child.received.count == 1 && sibling.received.isEmpty && parent.received.isEmpty)
    }
}
