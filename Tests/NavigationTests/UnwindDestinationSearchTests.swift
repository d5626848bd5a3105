import Navigation
import Testing

/// Rules 1–8 of the brief: how an unwind segue finds its destination (TN2298, "How an Unwind
/// Segue Determines its Destination View Controller").
@MainActor
@Suite("Finding the destination")
struct UnwindDestinationSearchTests {
    @Test("Rule 1: the search starts at the source's next responder: the presenter for a modal, the parent otherwise")
    func searchStartsAtTheNextResponder() throws {
        // A modal: P, on top of nav1 above A, presents S. P is asked first, then P's parent.
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let p = Probe("P", recorder: recorder)
        let nav1 = navigation("nav1", [a, p])
        _ = window(showing: nav1, recorder: recorder)
        let modal = try Fixtures.source("S", implements: ["x:"], recorder: recorder)
        p.present(modal, animated: false)
        recorder.reset()

        modal.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.asked == ["asked P false", "asked A true"])
        #expect(a.received.map(\.action) == ["x:"])
        #expect(modal.received.isEmpty, "the source is never asked, even when it implements the action")

        // Pushed: S's parent nav2 is the first level (its other children, then itself), then R.
        let other = Recorder()
        let b = Probe("B", recorder: other)
        let pushed = try Fixtures.source("S", recorder: other)
        let nav2 = navigation("nav2", [b, pushed])
        let r = Container("R", children: [nav2], implements: ["x:"], recorder: other)
        _ = window(showing: r, recorder: other)
        other.reset()

        pushed.performSegue(withIdentifier: "x", sender: nil)

        #expect(other.asked == ["asked B false", "asked nav2 false", "asked R true"])
        #expect(r.received.map(\.action) == ["x:"])
    }

    @Test("Rule 2: at each level the allowed children are searched depth first before the level itself; if none accepts, the search moves out")
    func childrenDepthFirstBeforeTheLevel() throws {
        let recorder = Recorder()
        let empty = Probe("Empty", recorder: recorder)
        let inner = Probe("Inner", implements: ["x:"], recorder: recorder)
        let left = Container("Left", children: [inner], recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav = navigation("nav", [source])
        // Grid implements the action too, but its children come first.
        let grid = Container("Grid", children: [empty, left, nav], implements: ["x:"], recorder: recorder)
        _ = window(showing: grid, recorder: recorder)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.asked == ["asked nav false", "asked Empty false", "asked Inner true"])
        #expect(inner.received.count == 1)
        #expect(grid.received.isEmpty)
        #expect(recorder.steps.contains("destination Inner executor Left"))
    }

    @Test("Rule 3: a navigation controller searches its stack from the top down, skipping the child that contains the source, so the nearest instance wins")
    func navigationStackTopDown() throws {
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let b = Probe("B", implements: ["x:"], recorder: recorder)
        let p = Probe("P", recorder: recorder)
        let nav1 = navigation("nav1", [a, b, p])
        _ = window(showing: nav1, recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav2 = navigation("nav2", [source])
        p.present(nav2, animated: false)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        // P contains the source (it presented nav2): it was its own level, and nav1 does not ask it again.
        #expect(recorder.asked == ["asked nav2 false", "asked P false", "asked B true"])
        #expect(b.received.count == 1)
        #expect(a.received.isEmpty)
        #expect(nav1.viewControllers.map { ($0 as? Probe)?.name } == ["A", "B"])
    }

    @Test("Rule 4: a controller accepts when it implements the action and is not the source itself")
    func acceptsWhenItImplementsTheActionAndIsNotTheSource() throws {
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let plain = Probe("Plain", recorder: recorder)
        let source = try Fixtures.source("S", implements: ["x:"], recorder: recorder)

        #expect(a.canPerformUnwindSegueAction("x:", from: source, sender: nil))
        #expect(!plain.canPerformUnwindSegueAction("x:", from: source, sender: nil))
        #expect(!source.canPerformUnwindSegueAction("x:", from: source, sender: nil))

        // A container that lists every child, the source's too: the source is asked and refuses.
        let container = EveryChildContainer("Box", children: [a, source], recorder: recorder)
        _ = window(showing: container, recorder: recorder)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.asked == ["asked S false", "asked A true"])
        #expect(source.received.isEmpty)
        #expect(a.received.count == 1)
    }

    @Test("Rule 5: an override of canPerformUnwindSegueAction picks one of several instances of a class on a stack, answering for itself only")
    func canPerformOverrideDisambiguatesInstances() throws {
        let recorder = Recorder()
        let questions = (0..<3).map { QuestionViewController(index: $0, recorder: recorder) }
        let result = try Fixtures.source("Result", recorder: recorder)
        let nav = navigation("nav", questions + [result])
        _ = window(showing: nav, recorder: recorder)
        recorder.reset()

        result.performSegue(withIdentifier: "startOver", sender: nil)

        #expect(recorder.asked == ["asked Q2 false", "asked Q1 false", "asked Q0 true"])
        #expect(questions.map(\.received.count) == [1, 0, 0])
        #expect(nav.viewControllers.count == 1 && nav.viewControllers.first === questions[0])
        // Each question was asked once, about the source, never about a child.
        for question in questions {
            #expect(question.askedFrom.count == 1 && question.askedFrom.first === result)
        }
    }

    @Test("Rule 6: a container overriding allowedChildrenForUnwinding(from:) decides which children are searched, and in what order")
    func customAllowedChildren() throws {
        // The default order finds A, the first child.
        let plainRecorder = Recorder()
        let plainA = Probe("A", implements: ["x:"], recorder: plainRecorder)
        let plainB = Probe("B", implements: ["x:"], recorder: plainRecorder)
        let plainSource = try Fixtures.source("S", recorder: plainRecorder)
        let plain = Container("Shelf", children: [plainA, plainB, navigation("nav", [plainSource])], recorder: plainRecorder)
        _ = window(showing: plain, recorder: plainRecorder)
        plainSource.performSegue(withIdentifier: "x", sender: nil)
        #expect(plainA.received.count == 1 && plainB.received.isEmpty)

        // The reversing container's order finds B.
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let b = Probe("B", implements: ["x:"], recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav = navigation("nav", [source])
        let shelf = ReversingContainer("Shelf", children: [a, b, nav], recorder: recorder)
        _ = window(showing: shelf, recorder: recorder)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.asked == ["asked nav false", "asked B true"])
        #expect(b.received.count == 1 && a.received.isEmpty)
        let asked = try #require(shelf.sources.first)
        #expect(asked.sourceViewController === source)
        #expect(asked.unwindAction == "x:")
        #expect(shelf.containing.count == 1 && shelf.containing.first! === nav)
    }

    @Test("Rule 7: when no controller accepts, the unwind is aborted: no prepare, no action, no transition, the source stays on screen")
    func abortedWhenNobodyAccepts() throws {
        // Stack.storyboard: First presents nav2 > Third; nobody on the way implements unwindToSecond:.
        let recorder = Recorder()
        let storyboard = try Fixtures.load("Stack")
        let nav1 = try #require(storyboard.instantiateInitialViewController() as? NavigationController)
        nav1.title = "nav1"
        let first = try #require(nav1.topViewController as? FirstViewController)
        let window = window(showing: nav1, recorder: recorder)
        first.performSegue(withIdentifier: "present", sender: nil)
        let nav2 = try #require(first.presentedViewController as? NavigationController)
        nav2.title = "nav2"
        let third = try #require(nav2.topViewController as? ThirdViewController)
        third.recorder = recorder
        recorder.reset()

        third.performSegue(withIdentifier: "backToSecond", sender: nil)

        #expect(recorder.steps == [
            "unwindStarted unwindToSecond: from Third",
            "asked nav2 false",
            "asked First false",
            "asked nav1 false",
            "aborted unwindToSecond: from Third",
        ])
        #expect(recorder.lifeCycleCalls.isEmpty)
        #expect(third.prepared.isEmpty)
        #expect(first.received.isEmpty)
        #expect(window.topViewController === nav2)
        #expect(nav2.topViewController === third)
        #expect(first.presentedViewController === nav2)
    }

    @Test("Rule 8: with the same action in several places the nearest wins: A → B → C with A and B implementing X lands on B")
    func nearestWins() throws {
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let b = Probe("B", implements: ["x:"], recorder: recorder)
        let c = try Fixtures.source("C", recorder: recorder)
        let nav = navigation("nav", [a, b, c])
        _ = window(showing: nav, recorder: recorder)
        recorder.reset()

        c.performSegue(withIdentifier: "x", sender: nil)

        #expect(b.received.count == 1)
        #expect(a.received.isEmpty)
        #expect(nav.viewControllers.count == 2 && nav.topViewController === b)
        #expect(recorder.transitions == ["transition pop to B in nav"])
    }
}

// MARK: Controllers of these tests

/// Apple's quiz sample: several questions of one class on a stack; only the first accepts
/// "start over".
final class QuestionViewController: Probe {
    let index: Int
    private(set) var askedFrom: [ViewController] = []

    init(index: Int, recorder: Recorder) {
        self.index = index
        super.init("Q\(index)", implements: ["startOver:"], recorder: recorder)
    }

    override func canPerformUnwindSegueAction(_ action: Selector, from fromViewController: ViewController, sender: Any?) -> Bool {
        askedFrom.append(fromViewController)
        return index == 0 && super.canPerformUnwindSegueAction(action, from: fromViewController, sender: sender)
    }
}

/// Searches its children last first, and remembers what it was told.
final class ReversingContainer: Container {
    private(set) var sources: [UnwindSegueSource] = []
    private(set) var containing: [ViewController] = []

    override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        sources.append(source)
        let child = childContaining(source)
        if let child { containing.append(child) }
        return children.reversed().filter { $0 !== child }
    }
}

/// Lists every child for unwinding, last first, the one containing the source included.
final class EveryChildContainer: Container {
    override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        children.reversed()
    }
}
