import Navigation
import Testing

@MainActor
@Suite("Rule 16")
struct Rule16CurrentContextDismissedOnlyFromInsideTests {
    /// Tabs [P, R]; P, which defines the presentation context, presents Q over its own area.
    private func presentingOverP() throws -> (recorder: Recorder, window: Window, tabs: TabBarController, p: Probe, q: Probe, r: Probe) {
        let recorder = Recorder()
        let (window, root) = try ContainerFixtures.launch("Rule16-CurrentContextDismissedOnlyFromInside", recorder: recorder)
        let tabs = try #require(root as? TabBarController)
        let p = try root.probe("P")
        p.implemented = ["unwindToP:"]
        try button("Present", in: p).sendActions()
        let q = try root.probe("Q"), r = try root.probe("R")
        recorder.reset()
        return (recorder, window, tabs, p, q, r)
    }

    @Test("Rule 16: unwinding to a controller that shows a current context presentation dismisses that presentation only if the source is inside it")
    func dismissedOnlyFromInside() throws {
        let (recorder, window, tabs, p, q, r) = try presentingOverP()
        tabs.selectedIndex = 1
        recorder.reset()

        r.performSegue(withIdentifier: "toP", sender: nil)

        #expect(recorder.log == [
            "unwindStarted unwindToP: from R",
            "asked P true",
            "destination P executor Tabs",
            "segueCreated UnwindSegue toP R→P",
            "prepare UnwindSegue toP R→P",
            "call prepare on R",
            "action unwindToP: on P",
            "call unwindToP: on P",
            "perform UnwindSegue toP R→P",
            // R is outside Q: P's tab comes back as it was left, Q over P.
            "transition select tab P in Tabs",
            "life viewWillDisappear R",
            "call viewWillDisappear R",
            "life viewWillAppear Q",
            "call viewWillAppear Q",
            "life viewIsAppearing Q",
            "call viewIsAppearing Q",
            "life viewDidDisappear R",
            "call viewDidDisappear R",
            "life viewDidAppear Q",
            "call viewDidAppear Q",
        ])
        #expect(p.presentedViewController === q)
        #expect(q.presentationContext === p)
        #expect(ids(window.presentationStack) == ids([tabs, q]))

        recorder.reset()
        q.performSegue(withIdentifier: "toP", sender: nil)

        #expect(recorder.log == [
            "unwindStarted unwindToP: from Q",
            "asked P true",
            "destination P executor Tabs",
            "segueCreated UnwindSegue toP Q→P",
            "prepare UnwindSegue toP Q→P",
            "call prepare on Q",
            "action unwindToP: on P",
            "call unwindToP: on P",
            "perform UnwindSegue toP Q→P",
            "transition dismiss Q topmost Q",
            "life viewWillDisappear Q",
            "call viewWillDisappear Q",
            "life viewWillAppear P",
            "call viewWillAppear P",
            "life viewIsAppearing P",
            "call viewIsAppearing P",
            "life viewDidAppear P",
            "call viewDidAppear P",
            "life viewDidDisappear Q",
            "call viewDidDisappear Q",
        ])
        #expect(p.presentedViewController == nil)
        #expect(ids(window.presentationStack) == ids([tabs]))
    }

    @Test("Rule 16 and rule 20: a current-context presentation is made by the controller that defines the context, covers its area only, and leaves with its tab")
    func coversTheContextOnly() throws {
        let (recorder, window, tabs, p, q, r) = try presentingOverP()
        #expect(q.presentingViewController === p)
        #expect(q.presentationContext === p)
        #expect(q.adaptivePresentationStyle == .currentContext)
        #expect(ids(window.presentationStack) == ids([tabs, q]))

        tabs.selectedIndex = 1

        #expect(recorder.log == [
            "transition select tab R in Tabs",
            "life viewDidLoad R",
            "call viewDidLoad R",
            "life viewWillDisappear Q",
            "call viewWillDisappear Q",
            "life viewWillAppear R",
            "call viewWillAppear R",
            "life viewIsAppearing R",
            "call viewIsAppearing R",
            "life viewDidDisappear Q",
            "call viewDidDisappear Q",
            "life viewDidAppear R",
            "call viewDidAppear R",
        ])
        // Q is not on screen while its tab is not, and P, under it, did not appear.
        #expect(ids(window.presentationStack) == ids([tabs]))
        #expect(p.lifeCycle.last == "viewDidDisappear")
        #expect(r.lifeCycle.last == "viewDidAppear")
    }
}
