import Navigation
import Testing

@MainActor
@Suite("Rule 21")
struct Rule21PopoverAdaptsToWidthTests {
    @Test("Rule 21: Present as Popover: a popover when the width is regular, a full-screen modal when it is compact; resizing the terminal changes the adaptation")
    func popoverAdapts() throws {
        let recorder = Recorder()
        let (window, root) = try ContainerFixtures.launch("Rule21-PopoverAdaptsToWidth", sizeClass: .regular, recorder: recorder)
        let host = try root.probe("Host")
        let info = try button("Info", in: host)
        recorder.reset()

        info.sendActions()

        #expect(recorder.log == Scenario.forward("PopoverSegue", "info", from: "Host", to: "Pop") + [
            "transition present Pop by Host",
            // A popover leaves its presenter on screen: Host gets no disappearance.
            "life viewDidLoad Pop",
            "call viewDidLoad Pop",
            "life viewWillAppear Pop",
            "call viewWillAppear Pop",
            "life viewDidAppear Pop",
            "call viewDidAppear Pop",
        ])
        let pop = try root.probe("Pop")
        #expect(pop.modalPresentationStyle == .popover)
        #expect(pop.adaptivePresentationStyle == .popover)
        #expect(pop.popoverPresentationController?.sourceView === info)
        #expect(ids(window.presentationStack) == ids([host, pop]))

        // Narrowed, the popover is a full-screen modal; as in UIKit, adapting a presentation
        // sends no appearance calls. Widened again, it is a popover again.
        recorder.reset()
        window.horizontalSizeClass = .compact
        #expect(recorder.log == ["transition adapt Pop to fullScreen"])
        #expect(pop.adaptivePresentationStyle == .fullScreen)
        recorder.reset()
        window.horizontalSizeClass = .regular
        #expect(recorder.log == ["transition adapt Pop to popover"])
        #expect(pop.adaptivePresentationStyle == .popover)
    }

    @Test("Rule 21: presented in a compact width, a popover is a full-screen modal from the start: its presenter disappears, and reappears when it goes")
    func compactPopoverIsFullScreen() throws {
        let recorder = Recorder()
        let (_, root) = try ContainerFixtures.launch("Rule21-PopoverAdaptsToWidth", sizeClass: .compact, recorder: recorder)
        let host = try root.probe("Host")
        host.implemented = ["unwindToHost:"]
        try button("Info", in: host).sendActions()
        let pop = try root.probe("Pop")
        #expect(pop.adaptivePresentationStyle == .fullScreen)
        #expect(host.lifeCycle.suffix(2) == ["viewWillDisappear", "viewDidDisappear"])
        recorder.reset()

        pop.performSegue(withIdentifier: "done", sender: nil)

        #expect(recorder.transitions == ["transition dismiss Pop topmost Pop"])
        #expect(host.presentedViewController == nil)
        #expect(host.lifeCycle.suffix(2) == ["viewWillAppear", "viewDidAppear"])
    }
}
