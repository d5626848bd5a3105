import Navigation
import Testing

/// Rule 24 of the brief: viewWillAppear, viewDidAppear, viewWillDisappear and viewDidDisappear
/// around every transition, with full-screen semantics.
@MainActor
@Suite("Life-cycle callbacks around transitions")
struct AppearanceCallbackTests {
    @Test("Rule 24: pushes, pops, presentations and dismissals call will/did appear and disappear on the controllers that appear and disappear")
    func appearanceCallsForEveryTransition() {
        let recorder = Recorder()
        let a = Probe("A", recorder: recorder)
        let b = Probe("B", recorder: recorder)
        let p = Probe("P", recorder: recorder)
        let nav = navigation("nav", [a])
        _ = window(showing: nav, recorder: recorder)
        #expect(recorder.lifeCycleCalls == ["viewDidLoad A", "viewWillAppear A", "viewDidAppear A"])
        let appearance = { recorder.lifeCycleCalls.filter { !$0.hasPrefix("viewDidLoad") } }

        recorder.reset()
        nav.pushViewController(b, animated: true)
        #expect(appearance() == ["viewWillDisappear A", "viewWillAppear B", "viewDidDisappear A", "viewDidAppear B"])

        recorder.reset()
        nav.popViewController(animated: true)
        #expect(appearance() == ["viewWillDisappear B", "viewWillAppear A", "viewDidDisappear B", "viewDidAppear A"])

        recorder.reset()
        a.present(p, animated: true)
        #expect(appearance() == ["viewWillDisappear A", "viewWillAppear P", "viewDidDisappear A", "viewDidAppear P"])

        recorder.reset()
        p.dismiss(animated: true)
        #expect(appearance() == ["viewWillDisappear P", "viewWillAppear A", "viewDidDisappear P", "viewDidAppear A"])
    }

    @Test("Rule 24: an unwind that dismisses a full-screen modal calls viewWillAppear on the root underneath, after its unwind action")
    func unwindDismissingAModalRefreshesTheRoot() throws {
        // nav1 [W]; W presents nav2 [C, S]; S unwinds to W.
        let recorder = Recorder()
        let w = Probe("W", implements: ["x:"], recorder: recorder)
        let c = Probe("C", recorder: recorder)
        let nav1 = navigation("nav1", [w])
        _ = window(showing: nav1, recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav2 = navigation("nav2", [c, source])
        w.present(nav2, animated: true)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.log.filter { $0.hasPrefix("call ") } == [
            "call prepare on S",
            "call x: on W",
            "call viewWillDisappear S",
            "call viewWillAppear W",
            "call viewDidDisappear S",
            "call viewDidAppear W",
        ])
        #expect(w.lifeCycle.last == "viewDidAppear")
        #expect(c.lifeCycle.isEmpty, "C was never on screen: S was pushed before nav2 appeared")
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
