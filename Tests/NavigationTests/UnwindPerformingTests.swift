import Navigation
import Testing

/// Rules 9–14 of the brief: what happens once an unwind is triggered (TN2298, "The Unwind
/// Process" and "Responsibilities for Container View Controllers").
@MainActor
@Suite("Performing the unwind")
struct UnwindPerformingTests {
    /// nav1 [A (implements x:), S], on screen.
    private func pushedSource() throws -> (recorder: Recorder, nav1: NavigationController, a: Probe, source: SourceViewController) {
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav1 = navigation("nav1", [a, source])
        _ = window(showing: nav1, recorder: recorder)
        recorder.reset()
        return (recorder, nav1, a, source)
    }

    @Test("Rule 9: shouldPerformSegue, then the search, then prepare on the source, then the destination's unwind action, then the transition")
    func orderOfEvents() throws {
        let (recorder, nav1, a, source) = try pushedSource()

        try button("Unwind X", in: source).sendActions()

        #expect(recorder.steps == [
            "call shouldPerformSegue tapX on S",
            "shouldPerformSegue tapX on S → true",
            "unwindStarted x: from S",
            "asked A true",
            "destination A executor nav1",
            "segueCreated UnwindSegue tapX S→A",
            "prepare UnwindSegue tapX S→A",
            "call prepare on S",
            "action x: on A",
            "call x: on A",
            "perform UnwindSegue tapX S→A",
            "transition pop to A in nav1",
        ])
        // The transition's life-cycle calls come last.
        let transition = try #require(recorder.log.firstIndex(of: "transition pop to A in nav1"))
        #expect(recorder.log[transition...].filter { $0.hasPrefix("call view") && $0 != "call viewDidLoad A" } == [
            "call viewWillDisappear S", "call viewWillAppear A", "call viewDidDisappear S", "call viewDidAppear A",
        ])
        #expect(nav1.viewControllers.count == 1 && nav1.topViewController === a)
    }

    @Test("Rule 9: shouldPerformSegue returning false cancels a control-triggered unwind silently")
    func shouldPerformFalseCancelsTheUnwind() throws {
        let (recorder, nav1, a, source) = try pushedSource()
        source.shouldPerformAnswer = false

        try button("Unwind X", in: source).sendActions()

        #expect(recorder.log == ["call shouldPerformSegue tapX on S", "shouldPerformSegue tapX on S → false"])
        #expect(recorder.programmingErrors.isEmpty)
        #expect(source.prepared.isEmpty && a.received.isEmpty)
        #expect(nav1.viewControllers.count == 2 && nav1.topViewController === source)
    }

    @Test("Rule 10: performSegue(withIdentifier:sender:) never asks shouldPerformSegue")
    func performSegueDoesNotAskShouldPerform() throws {
        let (recorder, nav1, a, source) = try pushedSource()
        source.shouldPerformAnswer = false

        // The identifier of the button's segue: performed from code, the button's answer is not asked.
        source.performSegue(withIdentifier: "tapX", sender: nil)

        #expect(source.shouldPerformAsked.isEmpty)
        #expect(!recorder.steps.contains { $0.hasPrefix("shouldPerformSegue") })
        #expect(a.received.count == 1)
        #expect(nav1.viewControllers.count == 1)

        // A forward segue of a control, performed from code: not asked either, and it happens.
        let other = Recorder()
        let forward = try Fixtures.source("T", recorder: other)
        let nav2 = navigation("nav2", [forward])
        _ = window(showing: nav2, recorder: other)
        forward.shouldPerformAnswer = false
        forward.performSegue(withIdentifier: "selectShow", sender: nil)
        #expect(forward.shouldPerformAsked.isEmpty)
        #expect(nav2.viewControllers.count == 2 && nav2.topViewController is DetailViewController)
        #expect(forward.selections == 0, "performSegue performs the segue, not the control's other actions")
    }

    @Test("Rule 10: performSegue with an identifier the scene does not have is a programming error, reported, and nothing happens")
    func unknownIdentifierIsAProgrammingError() throws {
        let (recorder, nav1, a, source) = try pushedSource()

        source.performSegue(withIdentifier: "noSuchSegue", sender: nil)

        #expect(recorder.events.count == 1)
        let message = try #require(recorder.programmingErrors.first)
        #expect(message.contains("noSuchSegue"))
        #expect(source.prepared.isEmpty && a.received.isEmpty)
        #expect(nav1.viewControllers.count == 2 && nav1.topViewController === source)
    }

    @Test("Rule 11: the segue given to prepare and to the unwind action has source = the initiator, destination = the found controller, identifier = the storyboard's or nil")
    func segueObjectContents() throws {
        let (_, _, a, source) = try pushedSource()
        let anonymous = try button("Unwind X anonymously", in: source)

        anonymous.sendActions()

        let prepared = try #require(source.prepared.first)
        #expect(prepared.segue.source === source)
        #expect(prepared.segue.destination === a)
        #expect(prepared.segue.identifier == nil)
        #expect(prepared.sender as? Button === anonymous)
        let received = try #require(a.received.first)
        #expect(received.segue === prepared.segue, "prepare and the unwind action see one segue object")

        // With an identifier, from code, with a sender of the caller's choice.
        let (_, _, a2, source2) = try pushedSource()
        source2.performSegue(withIdentifier: "x", sender: "token")
        let prepared2 = try #require(source2.prepared.first)
        #expect(prepared2.segue.identifier == "x")
        #expect(prepared2.segue.source === source2 && prepared2.segue.destination === a2)
        #expect(prepared2.sender as? String == "token")
        #expect(a2.received.first?.segue === prepared2.segue)
    }

    @Test("Rule 12: presentations above the destination are dismissed in one step, after the containers revealed it")
    func presentationsDismissedInOneStep() throws {
        // nav1 [A, B]; B presents nav2 [C]; C presents D, the source. Unwinding to A.
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let b = Probe("B", recorder: recorder)
        let c = Probe("C", recorder: recorder)
        let nav1 = navigation("nav1", [a, b])
        let window = window(showing: nav1, recorder: recorder)
        let nav2 = navigation("nav2", [c])
        b.present(nav2, animated: false)
        let d = try Fixtures.source("D", recorder: recorder)
        c.present(d, animated: false)
        recorder.reset()

        d.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.transitions == ["transition pop to A in nav1", "transition dismiss nav2 topmost D"])
        #expect(window.presentationStack.count == 1 && window.presentationStack.first === nav1)
        #expect(b.presentedViewController == nil && c.presentedViewController == nil)
        #expect(d.presentingViewController == nil && nav2.presentingViewController == nil)
        #expect(nav1.viewControllers.count == 1 && nav1.topViewController === a)
        // Nothing between the destination and the source shows again on the way. A was never on
        // screen, so its view loads just before it first appears, as in UIKit.
        #expect(recorder.lifeCycleCalls == ["viewWillDisappear D", "viewDidLoad A", "viewWillAppear A", "viewDidDisappear D", "viewDidAppear A"])
    }

    @Test("Rule 12: a modal presented by a controller that the unwind pops off the stack is dismissed too")
    func modalOfAPoppedPresenterIsDismissed() throws {
        // nav1 [A, B]; B presents S. Unwinding to A pops B and dismisses S.
        let (recorder, window, a, b, nav1, source) = try popUnderModal()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(a.received.count == 1)
        #expect(recorder.transitions == ["transition pop to A in nav1", "transition dismiss S topmost S"])
        #expect(window.presentationStack.count == 1 && window.topViewController === nav1)
        #expect(b.presentedViewController == nil && source.presentingViewController == nil)
        #expect(nav1.viewControllers.count == 1 && nav1.topViewController === a)
        #expect(recorder.lifeCycleCalls.filter { !$0.hasPrefix("viewDidLoad") }
            == ["viewWillDisappear S", "viewWillAppear A", "viewDidDisappear S", "viewDidAppear A"])
    }

    @Test("Rule 12: every container on the path to the destination is asked to reveal the next controller towards it")
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

    @Test("Rule 13: a container overriding viewControllerForUnwindSegueAction is the unwind executor, and its segue does all of the transition")
    func legacyContainerIsTheExecutor() throws {
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let b = Probe("B", implements: ["x:"], recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let legacy = LegacyNavigationController()
        legacy.title = "legacy"
        legacy.recorder = recorder
        legacy.setViewControllers([a, b, source], animated: false)
        _ = window(showing: legacy, recorder: recorder)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        // Its own search goes bottom up: A, not the nearest B.
        #expect(recorder.steps == [
            "unwindStarted x: from S",
            "destination A executor legacy",
            "segueCreated StoryboardSegue x S→A",
            "prepare StoryboardSegue x S→A",
            "call prepare on S",
            "action x: on A",
            "call x: on A",
            "perform StoryboardSegue x S→A",
            "call performHandler",
        ])
        #expect(legacy.handlerRuns == 1)
        #expect(recorder.transitions.isEmpty, "the default transition did not run")
        #expect(legacy.viewControllers.count == 3)
        #expect(a.received.first?.segue === legacy.segues.first)
        #expect(source.prepared.first?.segue === legacy.segues.first)
        #expect(b.received.isEmpty)
    }

    @Test("Rule 13: without such a container the executor is the destination's parent, or the destination when it was presented, and it makes the segue")
    func defaultExecutor() throws {
        // Pushed destination: its navigation controller makes the segue.
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav1 = RecordingNavigationController()
        nav1.title = "nav1"
        nav1.setViewControllers([a, source], animated: false)
        _ = window(showing: nav1, recorder: recorder)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.steps.contains("destination A executor nav1"))
        #expect(nav1.made.count == 1)
        #expect(nav1.made.first?.destination === a && nav1.made.first?.source === source && nav1.made.first?.identifier == "x")
        #expect(a.unwindSeguesMade.isEmpty)

        // Presented destination: it makes the segue itself.
        let other = Recorder()
        let root = Probe("R", recorder: other)
        let rootNav = RecordingNavigationController()
        rootNav.title = "nav"
        rootNav.setViewControllers([root], animated: false)
        let window = window(showing: rootNav, recorder: other)
        let p = Probe("P", implements: ["x:"], recorder: other)
        root.present(p, animated: false)
        let modal = try Fixtures.source("M", recorder: other)
        p.present(modal, animated: false)
        other.reset()

        modal.performSegue(withIdentifier: "x", sender: nil)

        #expect(other.steps.contains("destination P executor P"))
        #expect(p.unwindSeguesMade.count == 1 && p.unwindSeguesMade.first?.source === modal)
        #expect(rootNav.made.isEmpty)
        #expect(other.transitions == ["transition dismiss M topmost M"])
        #expect(window.topViewController === p)
    }

    @Test("Rule 14: a segue made with a perform handler runs it exactly once, however often it is performed")
    func performHandlerRunsOnce() {
        let source = Probe("S")
        let destination = Probe("D")
        var runs = 0
        let segue = StoryboardSegue(identifier: "once", source: source, destination: destination) { runs += 1 }
        #expect(runs == 0, "making the segue does not run the handler")

        segue.perform()
        segue.perform()

        #expect(runs == 1)
        #expect(segue.identifier == "once" && segue.source === source && segue.destination === destination)
    }
}

// MARK: Controllers of these tests

/// A tab-bar-like container: it selects the child that leads to an unwind's destination.
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

/// TN2298's listings 2 and 3: searches its stack from the bottom up, and makes a segue with a
/// perform handler.
final class LegacyNavigationController: NavigationController {
    var recorder: Recorder?
    private(set) var handlerRuns = 0
    private(set) var segues: [StoryboardSegue] = []

    override func viewControllerForUnwindSegueAction(_ action: Selector, from fromViewController: ViewController, withSender sender: Any?) -> ViewController? {
        for controller in viewControllers where controller !== fromViewController
            && controller.canPerformUnwindSegueAction(action, from: fromViewController, sender: sender) {
            return controller
        }
        return super.viewControllerForUnwindSegueAction(action, from: fromViewController, withSender: sender)
    }

    override func segueForUnwinding(to destination: ViewController, from source: ViewController, identifier: String?) -> StoryboardSegue {
        let segue = StoryboardSegue(identifier: identifier, source: source, destination: destination) { [unowned self] in
            handlerRuns += 1
            recorder?.call("performHandler")
        }
        segues.append(segue)
        return segue
    }
}

/// A navigation controller that notes the unwind segues it is asked to make.
final class RecordingNavigationController: NavigationController {
    private(set) var made: [(destination: ViewController, source: ViewController, identifier: String?)] = []

    override func segueForUnwinding(to destination: ViewController, from source: ViewController, identifier: String?) -> StoryboardSegue {
        made.append((destination, source, identifier))
        return super.segueForUnwinding(to: destination, from: source, identifier: identifier)
    }
}
