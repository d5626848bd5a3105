import Navigation
import Testing

/// UIKit's `present(_:animated:completion:)`: "a full-screen presentation must be made by a view
/// controller that itself covers the entire screen. If the current view controller is unable to
/// fulfill a request, it forwards the request up the view controller hierarchy to its nearest
/// parent". So the presenting view controller of a presentation asked for deep in a container
/// is the container that covers the screen; an unwind from the presented controller still
/// starts its search at the controller that asked (rule 1, as UIKit's log asks it:
/// `RuleUnwindAsksTheAskerFirstTests`).
@MainActor
@Suite("Conformance: a full-screen presentation is made by the controller that covers the screen")
struct RulePresentationCoversTheScreenTests {
    @Test("Asked for in a split view's secondary column, the presentation is made by the split view; its unwind asks the secondary, which asked, first")
    func fromASplitViewsSecondary() throws {
        let recorder = Recorder()
        let primary = Probe("Primary", implements: ["x:"], recorder: recorder)
        let secondary = Probe("Secondary", implements: ["x:"], recorder: recorder)
        let split = SplitViewController()
        split.title = "split"
        split.setViewControllers([navigation("nav1", [primary]), navigation("nav2", [secondary])])
        let window = window(showing: split, recorder: recorder)
        window.horizontalSizeClass = .regular
        let source = try Fixtures.source("S", recorder: recorder)
        recorder.reset()

        secondary.present(source, animated: false)
        #expect(recorder.transitions == ["transition present S by split asked by Secondary"])
        #expect(source.presentingViewController === split && source.presentationAskedBy === secondary)
        #expect(split.ownPresentedViewController === source && secondary.ownPresentedViewController == nil)
        // As UIKit answers: "presented by this view controller, or one of its ancestors".
        #expect(secondary.presentedViewController === source)

        recorder.reset()
        source.performSegue(withIdentifier: "x", sender: nil)
        // The split view made the presentation, but Secondary asked for it: the search starts
        // there, before the split view's other column.
        #expect(recorder.asked == ["asked Secondary true"])
        #expect(secondary.received.count == 1 && primary.received.isEmpty, "\(recorder.log)")
        #expect(window.presentationStack.count == 1)
    }

    @Test("Asked for in a tab's navigation stack, the presentation is made by the tab bar controller, and Cancel-like dismissal from the asker dismisses it")
    func fromATabsStack() throws {
        let recorder = Recorder()
        let asker = Probe("Asker", recorder: recorder)
        let tabs = TabBarController()
        tabs.title = "tabs"
        tabs.setViewControllers([navigation("nav1", [asker]), navigation("nav2", [Probe("Other", recorder: recorder)])], animated: false)
        let window = window(showing: tabs, recorder: recorder)
        let sheet = Probe("Sheet", recorder: recorder)
        recorder.reset()

        asker.present(sheet, animated: false)
        #expect(recorder.transitions == ["transition present Sheet by tabs asked by Asker"])
        #expect(sheet.presentingViewController === tabs && window.topViewController === sheet)
        // "presented by this view controller, or one of its ancestors": the asker's dismiss
        // dismisses it.
        asker.dismiss(animated: false)
        #expect(window.presentationStack.count == 1 && tabs.presentedViewController == nil)
    }

    @Test("A current-context presentation is still made by the nearest controller that defines the context, at the asker's request")
    func currentContextStillWalksToItsContext() throws {
        let recorder = Recorder()
        let asker = Probe("Asker", recorder: recorder)
        let nav = navigation("nav", [asker])
        nav.definesPresentationContext = true
        let tabs = TabBarController()
        tabs.title = "tabs"
        tabs.setViewControllers([nav], animated: false)
        _ = window(showing: tabs, recorder: recorder)
        let over = Probe("Over", recorder: recorder)
        over.modalPresentationStyle = .currentContext
        recorder.reset()

        asker.present(over, animated: false)
        #expect(recorder.transitions == ["transition present Over by nav asked by Asker"])
        #expect(over.presentingViewController === nav && over.presentationContext === nav)
    }
}
